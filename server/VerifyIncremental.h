//===- VerifyIncremental.h - Incremental == whole-file analysis -*- C++ -*-===//
//
// The self-test behind `memlint lsp --verify-incremental`: for a file and
// for edits of it (a comment after one top-level operation at a time),
// IncrementalLinter's results must equal a fresh whole-file analysis.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_VERIFYINCREMENTAL_H
#define MEMLINT_SERVER_VERIFYINCREMENTAL_H

#include "analysis/Config.h"
#include <string>

namespace memlint {

struct VerifyIncrementalCounts {
  unsigned comparisons = 0;
  /// Edits the incremental linter answered with a whole-file analysis.
  unsigned wholeFileRuns = 0;
};

/// Checks `file` (its `contents`) and up to `maxSamples` edits of it;
/// `fixes` compares the fixes too. Prints mismatches on stderr and a line
/// per file on stdout; returns false on a mismatch.
bool verifyIncremental(const std::string &file, const std::string &contents,
                       const LintOptions &opts, unsigned maxSamples, bool fixes,
                       VerifyIncrementalCounts &counts);

} // namespace memlint

#endif
