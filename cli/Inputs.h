//===- Inputs.h - Turning command-line paths into inputs --------*- C++ -*-===//
#ifndef MEMLINT_CLI_INPUTS_H
#define MEMLINT_CLI_INPUTS_H

#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// Expands files, directories (recursively, *.mlir, sorted) and "-".
/// Returns false and sets `error` for a path that does not exist.
bool expandPaths(const std::vector<std::string> &paths,
                 std::vector<std::string> &files, std::string &error);

/// Reads a file, or stdin for "-".
std::optional<std::string> readInput(const std::string &path);

} // namespace memlint

#endif
