//===- IncrementalLinter.cpp - Lint a changing document cheaply -----------===//
#include "server/IncrementalLinter.h"

#include "server/SplitOperations.h"

#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"
#include "fixes/Fixes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <chrono>
#include <deque>
#include <set>

using namespace mlir;

namespace memlint {

namespace {

/// Lints with each function's path-sensitive state released as soon as
/// its hover facts are taken from it (LintOptions::beforeRelease): a first
/// analysis of a large document held every function's BDD state at once,
/// about 4x the memory of `memlint lint` on the same text.
class SemanticsCollector {
public:
  SemanticsCollector(Document &doc, const LintOptions &opts)
      : doc(doc), opts(opts), lintOpts(opts) {
    lintOpts.releaseAnalyses = true;
    lintOpts.beforeRelease = [this](LifetimeAnalysis &la) {
      if (la.function().isExternal())
        return;
      FunctionSemantics s = functionSemantics(this->doc, la, this->opts);
      std::lock_guard<std::mutex> lock(mutex);
      byFunction[la.function().getOperation()] = std::move(s);
    };
  }
  /// What to lint with.
  const LintOptions &options() const { return lintOpts; }
  /// The facts of `root`, after the lint; a function the lint did not
  /// analyse (no check enabled) is analysed now.
  void collect(Operation *root, std::vector<BufferFacts> &out,
               ModuleLifetimes &lifetimes) {
    root->walk([&](FunctionOpInterface fn) {
      if (!fn.isExternal() && !byFunction.count(fn.getOperation()))
        byFunction[fn.getOperation()] =
            functionSemantics(doc, lifetimes.get(fn), opts);
    });
    collectBufferFacts(doc, root, out, &byFunction);
  }

private:
  Document &doc;
  const LintOptions &opts;
  LintOptions lintOpts;
  std::mutex mutex;
  SemanticsByFunction byFunction;
};

/// Versions to wait before trusting the split again once it was wrong.
constexpr unsigned splitCooldown = 50;
/// Broken operations set aside, one per parse, before the whole file is
/// analysed instead.
constexpr unsigned maxIsolationRounds = 16;

double millisecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t)
      .count();
}

} // namespace

IncrementalLinter::IncrementalLinter(std::string fileName, LintOptions options,
                                     bool incremental)
    : fileName(std::move(fileName)), opts(std::move(options)),
      incremental(incremental) {}

IncrementalLinter::~IncrementalLinter() = default;

bool IncrementalLinter::isCancelled() const {
  return opts.cancelled && opts.cancelled->load(std::memory_order_relaxed);
}

/// Whether `pos` lies past the last non-blank character of its line.
static bool pastLastCode(llvm::StringRef text, const TopLevelLayout &layout,
                         SourcePos pos) {
  if (pos.line == 0 || pos.line > layout.lineStarts.size())
    return false;
  size_t begin = layout.lineStarts[pos.line - 1];
  size_t end = pos.line < layout.lineStarts.size() ? layout.lineStarts[pos.line]
                                                   : text.size();
  size_t at = std::min(end, begin + (pos.column ? pos.column - 1 : 0));
  return text.slice(at, end).trim().empty();
}

void IncrementalLinter::wholeFile(AnalysisResult &res, std::string note) {
  res.stats.mode = "whole-file";
  res.stats.note = std::move(note);
  std::unique_ptr<Document> doc = Document::parse(*res.text, fileName);
  if (!doc->isValid()) {
    res.errors = doc->errors();
    return;
  }
  ModuleLifetimes lifetimes(doc->module(),
                            [&doc](mlir::Value v) { return doc->nameOf(v); });
  SemanticsCollector semantics(*doc, opts);
  res.ungroupedFindings = lintDocument(*doc, semantics.options(), lifetimes);
  if (isCancelled())
    return;
  auto buffers = std::make_shared<std::vector<BufferFacts>>();
  for (Operation &op : doc->module().getBody()->getOperations()) {
    ++res.stats.opsTotal;
    semantics.collect(&op, *buffers, lifetimes);
  }
  res.bufferGroups.push_back({std::move(buffers), 0, 1, ~0u});
  res.stats.opsAnalysed = res.stats.opsTotal;
}

