//===- SourceRange.h - 1-based line/column positions ------------*- C++ -*-===//
//
// Positions as users see them: 1-based lines and columns (columns count
// bytes), end exclusive. Every front end (text, JSON, SARIF, LSP) converts
// from these, so the analysis never deals in protocol types.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_SOURCERANGE_H
#define MEMLINT_ANALYSIS_SOURCERANGE_H

#include <tuple>

namespace memlint {

struct SourcePos {
  unsigned line = 0;   // 1-based
  unsigned column = 0; // 1-based, in bytes
  bool operator<(const SourcePos &o) const {
    return std::tie(line, column) < std::tie(o.line, o.column);
  }
  bool operator==(const SourcePos &o) const {
    return line == o.line && column == o.column;
  }
  bool operator!=(const SourcePos &o) const { return !(*this == o); }
  bool operator<=(const SourcePos &o) const { return !(o < *this); }
};

struct SourceRange {
  SourcePos start, end; // end exclusive
  bool isValid() const { return start.line != 0; }
  bool operator<(const SourceRange &o) const {
    return std::tie(start, end) < std::tie(o.start, o.end);
  }
  bool operator==(const SourceRange &o) const {
    return start == o.start && end == o.end;
  }
};

/// Where a text cut out of a file starts in it, so that a document or line
/// table of the text takes and gives the file's positions. The fix search
/// parses one function's window of a file (FunctionSlicer::windowFor): the
/// text's line k is the file's line `linesBefore + k`, and where the
/// function starts in the middle of a file line (minified IR), the text's
/// line `shiftedLine` holds that line from the function on: its column c is
/// the file's column `c + columnsBefore`.
struct TextOrigin {
  unsigned linesBefore = 0;
  unsigned shiftedLine = 0; // 1-based, in the text; 0: none is shifted
  unsigned columnsBefore = 0;

  /// The origin of a text after `lines` lines of the file, none shifted.
  static TextOrigin afterLines(unsigned lines) { return {lines, 0, 0}; }
  /// The file's position of the text's line `line`, column `column`.
  SourcePos toFile(unsigned line, unsigned column) const {
    return {linesBefore + line,
            line == shiftedLine ? column + columnsBefore : column};
  }
  /// The text's position of the file's `pos`: line 0 before the text's
  /// first line, column 0 on the shifted line before the text starts.
  SourcePos toText(SourcePos pos) const {
    if (pos.line <= linesBefore)
      return {};
    unsigned line = pos.line - linesBefore;
    if (line != shiftedLine)
      return {line, pos.column};
    return {line, pos.column > columnsBefore ? pos.column - columnsBefore : 0};
  }
  /// The file's column of the first byte of the text's part of file line
  /// `line`.
  unsigned firstColumnOf(unsigned line) const {
    return line == linesBefore + shiftedLine ? 1 + columnsBefore : 1;
  }
  /// The origin of the text's lines from its line `line` (1-based) on.
  TextOrigin fromLine(unsigned line) const {
    TextOrigin out = afterLines(linesBefore + line - 1);
    if (shiftedLine >= line) {
      out.shiftedLine = shiftedLine - line + 1;
      out.columnsBefore = columnsBefore;
    }
    return out;
  }
};

} // namespace memlint

#endif
