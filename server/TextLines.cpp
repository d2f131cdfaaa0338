//===- TextLines.cpp - Offsets, lines and LSP columns ---------------------===//
#include "server/TextLines.h"

#include <algorithm>
#include <cstring>

namespace memlint {

/// Length in bytes of the UTF-8 sequence starting with `lead`, and its size
/// in UTF-16 code units. Continuation or invalid lead bytes count as one byte.
static void sequenceOf(unsigned char lead, size_t &bytes, unsigned &utf16) {
  if (lead < 0xC0) {
    bytes = 1;
    utf16 = 1;
  } else if (lead < 0xE0) {
    bytes = 2;
    utf16 = 1;
  } else if (lead < 0xF0) {
    bytes = 3;
    utf16 = 1;
  } else {
    bytes = 4;
    utf16 = 2;
  }
}

unsigned codeUnitsIn(llvm::StringRef s, PositionEncoding enc) {
  if (enc == PositionEncoding::UTF8)
    return s.size();
  unsigned units = 0;
  for (size_t i = 0; i < s.size();) {
    size_t bytes;
    unsigned utf16;
    sequenceOf(s[i], bytes, utf16);
    i += bytes;
    units += utf16;
  }
  return units;
}

size_t bytesForCodeUnits(llvm::StringRef s, unsigned units,
                         PositionEncoding enc) {
  if (enc == PositionEncoding::UTF8) {
    size_t n = std::min<size_t>(units, s.size());
    // Do not stop inside a multi-byte sequence.
    while (n < s.size() && n > 0 && (s[n] & 0xC0) == 0x80)
      ++n;
    return n;
  }
  size_t i = 0;
  unsigned seen = 0;
  while (i < s.size()) {
    size_t bytes;
    unsigned utf16;
    sequenceOf(s[i], bytes, utf16);
    if (seen + utf16 > units)
      break;
    seen += utf16;
    i = std::min(i + bytes, s.size());
  }
  return i;
}

TextLines::TextLines(llvm::StringRef text) : text(text) {
  starts.push_back(0);
  const char *data = text.data();
  size_t size = text.size();
  for (size_t pos = 0; pos < size;) {
    const void *nl = std::memchr(data + pos, '\n', size - pos);
    if (!nl)
      break;
    pos = static_cast<const char *>(nl) - data + 1;
    starts.push_back(pos);
  }
}

llvm::StringRef TextLines::line(unsigned l) const {
  if (l >= starts.size())
    return "";
  size_t b = starts[l];
  size_t e = l + 1 < starts.size() ? starts[l + 1] - 1 : text.size();
  llvm::StringRef s = text.slice(b, e);
  if (s.ends_with("\r"))
    s = s.drop_back();
  return s;
}

size_t TextLines::offsetOf(LspPosition pos, PositionEncoding enc) const {
  if (pos.line >= starts.size())
    return text.size();
  return starts[pos.line] + bytesForCodeUnits(line(pos.line), pos.character,
                                              enc);
}

SourcePos TextLines::sourcePosOf(LspPosition pos, PositionEncoding enc) const {
  if (pos.line >= starts.size()) {
    unsigned last = starts.size() - 1;
    return {last + 1, static_cast<unsigned>(line(last).size()) + 1};
  }
  size_t bytes = bytesForCodeUnits(line(pos.line), pos.character, enc);
  return {pos.line + 1, static_cast<unsigned>(bytes) + 1};
}

LspPosition TextLines::lspPositionOf(SourcePos pos,
                                     PositionEncoding enc) const {
  if (pos.line == 0)
    return {};
  unsigned l = std::min<unsigned>(pos.line - 1, starts.size() - 1);
  llvm::StringRef s = line(l);
  size_t bytes = pos.column ? pos.column - 1 : 0;
  return {l, codeUnitsIn(s.take_front(bytes), enc)};
}

/// Offset of line `line`'s first byte, scanning from `start`, the offset
/// of line `from` (at most `line`); npos past the end of the text.
static size_t lineOffset(llvm::StringRef text, unsigned line, unsigned from,
                         size_t start) {
  for (unsigned l = from; l < line; ++l) {
    size_t nl = text.find('\n', start);
    if (nl == llvm::StringRef::npos)
      return llvm::StringRef::npos;
    start = nl + 1;
  }
  return start;
}

/// Byte offset of `character` code units into the line starting at
/// `lineStart` (npos: the end of the text).
static size_t offsetInLine(llvm::StringRef text, size_t lineStart,
                           unsigned character, PositionEncoding enc) {
  if (lineStart == llvm::StringRef::npos)
    return text.size();
  size_t end = text.find('\n', lineStart);
  llvm::StringRef line =
      text.slice(lineStart, end == llvm::StringRef::npos ? text.size() : end);
  if (line.ends_with("\r"))
    line = line.drop_back();
  return lineStart + bytesForCodeUnits(line, character, enc);
}

std::optional<std::string>
withContentChange(llvm::StringRef text,
                  std::optional<std::pair<LspPosition, LspPosition>> range,
                  llvm::StringRef newText, PositionEncoding enc) {
  if (!range)
    return newText.str();
  auto [first, last] = *range;
  size_t firstLine = lineOffset(text, first.line, 0, 0);
  // The end's line is found from the start's, not from the top again.
  size_t lastLine =
      last.line >= first.line && firstLine != llvm::StringRef::npos
          ? lineOffset(text, last.line, first.line, firstLine)
          : lineOffset(text, last.line, 0, 0);
  size_t b = offsetInLine(text, firstLine, first.character, enc);
  size_t e = offsetInLine(text, lastLine, last.character, enc);
  if (e < b)
    return std::nullopt;
  // One copy: the text before, the new text, the text after.
  std::string out;
  out.reserve(text.size() - (e - b) + newText.size());
  out.append(text.data(), b);
  out.append(newText.data(), newText.size());
  out.append(text.data() + e, text.size() - e);
  return out;
}

} // namespace memlint
