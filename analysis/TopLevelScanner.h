//===- TopLevelScanner.h - The scan behind TopLevelLayout -------*- C++ -*-===//
//
// Private to TopLevelLayout.cpp (the scan and split of a whole text) and
// TopLevelLayoutUpdate.cpp (the rescan of what an edit changed).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_TOPLEVELSCANNER_H
#define MEMLINT_ANALYSIS_TOPLEVELSCANNER_H

#include "analysis/TopLevelLayout.h"
#include "llvm/ADT/StringExtras.h"
#include <string>
#include <vector>

namespace memlint::layout_detail {

struct LineInfo {
  size_t begin = 0;
  /// Bracket depth at the start of the line.
  int depth = 0;
  /// Offset of the first character that is not blank or comment, or npos.
  size_t firstCode = llvm::StringRef::npos;
};

struct SymbolToken {
  size_t offset;
  int depth;
  std::string name;
};

inline bool isSymbolChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

class Scanner {
public:
  explicit Scanner(llvm::StringRef text) : text(text), scanEnd(text.size()) {}

  bool scan(std::string &reason) { return scanRange(0, 0, 0, reason); }
  /// scan(), for a text whose brackets or strings do not balance (being
  /// typed): a line of an operation's name at the operations' indentation
  /// starts at their depth, whatever the lines before it left open; an
  /// unterminated string ends with its line. False when the text shows no
  /// such indentation.
  bool scanRecovering(std::string &reason);
  /// After scanRecovering: the 1-based lines where what was open did not
  /// close (the line before an operation the depth was reset for, a line
  /// with an unterminated string or a stray closing bracket, the last line).
  const std::vector<unsigned> &unbalancedLines() const { return unbalanced; }
  TopLevelLayout split();
  std::vector<size_t> lineStarts() const;
  /// Splits bytes [begin, end) of the text, whole lines from 1-based line
  /// `firstLine` where operations of `previous` changed, into its items;
  /// false when they could differ from what a scan of the file gives.
  bool rescan(const TopLevelLayout &previous, size_t begin, size_t end,
              unsigned firstLine, std::vector<LayoutItem> &items);

private:
  /// Scans bytes [begin, scanEnd) starting at `depth`, numbering lines from
  /// `lineBase`; `minDepth`, when positive, is the depth every line after
  /// the first must start at or above.
  bool scanRange(size_t begin, unsigned base, int depth, std::string &reason,
                 int minDepth = 0);
  std::vector<LayoutItem> splitRange(unsigned from, unsigned to, int depth,
                                     std::string &reason,
                                     size_t baseIndent = llvm::StringRef::npos);
  /// Index into `lines` of a 1-based line number.
  unsigned at(unsigned line) const { return line - 1 - lineBase; }
  bool startsItem(unsigned line, int depth, size_t baseIndent) const;
  /// Records the line starting at `at`; returns where its code starts.
  size_t startLine(size_t at, int depth);
  /// Past the string whose quote is at `i`; npos when it does not end on
  /// its line.
  size_t skipString(size_t i) const;
  /// Records the symbol reference whose '@' is at `i`; returns the index
  /// after it.
  size_t scanSymbol(size_t i, int depth);
  size_t indentOf(unsigned line) const {
    return lines[line].firstCode - lines[line].begin;
  }
  size_t lineEnd(unsigned line) const {
    return line + 1 < lines.size() ? lines[line + 1].begin : scanEnd;
  }
  int depthAfter(unsigned line) const {
    return line + 1 < lines.size() ? lines[line + 1].depth : 0;
  }
  void finishItem(LayoutItem &item, int depth) const;
  bool isModuleItem(const LayoutItem &item) const;

  llvm::StringRef text;
  /// The scan covers bytes up to here, and its first line is line
  /// `lineBase + 1` of the text (a rescan covers part of it).
  size_t scanEnd;
  unsigned lineBase = 0;
  std::vector<LineInfo> lines;
  std::vector<SymbolToken> symbols;
  /// The indentation of the items split at the operations' depth.
  size_t opIndent = llvm::StringRef::npos;
  /// scanRecovering's indentation and depth of the operations (npos: not
  /// recovering).
  size_t recoverIndent = llvm::StringRef::npos;
  int recoverDepth = 0;
  std::vector<unsigned> unbalanced;
  /// Indices into `lines` of lines closing more than was open: each an
  /// item of its own, so the operation before keeps its findings.
  std::vector<unsigned> strayLines;
  /// When recovering: the depth the line just started starts at.
  void recoverLine(int &depth);
};

} // namespace memlint::layout_detail

#endif
