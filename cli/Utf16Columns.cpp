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

/// The length of the well-formed UTF-8 sequence at the start of `s`, or of
/// its longest well-formed prefix ("maximal subpart", Unicode 3.9): what an
/// editor shows as one character, or as one U+FFFD. Never 0 for a
/// non-empty `s`.
static size_t sequenceLength(llvm::StringRef s, bool &complete) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char c = byte(0);
  complete = true;
  if (c < 0x80)
    return 1;
  // The range of the second byte, and how many bytes in all.
  unsigned char lo = 0x80, hi = 0xBF;
  size_t length = 0;
  if (c >= 0xC2 && c <= 0xDF)
    length = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    length = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4)
    length = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  complete = false;
  if (length == 0)
    return 1;
  size_t i = 1;
  for (; i < length && i < s.size(); ++i) {
    unsigned char b = byte(i);
    if (b < lo || b > hi)
      return i;
    lo = 0x80, hi = 0xBF;
  }
  complete = i == length;
  return i;
}

unsigned Utf16Columns::column(unsigned line, unsigned byteColumn) const {
  auto it = nonAsciiLines.find(line);
  if (byteColumn == 0 || it == nonAsciiLines.end())
    return byteColumn;
  llvm::StringRef l = it->second;
  size_t end = std::min<size_t>(byteColumn - 1, l.size());
  unsigned units = 0;
  size_t i = 0;
  while (i < end) {
    bool complete;
    size_t n = sequenceLength(l.drop_front(i), complete);
    // Four bytes are outside the BMP: a surrogate pair. Anything not UTF-8
    // is one U+FFFD, one unit.
    units += complete && n == 4 ? 2 : 1;
    i += n;
  }
  // Past the line (an end at its newline): the rest are single bytes.
  return units + 1 +
         (byteColumn - 1 - std::min(i, static_cast<size_t>(byteColumn - 1)));
}

} // namespace memlint
