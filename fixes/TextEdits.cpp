//===- TextEdits.cpp - Applying, diffing and printing text edits ----------===//
#include "fixes/TextEdits.h"

#include "analysis/PositionSlice.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>

namespace memlint {

LineTable::LineTable(llvm::StringRef text, TextOrigin origin)
    : starts(lineStartsOf(text)), size(text.size()), origin(origin) {}

std::optional<size_t> LineTable::offsetOf(SourcePos filePos) const {
  SourcePos pos = origin.toText(filePos);
  if (pos.line == 0 || pos.column == 0)
    return std::nullopt;
  unsigned line = pos.line;
  if (line > starts.size())
    return std::nullopt;
  size_t lineStart = starts[line - 1];
  size_t lineEnd = line < starts.size() ? starts[line] - 1 : size;
  size_t off = lineStart + pos.column - 1;
  if (off > lineEnd)
    return std::nullopt;
  return off;
}

SourcePos LineTable::posOf(size_t offset) const {
  offset = std::min(offset, size);
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  unsigned line = it - starts.begin();
  return origin.toFile(line,
                       static_cast<unsigned>(offset - starts[line - 1] + 1));
}

namespace {

struct ResolvedEdit {
  size_t start, end;
  const std::string *text;
  size_t order;
};

std::optional<std::vector<ResolvedEdit>>
resolve(const std::vector<TextEdit> &edits, const LineTable &lines) {
  std::vector<ResolvedEdit> out;
  for (const TextEdit &e : edits) {
    std::optional<size_t> s = lines.offsetOf(e.range.start);
    std::optional<size_t> t = lines.offsetOf(e.range.end);
    if (!s || !t || *s > *t)
      return std::nullopt;
    out.push_back({*s, *t, &e.newText, out.size()});
  }
  // By start; at one position insertions come first, in their given order.
  std::stable_sort(out.begin(), out.end(),
                   [](const ResolvedEdit &a, const ResolvedEdit &b) {
                     if (a.start != b.start)
                       return a.start < b.start;
                     return (a.start == a.end) && (b.start != b.end);
                   });
  for (size_t i = 1; i < out.size(); ++i)
    if (out[i - 1].end > out[i].start)
      return std::nullopt;
  return out;
}

} // namespace

std::optional<std::string> applyEdits(llvm::StringRef text,
                                      const std::vector<TextEdit> &edits,
                                      TextOrigin origin) {
  return applyEdits(text, edits, LineTable(text, origin));
}

std::optional<std::string> applyEdits(llvm::StringRef text,
                                      const std::vector<TextEdit> &edits,
                                      const LineTable &lines) {
  std::optional<std::vector<ResolvedEdit>> resolved = resolve(edits, lines);
  if (!resolved)
    return std::nullopt;
  std::string out;
  out.reserve(text.size());
  size_t at = 0;
  for (const ResolvedEdit &e : *resolved) {
    out.append(text.data() + at, e.start - at);
    out += *e.text;
    at = e.end;
  }
  out.append(text.data() + at, text.size() - at);
  return out;
}

bool editsCompatible(llvm::StringRef text, const std::vector<TextEdit> &a,
                     const std::vector<TextEdit> &b, TextOrigin origin) {
  std::vector<TextEdit> all = a;
  all.insert(all.end(), b.begin(), b.end());
  return resolve(all, LineTable(text, origin)).has_value();
}

bool EditSpans::overlaps(size_t start, size_t end) const {
  // A replaced range [s, e) that starts before `end` and ends after
  // `start` (an insertion at p, [p, p), meets only ranges around p)...
  if (auto it = replaced.lower_bound(end); it != replaced.begin() &&
                                           std::prev(it)->second > start)
    return true;
  // ... or, for a replacement, an insertion strictly inside it.
  if (start < end)
    if (auto it = inserted.upper_bound(start);
        it != inserted.end() && *it < end)
      return true;
  return false;
}

bool EditSpans::tryAdd(const std::vector<TextEdit> &edits) {
  std::vector<std::pair<size_t, size_t>> spans;
  for (const TextEdit &e : edits) {
    std::optional<size_t> s = lines.offsetOf(e.range.start);
    std::optional<size_t> t = lines.offsetOf(e.range.end);
    if (!s || !t || *s > *t || overlaps(*s, *t))
      return false;
    spans.push_back({*s, *t});
  }
  // Two of `edits` overlap when one starts strictly inside the other (or
  // two replacements start together): by start, insertions before the
  // replacements at their place, each against the furthest end before it.
  // (A fix may have thousands of edits: a chain of merges.)
  std::vector<std::pair<size_t, size_t>> sorted = spans;
  llvm::sort(sorted, [](const auto &a, const auto &b) {
    bool aInserts = a.first == a.second, bInserts = b.first == b.second;
    return a.first != b.first ? a.first < b.first : aInserts && !bInserts;
  });
  size_t furthest = 0;
  for (auto [s, t] : sorted) {
    if (s < furthest)
      return false;
    furthest = std::max(furthest, t);
  }
  for (auto [s, t] : spans) {
    if (s == t)
      inserted.insert(s);
    else
      replaced[s] = t;
  }
  return true;
}

std::vector<llvm::StringRef> splitLines(llvm::StringRef text) {
  std::vector<llvm::StringRef> out;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    size_t len = nl == llvm::StringRef::npos ? text.size() : nl + 1;
    out.push_back(text.take_front(len));
    text = text.drop_front(len);
  }
  return out;
}

