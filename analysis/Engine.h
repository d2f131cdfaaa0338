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
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <deque>
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

/// As lintDocument, in a deque: what a front end that only writes the
/// findings out keeps. The deque grows in small blocks where the memory of
/// each function's list, given back as it moves, is reused; a vector of a
/// file's hundreds of thousands of findings is one block beside them all.
std::deque<Finding> lintDocumentForOutput(Document &doc,
                                          const LintOptions &opts,
                                          ModuleLifetimes &lifetimes);

/// Receives findings, in findingLess order, a batch at a time.
using FindingSink = llvm::function_ref<void(std::vector<Finding> &)>;

/// As lintDocument, handing the findings to `sink` as soon as no finding
/// before them can come (every function left to check starts after them:
/// a function's findings lie in its text), one call at a time, from the
/// analysing threads: a front end that writes findings out holds only
/// those of the functions checked ahead of one that starts before them.
/// The calls' findings, in a row, are lintDocument's, in its order.
/// Nothing more after a cancellation.
void lintDocumentStreamed(Document &doc, const LintOptions &opts,
                          ModuleLifetimes &lifetimes, FindingSink sink);

/// The findings of the enabled checks in each of `only` (functions of
/// lifetimes' module), severities overridden and suppressions applied as
/// above, one list per function in findingLess order, on this thread:
/// what a caller that re-lints the functions a pass changed asks for.
std::vector<std::vector<Finding>>
lintFunctions(Document &doc, const LintOptions &opts,
              ModuleLifetimes &lifetimes,
              llvm::ArrayRef<mlir::FunctionOpInterface> only);

/// True if a `// memlint: ignore` or `// memlint: ignore[check,...]`
/// comment on `line` suppresses `check`.
bool isSuppressed(llvm::StringRef text, unsigned line,
                  const std::string &check);

} // namespace memlint

#endif
