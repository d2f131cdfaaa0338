//===- PlanView.h - One function's memory plan for the editor ---*- C++ -*-===//
//
// What `memlint/plan` answers: the functions of a document that have a
// plan (for a picker), and one function's plan per memory space, with
// every buffer's live lines, bytes, offset and allocation range. The arena
// is planned again from the planner input kept in the function's facts,
// with the exact search `memlint plan` runs, so the offsets and peaks are
// those of `memlint plan --format=json`. No LSP types (the protocol layer
// converts), no MLIR: plain data in, plain data out.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_PLANVIEW_H
#define MEMLINT_SERVER_PLANVIEW_H

#include "server/AnalysisResult.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// The facts (Kind::Function) of every function of `result` with a body,
/// positioned for its version, in source order.
std::vector<BufferFacts> planFunctions(const AnalysisResult &result);

/// The function `name` (with or without `@`) or, without a name, the one
/// whose lines hold `line`; else the first one. None when `functions` is
/// empty, or `name` is not among them.
const BufferFacts *pickPlanFunction(const std::vector<BufferFacts> &functions,
                                    const std::string &name, unsigned line);

struct PlanViewBuffer {
  BufferFacts::SpaceSummary::Entry entry;
  /// Byte offset in the arena; none when not in it.
  std::optional<int64_t> offset;
};

struct PlanViewSpace {
  std::string space;
  int64_t peakBytes = 0, lowerBoundBytes = 0, noReuseBytes = 0;
  int64_t maxLiveBytes = 0;
  unsigned maxLiveLine = 0;
  bool optimal = false;
  std::string method;
  std::string error;
  std::vector<PlanViewBuffer> buffers; // in allocation order
};

struct PlanView {
  std::string name; // without '@', as Plan JSON has it
  SourceRange range; // the function
  int64_t alignment = 64;
  std::vector<PlanViewSpace> spaces;
};

/// Plans each memory space of `function` (a Kind::Function fact) as
/// `memlint plan` does: the same input, alignment and work budget (another
/// `searchNodeBudget` only for tests).
PlanView planView(const BufferFacts &function,
                  std::optional<int64_t> searchNodeBudget = std::nullopt);

} // namespace memlint

#endif
