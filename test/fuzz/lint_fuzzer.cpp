//===- lint_fuzzer.cpp - libFuzzer target over Document::parse + lint -----===//
//
// Feeds arbitrary bytes through the same path as `memlint lint` and the
// language server: Document::parse (parse + verify, must never crash on bad
// input), lintDocument with every check enabled, and the Document range/name
// helpers every front end uses to render findings. A few cheap invariants on
// the findings are checked too (known check name, non-empty message, ranges
// inside the file and ordered, the same validity, error and findings when
// the text is parsed in chunks on two threads, and - with
// MEMLINT_FUZZ_DETERMINISM - the same findings when the same text is linted
// again); a violation aborts with a message, so it shows up as a crash with a
// reproducer.
//
// Built twice (see CMakeLists.txt):
//   lint_fuzzer     plain libFuzzer mutations, steered by mlir.dict
//   lint_ir_fuzzer  -DMEMLINT_FUZZ_IR_MUTATOR: a custom mutator and crossover
//                   that edit the IR line-wise (delete / duplicate / move a
//                   line, insert or drop a dealloc, insert an alloc, rename a
//                   use, wrap a line in scf.if / scf.for, ...), so most
//                   mutants still parse and verify and the lifetime analysis
//                   gets exercised rather than the parser's error paths.
//
//===----------------------------------------------------------------------===//
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/checks/Check.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace memlint;

