//===- VerifyDiagnostics.h - expected-* comments, as mlir-opt ---*- C++ -*-===//
#ifndef MEMLINT_CLI_VERIFYDIAGNOSTICS_H
#define MEMLINT_CLI_VERIFYDIAGNOSTICS_H

#include "analysis/Finding.h"
#include <string>
#include <vector>

namespace memlint {

/// Checks findings against `// expected-{error,warning,note}[@+N|@-N|@above|
/// @below] {{text}}` comments. Every finding must be expected on its line
/// (severity and message substring; the message seen is "MESSAGE [CHECK]"),
/// and every expectation met. Related notes need only be listed when the
/// test cares: an expected-note may match a related note. Problems are
/// appended to `problems` as clang-style lines. Returns true on success.
bool verifyDiagnostics(const std::string &file, const std::string &text,
                       const std::vector<Finding> &findings,
                       std::vector<std::string> &problems);

} // namespace memlint

#endif
