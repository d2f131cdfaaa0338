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

} // namespace memlint

#endif