namespace {

/// MEMLINT_FUZZ_STATS=1: how many inputs parsed+verified, and findings.
struct Stats {
  size_t inputs = 0, valid = 0, findings = 0;
  // Per last mutation kind (IR mutator): tried / valid.
  int lastKind = -1;
  size_t kindTried[20] = {}, kindValid[20] = {};
  bool enabled = getenv("MEMLINT_FUZZ_STATS") != nullptr;
  ~Stats() {
    if (!enabled)
      return;
    fprintf(stderr, "memlint-fuzz-stats: inputs %zu, valid %zu, findings %zu\n",
            inputs, valid, findings);
    for (int k = 0; k < 20; ++k)
      if (kindTried[k])
        fprintf(stderr,
                "memlint-fuzz-stats: mutation %d: %zu tried, %zu valid\n", k,
                kindTried[k], kindValid[k]);
  }
} stats;

[[noreturn]] void invariantFailed(const char *what, const Finding *f) {
  fprintf(stderr, "memlint fuzz invariant violated: %s\n", what);
  if (f)
    fprintf(stderr, "  finding: [%s] %u:%u-%u:%u %s\n", f->check.c_str(),
            f->range.start.line, f->range.start.column, f->range.end.line,
            f->range.end.column, f->message.str().c_str());
  abort();
}

void checkRange(const SourceRange &r, unsigned numLines, const Finding &f,
                bool mustBeValid) {
  if (!r.isValid()) {
    if (mustBeValid)
      invariantFailed("finding has no source range", &f);
    return;
  }
  if (r.start.column == 0 || r.end.line == 0 || r.end.column == 0)
    invariantFailed("range with a 0 line/column", &f);
  if (r.end < r.start)
    invariantFailed("range ends before it starts", &f);
  if (r.end.line > numLines)
    invariantFailed("range past the last line of the file", &f);
}

std::string render(const std::vector<Finding> &findings) {
  std::string out;
  for (const Finding &f : findings) {
    auto pos = [&](const SourceRange &r) {
      return std::to_string(r.start.line) + ":" +
             std::to_string(r.start.column) + "-" + std::to_string(r.end.line) +
             ":" + std::to_string(r.end.column);
    };
    out += pos(f.range) + " " + severityName(f.severity) + " [" + f.check +
           "] " + f.message.str() + "\n";
    for (const RelatedLocation &r : f.related)
      out += "  " + pos(r.range) + " " + r.message.str() + "\n";
    for (const Fix &fix : f.fixes) {
      out += "  fix: " + fix.title + "\n";
      for (const TextEdit &e : fix.edits)
        out += "    " + pos(e.range) + " " + e.newText + "\n";
    }
  }
  return out;
}

/// MEMLINT_FUZZ_DETERMINISM=N (run.sh sets it): lint every valid input N more
/// times, each from a fresh parse (new context, so ops and values get other
/// addresses; with N > 1 the heap is also scrambled first), and require
/// byte-identical findings. Catches output that depends on pointer order.
const unsigned determinismRuns = [] {
  const char *e = getenv("MEMLINT_FUZZ_DETERMINISM");
  return e ? static_cast<unsigned>(std::max(0, atoi(e))) : 0u;
}();

/// Hands the allocator back small chunks in a shuffled order, so the ops of
/// the next parse get addresses in no particular order. Only effective when
/// freed memory is reused at once (ASAN_OPTIONS=quarantine_size_mb=0, as
/// run.sh replays regressions); harmless otherwise.
void scrambleHeap(unsigned seed) {
  std::minstd_rand rng(seed);
  std::vector<void *> chunks;
  static const int perSize = [] {
    const char *e = getenv("MEMLINT_FUZZ_SCRAMBLE");
    return e ? atoi(e) : 1024;
  }();
  for (size_t size = 16; size <= 512; size += 16)
    for (int i = 0; i < perSize; ++i)
      chunks.push_back(malloc(size));
  std::shuffle(chunks.begin(), chunks.end(), rng);
  for (void *p : chunks)
    free(p);
}

/// Returns false if the input did not parse and verify.
bool lintOnce(const std::string &text) {
  ++stats.inputs;
  std::unique_ptr<Document> doc = Document::parse(text, "fuzz.mlir");
  if (!doc)
    invariantFailed("Document::parse returned null", nullptr);
  if (stats.lastKind >= 0) {
    ++stats.kindTried[stats.lastKind];
    stats.kindValid[stats.lastKind] += doc->isValid();
    stats.lastKind = -1;
  }
  // Parsed in chunks on two threads, however small the text, the file must
  // fail the same way or lint the same (see analysis/ParseChunks.h).
  std::unique_ptr<Document> pieces =
      Document::parse(text, "fuzz.mlir", 2, /*minChunkedBytes=*/0);
  if (pieces->isValid() != doc->isValid())
    invariantFailed("parsing in chunks changed whether the text is valid",
                    nullptr);
  auto firstError = [](const Document &d) {
    if (d.errors().empty())
      return std::string();
    const InputError &e = d.errors().front();
    return std::to_string(e.range.start.line) + ":" +
           std::to_string(e.range.start.column) + " " + e.message;
  };
  if (firstError(*pieces) != firstError(*doc))
    invariantFailed("parsing in chunks changed the error", nullptr);
  if (!doc->isValid()) {
    if (doc->errors().empty())
      invariantFailed("invalid document without an error", nullptr);
    // Must be a no-op on an invalid document.
    if (!lintDocument(*doc, LintOptions()).empty())
      invariantFailed("findings on an invalid document", nullptr);
    return false;
  }

  unsigned numLines = 1 + std::count(text.begin(), text.end(), '\n');
  LintOptions opts; // every check enabled
  std::vector<Finding> findings = lintDocument(*doc, opts);
  ++stats.valid;
  stats.findings += findings.size();
  for (const Finding &f : findings) {
    if (!findCheck(f.check))
      invariantFailed("finding from an unknown check", &f);
    if (f.message.empty())
      invariantFailed("finding with an empty message", &f);
    checkRange(f.range, numLines, f, /*mustBeValid=*/true);
    for (const RelatedLocation &rel : f.related)
      checkRange(rel.range, numLines, f, /*mustBeValid=*/false);
    (void)doc->offsetOf(f.range.start);
    (void)doc->offsetOf(f.range.end);
    (void)doc->indentationOfLine(f.range.start.line);
  }
  for (size_t i = 1; i < findings.size(); ++i)
    if (findings[i].range < findings[i - 1].range)
      invariantFailed("findings not sorted by position", &findings[i]);
  if (render(lintDocument(*pieces, opts)) != render(findings))
    invariantFailed("parsing in chunks changed the findings", nullptr);

  if (determinismRuns) {
    std::string first = render(findings);
    for (unsigned run = 1; run <= determinismRuns; ++run) {
      if (determinismRuns > 1) // replaying: worth the time
        scrambleHeap(run);
      std::unique_ptr<Document> again = Document::parse(text, "fuzz.mlir");
      if (!again->isValid())
        invariantFailed("reparsing the same text is not valid", nullptr);
      std::string other = render(lintDocument(*again, opts));
      if (other != first) {
        fprintf(stderr, "first lint:\n%s\nlint #%u:\n%s\n", first.c_str(),
                run + 1, other.c_str());
        invariantFailed("linting the same text again gave different findings",
                        nullptr);
      }
    }
  }

  // The helpers every front end (text/JSON/SARIF/LSP, hover, fixes) uses.
  doc->module()->walk([&](mlir::Operation *op) {
    (void)doc->rangeOf(op);
    (void)doc->fullRangeOf(op);
    (void)doc->nameRangeOf(op);
    for (mlir::Value v : op->getResults()) {
      (void)doc->definitionRangeOf(v);
      (void)doc->nameOf(v);
    }
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::BlockArgument arg : block.getArguments()) {
          (void)doc->definitionRangeOf(arg);
          (void)doc->nameOf(arg);
        }
  });
  for (unsigned line = 1; line <= numLines && line <= 512; ++line)
    (void)isSuppressed(doc->text(), line, "leak");
  return true;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // Build the (process-wide) dialect registry outside the timed inputs.
  (void)getDialectRegistry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bool valid =
      lintOnce(std::string(reinterpret_cast<const char *>(data), size));
#ifdef MEMLINT_FUZZ_IR_MUTATOR
  // Keep only IR that verifies in the corpus: the IR mutator edits valid IR
  // (the parser's error paths are lint_fuzzer's job).
  if (!valid)
    return -1;
#endif
  (void)valid;
  return 0;
}