namespace {

/// Matched line pairs of a shortest edit script between a[lo..) and b[lo..)
/// (after the common prefix and suffix are removed), via Myers' greedy
/// forward search and a backtrack over the stored frontiers. Returns false
/// when the script would be longer than `maxD`.
bool myersMatches(const std::vector<llvm::StringRef> &a,
                  const std::vector<llvm::StringRef> &b, size_t aLo, size_t aHi,
                  size_t bLo, size_t bHi, size_t maxD,
                  std::vector<std::pair<size_t, size_t>> &matches) {
  long n = aHi - aLo, m = bHi - bLo;
  long max = n + m;
  if (max == 0)
    return true;
  long limit = std::min<long>(max, maxD);
  std::vector<long> v(2 * max + 3, 0);
  long off = max + 1;
  // frontier[d] holds v[-d..d] as it was before step d.
  std::vector<std::vector<long>> frontier;
  long found = -1;
  for (long d = 0; d <= limit && found < 0; ++d) {
    frontier.emplace_back(v.begin() + off - d, v.begin() + off + d + 1);
    for (long k = -d; k <= d; k += 2) {
      long x;
      if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
        x = v[off + k + 1];
      else
        x = v[off + k - 1] + 1;
      long y = x - k;
      while (x < n && y < m && a[aLo + x] == b[bLo + y]) {
        ++x;
        ++y;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0)
    return false;
  std::vector<std::pair<size_t, size_t>> rev;
  long x = n, y = m;
  for (long d = found; d > 0; --d) {
    const std::vector<long> &f = frontier[d];
    auto at = [&](long k) { return f[k + d]; };
    long k = x - y;
    long prevK;
    if (k == -d || (k != d && at(k - 1) < at(k + 1)))
      prevK = k + 1;
    else
      prevK = k - 1;
    long prevX = at(prevK);
    long prevY = prevX - prevK;
    // The snake that followed the move from (prevX, prevY).
    while (x > prevX && y > prevY) {
      rev.push_back({aLo + x - 1, bLo + y - 1});
      --x;
      --y;
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    rev.push_back({aLo + x - 1, bLo + y - 1});
    --x;
    --y;
  }
  matches.insert(matches.end(), rev.rbegin(), rev.rend());
  return true;
}

} // namespace

std::vector<DiffHunk> diffLines(const std::vector<llvm::StringRef> &a,
                                const std::vector<llvm::StringRef> &b) {
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre])
    ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre &&
         a[a.size() - 1 - suf] == b[b.size() - 1 - suf])
    ++suf;
  std::vector<std::pair<size_t, size_t>> matches;
  for (size_t i = 0; i < pre; ++i)
    matches.push_back({i, i});
  // Too different to be worth a shortest script: the middle is one hunk.
  (void)myersMatches(a, b, pre, a.size() - suf, pre, b.size() - suf,
                     /*maxD=*/4000, matches);
  for (size_t i = 0; i < suf; ++i)
    matches.push_back({a.size() - suf + i, b.size() - suf + i});
  std::vector<DiffHunk> hunks;
  size_t ai = 0, bi = 0;
  auto flush = [&](size_t aEnd, size_t bEnd) {
    if (aEnd > ai || bEnd > bi)
      hunks.push_back({ai, aEnd - ai, bi, bEnd - bi});
  };
  for (auto [x, y] : matches) {
    flush(x, y);
    ai = x + 1;
    bi = y + 1;
  }
  flush(a.size(), b.size());
  return hunks;
}

