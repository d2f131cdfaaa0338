//===- TopLevelLayout.h - A file split into top-level ops -------*- C++ -*-===//
//
// A lexical pass (brackets, strings, comments, `@symbol` tokens; no MLIR
// parsing) that splits a .mlir text into items of whole lines: the top-level
// operations (inside the module when the file is one `module { ... }`), the
// prelude every operation may need (attribute and type aliases, resource
// blocks, the module's header and closing line), and trivia (comments and
// blank lines before the first operation).
//
// The split is a guess made for speed; the language server
// (server/IncrementalLinter) checks it against the real parse and falls
// back to whole-file analysis when it was wrong.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_TOPLEVELLAYOUT_H
#define MEMLINT_ANALYSIS_TOPLEVELLAYOUT_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace memlint {

struct LayoutItem {
  enum class Kind { Trivia, Prelude, Op };
  Kind kind = Kind::Trivia;
  /// Byte range [begin, end) of whole lines, and the lines it covers
  /// (1-based, inclusive).
  size_t begin = 0, end = 0;
  unsigned firstLine = 0, lastLine = 0;
  /// For an Op: the symbol it defines (`@name` before its body), if any.
  std::string symbol;
  /// For an Op: every other `@name` it mentions, sorted, unique.
  std::vector<std::string> refs;
  /// Hash of the item's text.
  uint64_t hash = 0;
  /// computeLayoutRecovering: brackets or a string the item opens do not
  /// close within it.
  bool unbalanced = false;
};

struct TopLevelLayout {
  /// False when the text could not be split (unbalanced brackets, top-level
  /// SSA values, an unusual module shape); `reason` says why.
  bool ok = false;
  std::string reason;
  /// Every line of the text belongs to exactly one item, in text order.
  std::vector<LayoutItem> items;
  /// True when the operations are the body of one explicit module.
  bool insideModule = false;
  /// The indentation of the first operation's line: a line of the
  /// operations' depth indented more continues the item before.
  size_t opIndent = llvm::StringRef::npos;
  /// The offset of each line's first byte, as lineStartsOf() gives them
  /// (PositionSlice.h); empty when the scan failed.
  std::vector<size_t> lineStarts;

  /// Index of the item holding 1-based `line`, or -1.
  int itemAtLine(unsigned line) const;
};

TopLevelLayout computeLayout(llvm::StringRef text);

/// For a text computeLayout cannot split because its brackets or strings
/// do not balance (an editor's text while `func.func @g() {` is being
/// typed): a split by indentation, each line naming an operation at the
/// operations' indentation starting one. A guess like the other, for the
/// language server to check against the parse; the CLI never splits a
/// text that does not parse.
TopLevelLayout computeLayoutRecovering(llvm::StringRef text);

/// computeLayout(text), given `previous`, the layout of `previousText`:
/// only the operations holding the bytes that changed are scanned again
/// (the whole text when the change touches anything else, or could split
/// differently). The same result, at the cost of the edit, not the file.
/// `partial`, if given, says whether only part of the text was scanned.
TopLevelLayout updateLayout(TopLevelLayout previous,
                            llvm::StringRef previousText, llvm::StringRef text,
                            bool *partial = nullptr);

} // namespace memlint

#endif