#ifdef MEMLINT_FUZZ_IR_MUTATOR
//===----------------------------------------------------------------------===//
// IR-aware mutator
//===----------------------------------------------------------------------===//

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace {

using Rng = std::minstd_rand;

size_t pick(Rng &rng, size_t n) { return n ? rng() % n : 0; }

std::vector<std::string> splitLines(const uint8_t *data, size_t size) {
  std::vector<std::string> lines;
  std::string cur;
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      lines.push_back(std::move(cur));
      cur.clear();
    } else {
      cur.push_back(static_cast<char>(data[i]));
    }
  }
  lines.push_back(std::move(cur));
  return lines;
}

std::string joinLines(const std::vector<std::string> &lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i)
      out.push_back('\n');
    out += lines[i];
  }
  return out;
}

bool isIdChar(char c) {
  return isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.' || c == '-';
}

/// The `memref<...>` starting at `pos` (balanced angle brackets), or "".
std::string memrefTypeAt(const std::string &s, size_t pos) {
  if (s.compare(pos, 7, "memref<") != 0)
    return "";
  int depth = 0;
  for (size_t i = pos + 6; i < s.size(); ++i) {
    if (s[i] == '<')
      ++depth;
    else if (s[i] == '>' && --depth == 0)
      return s.substr(pos, i + 1 - pos);
  }
  return "";
}

std::string indentOf(const std::string &line) {
  size_t n = line.find_first_not_of(" \t");
  return line.substr(0, n == std::string::npos ? line.size() : n);
}

struct Value {
  std::string name; // "%a"
  std::string type; // "memref<4xf32>", "i1", ...
  size_t line;      // defining line
};

