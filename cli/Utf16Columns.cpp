//===- Utf16Columns.cpp - Byte columns as UTF-16 code units ---------------===//
#include "cli/Utf16Columns.h"

namespace memlint {

Utf16Columns::Utf16Columns(llvm::StringRef text) {
  unsigned line = 1;
  size_t start = 0;
  bool ascii = true;
  for (size_t i = 0, e = text.size(); i <= e; ++i) {
    if (i == e || text[i] == '\n') {
      if (!ascii)
        nonAsciiLines[line] = text.slice(start, i).str();
      ++line;
      start = i + 1;
      ascii = true;
      continue;
    }
    ascii &= static_cast<unsigned char>(text[i]) < 0x80;
  }
}

unsigned Utf16Columns::column(unsigned line, unsigned byteColumn) const {
  auto it = nonAsciiLines.find(line);
  if (byteColumn == 0 || it == nonAsciiLines.end())
    return byteColumn;
  const std::string &l = it->second;
  size_t end = std::min<size_t>(byteColumn - 1, l.size());
  unsigned units = 0;
  for (size_t i = 0; i < end; ++i) {
    unsigned char c = l[i];
    if ((c & 0xC0) == 0x80)
      continue; // a continuation byte: counted with its lead
    // Four-byte sequences are outside the BMP: a surrogate pair. A byte
    // that is not UTF-8 counts as one unit (U+FFFD).
    units += c >= 0xF0 && c < 0xF8 ? 2 : 1;
  }
  // Past the line (an end at its newline): the rest are single bytes.
  return units + 1 + (byteColumn - 1 - end);
}

} // namespace memlint
