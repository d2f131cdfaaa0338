//===- PositionSlice.cpp - Part of a file, on the file's own lines --------===//
#include "analysis/PositionSlice.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <cassert>
#include <cstring>

namespace memlint {

std::optional<size_t> PositionSlice::fileOffset(size_t at) const {
  auto it = llvm::upper_bound(
      pieces, at, [](size_t a, const Piece &p) { return a < p.at; });
  if (it == pieces.begin())
    return std::nullopt;
  --it;
  if (at > it->at + it->length)
    return std::nullopt;
  return it->from + (at - it->at);
}

std::vector<size_t> lineStartsOf(llvm::StringRef text) {
  // memchr: the fix search lays out a slice per candidate, mostly newlines.
  std::vector<size_t> starts{0};
  const char *begin = text.data(), *end = begin + text.size();
  for (const char *p = begin; p < end;) {
    const void *nl = std::memchr(p, '\n', end - p);
    if (!nl)
      break;
    p = static_cast<const char *>(nl) + 1;
    starts.push_back(p - begin);
  }
  return starts;
}

PositionSlicer::PositionSlicer(llvm::StringRef file,
                               llvm::ArrayRef<size_t> lineStarts)
    : file(file), lineStarts(lineStarts) {
  if (this->lineStarts.empty()) {
    ownLineStarts = lineStartsOf(file);
    this->lineStarts = ownLineStarts;
  }
}

size_t PositionSlicer::lineOf(size_t at) const {
  return llvm::upper_bound(lineStarts, at) - lineStarts.begin() - 1;
}

void PositionSlicer::keep(size_t from, size_t to) {
  assert(from <= to && to <= file.size() && "range outside the file");
  if (from < to)
    ranges.push_back({from, to});
}

void PositionSlicer::stub(size_t at, std::string text) {
  assert(at <= file.size() && text.find('\n') == std::string::npos);
  stubs.push_back({at, std::move(text)});
}

PositionSlice PositionSlicer::build(bool allLines) const {
  std::vector<std::pair<size_t, size_t>> sorted = ranges;
  llvm::sort(sorted);
  std::vector<const std::pair<size_t, std::string> *> pending;
  for (const auto &s : stubs)
    pending.push_back(&s);
  llvm::sort(pending, [](auto *a, auto *b) { return a->first < b->first; });

  PositionSlice slice;
  std::string &text = slice.text;
  // Room for it all at once: a chunk of a large file is megabytes, and
  // growing by doubling would leave up to half of that unused.
  // Each line is at most as long as the file's, stubs aside; the sum of
  // what each part pads from its line's start would count a long line
  // once per part (minified IR: gigabytes).
  size_t bound = lineStarts.size(), stubBytes = 0;
  for (auto [from, to] : sorted)
    bound += to - lineStarts[lineOf(from)];
  for (const auto *s : pending) {
    bound += s->first - lineStarts[lineOf(s->first)] + s->second.size();
    stubBytes += s->second.size();
  }
  text.reserve(std::min(bound, file.size() + stubBytes + 1));
  // The file line and column the text's next byte is on: a line of the
  // text holds what it holds at the file's columns, spaces between.
  size_t line = 0, column = 0;
  size_t copied = 0; // file bytes before this are copied or passed
  auto toLine = [&](size_t l) {
    assert(l >= line && "slice parts out of order");
    if (l > line) {
      text.append(l - line, '\n');
      line = l;
      column = 0;
    }
  };
  // Where file offset `at` is: on its line, at its column.
  auto moveTo = [&](size_t at) {
    size_t l = lineOf(at);
    toLine(l);
    size_t c = at - lineStarts[l];
    assert(c >= column && "slice parts overlap");
    text.append(c - column, ' ');
    column = c;
  };
  auto nextStub = pending.begin();
  auto stubsBefore = [&](size_t end) {
    for (; nextStub != pending.end() && (*nextStub)->first < end; ++nextStub) {
      moveTo((*nextStub)->first);
      text += (*nextStub)->second;
      column += (*nextStub)->second.size();
    }
  };
  for (auto [from, to] : sorted) {
    from = std::max(from, copied);
    if (from >= to)
      continue;
    stubsBefore(from);
    moveTo(from);
    std::vector<PositionSlice::Piece> &pieces = slice.pieces;
    if (!pieces.empty() &&
        pieces.back().at + pieces.back().length == text.size() &&
        pieces.back().from + pieces.back().length == from)
      pieces.back().length += to - from;
    else
      pieces.push_back({text.size(), from, to - from});
    text.append(file.data() + from, to - from);
    line = lineOf(to);
    column = to - lineStarts[line];
    copied = to;
  }
  stubsBefore(SIZE_MAX);
  if (allLines)
    toLine(std::max(line, lineStarts.size() - 1));
  return slice;
}

} // namespace memlint
