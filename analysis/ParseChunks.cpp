//===- ParseChunks.cpp - Split a large file to parse it on several threads ===//
#include "analysis/ParseChunks.h"
#include "analysis/PositionSlice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>
#include <cctype>

namespace memlint {
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

/// Cuts near equal shares of a file of `size` bytes, from the sorted
/// offsets where a chunk may start.
std::vector<size_t> cutsNearShares(llvm::ArrayRef<size_t> candidates,
                                   size_t size, unsigned parts) {
  std::vector<size_t> cuts;
  for (unsigned k = 1; k < parts; ++k) {
    size_t target = size / parts * k;
    auto it = llvm::lower_bound(candidates, target);
    if (it == candidates.end())
      break;
    if (cuts.empty() || *it > cuts.back())
      cuts.push_back(*it);
  }
  return cuts;
}

/// The chunks between the cuts, the last one ending at `bodyEnd`; each holds
/// the aliases, and with `wrapped` the first holds the module's closing
/// lines (from `bodyEnd` on) too.
std::vector<ParseChunk>
layOutChunks(llvm::StringRef file, llvm::ArrayRef<size_t> lineStarts,
             llvm::ArrayRef<std::pair<size_t, size_t>> aliasRanges,
             llvm::ArrayRef<size_t> cuts, size_t bodyEnd, bool wrapped) {
  std::vector<ParseChunk> chunks;
  for (size_t k = 0; k <= cuts.size(); ++k) {
    size_t from = k == 0 ? 0 : cuts[k - 1];
    size_t to = k == cuts.size() ? bodyEnd : cuts[k];
    PositionSlicer slicer(file, lineStarts);
    for (auto [aliasFrom, aliasTo] : aliasRanges)
      slicer.keep(aliasFrom, aliasTo);
    slicer.keep(from, to);
    if (k == 0 && wrapped)
      slicer.keep(bodyEnd, file.size()); // the module's closing brace
    chunks.push_back(slicer.build());
  }
  return chunks;
}

} // namespace

std::optional<ChunkPlan> planParseChunks(llvm::StringRef file,
                                         llvm::ArrayRef<size_t> lineStarts,
                                         unsigned parts, unsigned leastParts) {
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
    else if (l.first == '%')
      return std::nullopt; // a value crosses top-level ops (see below)
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
      // An op of the body that defines values: its names are in scope in
      // the ops after it, and no function below may define them again
      // (the parser refuses the shadowing); pieces would not see either.
      if (l.indent == *indent && l.first == '%')
        return std::nullopt;
    }
  } else {
    for (const Start *l : llvm::drop_begin(tops))
      candidates.push_back(startOf(*l));
  }

  std::vector<std::pair<size_t, size_t>> aliasRanges;
  size_t aliasBytes = 0;
  for (auto [first, end] : aliasLines) {
    aliasRanges.push_back({lineStarts[first], end < lineStarts.size()
                                                  ? lineStarts[end]
                                                  : file.size()});
    aliasBytes += aliasRanges.back().second - aliasRanges.back().first;
  }
  // Every chunk parses all the aliases again: beyond `leastParts`, each is
  // to hold at least eight times as much of its own.
  if (aliasBytes && leastParts < parts)
    parts = std::max<size_t>(
        leastParts, std::min<size_t>(parts, file.size() / (8 * aliasBytes)));

  std::vector<size_t> cuts = cutsNearShares(candidates, file.size(), parts);
  if (cuts.empty())
    return std::nullopt;

  plan.chunks = layOutChunks(file, lineStarts, aliasRanges, cuts, bodyEnd,
                             plan.wrappedModule);
  return plan;
}

std::vector<llvm::StringRef> dialectNamesIn(llvm::StringRef text) {
  auto isIdStart = [](char c) {
    return std::isalpha((unsigned char)c) || c == '_';
  };
  auto isId = [](char c) {
    return std::isalnum((unsigned char)c) || c == '_' || c == '$';
  };
  std::vector<llvm::StringRef> names;
  llvm::StringSet<> seen;
  for (size_t i = 0, n = text.size(); i < n;) {
    // An identifier starts here, not inside another or after a `.`
    // (`arith.addi`'s `addi` names no dialect).
    if (!isIdStart(text[i]) ||
        (i > 0 && (isId(text[i - 1]) || text[i - 1] == '.'))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < n && isId(text[j]))
      ++j;
    bool sigil = i > 0 && (text[i - 1] == '#' || text[i - 1] == '!');
    if (j < n && (text[j] == '.' || (sigil && text[j] == '<'))) {
      llvm::StringRef name = text.slice(i, j);
      if (seen.insert(name).second)
        names.push_back(name);
    }
    i = j;
  }
  return names;
}

} // namespace memlint
