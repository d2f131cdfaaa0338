//===- TopLevelLayoutUpdate.cpp - A layout kept up with edits -------------===//
//
// updateLayout: after an edit, only the operations holding the bytes that
// changed are scanned again (Scanner::rescan), the rest moved.
//
//===----------------------------------------------------------------------===//
#include "analysis/TopLevelLayout.h"
#include "analysis/TopLevelScanner.h"

#include "llvm/ADT/STLExtras.h"
#include <cstring>

namespace memlint {
namespace layout_detail {

bool Scanner::rescan(const TopLevelLayout &previous, size_t begin, size_t end,
                     unsigned firstLine, std::vector<LayoutItem> &items) {
  scanEnd = end;
  int depth = previous.insideModule ? 1 : 0;
  std::string reason;
  if (!scanRange(begin, firstLine - 1, depth, reason, depth) || lines.empty())
    return false;
  // The indentation that decides which lines start items is the first
  // operation's; the region must agree with it to split as the file does.
  if (lines.front().firstCode == llvm::StringRef::npos ||
      indentOf(0) != previous.opIndent)
    return false;
  items = splitRange(0, lines.size(), depth, reason, previous.opIndent);
  // A first line that no longer starts an operation would join the item
  // before; a new prelude changes every key: the whole file decides.
  return !items.empty() && llvm::all_of(items, [](const LayoutItem &i) {
    return i.kind == LayoutItem::Kind::Op;
  });
}

} // namespace layout_detail

using namespace layout_detail;

/// Length of the longest common prefix of `a` and `b`.
static size_t commonPrefix(llvm::StringRef a, llvm::StringRef b) {
  size_t n = std::min(a.size(), b.size()), i = 0;
  // Word by word, then the bytes of the first word that differs.
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, a.data() + i, 8);
    std::memcpy(&y, b.data() + i, 8);
    if (x != y)
      break;
  }
  while (i < n && a[i] == b[i])
    ++i;
  return i;
}

/// Length of the longest common suffix of `a` and `b`.
static size_t commonSuffix(llvm::StringRef a, llvm::StringRef b) {
  size_t n = std::min(a.size(), b.size()), i = 0;
  const char *ea = a.data() + a.size(), *eb = b.data() + b.size();
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, ea - i - 8, 8);
    std::memcpy(&y, eb - i - 8, 8);
    if (x != y)
      break;
  }
  while (i < n && ea[-1 - static_cast<ptrdiff_t>(i)] ==
                      eb[-1 - static_cast<ptrdiff_t>(i)])
    ++i;
  return i;
}

TopLevelLayout updateLayout(TopLevelLayout previous,
                            llvm::StringRef previousText, llvm::StringRef text,
                            bool *partial) {
  if (partial)
    *partial = false;
  if (!previous.ok || previous.items.empty() || previous.lineStarts.empty() ||
      previousText.empty() || text.empty())
    return computeLayout(text);
  size_t p = commonPrefix(previousText, text);
  if (p == previousText.size() && p == text.size()) {
    if (partial)
      *partial = true;
    return previous;
  }
  size_t s = commonSuffix(previousText.drop_front(p), text.drop_front(p));
  size_t oldEnd = previousText.size() - s;

  // The operations holding the changed bytes, and the line ends around
  // them: the scan is at the operations' depth at both ends of the region
  // and the text after it is the same, so only the region can split
  // differently.
  std::vector<LayoutItem> &items = previous.items;
  auto itemAtByte = [&](size_t at) -> int {
    auto it = llvm::partition_point(
        items, [&](const LayoutItem &i) { return i.end <= at; });
    return it == items.end() ? -1 : static_cast<int>(it - items.begin());
  };
  int a = itemAtByte(p ? p - 1 : 0);
  int b = itemAtByte(std::min(oldEnd, previousText.size() - 1));
  if (a < 0 || b < 0)
    return computeLayout(text);
  for (int i = a; i <= b; ++i)
    if (items[i].kind != LayoutItem::Kind::Op)
      return computeLayout(text);
  int64_t byteDelta = static_cast<int64_t>(text.size()) -
                      static_cast<int64_t>(previousText.size());
  size_t begin = items[a].begin;
  size_t end = items[b].end + byteDelta;
  if (end < text.size() && text[end - 1] != '\n')
    return computeLayout(text);
  Scanner scanner(text);
  std::vector<LayoutItem> region;
  if (!scanner.rescan(previous, begin, end, items[a].firstLine, region))
    return computeLayout(text);

  unsigned before = items[a].firstLine - 1, after = items[b].lastLine;
  int lineDelta =
      static_cast<int>(region.back().lastLine) - static_cast<int>(after);
  TopLevelLayout out;
  out.ok = true;
  out.insideModule = previous.insideModule;
  out.opIndent = previous.opIndent;
  out.items.reserve(items.size() - (b - a + 1) + region.size());
  std::move(items.begin(), items.begin() + a, std::back_inserter(out.items));
  std::move(region.begin(), region.end(), std::back_inserter(out.items));
  for (auto it = items.begin() + b + 1; it != items.end(); ++it) {
    LayoutItem &item = out.items.emplace_back(std::move(*it));
    item.begin += byteDelta;
    item.end += byteDelta;
    item.firstLine += lineDelta;
    item.lastLine += lineDelta;
  }
  // Outside a module, one operation left that is a module splits anew.
  if (!out.insideModule && llvm::count_if(out.items, [](const LayoutItem &i) {
                             return i.kind == LayoutItem::Kind::Op;
                           }) == 1)
    return computeLayout(text);

  std::vector<size_t> &oldStarts = previous.lineStarts;
  std::vector<size_t> regionStarts = scanner.lineStarts();
  out.lineStarts.reserve(oldStarts.size() + lineDelta);
  out.lineStarts.insert(out.lineStarts.end(), oldStarts.begin(),
                        oldStarts.begin() + before);
  out.lineStarts.insert(out.lineStarts.end(), regionStarts.begin(),
                        regionStarts.end());
  for (size_t i = after; i < oldStarts.size(); ++i)
    out.lineStarts.push_back(oldStarts[i] + byteDelta);
  if (partial)
    *partial = true;
  return out;
}

} // namespace memlint