static std::vector<TextEdit> editsBetweenWhole(llvm::StringRef before,
                                               llvm::StringRef after);

static std::vector<TextEdit> editsBetweenInText(llvm::StringRef before,
                                                llvm::StringRef after);

std::vector<TextEdit> editsBetween(llvm::StringRef before,
                                   llvm::StringRef after, TextOrigin origin) {
  std::vector<TextEdit> out = editsBetweenInText(before, after);
  for (TextEdit &e : out) {
    e.range.start = origin.toFile(e.range.start.line, e.range.start.column);
    e.range.end = origin.toFile(e.range.end.line, e.range.end.column);
  }
  return out;
}

/// The length of the common head of `a` and `b` (at most `limit`), or of
/// their common tail: compared a block at a time with memcmp, since a fix
/// search computes one per fix of a function, on its whole window.
static size_t commonLength(llvm::StringRef a, llvm::StringRef b, size_t limit,
                           bool fromEnd) {
  constexpr size_t Block = 256;
  auto at = [&](llvm::StringRef s, size_t i, size_t n) {
    return fromEnd ? s.data() + s.size() - i - n : s.data() + i;
  };
  size_t i = 0;
  while (i + Block <= limit &&
         std::memcmp(at(a, i, Block), at(b, i, Block), Block) == 0)
    i += Block;
  while (i < limit && *at(a, i, 1) == *at(b, i, 1))
    ++i;
  return i;
}

/// The '\n's of `s`, eight bytes at a time (a fix search counts the lines
/// before its edits in its whole window once per fix): in each byte of `x`,
/// the high bit of ((x & 0x7f) + 0x7f) | x is set exactly when the byte is
/// not 0 (no carry crosses a byte), and x is 0 where the byte was '\n'.
static unsigned countNewlines(llvm::StringRef s) {
  constexpr uint64_t Ones = 0x0101010101010101ull;
  size_t i = 0, n = s.size();
  unsigned count = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    uint64_t x = w ^ ('\n' * Ones);
    uint64_t nonzero = ((x & (0x7f * Ones)) + 0x7f * Ones) | x;
    // One bit per '\n' byte, summed into the top byte by the multiply.
    count += (((~nonzero & (0x80 * Ones)) >> 7) * Ones) >> 56;
  }
  for (; i < n; ++i)
    count += s[i] == '\n';
  return count;
}

/// normalizedEdits for edits on lines longer than a window of bytes
/// around them (minified IR, a whole function on one line): the same
/// diff, on bytes around the edits rather than on their whole lines, which
/// cost each fix a pass over the line (6,000 merges on one 600 KB line:
/// 3.5 s). The window starts inside its first line: its origin shifts that
/// line's columns. Widened until the texts differ strictly inside it.
static std::optional<std::vector<TextEdit>>
normalizedInWindow(llvm::StringRef text, const std::vector<TextEdit> &edits,
                   const LineTable &lines, TextOrigin origin, size_t first,
                   size_t last) {
  for (size_t around = 64;; around *= 2) {
    size_t from = first > around ? first - around : 0;
    size_t to = std::min(text.size(), last + around);
    bool whole = from == 0 && to == text.size();
    SourcePos start = lines.posOf(from);
    TextOrigin windowOrigin = TextOrigin::afterLines(start.line - 1);
    if (start.column > 1) {
      windowOrigin.shiftedLine = 1;
      windowOrigin.columnsBefore = start.column - 1;
    }
    llvm::StringRef window = text.slice(from, to);
    std::optional<std::string> after = applyEdits(window, edits, windowOrigin);
    if (!after)
      return std::nullopt;
    size_t shorter = std::min(window.size(), after->size());
    size_t head = commonLength(window, *after, shorter, /*fromEnd=*/false);
    // (As below: where the texts first differ inside the window, the whole
    // texts differ there alone and in the same way.)
    if (whole || head < shorter || window == *after)
      return editsBetween(window, *after, windowOrigin);
  }
}

