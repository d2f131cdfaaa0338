//===- ParseChunks.cpp - Split a large file to parse it on several threads ===//
#include "analysis/ParseChunks.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <cctype>

namespace memlint {

std::optional<size_t> ParseChunk::fileOffset(size_t at) const {
  auto it = llvm::upper_bound(
      pieces, at, [](size_t a, const Piece &p) { return a < p.at; });
  if (it == pieces.begin())
    return std::nullopt;
  --it;
  if (at > it->at + it->length)
    return std::nullopt;
  return it->from + (at - it->at);
}

namespace {

/// A line that starts something: not blank, not a comment.
struct Start {
  size_t line;     // index into lineStarts
  unsigned indent; // columns before its first character
  char first;      // its first character
};

bool isOpStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '%' ||
         c == '"';
}

/// The lines that start something. Only line starts are looked at, never
/// whole lines: a cut in the wrong place makes a chunk fail to parse, and
/// the file is then parsed in one piece.
std::vector<Start> lineStartsOfStatements(llvm::StringRef file,
                                          llvm::ArrayRef<size_t> lineStarts) {
  std::vector<Start> out;
  for (size_t i = 0, n = lineStarts.size(); i < n; ++i) {
    size_t at = lineStarts[i];
    while (at < file.size() && (file[at] == ' ' || file[at] == '\t'))
      ++at;
    if (at >= file.size() || file[at] == '\n' || file[at] == '\r' ||
        file.drop_front(at).starts_with("//"))
      continue;
    out.push_back({i, static_cast<unsigned>(at - lineStarts[i]), file[at]});
  }
  return out;
}

/// The line holding file offset `off`.
size_t lineOf(llvm::ArrayRef<size_t> lineStarts, size_t off) {
  return llvm::upper_bound(lineStarts, off) - lineStarts.begin() - 1;
}

/// A chunk made of the file ranges `ranges` ([from, to), line aligned), each
/// at its own lines.
ParseChunk layOut(llvm::StringRef file, llvm::ArrayRef<size_t> lineStarts,
                  std::vector<std::pair<size_t, size_t>> ranges) {
  llvm::sort(ranges);
  ParseChunk chunk;
  size_t line = 0; // the file line the text's next byte is on
  size_t copied = 0;
  for (auto [from, to] : ranges) {
    from = std::max(from, copied); // overlaps are copied once
    if (from >= to)
      continue;
    size_t first = lineOf(lineStarts, from);
    chunk.text.append(first - line, '\n');
    if (!chunk.pieces.empty() &&
        chunk.pieces.back().at + chunk.pieces.back().length ==
            chunk.text.size() &&
        chunk.pieces.back().from + chunk.pieces.back().length == from)
      chunk.pieces.back().length += to - from;
    else
      chunk.pieces.push_back({chunk.text.size(), from, to - from});
    chunk.text.append(file.data() + from, to - from);
    line = to == file.size() ? lineStarts.size() : lineOf(lineStarts, to);
    copied = to;
  }
  return chunk;
}

} // namespace

std::optional<ChunkPlan> planParseChunks(llvm::StringRef file,
                                         llvm::ArrayRef<size_t> lineStarts,
                                         unsigned parts) {
  if (parts < 2 || lineStarts.empty())
    return std::nullopt;
  // Resource sections (`{-# ... #-}`) are parsed after the ops that use
  // them; no cutting around them.
  if (file.contains("{-#"))
    return std::nullopt;
  std::vector<Start> starts = lineStartsOfStatements(file, lineStarts);

  // Top-level statements start at column 1: alias definitions (`#`, `!`),
  // ops, and closing braces (of a wrapping module).
  std::vector<const Start *> tops;
  std::vector<std::pair<size_t, size_t>> aliasLines; // [first, last + 1)
  const Start *lastClose = nullptr;
  for (const Start &l : starts) {
    if (l.indent != 0)
      continue;
    if (!aliasLines.empty() && aliasLines.back().second == SIZE_MAX)
      aliasLines.back().second = l.line; // an alias runs up to here
    if (l.first == '#' || l.first == '!')
      aliasLines.push_back({l.line, SIZE_MAX});
    else if (isOpStart(l.first))
      tops.push_back(&l);
    else if (l.first == '}')
      lastClose = &l;
  }
  if (!aliasLines.empty() && aliasLines.back().second == SIZE_MAX)
    aliasLines.back().second = lineStarts.size();
  if (tops.empty())
    return std::nullopt;

  ChunkPlan plan;
  size_t bodyEnd = file.size(); // where the last chunk's ops end
  std::vector<size_t> candidates;
  auto startOf = [&](const Start &l) { return lineStarts[l.line]; };
  if (tops.size() == 1) {
    // One module: its body is cut. Its closing brace is the last `}` at
    // column 1, on a line of its own.
    const Start &module = *tops.front();
    llvm::StringRef head = file.drop_front(startOf(module));
    if (!head.consume_front("module") && !head.consume_front("builtin.module"))
      return std::nullopt;
    if (head.empty() || !llvm::StringRef(" \t{@").contains(head.front()) ||
        !lastClose || lastClose->line <= module.line)
      return std::nullopt;
    plan.wrappedModule = true;
    bodyEnd = startOf(*lastClose);
    std::optional<unsigned> indent;
    for (const Start &l : starts) {
      if (l.line <= module.line || !isOpStart(l.first) || startOf(l) >= bodyEnd)
        continue;
      if (!indent)
        indent = l.indent; // the first op of the body
      else if (l.indent == *indent)
        candidates.push_back(startOf(l));
    }
  } else {
    for (const Start *l : llvm::drop_begin(tops))
      candidates.push_back(startOf(*l));
  }

  // Cuts near equal shares of the file.
  std::vector<size_t> cuts;
  for (unsigned k = 1; k < parts; ++k) {
    size_t target = file.size() / parts * k;
    auto it = llvm::lower_bound(candidates, target);
    if (it == candidates.end())
      break;
    if (cuts.empty() || *it > cuts.back())
      cuts.push_back(*it);
  }
  if (cuts.empty())
    return std::nullopt;

  std::vector<std::pair<size_t, size_t>> aliasRanges;
  for (auto [first, end] : aliasLines)
    aliasRanges.push_back({lineStarts[first], end < lineStarts.size()
                                                  ? lineStarts[end]
                                                  : file.size()});
  for (size_t k = 0; k <= cuts.size(); ++k) {
    size_t from = k == 0 ? 0 : cuts[k - 1];
    size_t to = k == cuts.size() ? bodyEnd : cuts[k];
    std::vector<std::pair<size_t, size_t>> ranges = aliasRanges;
    ranges.push_back({from, to});
    if (k == 0 && plan.wrappedModule)
      ranges.push_back({bodyEnd, file.size()}); // the module's closing brace
    plan.chunks.push_back(layOut(file, lineStarts, std::move(ranges)));
  }
  return plan;
}

} // namespace memlint
