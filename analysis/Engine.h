//===- Engine.h - Lint a document: the one entry point ----------*- C++ -*-===//
//
// Both front ends (the CLI and the language server) call lintDocument; it
// knows nothing of either.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_ENGINE_H
#define MEMLINT_ANALYSIS_ENGINE_H

#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Finding.h"
#include "analysis/SourceRange.h"
#include <string>
#include <vector>

namespace memlint {

class ModuleLifetimes;

/// A function whose buffers memlint did not check: its path conditions
/// outgrew the analysis budget, or its loops found no fixpoint. Front ends
/// say so rather than let silence pass for a clean bill.
struct SkippedFunction {
  std::string name; // the symbol, with '@'
  SourceRange range;
};

/// Findings of the enabled checks, with severities overridden, suppression
/// comments (`// memlint: ignore[leak]` on the op's line) applied, sorted by
/// position. An invalid document yields no findings. Functions are analysed
/// and checked on `opts.threads` threads.
std::vector<Finding>
lintDocument(Document &doc, const LintOptions &opts,
             std::vector<SkippedFunction> *skipped = nullptr);
/// The same, on analyses the caller keeps (to compute fixes from them
/// afterwards without analysing again).
std::vector<Finding>
lintDocument(Document &doc, const LintOptions &opts, ModuleLifetimes &lifetimes,
             std::vector<SkippedFunction> *skipped = nullptr);

/// True if a `// memlint: ignore` or `// memlint: ignore[check,...]`
/// comment on `line` suppresses `check`.
bool isSuppressed(llvm::StringRef text, unsigned line,
                  const std::string &check);

} // namespace memlint

#endif