std::optional<std::vector<TextEdit>>
normalizedEdits(llvm::StringRef text, const std::vector<TextEdit> &edits,
                const LineTable &lines, TextOrigin origin) {
  if (edits.empty())
    return std::vector<TextEdit>{};
  // Edits on lines much longer than they are: a window of bytes instead.
  constexpr size_t LongSpan = 16384;
  {
    std::optional<size_t> lo, hi;
    for (const TextEdit &e : edits) {
      std::optional<size_t> b = lines.offsetOf(e.range.start),
                            f = lines.offsetOf(e.range.end);
      if (!b || !f)
        break;
      lo = std::min(lo.value_or(*b), *b);
      hi = std::max(hi.value_or(*f), *f);
    }
    if (lo && hi) {
      // (By the line table: a scan for the newlines would cost the line.)
      SourcePos a = lines.posOf(*lo), b = lines.posOf(*hi);
      std::optional<size_t> lineBegin =
          lines.offsetOf({a.line, origin.firstColumnOf(a.line)});
      std::optional<size_t> next =
          lines.offsetOf({b.line + 1, origin.firstColumnOf(b.line + 1)});
      size_t lineEnd = next ? *next : text.size();
      if (lineBegin && a.line > origin.linesBefore &&
          lineEnd - *lineBegin > LongSpan && *hi - *lo < LongSpan / 4)
        return normalizedInWindow(text, edits, lines, origin, *lo, *hi);
    }
  }
  unsigned first = edits.front().range.start.line, last = first;
  for (const TextEdit &e : edits) {
    first = std::min({first, e.range.start.line, e.range.end.line});
    last = std::max({last, e.range.start.line, e.range.end.line});
  }
  unsigned firstLine = origin.linesBefore;
  if (first <= firstLine)
    return std::nullopt;
  // The whole lines from `first` to `last` hold every edit. editsBetween of
  // the whole texts finds what differs from the common head and tail, which
  // may run past those lines where the edited text repeats what surrounds
  // it: then more lines around are taken, up to the whole text.
  for (unsigned around = 0;; around = std::max(2 * around, 4u)) {
    unsigned from = first > firstLine + around ? first - around : firstLine + 1;
    std::optional<size_t> start =
        lines.offsetOf({from, origin.firstColumnOf(from)});
    std::optional<size_t> lastStart =
        lines.offsetOf({last, origin.firstColumnOf(last)});
    if (!start || !lastStart)
      return std::nullopt;
    size_t end = *lastStart;
    for (unsigned k = 0; k <= around && end < text.size(); ++k) {
      size_t nl = text.find('\n', end);
      end = nl == llvm::StringRef::npos ? text.size() : nl + 1;
    }
    bool whole = *start == 0 && end == text.size();
    llvm::StringRef slice = text.slice(*start, end);
    TextOrigin sliceOrigin = origin.fromLine(from - firstLine);
    std::optional<std::string> after = applyEdits(slice, edits, sliceOrigin);
    if (!after)
      return std::nullopt;
    size_t shorter = std::min(slice.size(), after->size());
    size_t head = commonLength(slice, *after, shorter, /*fromEnd=*/false);
    size_t tail = commonLength(slice, *after, shorter - head, /*fromEnd=*/true);
    // The texts first differ inside the lines taken: the whole texts differ
    // there alone and in the same way (their common head ends at the same
    // place, and their common tail, which may not pass it, covers what
    // follows the lines alike). A pure insertion or deletion has head +
    // tail == shorter, which asked for more lines up to the whole text: one
    // pass over the file per fix, quadratic in a file's fixes.
    if (whole || head < shorter || slice == *after)
      return editsBetween(slice, *after, sliceOrigin);
  }
}

static std::vector<TextEdit> editsBetweenInText(llvm::StringRef before,
                                                llvm::StringRef after) {
  // Diff only the lines between the common head and tail: edits are small
  // and files can be long.
  size_t maxHead = std::min(before.size(), after.size());
  size_t head = commonLength(before, after, maxHead, /*fromEnd=*/false);
  size_t tail = commonLength(before, after, maxHead - head, /*fromEnd=*/true);
  size_t cut = before.rfind('\n', head == 0 ? 0 : head - 1);
  cut = cut == llvm::StringRef::npos || head == 0 ? 0 : cut + 1;
  size_t endA = before.size() - tail, endB = after.size() - tail;
  size_t nextA = before.find('\n', endA), nextB = after.find('\n', endB);
  endA = nextA == llvm::StringRef::npos ? before.size() : nextA + 1;
  endB = nextB == llvm::StringRef::npos ? after.size() : nextB + 1;
  if (cut > 0 || endA < before.size()) {
    if (endA - cut > before.size() || endB < cut)
      return editsBetweenWhole(before, after);
    std::vector<TextEdit> inner =
        editsBetweenWhole(before.slice(cut, endA), after.slice(cut, endB));
    unsigned lineShift = countNewlines(before.take_front(cut));
    for (TextEdit &e : inner) {
      e.range.start.line += lineShift;
      e.range.end.line += lineShift;
    }
    return inner;
  }
  return editsBetweenWhole(before, after);
}

