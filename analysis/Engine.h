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

/// Findings of the enabled checks, with severities overridden, suppression
/// comments (`// memlint: ignore[leak]` on the op's line) applied, sorted by
/// position (findingLess). A function the analysis gave up on is a
/// `not-checked` finding, never silently clean. An invalid document yields
/// no findings. Functions are analysed and checked on `opts.threads`
/// threads.
std::vector<Finding> lintDocument(Document &doc, const LintOptions &opts);
/// The same, on analyses the caller keeps (to compute fixes from them
/// afterwards without analysing again).
std::vector<Finding> lintDocument(Document &doc, const LintOptions &opts,
                                  ModuleLifetimes &lifetimes);

/// True if a `// memlint: ignore` or `// memlint: ignore[check,...]`
/// comment on `line` suppresses `check`.
bool isSuppressed(llvm::StringRef text, unsigned line,
                  const std::string &check);

} // namespace memlint

#endif
