//===- TopLevelLayout.cpp - A file split into top-level ops ---------------===//
#include "analysis/TopLevelLayout.h"
#include "analysis/TopLevelScanner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>
#include <optional>

namespace memlint {
namespace layout_detail {

/// Bytes the scanner must look at; everything else is skipped in bulk.
static const std::array<bool, 256> &specialBytes() {
  static const std::array<bool, 256> table = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : llvm::StringRef("\n\"/()[]{}@"))
      t[c] = true;
    return t;
  }();
  return table;
}

size_t Scanner::startLine(size_t at, int depth) {
  const char *data = text.data();
  size_t n = scanEnd;
  lines.push_back({at, depth, llvm::StringRef::npos});
  size_t j = at;
  while (j < n && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r'))
    ++j;
  if (j < n && data[j] != '\n' &&
      !(data[j] == '/' && j + 1 < n && data[j + 1] == '/'))
    lines.back().firstCode = j;
  return j;
}

size_t Scanner::skipString(size_t i) const {
  const char *data = text.data();
  size_t n = scanEnd;
  // MLIR strings never span lines.
  ++i;
  while (i < n && data[i] != '"' && data[i] != '\n')
    i += data[i] == '\\' ? 2 : 1;
  if (i >= n || data[i] != '"')
    return llvm::StringRef::npos;
  return i + 1;
}

size_t Scanner::scanSymbol(size_t i, int depth) {
  const char *data = text.data();
  size_t n = scanEnd;
  size_t b = i + 1, e = b;
  std::string name;
  if (e < n && data[e] == '"') {
    ++e;
    while (e < n && data[e] != '"' && data[e] != '\n')
      e += data[e] == '\\' ? 2 : 1;
    name = text.slice(b + 1, std::min(e, n)).str();
    if (e < n && data[e] == '"')
      ++e;
  } else {
    while (e < n && isSymbolChar(data[e]))
      ++e;
    name = text.slice(b, e).str();
  }
  if (!name.empty())
    symbols.push_back({i, depth, std::move(name)});
  return std::max(e, i + 1);
}

bool Scanner::scanRange(size_t begin, unsigned base, int depth,
                        std::string &reason, int minDepth) {
  const std::array<bool, 256> &special = specialBytes();
  const char *data = text.data();
  size_t n = scanEnd;
  int startDepth = depth;
  lineBase = base;
  lines.reserve((n - begin) / 32 + 1);
  // At the start of each line: note where its code starts (if it has any),
  // then skip to the next byte that matters.
  size_t i = startLine(begin, depth);
  recoverLine(depth);
  while (i < n) {
    while (i < n && !special[static_cast<unsigned char>(data[i])])
      ++i;
    if (i >= n)
      break;
    char c = data[i];
    switch (c) {
    case '\n':
      // A rescan ends where the next item starts: that line is not its.
      if (i + 1 == n && n < text.size()) {
        i = n;
        continue;
      }
      if (minDepth > 0 && depth < minDepth) {
        reason = "the depth drops below the operations' at line " +
                 std::to_string(lineBase + lines.size() + 1);
        return false;
      }
      i = startLine(i + 1, depth);
      recoverLine(depth);
      continue;
    case '/':
      if (i + 1 < n && data[i + 1] == '/') {
        const void *nl = std::memchr(data + i, '\n', n - i);
        i = nl ? static_cast<const char *>(nl) - data : n;
        continue;
      }
      break;
    case '"':
      if (size_t end = skipString(i); end == llvm::StringRef::npos &&
                                      recoverIndent != llvm::StringRef::npos) {
        unbalanced.push_back(lineBase + lines.size());
        const void *nl = std::memchr(data + i, '\n', n - i);
        i = nl ? static_cast<const char *>(nl) - data : n;
        continue;
      }
      i = skipString(i);
      if (i == llvm::StringRef::npos) {
        reason = "unterminated string at line " + std::to_string(lines.size());
        return false;
      }
      continue;
    case '(':
    case '[':
    case '{':
      ++depth;
      break;
    case ')':
    case ']':
    case '}':
      if (--depth < 0 && recoverIndent != llvm::StringRef::npos) {
        unbalanced.push_back(lineBase + lines.size());
        strayLines.push_back(lines.size() - 1);
        depth = 0;
      } else if (depth < 0) {
        reason = "unbalanced '" + std::string(1, c) + "' at line " +
                 std::to_string(lines.size());
        return false;
      }
      break;
    case '@':
      i = scanSymbol(i, depth);
      continue;
    default:
      break;
    }
    ++i;
  }
  if (depth != startDepth && recoverIndent != llvm::StringRef::npos)
    unbalanced.push_back(lineBase + lines.size());
  else if (depth != startDepth) {
    reason = "unbalanced brackets at the end of the file";
    return false;
  }
  return true;
}

bool Scanner::startsItem(unsigned line, int depth, size_t baseIndent) const {
  const LineInfo &l = lines[line];
  // (Pushed in order: sorted.)
  if (std::binary_search(strayLines.begin(), strayLines.end(), line))
    return true;
  if (l.depth != depth || l.firstCode == llvm::StringRef::npos ||
      indentOf(line) > baseIndent)
    return false;
  char c = text[l.firstCode];
  if (llvm::isAlpha(c) || c == '_' || c == '"' || c == '#' || c == '!' ||
      c == '%' || c == '^' || c == '{')
    return true;
  // What no operation or continuation line at the operations' depth
  // starts with (a byte order mark or other non-ASCII text, a control
  // character, a number, a bare `@name`, an opening `(` or `[`: the lines
  // of an op's operands and attributes start inside its brackets): an item
  // of its own, so that its parse error shows where it
  // is, as the CLI's does, instead of hiding in the trivia before the
  // first operation (not parsed: a file of nothing) or in the operation
  // before it (whose findings its error would hide).
  auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || (u < 0x20 && c != '\t') || llvm::isDigit(c) || c == '@' ||
         c == '(' || c == '[';
}

void Scanner::finishItem(LayoutItem &item, int depth) const {
  item.end = lineEnd(at(item.lastLine));
  llvm::StringRef body = text.slice(item.begin, item.end);
  item.hash = llvm::xxh3_64bits(body);
  if (item.kind != LayoutItem::Kind::Op)
    return;
  auto first = llvm::partition_point(
      symbols, [&](const SymbolToken &s) { return s.offset < item.begin; });
  for (auto it = first; it != symbols.end() && it->offset < item.end; ++it) {
    if (item.symbol.empty() && it->depth == depth) {
      item.symbol = it->name;
      continue;
    }
    item.refs.push_back(it->name);
  }
  llvm::sort(item.refs);
  item.refs.erase(std::unique(item.refs.begin(), item.refs.end()),
                  item.refs.end());
}

std::vector<LayoutItem> Scanner::splitRange(unsigned from, unsigned to,
                                            int depth, std::string &reason,
                                            size_t baseIndent) {
  std::vector<LayoutItem> items;
  for (unsigned l = from;
       baseIndent == llvm::StringRef::npos && l < to; ++l)
    if (lines[l].depth == depth && lines[l].firstCode != llvm::StringRef::npos)
      baseIndent = indentOf(l);
  opIndent = baseIndent;
  for (unsigned l = from; l < to; ++l) {
    bool start = baseIndent != llvm::StringRef::npos &&
                 startsItem(l, depth, baseIndent);
    if (!start) {
      if (items.empty()) {
        LayoutItem trivia;
        trivia.begin = lines[l].begin;
        trivia.firstLine = lineBase + l + 1;
        items.push_back(trivia);
      }
      items.back().lastLine = lineBase + l + 1;
      continue;
    }
    LayoutItem item;
    item.begin = lines[l].begin;
    item.firstLine = item.lastLine = lineBase + l + 1;
    llvm::StringRef head = text.substr(lines[l].firstCode);
    if (head.starts_with("{-#") || head.starts_with("#") ||
        head.starts_with("!")) {
      item.kind = LayoutItem::Kind::Prelude;
    } else if (head.starts_with("%") || head.starts_with("^") ||
               head.starts_with("{")) {
      reason = "a top-level value or block at line " +
               std::to_string(lineBase + l + 1);
      return {};
    } else {
      item.kind = LayoutItem::Kind::Op;
    }
    // Comments and blank lines after an item belong to it; only those before
    // the first item form a Trivia item.
    items.push_back(item);
  }
  for (LayoutItem &item : items)
    finishItem(item, depth);
  return items;
}

bool Scanner::isModuleItem(const LayoutItem &item) const {
  llvm::StringRef head =
      text.substr(lines[item.firstLine - 1].firstCode);
  for (llvm::StringRef kw : {"builtin.module", "module"})
    if (head.consume_front(kw))
      return head.empty() || !isSymbolChar(head.front());
  return false;
}

TopLevelLayout Scanner::split() {
  TopLevelLayout layout;
  std::vector<LayoutItem> top =
      splitRange(0, lines.size(), /*depth=*/0, layout.reason);
  if (top.empty() && !layout.reason.empty())
    return layout;
  int ops = 0, moduleIdx = -1;
  for (auto [i, item] : llvm::enumerate(top))
    if (item.kind == LayoutItem::Kind::Op) {
      ++ops;
      if (isModuleItem(item))
        moduleIdx = i;
    }
  if (ops != 1 || moduleIdx < 0) {
    layout.items = std::move(top);
    layout.opIndent = opIndent;
    layout.ok = true;
    return layout;
  }

  // One module: its body holds the operations. The header runs to the line
  // after which the depth is 1; the closing line brings it back to 0.
  const LayoutItem &mod = top[moduleIdx];
  unsigned first = mod.firstLine - 1, last = mod.lastLine - 1;
  unsigned header = first;
  while (header < last && depthAfter(header) != 1)
    ++header;
  unsigned close = header + 1;
  while (close <= last && depthAfter(close) != 0)
    ++close;
  if (header >= last || close > last || depthAfter(header) != 1) {
    layout.reason = "the module's body does not start on a line of its own";
    return layout;
  }
  const LineInfo &closing = lines[close];
  llvm::StringRef closeText = text.slice(
      closing.firstCode == llvm::StringRef::npos ? closing.begin
                                                 : closing.firstCode,
      lineEnd(close));
  llvm::StringRef afterBrace = closeText.drop_front().trim();
  if (!closeText.starts_with("}") ||
      (!afterBrace.empty() && !afterBrace.starts_with("//"))) {
    layout.reason = "the module's closing brace is not alone on its line";
    return layout;
  }
  std::vector<LayoutItem> body =
      splitRange(header + 1, close, /*depth=*/1, layout.reason);
  if (body.empty() && !layout.reason.empty())
    return layout;

  auto prelude = [&](unsigned from, unsigned to) {
    LayoutItem item;
    item.kind = LayoutItem::Kind::Prelude;
    item.begin = lines[from].begin;
    item.firstLine = from + 1;
    item.lastLine = to + 1;
    finishItem(item, 0);
    return item;
  };
  for (auto [i, item] : llvm::enumerate(top)) {
    if (static_cast<int>(i) != moduleIdx) {
      layout.items.push_back(item);
      continue;
    }
    layout.items.push_back(prelude(first, header));
    layout.items.insert(layout.items.end(), body.begin(), body.end());
    layout.items.push_back(prelude(close, last));
  }
  layout.insideModule = true;
  layout.opIndent = opIndent;
  layout.ok = true;
  return layout;
}

} // namespace layout_detail

