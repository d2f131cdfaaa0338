//===- Engine.cpp - Lint a document ---------------------------------------===//
#include "analysis/Engine.h"

#include "analysis/LifetimeAnalysis.h"
#include "analysis/NestingDepth.h"
#include "analysis/WorkPool.h"
#include "analysis/checks/Check.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>
#include <mutex>
#include <optional>
#include <queue>
#include <set>

namespace memlint {

static llvm::StringRef lineText(llvm::StringRef text, unsigned line) {
  for (unsigned i = 1; i < line; ++i) {
    size_t nl = text.find('\n');
    if (nl == llvm::StringRef::npos)
      return "";
    text = text.drop_front(nl + 1);
  }
  return text.take_until([](char c) { return c == '\n'; });
}

namespace {
/// What the suppression comment of one line says: nothing (no comment),
/// every check, or the checks it names.
struct LineSuppression {
  bool any = false; // the line has a suppression comment
  bool all = false; // ... that names no checks
  llvm::SmallVector<llvm::StringRef> checks;

  bool suppresses(llvm::StringRef check) const {
    return any && (all || llvm::is_contained(checks, check));
  }
};
} // namespace

/// Where the `//` comment of line `l` starts (npos: none): the first `//`
/// outside string literals, so `{note = "http://x"}` is no comment.
static size_t commentStart(llvm::StringRef l) {
  for (size_t i = 0, e = l.size(); i < e; ++i) {
    if (l[i] == '"') {
      for (++i; i < e && l[i] != '"'; ++i)
        if (l[i] == '\\')
          ++i;
      continue;
    }
    if (l[i] == '/' && i + 1 < e && l[i + 1] == '/')
      return i;
  }
  return llvm::StringRef::npos;
}

/// Reads the suppression comment of `line` (one line's text): one scan for
/// the marker, whatever the number of findings on the line. The marker
/// counts in the line's comment only, and a check list must be closed
/// (`ignore[leak` suppresses nothing).
static LineSuppression suppressionOf(llvm::StringRef l) {
  LineSuppression s;
  constexpr llvm::StringLiteral Marker = "memlint: ignore";
  if (l.find(Marker) == llvm::StringRef::npos)
    return s; // the common case, without lexing the line
  size_t comment = commentStart(l);
  if (comment == llvm::StringRef::npos)
    return s;
  llvm::StringRef text = l.drop_front(comment);
  size_t at = text.find(Marker);
  if (at == llvm::StringRef::npos)
    return s;
  llvm::StringRef rest = text.drop_front(at + Marker.size());
  if (!rest.starts_with("[")) {
    s.any = s.all = true; // ignores every check
    return s;
  }
  size_t close = rest.find(']');
  if (close == llvm::StringRef::npos)
    return s;
  s.any = true;
  llvm::SmallVector<llvm::StringRef> names;
  rest.slice(1, close).split(names, ',');
  for (llvm::StringRef n : names)
    s.checks.push_back(n.trim());
  return s;
}

bool isSuppressed(llvm::StringRef text, unsigned line,
                  const std::string &check) {
  return suppressionOf(lineText(text, line)).suppresses(check);
}

namespace {
/// The suppression comments of a document's lines, each line read once
/// (a long line with many findings is scanned once, not per finding).
class SuppressionCache {
public:
  explicit SuppressionCache(Document &doc) : doc(doc) {}
  bool suppressed(const Finding &f) {
    unsigned line = f.range.start.line;
    auto [it, fresh] = lines.try_emplace(line, NoComment);
    if (fresh) {
      // The line's start in O(1) from the document's line table; its end
      // is found once per line.
      size_t begin = doc.offsetOf({line, 1});
      size_t end = doc.text().find('\n', begin);
      LineSuppression s = suppressionOf(doc.text().slice(begin, end));
      if (s.any) {
        it->second = comments.size();
        comments.push_back(std::move(s));
      }
    }
    return it->second != NoComment && comments[it->second].suppresses(f.check);
  }

private:
  Document &doc;
  /// Each line read: the index of its comment in `comments`, if it has
  /// one (few do, and a large file has findings on many lines).
  static constexpr uint32_t NoComment = ~uint32_t(0);
  llvm::DenseMap<unsigned, uint32_t> lines;
  std::vector<LineSuppression> comments;
};
} // namespace

/// Moves the findings of `found` that no comment suppresses to `out`, with
/// their configured severity.
template <typename Findings>
static void keepReported(SuppressionCache &suppressions,
                         const LintOptions &opts, std::vector<Finding> &found,
                         Findings &out) {
  for (Finding &f : found) {
    if (suppressions.suppressed(f))
      continue;
    auto sev = opts.severity.find(f.check);
    if (sev != opts.severity.end())
      f.severity = sev->second;
    f.message.shrinkToFit();
    for (RelatedLocation &r : f.related)
      r.message.shrinkToFit();
    f.related.shrink_to_fit();
    out.push_back(std::move(f));
  }
  // The findings now in `out` leave their storage behind.
  std::vector<Finding>().swap(found);
}

/// The findings of every enabled check in the function of `la`. Findings
/// of a function the path-sensitive analysis gave up on come from its
/// coarse events, and say so.
static void checkOneFunction(CheckContext &ctx, LifetimeAnalysis &la,
                             std::vector<Finding> &out) {
  size_t first = out.size();
  for (const auto &check : allChecks())
    if (ctx.options.isEnabled(check->name()))
      check->checkFunction(ctx, la, out);
  if (!la.gaveUp())
    return;
  std::string why = " (coarse analysis: @" + la.function().getName().str() +
                    " outgrew the path-sensitive budget)";
  auto fromEvents = [](const std::string &check) {
    for (CheckId id : {CheckId::Leak, CheckId::DoubleFree,
                       CheckId::UseAfterFree, CheckId::InvalidFree})
      if (check == checkInfo(id).name)
        return true;
    return false;
  };
  for (size_t i = first; i < out.size(); ++i)
    if (fromEvents(out[i].check))
      out[i].message += why;
}

std::vector<Finding> lintDocument(Document &doc, const LintOptions &opts) {
  if (!doc.isValid())
    return {};
  ModuleLifetimes lifetimes(doc.module(),
                            [&doc](mlir::Value v) { return doc.nameOf(v); });
  return lintDocument(doc, opts, lifetimes);
}

/// Checks every function, handing each one's findings, sorted
/// (findingLess), to `checked` on the thread that checked it, right after;
/// false when the analysis was cancelled.
static bool checkEveryFunction(
    Document &doc, const LintOptions &opts, ModuleLifetimes &lifetimes,
    llvm::function_ref<void(unsigned, std::vector<Finding> &)> checked) {
  bool anyCheck = llvm::any_of(allChecks(), [&](const auto &check) {
    return opts.isEnabled(check->name());
  });
  if (!doc.isValid() || !anyCheck)
    return true;
  // Deep input is analysed on the calling thread (see NestingDepth.h).
  unsigned threads = doc.nestingDepth() > MaxParallelNestingDepth
                         ? 1
                         : batchThreads(opts.threads);
  BddBudget budget = lifetimes.budgetPerFunction();
  budget.operations = opts.analysisOperations;
  budget.bytes = opts.analysisBytes;
  budget.cancelled = opts.cancelled;
  lifetimes.setBudget(budget);
  lifetimes.setAllocators(opts.allocators);
  CheckContext ctx{doc, lifetimes, opts};
  const auto &functions = lifetimes.functions();
  auto checkFunction = [&](unsigned i) {
    LifetimeAnalysis &la = lifetimes.get(functions[i]);
    std::vector<Finding> found;
    checkOneFunction(ctx, la, found);
    std::stable_sort(found.begin(), found.end(), findingLess);
    if (opts.beforeRelease)
      opts.beforeRelease(la);
    if (opts.releaseAnalyses)
      la.releaseWorkState();
    checked(i, found);
  };
  if (opts.cancelled) {
    // A cancellable analysis runs one function at a time (get() analyses
    // callees first) and looks at the flag between functions; the server
    // runs documents side by side instead. Each function get() analyses is
    // checked right after (its check releases the work state): the first
    // caller above a call cycle brings all the others.
    std::vector<bool> done(functions.size(), false);
    auto checkOnce = [&](unsigned i) {
      if (!done[i]) {
        done[i] = true;
        checkFunction(i);
      }
    };
    for (unsigned i = 0; i < functions.size(); ++i) {
      if (opts.cancelled->load(std::memory_order_relaxed))
        return false;
      lifetimes.get(functions[i], [&](mlir::FunctionOpInterface fn) {
        if (std::optional<unsigned> j = lifetimes.indexOf(fn))
          checkOnce(*j);
      });
      checkOnce(i);
    }
    // (A flag set during the last function stopped its analysis as a
    // spent budget would: its findings are not the text's.)
    if (opts.cancelled->load(std::memory_order_relaxed))
      return false;
  } else {
    // Each function is checked as soon as it is analysed, on its thread.
    lifetimes.analyzeAll(threads, checkFunction);
  }
  return true;
}

/// Each function's findings, each list sorted (findingLess); nullopt when
/// the analysis was cancelled.
static std::optional<std::vector<std::vector<Finding>>>
findingsPerFunction(Document &doc, const LintOptions &opts,
                    ModuleLifetimes &lifetimes) {
  std::vector<std::vector<Finding>> perFunction(lifetimes.functions().size());
  bool finished = checkEveryFunction(
      doc, opts, lifetimes, [&](unsigned i, std::vector<Finding> &found) {
        // Kept until every function is checked: no room to spare.
        found.shrink_to_fit();
        perFunction[i] = std::move(found);
      });
  if (!finished)
    return std::nullopt;
  return perFunction;
}

/// The findings of every function, in order, into `out` (each list's
/// storage given back as it moves): functions lie in file order, so the
/// whole is then sorted too, with no second copy of every finding (a
/// stable sort of them all needs one for its merges). Sorted again only
/// when the module lists functions out of file order: sorting what is
/// sorted in parts keeps equal findings in the same order.
template <typename Findings>
static void gatherFindings(Document &doc, const LintOptions &opts,
                           std::vector<std::vector<Finding>> &perFunction,
                           Findings &out) {
  SuppressionCache suppressions(doc);
  for (std::vector<Finding> &found : perFunction)
    keepReported(suppressions, opts, found, out);
  if (!std::is_sorted(out.begin(), out.end(), findingLess))
    std::stable_sort(out.begin(), out.end(), findingLess);
}

std::vector<Finding> lintDocument(Document &doc, const LintOptions &opts,
                                  ModuleLifetimes &lifetimes) {
  std::vector<Finding> out;
  auto perFunction = findingsPerFunction(doc, opts, lifetimes);
  if (!perFunction)
    return out;
  size_t total = 0;
  for (const std::vector<Finding> &found : *perFunction)
    total += found.size();
  out.reserve(total);
  gatherFindings(doc, opts, *perFunction, out);
  return out;
}

std::deque<Finding> lintDocumentForOutput(Document &doc,
                                          const LintOptions &opts,
                                          ModuleLifetimes &lifetimes) {
  std::deque<Finding> out;
  if (auto perFunction = findingsPerFunction(doc, opts, lifetimes))
    gatherFindings(doc, opts, *perFunction, out);
  return out;
}

void lintDocumentStreamed(Document &doc, const LintOptions &opts,
                          ModuleLifetimes &lifetimes, FindingSink sink) {
  // A function's findings lie in its text, which starts where its op
  // does: once every function left to check starts after a finding, no
  // finding before it can come, and it goes out. Functions are analysed
  // callees first, side by side, and a nested function is listed before
  // the one around it; the checked ones' lists are merged in findingLess
  // order, ties in function order, as the stable sort of lintDocument.
  const auto &functions = lifetimes.functions();
  std::mutex lock; // guards everything below while functions are checked
  std::set<std::pair<SourcePos, unsigned>> unchecked; // by where they start
  for (unsigned i = 0; i < functions.size(); ++i)
    unchecked.insert({doc.fullRangeOf(functions[i]).start, i});
  std::vector<std::vector<Finding>> lists(functions.size());
  // The next finding of each checked list: (function, index in its list).
  using Head = std::pair<unsigned, size_t>;
  auto later = [&](const Head &a, const Head &b) {
    const Finding &x = lists[a.first][a.second], &y = lists[b.first][b.second];
    if (findingLess(y, x))
      return true;
    return !findingLess(x, y) && b.first < a.first;
  };
  std::priority_queue<Head, std::vector<Head>, decltype(later)> heads(later);
  SuppressionCache suppressions(doc);
  std::vector<Finding> out;
  auto handOver = [&](bool all) {
    while (!heads.empty()) {
      auto [fn, k] = heads.top();
      Finding &f = lists[fn][k];
      if (!all && !unchecked.empty() &&
          !(f.range.start < unchecked.begin()->first))
        break;
      heads.pop();
      out.push_back(std::move(f));
      if (k + 1 < lists[fn].size())
        heads.push({fn, k + 1});
      else
        std::vector<Finding>().swap(lists[fn]);
    }
    if (!out.empty())
      sink(out);
    out.clear();
  };
  bool finished = checkEveryFunction(
      doc, opts, lifetimes, [&](unsigned i, std::vector<Finding> &found) {
        std::lock_guard<std::mutex> guard(lock);
        keepReported(suppressions, opts, found, lists[i]);
        unchecked.erase({doc.fullRangeOf(functions[i]).start, i});
        if (!lists[i].empty())
          heads.push({i, 0});
        handOver(/*all=*/false);
      });
  if (finished)
    handOver(/*all=*/true);
}

std::vector<std::vector<Finding>>
lintFunctions(Document &doc, const LintOptions &opts,
              ModuleLifetimes &lifetimes,
              llvm::ArrayRef<mlir::FunctionOpInterface> only) {
  std::vector<std::vector<Finding>> out(only.size());
  if (!doc.isValid())
    return out;
  lifetimes.setAllocators(opts.allocators);
  CheckContext ctx{doc, lifetimes, opts};
  SuppressionCache suppressions(doc);
  for (size_t i = 0; i < only.size(); ++i) {
    std::vector<Finding> found;
    checkOneFunction(ctx, lifetimes.get(only[i]), found);
    keepReported(suppressions, opts, found, out[i]);
    std::stable_sort(out[i].begin(), out[i].end(), findingLess);
  }
  return out;
}

} // namespace memlint
