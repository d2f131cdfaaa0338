//===- SourceText.cpp - Byte offsets in a document being fixed ------------===//
#include "fixes/SourceText.h"

using namespace mlir;

namespace memlint {

std::optional<std::pair<size_t, size_t>>
SourceText::opRange(Operation *op) const {
  if (!doc.opDef(op))
    return std::nullopt;
  SourceRange r = doc.fullRangeOf(op);
  if (!r.isValid())
    return std::nullopt;
  size_t s = doc.offsetOf(r.start), e = doc.offsetOf(r.end);
  if (s >= e || e > text.size())
    return std::nullopt;
  return std::make_pair(s, e);
}

// By the document's line starts and by scanning only the blanks next to
// `off`: minified IR's one line is megabytes, and each fix asks these of
// several offsets in it.
size_t SourceText::lineStart(size_t off) const {
  llvm::ArrayRef<size_t> starts = doc.lineStartOffsets();
  auto next = llvm::upper_bound(starts, std::min(off, text.size()));
  return next == starts.begin() ? 0 : *std::prev(next);
}

size_t SourceText::lineEnd(size_t off) const {
  llvm::ArrayRef<size_t> starts = doc.lineStartOffsets();
  auto next = llvm::upper_bound(starts, off);
  return next == starts.end() ? text.size() : *next - 1;
}

bool SourceText::onlySpaceBefore(size_t off) const {
  for (size_t i = std::min(off, text.size()); i > 0; --i) {
    char c = text[i - 1];
    if (c == '\n')
      return true;
    if (c != ' ' && c != '\t')
      return false;
  }
  return true;
}

bool SourceText::onlySpaceOrCommentAfter(size_t off) const {
  for (size_t i = off; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n')
      return true;
    if (c != ' ' && c != '\t' && c != '\r')
      return text.substr(i).starts_with("//");
  }
  return true;
}

std::string SourceText::indentAt(size_t off) const {
  size_t s = lineStart(off), e = s;
  while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
    ++e;
  return text.slice(s, e).str();
}

size_t SourceText::skipSpaceAndComments(size_t off) const {
  while (off < text.size()) {
    char c = text[off];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++off;
      continue;
    }
    if (text.substr(off).starts_with("//")) {
      off = lineEnd(off);
      continue;
    }
    break;
  }
  return off;
}

TextEdit SourceText::edit(size_t start, size_t end, std::string newText) const {
  TextEdit e;
  // The document's own line starts: a table of the text's lines per
  // SourceText would cost the whole file per fix candidate.
  e.range.start = doc.posAtOffset(start);
  e.range.end = doc.posAtOffset(end);
  // New lines end the way the line they go into does (not read from the
  // whole text: a search on a large file makes many edits, each local).
  size_t eol = lineEnd(start);
  if (eol > 0 && eol <= text.size() && text[eol - 1] == '\r') {
    std::string crlf;
    for (size_t i = 0; i < newText.size(); ++i) {
      if (newText[i] == '\n' && (i == 0 || newText[i - 1] != '\r'))
        crlf += '\r';
      crlf += newText[i];
    }
    newText = std::move(crlf);
  }
  e.newText = std::move(newText);
  return e;
}

std::optional<size_t> matchingBrace(llvm::StringRef text, size_t open,
                                    size_t limit) {
  int depth = 0;
  for (size_t i = open; i < limit; ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < limit && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        return std::nullopt;
      continue;
    }
    if (c == '"') {
      for (++i; i < limit && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '{')
      ++depth;
    else if (c == '}' && --depth == 0)
      return i;
  }
  return std::nullopt;
}

std::optional<size_t> matchingParen(llvm::StringRef text, size_t open,
                                    size_t limit) {
  int depth = 0;
  for (size_t k = open; k < limit; ++k) {
    if (text[k] == '(')
      ++depth;
    else if (text[k] == ')' && --depth == 0)
      return k;
  }
  return std::nullopt;
}

} // namespace memlint