/// Rough scan of SSA definitions: `%x = ... : T` / `... to T` results and
/// `%x: T` arguments (function signatures, block labels, loop headers).
std::vector<Value> scanValues(const std::vector<std::string> &lines) {
  std::vector<Value> values;
  for (size_t li = 0; li < lines.size(); ++li) {
    const std::string &l = lines[li];
    std::string code = l.substr(0, l.find("//"));
    size_t first = code.find_first_not_of(" \t");
    // Results: "%a = op ... : T" (single result).
    if (first != std::string::npos && code[first] == '%') {
      size_t e = first + 1;
      while (e < code.size() && isIdChar(code[e]))
        ++e;
      size_t eq = e;
      if (code.compare(e, 3, " = ") == 0) {
        std::string name = code.substr(first, e - first);
        std::string type;
        size_t to = code.rfind(" to memref<");
        size_t colon = code.rfind(": memref<");
        if (to != std::string::npos && to > eq)
          type = memrefTypeAt(code, to + 4);
        else if (colon != std::string::npos && colon > eq)
          type = memrefTypeAt(code, colon + 2);
        else if (code.find("arith.cmpi", eq) != std::string::npos ||
                 code.find("arith.constant true", eq) != std::string::npos ||
                 code.find("arith.constant false", eq) != std::string::npos)
          type = "i1";
        else if (code.find(": index", eq) != std::string::npos)
          type = "index";
        if (!type.empty())
          values.push_back({name, type, li});
      }
    }
    // Arguments: "%x: T".
    for (size_t p = code.find('%'); p != std::string::npos;
         p = code.find('%', p + 1)) {
      size_t e = p + 1;
      while (e < code.size() && isIdChar(code[e]))
        ++e;
      if (e + 2 > code.size() || code[e] != ':' || code[e + 1] != ' ')
        continue;
      std::string name = code.substr(p, e - p);
      size_t t = e + 2;
      std::string type = memrefTypeAt(code, t);
      if (type.empty()) {
        if (code.compare(t, 2, "i1") == 0 &&
            (t + 2 == code.size() || !isIdChar(code[t + 2])))
          type = "i1";
        else if (code.compare(t, 5, "index") == 0)
          type = "index";
      }
      if (!type.empty())
        values.push_back({name, type, li});
    }
  }
  return values;
}

std::string trimmed(const std::string &l) {
  size_t b = l.find_first_not_of(" \t");
  return b == std::string::npos ? "" : l.substr(b);
}

bool startsWith(const std::string &s, const char *p) {
  return s.rfind(p, 0) == 0;
}

bool isTerminator(const std::string &t) {
  for (const char *p : {"return", "func.return", "cf.br", "cf.cond_br",
                        "cf.switch", "scf.yield", "scf.condition",
                        "memref.alloca_scope.return", "llvm.unreachable"})
    if (startsWith(t, p))
      return true;
  return false;
}

/// A one-line op without regions, results or successors: safe to duplicate,
/// move or wrap in a region (dealloc, store, copy, call without results).
bool isPlainOp(const std::string &l) {
  std::string t = trimmed(l);
  return !t.empty() && t[0] != '%' && t[0] != '}' && t[0] != '^' &&
         !startsWith(t, "//") && t.find('{') == std::string::npos &&
         t.find('}') == std::string::npos && !isTerminator(t) &&
         !startsWith(t, "func.func") && !startsWith(t, "module");
}

/// Inserting an op before line `i` keeps it inside the same block.
bool isInsertionPoint(const std::vector<std::string> &lines, size_t i) {
  if (i >= lines.size() || indentOf(lines[i]).empty())
    return false;
  std::string t = trimmed(lines[i]);
  return !t.empty() && t[0] != '}' && t[0] != '^' && !startsWith(t, "//");
}

