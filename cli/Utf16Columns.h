//===- Utf16Columns.h - Byte columns as UTF-16 code units -------*- C++ -*-===//
//
// memlint counts columns in bytes (as clang and MLIR do). SARIF counts them
// in UTF-16 code units by default (`columnKind` "utf16CodeUnits", what
// GitHub code scanning reads), so a finding after an `é` on its line would
// be underlined one column off. This keeps the lines that are not plain
// ASCII, the only ones where the two differ, and converts on them.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_CLI_UTF16COLUMNS_H
#define MEMLINT_CLI_UTF16COLUMNS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace memlint {

class Utf16Columns {
public:
  /// One pass over `text`; copies only its lines with non-ASCII bytes.
  explicit Utf16Columns(llvm::StringRef text);
  /// The 1-based UTF-16 column of 1-based byte column `byteColumn` of
  /// 1-based `line` (unchanged on ASCII lines and for 0, "unknown").
  unsigned column(unsigned line, unsigned byteColumn) const;

private:
  llvm::DenseMap<unsigned, std::string> nonAsciiLines;
};

} // namespace memlint

#endif