using namespace layout_detail;

int TopLevelLayout::itemAtLine(unsigned line) const {
  auto it = llvm::partition_point(
      items, [&](const LayoutItem &i) { return i.lastLine < line; });
  if (it == items.end() || it->firstLine > line)
    return -1;
  return it - items.begin();
}

std::vector<size_t> Scanner::lineStarts() const {
  std::vector<size_t> out;
  out.reserve(lines.size());
  for (const LineInfo &l : lines)
    out.push_back(l.begin);
  return out;
}

void Scanner::recoverLine(int &depth) {
  if (recoverIndent == llvm::StringRef::npos)
    return;
  LineInfo &l = lines.back();
  if (l.firstCode == llvm::StringRef::npos)
    return;
  size_t indent = l.firstCode - l.begin;
  char c = text[l.firstCode];
  // An operation's line at the operations' indentation, or the module's
  // closing brace left of it.
  if ((indent == recoverIndent && llvm::isAlpha(c)) ||
      (indent < recoverIndent && c == '}')) {
    if (depth != recoverDepth)
      unbalanced.push_back(lineBase + lines.size() - 1);
    depth = l.depth = recoverDepth;
  }
}

bool Scanner::scanRecovering(std::string &reason) {
  // The operations' indentation: the first line naming an operation, or,
  // when that opens a module, the next one.
  std::optional<size_t> moduleIndent;
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    llvm::StringRef line =
        text.slice(at, nl == llvm::StringRef::npos ? text.size() : nl);
    at = nl == llvm::StringRef::npos ? text.size() : nl + 1;
    llvm::StringRef code = line.ltrim(" \t");
    if (code.empty() || !llvm::isAlpha(code.front()))
      continue;
    size_t indent = line.size() - code.size();
    if (!moduleIndent &&
        (code.starts_with("module") || code.starts_with("builtin.module")) &&
        code.contains('{')) {
      moduleIndent = indent;
      continue;
    }
    if (moduleIndent && indent <= *moduleIndent)
      break; // no operation inside the module
    recoverIndent = indent;
    recoverDepth = moduleIndent ? 1 : 0;
    break;
  }
  if (recoverIndent == llvm::StringRef::npos) {
    reason = "no operation's indentation to split by";
    return false;
  }
  return scanRange(0, 0, 0, reason);
}

/// The layout of `text` by one scan (plain or recovering).
static TopLevelLayout layoutBy(llvm::StringRef text, bool recovering) {
  Scanner scanner(text);
  TopLevelLayout layout;
  if (!(recovering ? scanner.scanRecovering(layout.reason)
                   : scanner.scan(layout.reason)))
    return layout;
  layout = scanner.split();
  layout.lineStarts = scanner.lineStarts();
  for (unsigned line : scanner.unbalancedLines())
    if (int i = layout.itemAtLine(line); i >= 0)
      layout.items[i].unbalanced = true;
  return layout;
}

TopLevelLayout computeLayout(llvm::StringRef text) {
  return layoutBy(text, /*recovering=*/false);
}

TopLevelLayout computeLayoutRecovering(llvm::StringRef text) {
  return layoutBy(text, /*recovering=*/true);
}

} // namespace memlint
