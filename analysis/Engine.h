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
#include <vector>

namespace memlint {

/// Findings of the enabled checks, with severities overridden, suppression
/// comments (`// memlint: ignore[leak]` on the op's line) applied, sorted by
/// position. An invalid document yields no findings.
std::vector<Finding> lintDocument(Document &doc, const LintOptions &opts);

/// True if a `// memlint: ignore` or `// memlint: ignore[check,...]`
/// comment on `line` suppresses `check`.
bool isSuppressed(llvm::StringRef text, unsigned line,
                  const std::string &check);

} // namespace memlint

#endif
