//===- SourceText.h - Byte offsets in a document being fixed ----*- C++ -*-===//
//
// Fixes are text edits. SourceText reads the text of a parsed Document by
// byte offset (an op's written extent, lines, indentation, comments) and
// turns byte ranges into edits in Document positions.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_SOURCETEXT_H
#define MEMLINT_FIXES_SOURCETEXT_H

#include "analysis/Document.h"
#include "fixes/TextEdits.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>

namespace memlint {

/// Byte-offset views of a Document's text used to build edits.
class SourceText {
public:
  explicit SourceText(Document &doc) : doc(doc), text(doc.text()) {}
  /// [start, end) of the op as written (from its first result name); none
  /// for ops the parser created (implicit terminators).
  std::optional<std::pair<size_t, size_t>> opRange(mlir::Operation *op) const;
  size_t lineStart(size_t off) const;
  /// Offset of the line's '\n' (or of the end of the text).
  size_t lineEnd(size_t off) const;
  bool onlySpaceBefore(size_t off) const;
  /// Only blanks, or blanks and a `//` comment, up to the end of the line.
  bool onlySpaceOrCommentAfter(size_t off) const;
  std::string indentAt(size_t off) const;
  /// Skips blanks, newlines and `//` comments.
  size_t skipSpaceAndComments(size_t off) const;
  /// A single-position insertion or a replacement, in Document positions.
  TextEdit edit(size_t start, size_t end, std::string newText) const;
  llvm::StringRef str() const { return text; }
  Document &document() const { return doc; }
  /// The label a block inserted into `fn` takes (labelsNotTaken's first),
  /// found once per function: each edge a free is proposed on asked for it,
  /// a walk of the function each (quadratic in a function's leaks).
  const std::string &firstFreeLabel(mlir::Operation *fn) const;

private:
  Document &doc;
  llvm::StringRef text;
  mutable llvm::DenseMap<mlir::Operation *, std::string> freeLabels;
};

/// Offset of the brace closing the one at `open` (before `limit`),
/// skipping comments and string literals.
std::optional<size_t> matchingBrace(llvm::StringRef text, size_t open,
                                    size_t limit);

/// Offset of the parenthesis closing the one at `open` (parentheses only:
/// the `<` `>` of types may be unbalanced, as in `->`), or nullopt.
std::optional<size_t> matchingParen(llvm::StringRef text, size_t open,
                                    size_t limit);

} // namespace memlint

#endif
