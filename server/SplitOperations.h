//===- SplitOperations.h - What the linter asks of a split -----*- C++ -*-===//
//
// IncrementalLinter works on a file split into top-level operations
// (analysis/TopLevelLayout). These are its questions about such a split,
// none of which needs the linter's state: the cache key of each operation
// and what it references, which operations a broken one blocks, the text in
// which some of them are parsed with their file positions, whether a parse
// agrees with the split, and whether an operation's results can move with
// its lines.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_SPLITOPERATIONS_H
#define MEMLINT_SERVER_SPLITOPERATIONS_H

#include "analysis/Finding.h"
#include "analysis/TopLevelLayout.h"
#include "server/AnalysisResult.h"
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace memlint {

class Document;

/// Per item, the key its cached results go under (0 for what is not an
/// operation): a hash of its text, of the text of everything it reaches
/// through `@symbol` references, and of the prelude. `deps` gets, per item,
/// the items it references.
std::vector<uint64_t> operationKeys(const TopLevelLayout &layout,
                                    std::vector<std::vector<int>> &deps);

/// Marks in `blocked` the `broken` items and every item that reaches one
/// through its references.
void markDependents(const std::vector<char> &broken,
                    const std::vector<std::vector<int>> &deps,
                    std::vector<char> &blocked);

/// Marks everything the items already in `work` reference, transitively.
void includeReferenced(std::deque<int> &work,
                       const std::vector<std::vector<int>> &deps,
                       std::vector<char> &included);

/// `text` with every line outside the included items left blank, so the
/// included ones keep their line numbers.
std::string blankedText(llvm::StringRef text, const TopLevelLayout &layout,
                        const std::vector<char> &included);

/// Checks the lexical split against the parse of `doc`: every top-level
/// operation lies within one included Op item, each included Op item holds
/// exactly one, and symbol names agree; `why` says what does not.
bool splitMatchesParse(Document &doc, const TopLevelLayout &layout,
                       const std::vector<char> &included, std::string &why);

/// True when every position in an operation's results (lines `first` to
/// `last`) lies in its own lines, so they can move with them.
bool isSelfContained(unsigned first, unsigned last,
                     const std::vector<Finding> &findings,
                     const std::vector<BufferFacts> &buffers);

} // namespace memlint

#endif