/// [begin, end) of the function around line `i`: begin is its `func.func`
/// line, end its closing `}`. {0, 0} if none.
std::pair<size_t, size_t> funcAround(const std::vector<std::string> &lines,
                                     size_t i) {
  size_t b = std::min(i, lines.size() - 1);
  while (b > 0 && lines[b].find("func.func") == std::string::npos)
    --b;
  if (lines[b].find("func.func") == std::string::npos)
    return {0, 0};
  std::string ind = indentOf(lines[b]);
  size_t e = b + 1;
  while (e < lines.size() &&
         !(indentOf(lines[e]) == ind && startsWith(trimmed(lines[e]), "}")))
    ++e;
  if (i > e)
    return {0, 0};
  return {b, e};
}

/// Values of `prefix` type defined before line `at` in its function, at an
/// indentation no deeper than `at` (a cheap approximation of dominance).
std::vector<const Value *> visibleAt(const std::vector<std::string> &lines,
                                     const std::vector<Value> &values,
                                     size_t at, const char *prefix) {
  std::vector<const Value *> out;
  auto [fb, fe] = funcAround(lines, at);
  if (fb == fe)
    return out;
  size_t depth = at < lines.size() ? indentOf(lines[at]).size() : 0;
  for (const Value &v : values)
    if (v.line >= fb && v.line < at && startsWith(v.type, prefix) &&
        (v.line == fb || indentOf(lines[v.line]).size() <= depth))
      out.push_back(&v);
  return out;
}

template <typename Pred>
std::vector<size_t> linesWhere(const std::vector<std::string> &lines,
                               Pred pred) {
  std::vector<size_t> out;
  for (size_t i = 0; i < lines.size(); ++i)
    if (pred(i))
      out.push_back(i);
  return out;
}

std::string freshName(Rng &rng, const char *stem) {
  return std::string("%") + stem + std::to_string(rng() % 100000);
}

constexpr int kNumEdits = 13;

