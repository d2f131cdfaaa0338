//===- CsvReader.h - MiniMalloc benchmark CSV files -------------*- C++ -*-===//
//
// Reads the `id,lower,upper,size` files of the MiniMalloc benchmark suite
// (lifetimes half-open, as the planner's Buffer).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_BENCH_PLANNER_CSVREADER_H
#define MEMLINT_BENCH_PLANNER_CSVREADER_H

#include "analysis/planner/Planner.h"

#include <string>
#include <vector>

namespace memlint {
namespace planner {

/// Parses a CSV file with a header naming at least the columns id, lower,
/// upper and size, in any order. Returns false and sets `error` on a
/// missing column, a malformed number, or an unreadable file.
bool readMiniMallocCsv(const std::string &path, std::vector<Buffer> &buffers,
                       std::string &error);

} // namespace planner
} // namespace memlint

#endif // MEMLINT_BENCH_PLANNER_CSVREADER_H