static std::vector<TextEdit> editsBetweenWhole(llvm::StringRef before,
                                               llvm::StringRef after) {
  std::vector<llvm::StringRef> a = splitLines(before), b = splitLines(after);
  std::vector<size_t> aOff(a.size() + 1, 0), bOff(b.size() + 1, 0);
  for (size_t i = 0; i < a.size(); ++i)
    aOff[i + 1] = aOff[i] + a[i].size();
  for (size_t i = 0; i < b.size(); ++i)
    bOff[i + 1] = bOff[i] + b[i].size();
  LineTable lines(before);
  std::vector<TextEdit> out;
  for (const DiffHunk &h : diffLines(a, b)) {
    llvm::StringRef oldText =
        before.slice(aOff[h.oldStart], aOff[h.oldStart + h.oldCount]);
    llvm::StringRef newText =
        after.slice(bOff[h.newStart], bOff[h.newStart + h.newCount]);
    size_t p = 0;
    while (p < oldText.size() && p < newText.size() && oldText[p] == newText[p])
      ++p;
    size_t s = 0;
    while (s < oldText.size() - p && s < newText.size() - p &&
           oldText[oldText.size() - 1 - s] == newText[newText.size() - 1 - s])
      ++s;
    size_t start = aOff[h.oldStart] + p;
    size_t end = aOff[h.oldStart] + oldText.size() - s;
    TextEdit e;
    e.range.start = lines.posOf(start);
    e.range.end = lines.posOf(end);
    e.newText = newText.slice(p, newText.size() - s).str();
    out.push_back(std::move(e));
  }
  return out;
}

std::string unifiedDiff(llvm::StringRef before, llvm::StringRef after,
                        llvm::StringRef oldName, llvm::StringRef newName,
                        unsigned context) {
  std::vector<llvm::StringRef> a = splitLines(before), b = splitLines(after);
  std::vector<DiffHunk> hunks = diffLines(a, b);
  if (hunks.empty())
    return "";
  std::string out;
  out += "--- " + oldName.str() + "\n";
  out += "+++ " + newName.str() + "\n";
  auto line = [&](char tag, llvm::StringRef l) {
    out += tag;
    out += l.str();
    if (!l.ends_with("\n"))
      out += "\n\\ No newline at end of file\n";
  };
  size_t i = 0;
  while (i < hunks.size()) {
    // Merge hunks whose context would touch.
    size_t j = i;
    while (j + 1 < hunks.size() &&
           hunks[j + 1].oldStart - (hunks[j].oldStart + hunks[j].oldCount) <=
               2 * context)
      ++j;
    size_t aStart =
        hunks[i].oldStart >= context ? hunks[i].oldStart - context : 0;
    size_t lead = hunks[i].oldStart - aStart;
    size_t bStart = hunks[i].newStart - lead;
    size_t aEnd =
        std::min(a.size(), hunks[j].oldStart + hunks[j].oldCount + context);
    size_t trail = aEnd - (hunks[j].oldStart + hunks[j].oldCount);
    size_t bEnd = hunks[j].newStart + hunks[j].newCount + trail;
    auto range = [](size_t start, size_t count) {
      // An empty range names the line before it, as diff(1) does.
      size_t first = count == 0 ? start : start + 1;
      return std::to_string(first) + "," + std::to_string(count);
    };
    out += "@@ -" + range(aStart, aEnd - aStart) + " +" +
           range(bStart, bEnd - bStart) + " @@\n";
    size_t ai = aStart;
    for (size_t h = i; h <= j; ++h) {
      for (; ai < hunks[h].oldStart; ++ai)
        line(' ', a[ai]);
      for (size_t k = 0; k < hunks[h].oldCount; ++k)
        line('-', a[hunks[h].oldStart + k]);
      for (size_t k = 0; k < hunks[h].newCount; ++k)
        line('+', b[hunks[h].newStart + k]);
      ai = hunks[h].oldStart + hunks[h].oldCount;
    }
    for (; ai < aEnd; ++ai)
      line(' ', a[ai]);
    i = j + 1;
  }
  return out;
}

} // namespace memlint