/// One structural edit of kind `kind`; false if it did not apply.
bool mutateOnce(Rng &rng, std::vector<std::string> &lines, int kind) {
  if (lines.empty())
    return false;
  std::vector<Value> values = scanValues(lines);
  size_t n = lines.size();
  std::vector<size_t> points =
      linesWhere(lines, [&](size_t i) { return isInsertionPoint(lines, i); });
  std::vector<size_t> plain =
      linesWhere(lines, [&](size_t i) { return isPlainOp(lines[i]); });
  switch (kind) {
  case 0: { // delete any line
    lines.erase(lines.begin() + pick(rng, n));
    return true;
  }
  case 1: { // drop a dealloc (-> leaks)
    std::vector<size_t> deallocs = linesWhere(lines, [&](size_t i) {
      return lines[i].find("memref.dealloc") != std::string::npos;
    });
    if (deallocs.empty())
      return false;
    lines.erase(lines.begin() + deallocs[pick(rng, deallocs.size())]);
    return true;
  }
  case 2: { // duplicate an op a little later in its block (double free, ...)
    if (plain.empty())
      return false;
    size_t i = plain[pick(rng, plain.size())];
    size_t j = i + 1;
    for (size_t k = pick(rng, 4);
         k && j + 1 < n && isInsertionPoint(lines, j + 1); --k)
      ++j;
    lines.insert(lines.begin() + j, lines[i]);
    return true;
  }
  case 3: { // move an op a few lines up or down (use after free, ...)
    if (plain.empty() || points.empty())
      return false;
    size_t i = plain[pick(rng, plain.size())];
    std::string l = lines[i];
    long d = 1 + static_cast<long>(pick(rng, 4));
    long j = pick(rng, 2) ? static_cast<long>(i) + d : static_cast<long>(i) - d;
    if (j < 0 || j >= static_cast<long>(n) || !isInsertionPoint(lines, j))
      return false;
    lines.erase(lines.begin() + i);
    lines.insert(lines.begin() + (j > static_cast<long>(i) ? j - 1 : j), l);
    return true;
  }
  case 4: { // free some visible buffer somewhere (double free, UAF, ...)
    if (points.empty())
      return false;
    size_t at = points[pick(rng, points.size())];
    auto mems = visibleAt(lines, values, at, "memref<");
    if (mems.empty())
      return false;
    const Value *v = mems[pick(rng, mems.size())];
    lines.insert(lines.begin() + at, indentOf(lines[at]) + "memref.dealloc " +
                                         v->name + " : " + v->type);
    return true;
  }
  case 5: { // a fresh allocation, maybe freed later in the same block
    if (points.empty())
      return false;
    size_t at = points[pick(rng, points.size())];
    std::string ind = indentOf(lines[at]);
    static const char *types[] = {"memref<4xf32>", "memref<8xi32>",
                                  "memref<2x2xf32>", "memref<16xi8>"};
    std::string type = types[pick(rng, 4)];
    std::string name = freshName(rng, "fz");
    const char *op = pick(rng, 4) ? "memref.alloc" : "memref.alloca";
    size_t free = at;
    for (size_t k = pick(rng, 4);
         k && free + 1 < n && isInsertionPoint(lines, free + 1) &&
         indentOf(lines[free + 1]) == ind;
         --k)
      ++free;
    if (pick(rng, 2))
      lines.insert(lines.begin() + free,
                   ind + "memref.dealloc " + name + " : " + type);
    lines.insert(lines.begin() + at, ind + name + " = " + op + "() : " + type);
    return true;
  }
  case 6: { // rename a use to another visible value of the same type
    struct Use {
      size_t line, pos, len;
      std::string type;
    };
    std::vector<Use> uses;
    for (size_t i = 0; i < n; ++i) {
      const std::string &l = lines[i];
      size_t eq = l.find(" = ");
      for (size_t p = l.find('%'); p != std::string::npos;
           p = l.find('%', p + 1)) {
        if (eq != std::string::npos && p < eq)
          continue;
        size_t e = p + 1;
        while (e < l.size() && isIdChar(l[e]))
          ++e;
        std::string name = l.substr(p, e - p);
        for (const Value &v : values)
          if (v.name == name && v.line < i) {
            uses.push_back({i, p, e - p, v.type});
            break;
          }
      }
    }
    if (uses.empty())
      return false;
    const Use &u = uses[pick(rng, uses.size())];
    std::string old = lines[u.line].substr(u.pos, u.len);
    std::vector<const Value *> same;
    for (const Value *v : visibleAt(lines, values, u.line, u.type.c_str()))
      if (v->name != old && v->type == u.type)
        same.push_back(v);
    if (same.empty())
      return false;
    lines[u.line].replace(u.pos, u.len, same[pick(rng, same.size())]->name);
    return true;
  }
  case 7:
  case 8: { // wrap 1-3 ops in scf.if (maybe with an else) or scf.for
    if (plain.empty())
      return false;
    size_t i = plain[pick(rng, plain.size())];
    std::string ind = indentOf(lines[i]);
    size_t len = 1;
    for (size_t k = pick(rng, 3);
         k && i + len < n && isPlainOp(lines[i + len]) &&
         indentOf(lines[i + len]) == ind;
         --k)
      ++len;
    std::vector<std::string> body;
    for (size_t k = i; k < i + len; ++k)
      body.push_back("  " + lines[k]);
    std::vector<std::string> out;
    if (kind == 7) {
      auto conds = visibleAt(lines, values, i, "i1");
      if (conds.empty())
        return false;
      out.push_back(ind + "scf.if " + conds[pick(rng, conds.size())]->name +
                    " {");
      out.insert(out.end(), body.begin(), body.end());
      if (pick(rng, 2)) {
        out.push_back(ind + "} else {");
        auto mems = visibleAt(lines, values, i, "memref<");
        if (!mems.empty() && pick(rng, 2)) {
          const Value *v = mems[pick(rng, mems.size())];
          out.push_back(ind + "  memref.dealloc " + v->name + " : " + v->type);
        }
      }
    } else {
      std::string k = std::to_string(rng() % 100000);
      out = {ind + "%fzlb" + k + " = arith.constant 0 : index",
             ind + "%fzub" + k + " = arith.constant " +
                 std::to_string(pick(rng, 3)) + " : index",
             ind + "%fzst" + k + " = arith.constant 1 : index",
             ind + "scf.for %fziv" + k + " = %fzlb" + k + " to %fzub" + k +
                 " step %fzst" + k + " {"};
      out.insert(out.end(), body.begin(), body.end());
    }
    out.push_back(ind + "}");
    lines.erase(lines.begin() + i, lines.begin() + i + len);
    lines.insert(lines.begin() + i, out.begin(), out.end());
    return true;
  }
  case 9: { // flip a constant / a predicate / the successors of a cond_br
    std::vector<size_t> cands = linesWhere(lines, [&](size_t i) {
      const std::string &l = lines[i];
      return l.find("true") != std::string::npos ||
             l.find("false") != std::string::npos ||
             l.find("cf.cond_br") != std::string::npos ||
             l.find("arith.cmpi") != std::string::npos;
    });
    if (cands.empty())
      return false;
    std::string &l = lines[cands[pick(rng, cands.size())]];
    size_t t = l.find("true"), f = l.find("false");
    if (t != std::string::npos) {
      l.replace(t, 4, "false");
      return true;
    }
    if (f != std::string::npos) {
      l.replace(f, 5, "true");
      return true;
    }
    size_t cmp = l.find("arith.cmpi ");
    if (cmp != std::string::npos) {
      static const char *preds[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                    "sge", "ult", "ule", "ugt", "uge"};
      size_t p = cmp + 11, e = l.find(',', p);
      if (e == std::string::npos)
        return false;
      l.replace(p, e - p, preds[pick(rng, 10)]);
      return true;
    }
    size_t br = l.find("cf.cond_br ");
    size_t a = l.find('^', br);
    size_t b = a == std::string::npos ? a : l.find('^', a + 1);
    if (b == std::string::npos)
      return false;
    size_t ae = a + 1, be = b + 1;
    while (ae < l.size() && isIdChar(l[ae]))
      ++ae;
    while (be < l.size() && isIdChar(l[be]))
      ++be;
    std::string sa = l.substr(a, ae - a), sb = l.substr(b, be - b);
    l.replace(b, be - b, sa);
    l.replace(a, ae - a, sb);
    return true;
  }
  case 10: { // an alias or a use of a visible buffer
    if (points.empty())
      return false;
    size_t at = points[pick(rng, points.size())];
    auto mems = visibleAt(lines, values, at, "memref<");
    if (mems.empty())
      return false;
    const Value *v = mems[pick(rng, mems.size())];
    const Value *w = mems[pick(rng, mems.size())];
    std::string ind = indentOf(lines[at]);
    std::string s;
    if (pick(rng, 2))
      s = ind + freshName(rng, "fzc") + " = memref.cast " + v->name + " : " +
          v->type + " to " + v->type;
    else if (v->type == w->type)
      s = ind + "memref.copy " + v->name + ", " + w->name + " : " + v->type +
          " to " + w->type;
    else
      return false;
    lines.insert(lines.begin() + at, s);
    return true;
  }
  case 11: { // return early: cut a block's tail after a fresh return
    std::vector<size_t> rets = linesWhere(lines, [&](size_t i) {
      std::string t = trimmed(lines[i]);
      return startsWith(t, "return") || startsWith(t, "func.return");
    });
    if (rets.empty() || points.empty())
      return false;
    size_t r = rets[pick(rng, rets.size())];
    // Move the return up over the plain ops right before it.
    size_t i = r;
    for (size_t k = 1 + pick(rng, 3);
         k && i > 0 && isPlainOp(lines[i - 1]) &&
         indentOf(lines[i - 1]) == indentOf(lines[r]);
         --k)
      --i;
    if (i == r)
      return false;
    std::string ret = lines[r];
    lines.erase(lines.begin() + i, lines.begin() + r + 1);
    lines.insert(lines.begin() + i, ret);
    return true;
  }
  default: { // move a line anywhere (mostly breaks dominance; some don't)
    size_t i = pick(rng, n), j = pick(rng, n);
    std::string l = lines[i];
    lines.erase(lines.begin() + i);
    lines.insert(lines.begin() + std::min(j, lines.size()), l);
    return true;
  }
  }
}