std::shared_ptr<AnalysisResult>
IncrementalLinter::analyzeWholeFile(std::shared_ptr<const std::string> text,
                                    int64_t version) {
  auto start = std::chrono::steady_clock::now();
  auto res = std::make_shared<AnalysisResult>();
  res->version = version;
  res->text = std::move(text);
  res->lines = std::make_unique<TextLines>(*res->text);
  wholeFile(*res, "requested");
  res->stats.milliseconds = millisecondsSince(start);
  return res;
}

std::shared_ptr<AnalysisResult>
IncrementalLinter::analyze(std::shared_ptr<const std::string> text,
                           int64_t version) {
  auto start = std::chrono::steady_clock::now();
  auto res = std::make_shared<AnalysisResult>();
  res->version = version;
  res->text = std::move(text);
  auto finish = [&] {
    if (!res->lines)
      res->lines = std::make_unique<TextLines>(*res->text);
    res->cancelled |= isCancelled();
    res->stats.milliseconds = millisecondsSince(start);
    return res;
  };

  if (!incremental) {
    wholeFile(*res, "incremental analysis is off");
    return finish();
  }
  if (cooldown) {
    --cooldown;
    wholeFile(*res, "the split into operations was wrong recently");
    return finish();
  }
  auto tLayout = std::chrono::steady_clock::now();
  bool partialLayout = false;
  TopLevelLayout layout =
      previousText ? updateLayout(std::move(previousLayout), *previousText,
                                  *res->text, &partialLayout)
                   : computeLayout(*res->text);
  previousText.reset();
  // Kept for the next version however this one ends (a split by
  // indentation is not: the next one scans the text afresh).
  bool recovered = false;
  llvm::scope_exit keepLayout([&] {
    if (layout.ok && !recovered) {
      previousLayout = std::move(layout);
      previousText = res->text;
    }
  });
  if (!layout.ok) {
    // Brackets that do not balance yet: the operations that still parse
    // keep their findings, split by indentation.
    TopLevelLayout byIndent = computeLayoutRecovering(*res->text);
    if (byIndent.ok) {
      layout = std::move(byIndent);
      recovered = true;
    }
  }
  if (!layout.ok) {
    cache.clear();
    wholeFile(*res, "cannot split the file: " + layout.reason);
    return finish();
  }
  // The split found the lines already.
  res->lines = std::make_unique<TextLines>(*res->text, layout.lineStarts);

  // Two definitions of a symbol in different operations are an error only
  // a parse of both sees: leave that to the whole file.
  llvm::StringSet<> symbols;
  for (const LayoutItem &item : layout.items)
    if (item.kind == LayoutItem::Kind::Op && !item.symbol.empty() &&
        !symbols.insert(item.symbol).second) {
      wholeFile(*res, "@" + item.symbol + " is defined more than once");
      return finish();
    }

  std::vector<std::vector<int>> deps;
  auto tKeys = std::chrono::steady_clock::now();
  std::vector<uint64_t> keys = operationKeys(layout, deps);
  auto tParse = std::chrono::steady_clock::now();
  const auto &items = layout.items;
  size_t n = items.size();
  std::vector<char> isMiss(n, 0), included(n, 0);
  std::deque<int> work;
  unsigned ops = 0, misses = 0;
  for (size_t i = 0; i < n; ++i) {
    if (items[i].kind == LayoutItem::Kind::Prelude)
      included[i] = 1;
    if (items[i].kind != LayoutItem::Kind::Op)
      continue;
    ++ops;
    if (!cache.count(keys[i])) {
      isMiss[i] = included[i] = 1;
      ++misses;
      work.push_back(i);
    }
  }
  res->stats.mode = "incremental";
  res->stats.opsTotal = ops;
  res->stats.opsAnalysed = misses;

  std::vector<std::shared_ptr<CachedOp>> fresh(n);
  std::vector<std::vector<Finding>> freshFindings(n);
  // Operations that do not parse, and those that reach one through
  // `@symbol` references: neither is analysed nor cached.
  std::vector<char> broken(n, 0), blocked(n, 0);
  // An operation a split by indentation found open at the next one: its
  // parse error would surface at the end of the text, in whatever
  // operation is last. Set aside from the start, with an error of its own
  // where it begins.
  for (size_t i = 0; i < n; ++i)
    if (items[i].unbalanced && items[i].kind == LayoutItem::Kind::Op) {
      broken[i] = 1;
      SourcePos at{items[i].firstLine, 1};
      res->errors.push_back(
          {"this operation's brackets or strings do not close before the "
           "next operation",
           SourceRange{at, at}});
    }
  markDependents(broken, deps, blocked);
  if (misses) {
    std::unique_ptr<Document> doc;
    std::vector<int> initialWork(work.begin(), work.end());
    // Parse what changed with everything it references. When that fails,
    // the operations holding the errors are set aside and the rest parsed
    // again (a parse stops at its first error), so one broken operation
    // does not hide the findings of the others.
    for (unsigned round = 0;; ++round) {
      std::fill(included.begin(), included.end(), 0);
      for (size_t i = 0; i < n; ++i)
        included[i] = items[i].kind == LayoutItem::Kind::Prelude;
      std::deque<int> todo;
      for (int i : initialWork)
        if (!blocked[i]) {
          included[i] = 1;
          todo.push_back(i);
        }
      if (todo.empty())
        break; // every changed operation is broken or depends on one
      includeReferenced(todo, deps, included);
      bool all = std::all_of(included.begin(), included.end(),
                             [](char c) { return c; });
      doc = all ? Document::parse(*res->text, fileName)
                : Document::parse(blankedText(*res->text, layout, included),
                                  fileName);
      if (isCancelled()) {
        res->cancelled = true;
        return finish();
      }
      if (doc->isValid())
        break;
      // Errors inside the operations being re-analysed are the file's own;
      // anything else may come from the split, so ask the whole file.
      bool believable = round < maxIsolationRounds;
      std::vector<int> holders;
      for (const InputError &e : doc->errors()) {
        int idx = e.range.isValid() ? layout.itemAtLine(e.range.start.line)
                                    : -1;
        // "expected ..." points just past the last token read: at the end
        // of an item's last line, the error is the next item's (`()`
        // after a function is not that function's error).
        if (idx >= 0 && idx + 1 < int(n) &&
            e.range.start.line == items[idx].lastLine &&
            pastLastCode(*res->text, layout, e.range.start))
          idx = idx + 1;
        believable &= idx >= 0 && isMiss[idx] && !blocked[idx];
        if (believable)
          holders.push_back(idx);
      }
      if (!believable || holders.empty()) {
        res->errors.clear();
        wholeFile(*res, "errors outside the changed operations");
        return finish();
      }
      for (const InputError &e : doc->errors())
        res->errors.push_back(e);
      for (int idx : holders)
        broken[idx] = 1;
      markDependents(broken, deps, blocked);
      doc.reset();
    }
    if (doc) {
      std::string why;
      if (!splitMatchesParse(*doc, layout, included, why)) {
        cache.clear();
        cooldown = splitCooldown;
        res->errors.clear();
        wholeFile(*res, "the split into operations was wrong: " + why);
        return finish();
      }
    }
    for (size_t i = 0; i < n; ++i)
      if (isMiss[i] && !blocked[i]) {
        fresh[i] = std::make_shared<CachedOp>();
        fresh[i]->firstLine = items[i].firstLine;
        fresh[i]->lastLine = items[i].lastLine;
        fresh[i]->findings = std::make_shared<const std::vector<Finding>>();
      }
    if (doc) {
      ModuleLifetimes lifetimes(
          doc->module(), [&doc](mlir::Value v) { return doc->nameOf(v); });
      SemanticsCollector semantics(*doc, opts);
      for (Finding &f : lintDocument(*doc, semantics.options(), lifetimes)) {
        int idx =
            f.range.isValid() ? layout.itemAtLine(f.range.start.line) : -1;
        if (idx < 0)
          res->ungroupedFindings.push_back(std::move(f)); // not cached
        else if (isMiss[idx] && !blocked[idx])
          freshFindings[idx].push_back(std::move(f));
      }
      if (isCancelled()) {
        res->cancelled = true;
        return finish();
      }
      std::vector<std::shared_ptr<std::vector<BufferFacts>>> facts(n);
      for (Operation &op : doc->module().getBody()->getOperations()) {
        int idx = layout.itemAtLine(doc->fullRangeOf(&op).start.line);
        if (idx < 0 || !isMiss[idx] || blocked[idx])
          continue;
        if (!facts[idx])
          facts[idx] = std::make_shared<std::vector<BufferFacts>>();
        semantics.collect(&op, *facts[idx], lifetimes);
      }
      for (size_t i = 0; i < n; ++i)
        if (isMiss[i] && !blocked[i]) {
          fresh[i]->findings = std::make_shared<const std::vector<Finding>>(
              std::move(freshFindings[i]));
          fresh[i]->buffers =
              facts[i] ? std::move(facts[i])
                       : std::make_shared<std::vector<BufferFacts>>();
        }
    }
  }
  // Everything, moved to where each operation is now. Results that point
  // outside their own operation cannot move with it and are not kept.
  auto tAssemble = std::chrono::steady_clock::now();
  ++round;
  for (size_t i = 0; i < n; ++i) {
    if (items[i].kind != LayoutItem::Kind::Op)
      continue;
    res->ops.push_back(
        {keys[i], items[i].firstLine, items[i].lastLine, !!blocked[i]});
    if (blocked[i])
      continue; // its parse error (or its callee's) is all there is to show
    std::shared_ptr<const CachedOp> c;
    if (isMiss[i]) {
      c = fresh[i];
      if (isSelfContained(c->firstLine, c->lastLine, *c->findings,
                          *c->buffers))
        cache[keys[i]] = {c, round};
    } else {
      CacheEntry &e = cache[keys[i]];
      e.lastUsed = round;
      c = e.op;
    }
    int delta = static_cast<int>(items[i].firstLine) -
                static_cast<int>(c->firstLine);
    // Shared, not copied: most of a large file's findings are the cache's.
    if (!c->findings->empty())
      res->findingGroups.push_back({c->findings, delta});
    res->bufferGroups.push_back(
        {c->buffers, delta, items[i].firstLine, items[i].lastLine});
  }
  // Results of operations no longer in the file stay a while (an undo
  // finds them), up to as many again as the file has.
  if (cache.size() > 2 * static_cast<size_t>(ops) + 64)
    for (auto it = cache.begin(); it != cache.end();)
      it = it->second.lastUsed == round ? std::next(it) : cache.erase(it);
  std::stable_sort(res->ungroupedFindings.begin(),
                   res->ungroupedFindings.end(), findingLess);
  std::stable_sort(res->errors.begin(), res->errors.end(),
                   [](const InputError &a, const InputError &b) {
                     return a.range.start < b.range.start;
                   });
  auto ms = [](auto a, auto b) {
    return llvm::formatv("{0:f1}",
                         std::chrono::duration<double, std::milli>(b - a)
                             .count())
        .str();
  };
  res->stats.note = "layout " + ms(tLayout, tKeys) +
                    (partialLayout ? " ms (partial), keys " : " ms, keys ") +
                    ms(tKeys, tParse) + " ms, parse+lint " +
                    ms(tParse, tAssemble) + " ms, assembly " +
                    ms(tAssemble, std::chrono::steady_clock::now()) + " ms";
  return finish();
}

} // namespace memlint
