//===- TopLevelLayout.cpp - A file split into top-level ops ---------------===//
#include "analysis/TopLevelLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <array>
#include <cstring>

namespace memlint {
namespace {

struct LineInfo {
  size_t begin = 0;
  /// Bracket depth at the start of the line.
  int depth = 0;
  /// Offset of the first character that is not blank or comment, or npos.
  size_t firstCode = llvm::StringRef::npos;
};

struct SymbolToken {
  size_t offset;
  int depth;
  std::string name;
};

bool isSymbolChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

class Scanner {
public:
  explicit Scanner(llvm::StringRef text) : text(text) {}

  bool scan(std::string &reason);
  TopLevelLayout split();
  std::vector<size_t> lineStarts() const;

private:
  std::vector<LayoutItem> splitRange(unsigned from, unsigned to, int depth,
                                     std::string &reason);
  bool startsItem(unsigned line, int depth, size_t baseIndent) const;
  /// Records the line starting at `at`; returns where its code starts.
  size_t startLine(size_t at, int depth);
  /// Past the string whose quote is at `i`; npos when it does not end on
  /// its line.
  size_t skipString(size_t i) const;
  /// Records the symbol reference whose '@' is at `i`; returns the index
  /// after it.
  size_t scanSymbol(size_t i, int depth);
  size_t indentOf(unsigned line) const {
    return lines[line].firstCode - lines[line].begin;
  }
  size_t lineEnd(unsigned line) const {
    return line + 1 < lines.size() ? lines[line + 1].begin : text.size();
  }
  int depthAfter(unsigned line) const {
    return line + 1 < lines.size() ? lines[line + 1].depth : 0;
  }
  void finishItem(LayoutItem &item, int depth) const;
  bool isModuleItem(const LayoutItem &item) const;

  llvm::StringRef text;
  std::vector<LineInfo> lines;
  std::vector<SymbolToken> symbols;
};

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
  size_t n = text.size();
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
  size_t n = text.size();
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
  size_t n = text.size();
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

bool Scanner::scan(std::string &reason) {
  const std::array<bool, 256> &special = specialBytes();
  const char *data = text.data();
  size_t n = text.size();
  int depth = 0;
  lines.reserve(n / 32 + 1);
  // At the start of each line: note where its code starts (if it has any),
  // then skip to the next byte that matters.
  size_t i = startLine(0, depth);
  while (i < n) {
    while (i < n && !special[static_cast<unsigned char>(data[i])])
      ++i;
    if (i >= n)
      break;
    char c = data[i];
    switch (c) {
    case '\n':
      i = startLine(i + 1, depth);
      continue;
    case '/':
      if (i + 1 < n && data[i + 1] == '/') {
        const void *nl = std::memchr(data + i, '\n', n - i);
        i = nl ? static_cast<const char *>(nl) - data : n;
        continue;
      }
      break;
    case '"':
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
      if (--depth < 0) {
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
  if (depth != 0) {
    reason = "unbalanced brackets at the end of the file";
    return false;
  }
  return true;
}

bool Scanner::startsItem(unsigned line, int depth, size_t baseIndent) const {
  const LineInfo &l = lines[line];
  if (l.depth != depth || l.firstCode == llvm::StringRef::npos ||
      indentOf(line) > baseIndent)
    return false;
  char c = text[l.firstCode];
  return llvm::isAlpha(c) || c == '_' || c == '"' || c == '#' || c == '!' ||
         c == '%' || c == '^' || c == '{';
}

void Scanner::finishItem(LayoutItem &item, int depth) const {
  item.end = lineEnd(item.lastLine - 1);
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
                                            int depth, std::string &reason) {
  std::vector<LayoutItem> items;
  size_t baseIndent = llvm::StringRef::npos;
  for (unsigned l = from; l < to; ++l)
    if (lines[l].depth == depth && lines[l].firstCode != llvm::StringRef::npos) {
      baseIndent = indentOf(l);
      break;
    }
  for (unsigned l = from; l < to; ++l) {
    bool start = baseIndent != llvm::StringRef::npos &&
                 startsItem(l, depth, baseIndent);
    if (!start) {
      if (items.empty()) {
        LayoutItem trivia;
        trivia.begin = lines[l].begin;
        trivia.firstLine = l + 1;
        items.push_back(trivia);
      }
      items.back().lastLine = l + 1;
      continue;
    }
    LayoutItem item;
    item.begin = lines[l].begin;
    item.firstLine = item.lastLine = l + 1;
    llvm::StringRef head = text.substr(lines[l].firstCode);
    if (head.starts_with("{-#") || head.starts_with("#") ||
        head.starts_with("!")) {
      item.kind = LayoutItem::Kind::Prelude;
    } else if (head.starts_with("%") || head.starts_with("^") ||
               head.starts_with("{")) {
      reason = "a top-level value or block at line " + std::to_string(l + 1);
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
  layout.ok = true;
  return layout;
}

} // namespace

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

TopLevelLayout computeLayout(llvm::StringRef text) {
  Scanner scanner(text);
  TopLevelLayout layout;
  if (!scanner.scan(layout.reason))
    return layout;
  layout = scanner.split();
  layout.lineStarts = scanner.lineStarts();
  return layout;
}

} // namespace memlint