/// Lines [begin, end] of each `func.func` with a body.
std::vector<std::pair<size_t, size_t>>
functions(const std::vector<std::string> &lines) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find("func.func") == std::string::npos ||
        lines[i].find('{') == std::string::npos)
      continue;
    auto [b, e] = funcAround(lines, i);
    if (b == i && e < lines.size())
      out.push_back({b, e});
  }
  return out;
}

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  Rng rng(seed);
  // One time in eight: libFuzzer's byte-level mutations (and mlir.dict).
  if (size == 0 || pick(rng, 8) == 0) {
    stats.lastKind = kNumEdits;
    return LLVMFuzzerMutate(data, size, maxSize);
  }
  std::vector<std::string> lines = splitLines(data, size);
  // libFuzzer stacks several mutations (-mutate_depth) and runs each step,
  // so one edit per call is enough; retry a few kinds that may not apply.
  for (int attempt = 0; attempt < 4; ++attempt) {
    int kind = pick(rng, kNumEdits);
    std::vector<std::string> edited = lines;
    if (!mutateOnce(rng, edited, kind))
      continue;
    std::string out = joinLines(edited);
    if (out.size() > maxSize)
      continue;
    stats.lastKind = kind;
    memcpy(data, out.data(), out.size());
    return out.size();
  }
  stats.lastKind = kNumEdits + 1;
  return LLVMFuzzerMutate(data, size, maxSize);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                            const uint8_t *data2, size_t size2,
                                            uint8_t *out, size_t maxOutSize,
                                            unsigned seed) {
  // Copy one function of the second input, renamed, into the first; or, if
  // it has none, a run of its lines.
  Rng rng(seed);
  stats.lastKind = kNumEdits + 2;
  std::vector<std::string> a = splitLines(data1, size1);
  std::vector<std::string> b = splitLines(data2, size2);
  std::vector<std::string> piece;
  auto fns = functions(b);
  if (!fns.empty()) {
    auto [fb, fe] = fns[pick(rng, fns.size())];
    piece.assign(b.begin() + fb, b.begin() + fe + 1);
    size_t at = piece[0].find('@');
    if (at != std::string::npos) {
      size_t e = at + 1;
      while (e < piece[0].size() && isIdChar(piece[0][e]))
        ++e;
      piece[0].insert(e, "_x" + std::to_string(rng() % 1000));
    }
  } else {
    stats.lastKind = kNumEdits + 3;
    size_t from = pick(rng, b.size());
    size_t len = std::min(b.size() - from, 1 + pick(rng, 8));
    piece.assign(b.begin() + from, b.begin() + from + len);
  }
  // Replace one of the first input's functions (keeps sizes bounded), or
  // add it after the last one (inside its module, if any).
  auto fnsA = functions(a);
  if (fnsA.size() >= 2 && pick(rng, 2)) {
    auto [ab, ae] = fnsA[pick(rng, fnsA.size())];
    a.erase(a.begin() + ab, a.begin() + ae + 1);
    a.insert(a.begin() + ab, piece.begin(), piece.end());
  } else {
    size_t pos = fnsA.empty() ? a.size() : fnsA.back().second + 1;
    a.insert(a.begin() + pos, piece.begin(), piece.end());
  }
  std::string s = joinLines(a);
  if (s.size() > maxOutSize) {
    s.assign(reinterpret_cast<const char *>(data1),
             std::min(size1, maxOutSize));
  }
  memcpy(out, s.data(), s.size());
  return s.size();
}
#endif // MEMLINT_FUZZ_IR_MUTATOR
