//===- FixEngine.cpp - Proposing fixes and proving them by re-analysis ----===//
//
// For each finding the engine tries a short list of candidate edits, cheapest
// and earliest first, and keeps the first one that the lifetime analysis,
// re-run on the edited text, accepts:
//
//   leak            insert a free at the earliest point after the last use
//                   on a leaking path (FreePlacement proposes the points);
//                   repeated until no exit leaks the buffer
//   double-free     remove the second free, or the first; else remove one
//                   and repair the leaks that leaves
//   use-after-free  remove the free that comes too early and repair the
//                   leaks that leaves (the free moves past the last use)
//   invalid-free    remove the free (repairing any leak it leaves); for an
//                   interior view, free the whole buffer instead; else guard
//                   it with an i1 in scope, or with an ownership flag passed
//                   along with a merged block argument (OwnershipFlag.h)
//   missed-reuse    merge the two buffers (MergeBuffers.h)
//
// "Accepts" means: the text parses and verifies, the analysis neither gives
// up nor stops tracking a buffer it tracked, the finding's events are gone
// and no (function, kind, buffer) has more events than before. A merge has
// no events to remove; it must remove one buffer and keep every event
// count, keyed by buffer names since the indices shift (mergeKeeps).
//
//===----------------------------------------------------------------------===//
#include "fixes/Fixes.h"

#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/checks/Check.h"
#include "fixes/FreePlacement.h"
#include "fixes/FunctionSlice.h"
#include "fixes/MergeBuffers.h"
#include "fixes/OwnershipFlag.h"
#include "fixes/TextEdits.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

using namespace mlir;

namespace memlint {
namespace {

/// (function index, event kind, buffer index or, for invalid frees, origin
/// index).
using EventKey = std::tuple<unsigned, int, int>;

EventKey keyOf(unsigned fn, const Event &e) {
  return {fn, static_cast<int>(e.kind),
          e.kind == EventKind::InvalidFree ? static_cast<int>(e.origin)
                                           : e.buffer};
}

bool isReported(const LifetimeAnalysis &la, const Event &e) {
  // A function the analysis gave up on has only coarse events: no edit is
  // proven against them.
  if (la.gaveUp())
    return false;
  return e.kind != EventKind::InvalidFree ||
         la.origins()[e.origin].kind != OriginKind::Unknown;
}

/// What the analysis says of one function besides its events.
struct FunctionState {
  bool gaveUp = false;
  std::vector<bool> tracked; // per buffer
  // What callers see of the function (FunctionSummary).
  std::vector<bool> fresh;
  std::vector<std::optional<bool>> constant;
  bool operator==(const FunctionState &o) const {
    return gaveUp == o.gaveUp && tracked == o.tracked && fresh == o.fresh &&
           constant == o.constant;
  }
  bool operator!=(const FunctionState &o) const { return !(*this == o); }
};

/// Event counts and states of some functions of a module (all of them, or
/// the one a fix edits: an edit inside a function changes no other
/// function's analysis while the function's own summary stays the same).
struct Signature {
  std::map<EventKey, unsigned> counts;
  /// Per key, the summed share of paths its events happen on: a leak
  /// narrowed to fewer paths keeps its count but loses mass.
  std::map<EventKey, double> mass;
  std::map<unsigned, FunctionState> functions;

  unsigned count(const EventKey &k) const {
    auto it = counts.find(k);
    return it == counts.end() ? 0 : it->second;
  }
  double massOf(const EventKey &k) const {
    auto it = mass.find(k);
    return it == mass.end() ? 0.0 : it->second;
  }
  unsigned total() const {
    unsigned n = 0;
    for (auto &[k, c] : counts)
      n += c;
    return n;
  }
  double totalMass() const {
    double m = 0;
    for (auto &[k, x] : mass)
      m += x;
    return m;
  }
  /// Replaces what this says of the functions `other` covers.
  void update(const Signature &other) {
    for (auto &[fn, state] : other.functions) {
      functions[fn] = state;
      for (auto it = counts.begin(); it != counts.end();)
        it = std::get<0>(it->first) == fn ? counts.erase(it) : std::next(it);
      for (auto it = mass.begin(); it != mass.end();)
        it = std::get<0>(it->first) == fn ? mass.erase(it) : std::next(it);
    }
    for (auto &[k, c] : other.counts)
      counts[k] = c;
    for (auto &[k, x] : other.mass)
      mass[k] = x;
  }
  /// This signature restricted to function `fn`.
  Signature of(unsigned fn) const {
    Signature s;
    if (auto it = functions.find(fn); it != functions.end())
      s.functions[fn] = it->second;
    for (auto &[k, c] : counts)
      if (std::get<0>(k) == fn)
        s.counts[k] = c;
    for (auto &[k, x] : mass)
      if (std::get<0>(k) == fn)
        s.mass[k] = x;
    return s;
  }
};

void addFunction(Signature &s, ModuleLifetimes &ml, unsigned fn) {
  LifetimeAnalysis &la = ml.get(ml.functions()[fn]);
  FunctionState &st = s.functions[fn];
  st.gaveUp = la.gaveUp();
  for (const BufferInfo &b : la.buffers())
    st.tracked.push_back(b.tracked);
  st.fresh = la.summary().fresh;
  st.constant = la.summary().constant;
  for (const Event &e : la.events())
    if (isReported(la, e)) {
      ++s.counts[keyOf(fn, e)];
      s.mass[keyOf(fn, e)] += la.pathShare(e.cond);
    }
}

/// The signature of function `only`, or of every function.
Signature signatureOf(ModuleLifetimes &ml,
                      std::optional<unsigned> only = std::nullopt) {
  Signature s;
  if (only) {
    if (*only < ml.functions().size())
      addFunction(s, ml, *only);
    return s;
  }
  for (unsigned fn = 0; fn < ml.functions().size(); ++fn)
    addFunction(s, ml, fn);
  return s;
}

constexpr double Eps = 1e-9;

/// Nothing in `after` is worse than in `before` (more events of a key, or
/// events of a key on more paths), except possibly `except`.
bool noWorse(const Signature &before, const Signature &after,
             std::optional<EventKey> except = std::nullopt) {
  for (auto &[fn, state] : after.functions) {
    auto it = before.functions.find(fn);
    if (it == before.functions.end() || it->second != state)
      return false;
  }
  for (auto &[k, c] : after.counts)
    if ((!except || k != *except) &&
        (c > before.count(k) || after.massOf(k) > before.massOf(k) + Eps))
      return false;
  return true;
}

/// `after` is no worse than `before` and has fewer events, or the same
/// events on fewer paths.
bool better(const Signature &before, const Signature &after) {
  return noWorse(before, after) &&
         (after.total() < before.total() ||
          after.totalMass() < before.totalMass() - Eps);
}

/// A parsed text and its lifetime analysis.
struct Snapshot {
  std::unique_ptr<Document> ownedDoc;
  std::unique_ptr<ModuleLifetimes> ownedLifetimes;
  Document *doc = nullptr;
  ModuleLifetimes *lifetimes = nullptr;
  Signature sig;
  /// Callee summaries the analyses use (see ModuleLifetimes::useSummaries).
  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
  /// The context the texts of one search are parsed in (Document::parse).
  std::shared_ptr<MLIRContext> context;

  llvm::StringRef text() const { return doc->text(); }
  /// Lines of the file before text() (a window of it: Document::parse).
  unsigned firstLine() const { return doc->firstLine(); }
  mlir::FunctionOpInterface function(unsigned fn) const {
    return lifetimes->functions()[fn];
  }
  LifetimeAnalysis &analysis(unsigned fn) const {
    return lifetimes->get(function(fn));
  }
};

ValueNamer namerFor(Document *doc) {
  return [doc](Value v) { return doc->nameOf(v); };
}

/// Parses `text` for analysis (lazily, function by function); null when it
/// does not parse or verify. No signature yet. `context`: see
/// Document::parse; `threads` only without one.
std::unique_ptr<Snapshot>
parseSnapshot(std::string text, const std::string &fileName,
              std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
              std::shared_ptr<MLIRContext> context, unsigned threads = 1,
              unsigned firstLine = 0) {
  auto s = std::make_unique<Snapshot>();
  s->ownedDoc = Document::parse(std::move(text), fileName, threads,
                                /*minChunkedBytes=*/256 * 1024, context,
                                firstLine);
  s->context = std::move(context);
  if (!s->ownedDoc->isValid())
    return nullptr;
  s->doc = s->ownedDoc.get();
  s->ownedLifetimes =
      std::make_unique<ModuleLifetimes>(s->doc->module(), namerFor(s->doc));
  s->lifetimes = s->ownedLifetimes.get();
  s->summaries = summaries;
  if (summaries)
    s->lifetimes->useSummaries(std::move(summaries));
  return s;
}

/// Parses and analyses `text`; the signature covers function `only`, or
/// all. Null when the text does not parse or verify, or no longer has the
/// function.
std::unique_ptr<Snapshot>
analyzeText(std::string text, const std::string &fileName,
            std::optional<unsigned> only,
            std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
            std::shared_ptr<MLIRContext> context, unsigned firstLine) {
  std::unique_ptr<Snapshot> s =
      parseSnapshot(std::move(text), fileName, std::move(summaries),
                    std::move(context), /*threads=*/1, firstLine);
  if (!s || (only && *only >= s->lifetimes->functions().size()))
    return nullptr;
  s->sig = signatureOf(*s->lifetimes, only);
  return s;
}

/// The events behind one finding.
struct Group {
  std::string check;
  SourceRange range;
  unsigned fn = 0;
  std::vector<Event> events;
};

/// The events behind each finding, keyed as the checks anchor and group
/// them (Check::eventGroups); findings of one check at one place share a
/// group.
std::map<std::pair<std::string, SourceRange>, Group>
groupEvents(Snapshot &s, std::optional<unsigned> only = std::nullopt) {
  std::map<std::pair<std::string, SourceRange>, Group> out;
  for (unsigned fn = 0; fn < s.lifetimes->functions().size(); ++fn) {
    if (only && fn != *only)
      continue;
    LifetimeAnalysis &la = s.analysis(fn);
    if (la.gaveUp())
      continue;
    for (const auto &check : allChecks())
      for (EventGroup &eg : check->eventGroups(*s.doc, la)) {
        Group &g = out[{check->name(), eg.anchor}];
        g.check = check->name();
        g.range = eg.anchor;
        g.fn = fn;
        g.events.insert(g.events.end(), eg.events.begin(), eg.events.end());
      }
  }
  return out;
}

class FixFinder {
public:
  /// `work`, when given, is shared by every search on the file: the ops
  /// left to parse and re-analyse (each candidate costs the ops of the text
  /// it parses: the function's slice).
  /// `file`, when given, is the symbol table of the whole file's module:
  /// the slice `base` declares the functions its function calls, and how to
  /// free what they return is read from their bodies there.
  FixFinder(Snapshot &base, unsigned budgetPerFinding, uint64_t *work,
            SymbolTable *file = nullptr)
      : base(base), budgetPerFinding(budgetPerFinding), work(work),
        fileSymbols(file) {}

  std::optional<Fix> fixFor(const Group &g);
  /// The merge fixes of the `missed-reuse` findings of function `fn`,
  /// whose ops are `pairs` (one result per pair).
  std::vector<std::optional<Fix>> mergesFor(unsigned fn,
                                            ArrayRef<MergePair> pairs);

private:
  std::unique_ptr<Snapshot> analyze(const std::string &text) {
    if (budget == 0)
      return nullptr;
    if (work) {
      uint64_t cost = costOfTarget();
      if (*work < cost) {
        budget = 0;
        return nullptr;
      }
      *work -= cost;
    }
    --budget;
    return analyzeText(text, base.doc->fileName(), targetFn, base.summaries,
                       base.context, base.firstLine());
  }
  std::unique_ptr<Snapshot> analyzeEdits(const Snapshot &s,
                                         const std::vector<TextEdit> &edits) {
    std::optional<std::string> t = applyEdits(s.text(), edits, s.firstLine());
    if (!t || *t == s.text())
      return nullptr;
    return analyze(*t);
  }

  unsigned leakCount(const Snapshot &s, unsigned fn, int buffer) const {
    return s.sig.count({fn, static_cast<int>(EventKind::Leak), buffer});
  }
  double leakMass(const Snapshot &s, unsigned fn, int buffer) const {
    return s.sig.massOf({fn, static_cast<int>(EventKind::Leak), buffer});
  }

  /// Inserts frees until no exit leaks `buffer` in `cur`; null when some
  /// leak has no acceptable place (or nothing leaked: then `*clean`).
  std::unique_ptr<Snapshot> repairLeaks(const Snapshot &start, unsigned fn,
                                        int buffer, bool &clean);
  /// Repairs the leaks of `buffers` and of any other buffer of the
  /// function that leaks more than in the base. Null on failure, or when
  /// nothing needed repair (then `*clean`).
  std::unique_ptr<Snapshot> repairAll(const Snapshot &start, unsigned fn,
                                      ArrayRef<int> buffers, bool &clean);
  bool accept(const Snapshot &s, const Group &g) const;
  std::optional<std::string>
  byRemoval(const Group &g, ArrayRef<Operation *> frees, ArrayRef<int> buffers);
  std::optional<std::string> byGuard(const Group &g,
                                     ArrayRef<Operation *> frees);
  std::optional<std::string> byOwnershipFlag(const Group &g, Operation *free,
                                             bool &borrowsArgument);

  Snapshot &base;
  unsigned budgetPerFinding;
  unsigned budget = 0;
  uint64_t *work;
  bool guardedRepairs = false;
  std::optional<uint64_t> baseOps;
  /// No analysis fits in the work left: do not even prepare a candidate.
  bool outOfWork() { return work && *work < costOfTarget(); }
  uint64_t costOfTarget() {
    if (!baseOps) {
      baseOps = 0;
      base.doc->module()->walk([&](Operation *) { ++*baseOps; });
    }
    return *baseOps;
  }
  unsigned targetFn = 0; // the function of the finding being fixed
  SymbolTable *fileSymbols;
  /// How to free a buffer of `b`'s kind (freeOpNameFor, callees looked up
  /// in the file).
  std::string freeOpOf(const BufferInfo &b) {
    auto lookup = [&](CallOpInterface call) -> FunctionOpInterface {
      auto sym =
          dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (!sym || !fileSymbols)
        return nullptr;
      // By name: the slice has a context of its own.
      return dyn_cast_or_null<FunctionOpInterface>(
          fileSymbols->lookup(sym.getRootReference().getValue()));
    };
    return freeOpNameFor(b.allocOp, b.value, lookup);
  }
};

bool FixFinder::accept(const Snapshot &s, const Group &g) const {
  std::map<EventKey, unsigned> targets;
  for (const Event &e : g.events)
    ++targets[keyOf(g.fn, e)];
  // Every other key: no worse. Each of the finding's keys: its events gone
  // and the rest on no more paths.
  Signature others = s.sig;
  for (auto &[k, n] : targets) {
    if (s.sig.count(k) + n > base.sig.count(k) ||
        s.sig.massOf(k) > base.sig.massOf(k) + Eps)
      return false;
    others.counts.erase(k);
    others.mass.erase(k);
  }
  return noWorse(base.sig, others);
}

std::unique_ptr<Snapshot> FixFinder::repairLeaks(const Snapshot &start,
                                                 unsigned fn, int buffer,
                                                 bool &clean) {
  clean = false;
  const Snapshot *cur = &start;
  std::unique_ptr<Snapshot> owned;
  EventKey leakKey{fn, static_cast<int>(EventKind::Leak), buffer};
  for (unsigned step = 0; step < 8; ++step) {
    LifetimeAnalysis &la = cur->analysis(fn);
    std::optional<Event> leak;
    for (const Event &e : la.events())
      if (e.kind == EventKind::Leak && e.buffer == buffer) {
        leak = e;
        break;
      }
    if (!leak) {
      clean = !owned;
      return owned;
    }
    const BufferInfo &buf = la.buffers()[buffer];
    std::string freeOp = freeOpOf(buf);
    // A call result owned only under its ownership flag: a free that the
    // re-analysis accepts may still free the caller's memory where the flag
    // is false (it cannot see that memory), so nothing is proposed.
    // (An earlier-iteration instance is a copy of its BufferInfo, flag
    // included.)
    if (freeOp.empty() || buf.ownershipFlag)
      return nullptr;
    SourceText src(*cur->doc);
    std::unique_ptr<Snapshot> next;
    // Plain frees first; guarded ones where every plain one fails (the
    // buffer is freed on other paths, e.g. through a select).
    for (bool guarded : {false, true}) {
      if (next || (guarded && !guardedRepairs))
        break;
      std::vector<std::vector<TextEdit>> candidates = freeInsertionCandidates(
          src, cur->function(fn), buf.value, leak->op, freeOp, guarded);
      for (const std::vector<TextEdit> &edits : candidates) {
        std::unique_ptr<Snapshot> s = analyzeEdits(*cur, edits);
        if (!s) {
          if (budget == 0)
            return nullptr;
          continue;
        }
        // Progress: the leak happens at fewer exits or on fewer paths.
        bool fewer =
            leakCount(*s, fn, buffer) < leakCount(*cur, fn, buffer) ||
            leakMass(*s, fn, buffer) < leakMass(*cur, fn, buffer) - Eps;
        if (fewer && leakCount(*s, fn, buffer) <= leakCount(*cur, fn, buffer) &&
            noWorse(cur->sig, s->sig, leakKey)) {
          next = std::move(s);
          break;
        }
      }
    }
    if (!next)
      return nullptr;
    owned = std::move(next);
    cur = owned.get();
  }
  return nullptr;
}

std::unique_ptr<Snapshot> FixFinder::repairAll(const Snapshot &start,
                                               unsigned fn,
                                               ArrayRef<int> buffers,
                                               bool &clean) {
  const Snapshot *cur = &start;
  std::unique_ptr<Snapshot> owned;
  auto repairOne = [&](int b) -> bool {
    bool none;
    std::unique_ptr<Snapshot> r = repairLeaks(*cur, fn, b, none);
    if (none)
      return true;
    if (!r)
      return false;
    owned = std::move(r);
    cur = owned.get();
    return true;
  };
  clean = false;
  for (int b : buffers)
    if (b >= 0 && !repairOne(b))
      return nullptr;
  unsigned n = cur->analysis(fn).buffers().size();
  for (unsigned b = 0; b < n; ++b)
    if ((leakCount(*cur, fn, b) > leakCount(base, fn, b) ||
         leakMass(*cur, fn, b) > leakMass(base, fn, b) + Eps) &&
        !repairOne(b))
      return nullptr;
  clean = !owned;
  return owned;
}

std::optional<std::string> FixFinder::byRemoval(const Group &g,
                                                ArrayRef<Operation *> frees,
                                                ArrayRef<int> buffers) {
  SourceText src(*base.doc);
  std::vector<std::unique_ptr<Snapshot>> removed;
  // Plain removal first: it is the smallest edit. A realloc stops freeing
  // when written as alloc + copy.
  for (Operation *free : frees) {
    if (!free)
      continue;
    std::optional<std::vector<TextEdit>> edits =
        isPlainFree(free) ? removeOpEdits(src, free)
                          : reallocAsAllocEdits(src, free);
    if (!edits)
      continue;
    std::unique_ptr<Snapshot> s = analyzeEdits(base, *edits);
    if (!s)
      continue;
    if (accept(*s, g))
      return s->text().str();
    removed.push_back(std::move(s));
  }
  // Then removal plus frees where the buffer is last used.
  for (std::unique_ptr<Snapshot> &s : removed) {
    bool clean;
    std::unique_ptr<Snapshot> r = repairAll(*s, g.fn, buffers, clean);
    if (r && accept(*r, g))
      return r->text().str();
  }
  return std::nullopt;
}

std::optional<std::string> FixFinder::byGuard(const Group &g,
                                              ArrayRef<Operation *> frees) {
  SourceText src(*base.doc);
  for (Operation *free : frees) {
    if (!free)
      continue;
    for (const std::vector<TextEdit> &edits :
         guardFreeCandidates(src, base.function(g.fn), free)) {
      std::unique_ptr<Snapshot> s = analyzeEdits(base, edits);
      if (s && accept(*s, g))
        return s->text().str();
      if (budget == 0)
        return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<std::string> FixFinder::byOwnershipFlag(const Group &g,
                                                      Operation *free,
                                                      bool &borrowsArgument) {
  SourceText src(*base.doc);
  std::optional<OwnershipFlagEdits> flag =
      ownershipFlagEdits(src, base.analysis(g.fn), free);
  if (!flag)
    return std::nullopt;
  std::unique_ptr<Snapshot> s = analyzeEdits(base, flag->edits);
  if (!s || !accept(*s, g))
    return std::nullopt;
  borrowsArgument = flag->borrowsArgument;
  return s->text().str();
}

std::optional<Fix> FixFinder::fixFor(const Group &g) {
  budget = budgetPerFinding;
  targetFn = g.fn;
  const Event &e = g.events.front();
  for (const Event &other : g.events)
    if (other.kind != e.kind)
      return std::nullopt;
  LifetimeAnalysis &la = base.analysis(g.fn);
  Document &doc = *base.doc;
  // The buffers behind the finding (a loop allocation and its instance
  // from an earlier iteration share one finding) and the frees involved.
  SmallVector<int> buffers;
  SmallVector<Operation *> frees;
  for (const Event &ev : g.events) {
    if (ev.buffer >= 0 && !llvm::is_contained(buffers, ev.buffer))
      buffers.push_back(ev.buffer);
    Operation *second = e.kind == EventKind::UseAfterFree ? nullptr : ev.op;
    if (e.kind != EventKind::Leak)
      for (Operation *f : {second, ev.firstFree})
        if (f && !llvm::is_contained(frees, f))
          frees.push_back(f);
  }
  auto nameOfBuffer = [&](int b) { return doc.nameOf(la.buffers()[b].value); };
  Fix fix;
  std::optional<std::string> fixed;
  switch (e.kind) {
  case EventKind::Leak: {
    const BufferInfo &buf = la.buffers()[e.buffer];
    bool clean;
    // A leak may need its free under a condition (the buffer is freed on
    // other paths through an alias). Not when the buffer has other
    // findings: their fixes move or remove its frees, and a guarded free
    // would only patch around them. Repairs for the other checks keep to
    // plain frees, where their own guard fixes read better.
    guardedRepairs = true;
    for (EventKind other : {EventKind::DoubleFree, EventKind::UseAfterFree})
      if (base.sig.count({g.fn, static_cast<int>(other), e.buffer}) > 0)
        guardedRepairs = false;
    std::unique_ptr<Snapshot> r = repairAll(base, g.fn, buffers, clean);
    guardedRepairs = false;
    if (r && accept(*r, g))
      fixed = r->text().str();
    fix.title = "Free " + nameOfBuffer(e.buffer) + " with " +
                freeOpOf(buf) + " after its last use";
    break;
  }
  case EventKind::DoubleFree:
    fixed = byRemoval(g, frees, buffers);
    if (!fixed)
      fixed = byGuard(g, frees);
    fix.title = "Free " + nameOfBuffer(e.buffer) + " only once";
    break;
  case EventKind::UseAfterFree:
    if (frees.empty())
      return std::nullopt;
    fixed = byRemoval(g, frees, buffers);
    fix.title =
        "Move the free of " + nameOfBuffer(e.buffer) + " after its last use";
    if (isa<memref::ReallocOp>(frees.front()))
      fix.title = "Keep " + nameOfBuffer(e.buffer) +
                  " until its last use: allocate and copy instead of "
                  "memref.realloc";
    break;
  case EventKind::InvalidFree: {
    const Origin &o = la.origins()[e.origin];
    std::string what = doc.nameOf(e.via);
    SmallVector<int> owned;
    bool argument = false;
    for (const Event &ev : g.events) {
      const Origin &oo = la.origins()[ev.origin];
      argument |= oo.kind == OriginKind::Argument;
      if (oo.kind == OriginKind::Owned)
        owned.push_back(oo.buffer);
    }
    fixed = byRemoval(g, {e.op}, owned);
    if (argument) {
      // The caller may have meant to hand the buffer over: then removing
      // the free leaks it in the caller. Only the author can tell.
      fix.safe = false;
      fix.title = "Remove the free of " + what + " (argument " +
                  doc.nameOf(o.value) + " belongs to the caller)";
    } else if (o.kind == OriginKind::Alloca) {
      fix.title = "Remove the free of stack memory " + what;
    } else if (o.kind == OriginKind::Global) {
      fix.title = "Remove the free of global memory " + what;
    } else if (o.kind == OriginKind::Owned) {
      fix.title = "Remove the free of interior view " + what;
      if (!fixed && g.events.size() == 1 && isPlainFree(e.op)) {
        // Free the whole buffer the view points into instead.
        Value root = e.via;
        bool interior;
        while (Value src = viewSource(root, interior))
          root = src;
        std::string stmt =
            freeStatement(doc, e.op->getName().getStringRef(), root);
        SourceText src(doc);
        std::optional<std::vector<TextEdit>> edits;
        if (!stmt.empty())
          edits = replaceOpEdits(src, e.op, stmt);
        if (edits)
          if (std::unique_ptr<Snapshot> s = analyzeEdits(base, *edits))
            if (accept(*s, g)) {
              fixed = s->text().str();
              fix.title = "Free " + doc.nameOf(root) +
                          " instead of its "
                          "interior view " +
                          what;
            }
      }
    } else {
      return std::nullopt;
    }
    if (isa<memref::ReallocOp>(e.op))
      fix.title = "Allocate and copy instead of reallocating " + what +
                  (argument ? " (argument " + doc.nameOf(o.value) +
                                  " belongs to the caller)"
                            : ", which this function does not own");
    if (!fixed && (fixed = byGuard(g, {e.op})))
      fix.title = "Free " + what + " only where it owns a heap buffer";
    bool borrowsArgument = false;
    if (!fixed && (fixed = byOwnershipFlag(g, e.op, borrowsArgument))) {
      fix.title = "Free " + what +
                  " only when it holds a heap buffer (pass an ownership "
                  "flag with it)";
      // Where an argument flows in, the flag stops the free of it: the
      // same judgement as removing the free of an argument.
      fix.safe = !argument && !borrowsArgument;
    }
    break;
  }
  }
  if (!fixed)
    return std::nullopt;
  fix.edits = editsBetween(base.text(), *fixed, base.firstLine());
  if (fix.edits.empty())
    return std::nullopt;
  return fix;
}

std::vector<std::optional<Fix>>
FixFinder::mergesFor(unsigned fn, ArrayRef<MergePair> pairs) {
  std::vector<std::optional<Fix>> out(pairs.size());
  targetFn = fn;
  LifetimeAnalysis &la = base.analysis(fn);
  Document &doc = *base.doc;
  SourceText src(doc);
  LiveRanges ranges(la);
  struct Candidate {
    size_t pair;
    std::vector<TextEdit> edits;
  };
  std::vector<Candidate> candidates;
  for (auto [i, pair] : llvm::enumerate(pairs))
    if (std::optional<std::vector<TextEdit>> edits =
            mergeBufferEdits(src, la, ranges, pair);
        edits && !edits->empty())
      candidates.push_back({i, std::move(*edits)});
  // Each candidate is proven alone in effect, but many at one analysis: a
  // merge edits only the ops of its two buffers (the later allocation, the
  // earlier free, the later value's uses), and an event of any other buffer
  // depends on none of them. So the events of merges of disjoint buffers
  // add up, and a group whose merges together remove one buffer each and
  // keep every event holds only if each merge alone does. Rounds take, in
  // order, the candidates that touch no buffer (allocation, instances of
  // earlier iterations included) and no text another of the round touches.
  // A group that fails drops the merges whose buffers fare worse (events
  // are keyed by buffer name) and is proven again; a failure that names no
  // buffer splits it in halves, down to single merges. So a function costs
  // a few analyses per round, not one per candidate.
  auto mergeFix = [&](const MergePair &pair,
                      const std::vector<TextEdit> &edits) -> std::optional<Fix> {
    std::optional<std::string> merged =
        applyEdits(base.text(), edits, base.firstLine());
    if (!merged)
      return std::nullopt;
    std::string earlier = doc.nameOf(pair.earlierAlloc->getResult(0));
    std::string later = doc.nameOf(pair.laterAlloc->getResult(0));
    Fix fix;
    fix.title = "Reuse " + earlier + " for " + later +
                ": drop the allocation of " + later + " and free " + earlier +
                " where " + later + " was freed";
    fix.safe = true;
    fix.edits = editsBetween(base.text(), *merged, base.firstLine());
    if (fix.edits.empty())
      return std::nullopt;
    return fix;
  };
  MergeProofState before = mergeProofStateOf(la, doc);
  budget = 2 * candidates.size() + 1;
  std::function<void(ArrayRef<const Candidate *>)> prove =
      [&](ArrayRef<const Candidate *> group) {
        if (group.empty() || budget == 0 || outOfWork())
          return;
        std::vector<TextEdit> edits;
        for (const Candidate *c : group)
          edits.insert(edits.end(), c->edits.begin(), c->edits.end());
        std::unique_ptr<Snapshot> s = analyzeEdits(base, edits);
        std::optional<std::set<std::string>> worse;
        if (s)
          worse = mergeWorsened(
              before, mergeProofStateOf(s->analysis(fn), *s->doc), group.size());
        if (worse && worse->empty()) {
          for (const Candidate *c : group)
            if (std::optional<Fix> fix = mergeFix(pairs[c->pair], c->edits))
              out[c->pair] = std::move(fix);
          return;
        }
        if (group.size() == 1)
          return;
        // The merges of the buffers that fare worse fail alone too (their
        // events are theirs); the rest are proven again without them.
        if (worse) {
          std::vector<const Candidate *> rest;
          for (const Candidate *c : group) {
            const MergePair &pair = pairs[c->pair];
            if (!worse->count(doc.nameOf(pair.earlierAlloc->getResult(0))) &&
                !worse->count(doc.nameOf(pair.laterAlloc->getResult(0))))
              rest.push_back(c);
          }
          if (rest.size() < group.size()) {
            prove(rest);
            return;
          }
        }
        prove(group.take_front(group.size() / 2));
        prove(group.drop_front(group.size() / 2));
      };
  std::vector<bool> placed(candidates.size(), false);
  for (size_t first = 0; first < candidates.size();) {
    std::vector<const Candidate *> round;
    EditSpans spans(base.text(), base.firstLine());
    llvm::DenseSet<Operation *> touched; // allocations of the round's buffers
    for (size_t k = first; k < candidates.size(); ++k) {
      if (placed[k])
        continue;
      const MergePair &pair = pairs[candidates[k].pair];
      if (touched.count(pair.earlierAlloc) || touched.count(pair.laterAlloc) ||
          !spans.tryAdd(candidates[k].edits))
        continue;
      touched.insert(pair.earlierAlloc);
      touched.insert(pair.laterAlloc);
      round.push_back(&candidates[k]);
      placed[k] = true;
    }
    prove(round);
    while (first < candidates.size() && placed[first])
      ++first;
  }
  return out;
}

/// How the check table says `check`'s findings are fixed.
CheckFix fixOf(const std::string &check) {
  const CheckInfo *info = findCheckInfo(check);
  return info ? info->fix : CheckFix::None;
}

bool isLifetimeCheck(const std::string &check) {
  return fixOf(check) == CheckFix::Frees;
}

bool isMergeCheck(const std::string &check) {
  return fixOf(check) == CheckFix::Merge;
}

/// The ops of a `missed-reuse` finding (anchored on the later allocation;
/// related: the earlier allocation, then its free) and the index of their
/// function in `s`, looked up by source range; nullopt when they are not
/// all found in one function (or not in function `only`).
/// Written ops of function `fn` of `s` by source range (ops the parser made
/// up, such as implicit terminators, have no text).
std::map<SourceRange, Operation *> opsByRange(Snapshot &s, unsigned fn) {
  std::map<SourceRange, Operation *> out;
  s.function(fn)->walk([&](Operation *op) {
    if (s.doc->opDef(op))
      out.try_emplace(s.doc->rangeOf(op), op);
  });
  return out;
}

/// The ops of a `missed-reuse` finding (anchored on the later allocation;
/// related: the earlier allocation, then its free), among `ops`.
std::optional<MergePair>
locateMerge(const std::map<SourceRange, Operation *> &ops, const Finding &f) {
  if (f.related.size() < 2)
    return std::nullopt;
  auto find = [&](const SourceRange &r) -> Operation * {
    auto it = ops.find(r);
    return it == ops.end() ? nullptr : it->second;
  };
  MergePair pair;
  pair.laterAlloc = find(f.range);
  pair.earlierAlloc = find(f.related[0].range);
  pair.earlierFree = find(f.related[1].range);
  if (!pair.laterAlloc || !pair.earlierAlloc || !pair.earlierFree)
    return std::nullopt;
  return pair;
}

/// Attaches fixes; returns, per finding, the index of the function its fix
/// edits (or -1 without a fix). With `unproven`, a missed-reuse finding
/// gets no fix: its pair of buffers goes there (by finding index) for the
/// caller to prove together with others. `file`: the whole file's symbol
/// table when `base` is a slice of it (FixFinder).
std::vector<int> attachTo(Snapshot &base, std::vector<Finding> &findings,
                          uint64_t *work = nullptr,
                          std::optional<unsigned> only = std::nullopt,
                          std::map<size_t, MergePair> *unproven = nullptr,
                          SymbolTable *file = nullptr) {
  std::vector<int> functionOf(findings.size(), -1);
  std::map<std::pair<std::string, SourceRange>, Group> groups;
  bool grouped = false;
  FixFinder finder(base, /*budgetPerFinding=*/64, work, file);
  std::map<unsigned, std::map<SourceRange, Operation *>> opsOf;
  std::map<SourceRange, unsigned> functionAt; // by the function's range
  // Per function, the missed-reuse findings (by index) and their ops.
  std::map<unsigned, std::vector<std::pair<size_t, MergePair>>> mergesOf;
  for (auto [i, f] : llvm::enumerate(findings)) {
    if (isMergeCheck(f.check)) {
      // The function holding the later allocation, then its ops by range
      // (each map built once).
      std::optional<unsigned> fn = only;
      if (!fn) {
        if (functionAt.empty())
          for (unsigned k = 0; k < base.lifetimes->functions().size(); ++k)
            functionAt.try_emplace(base.doc->fullRangeOf(base.function(k)), k);
        for (auto &[range, k] : functionAt)
          if (range.start <= f.range.start && f.range.end <= range.end)
            fn = k;
      }
      if (!fn)
        continue;
      auto [ops, fresh] = opsOf.try_emplace(*fn);
      if (fresh)
        ops->second = opsByRange(base, *fn);
      std::optional<MergePair> pair = locateMerge(ops->second, f);
      if (pair && unproven) {
        (*unproven)[i] = *pair;
        functionOf[i] = *fn;
        continue;
      }
      if (pair)
        mergesOf[*fn].push_back({i, *pair});
      continue;
    }
    if (!isLifetimeCheck(f.check))
      continue;
    if (!grouped) {
      groups = groupEvents(base, only);
      grouped = true;
    }
    auto it = groups.find({f.check, f.range});
    if (it == groups.end())
      continue;
    if (std::optional<Fix> fix = finder.fixFor(it->second)) {
      f.fixes.push_back(std::move(*fix));
      functionOf[i] = it->second.fn;
    }
  }
  // Merges per function, proven together (FixFinder::mergesFor).
  for (auto &[fn, list] : mergesOf) {
    SmallVector<MergePair> pairs;
    for (auto &[i, pair] : list)
      pairs.push_back(pair);
    std::vector<std::optional<Fix>> fixes = finder.mergesFor(fn, pairs);
    for (auto [entry, fix] : llvm::zip(list, fixes))
      if (fix) {
        findings[entry.first].fixes.push_back(std::move(*fix));
        functionOf[entry.first] = fn;
      }
  }
  return functionOf;
}

/// The findings of one function to fix.
struct FunctionFindings {
  unsigned fn;                  // index in the snapshot's functions
  uint64_t ops;                 // of the function
  std::vector<unsigned> indices; // of the findings
};

/// The findings to fix (lifetime and missed-reuse ones), by function,
/// smallest function first: under a work bound, the most findings get a
/// fix.
std::vector<FunctionFindings>
findingsByFunction(Snapshot &full, const std::vector<Finding> &findings) {
  Document &doc = *full.doc;
  std::map<std::pair<std::string, SourceRange>, Group> groups;
  std::map<unsigned, std::vector<unsigned>> byFunction;
  // The function of each allocation, by its range: one walk of the module,
  // not one per missed-reuse finding.
  std::map<SourceRange, unsigned> allocFunction;
  for (auto [i, f] : llvm::enumerate(findings)) {
    if (isMergeCheck(f.check)) {
      if (allocFunction.empty())
        for (auto [fn, op] : llvm::enumerate(full.lifetimes->functions()))
          op->walk([&, fn = fn](Operation *inner) {
            if (inner->getNumResults() == 1 && doc.opDef(inner))
              allocFunction.try_emplace(doc.rangeOf(inner), fn);
          });
      auto at = allocFunction.find(f.range);
      if (at == allocFunction.end())
        continue;
      byFunction[at->second].push_back(i);
      continue;
    }
    if (!isLifetimeCheck(f.check))
      continue;
    if (groups.empty())
      groups = groupEvents(full);
    auto it = groups.find({f.check, f.range});
    if (it != groups.end())
      byFunction[it->second.fn].push_back(i);
  }
  std::vector<std::pair<uint64_t, unsigned>> order;
  for (auto &[fn, indices] : byFunction) {
    uint64_t ops = 0;
    full.function(fn)->walk([&](Operation *) { ++ops; });
    order.push_back({ops, fn});
  }
  llvm::sort(order);
  std::vector<FunctionFindings> out;
  for (auto [ops, fn] : order)
    out.push_back({fn, ops, std::move(byFunction[fn])});
  return out;
}

/// Where the fixes of one function are searched and proven: the function's
/// slice of the module (FunctionSlice.h), parsed, so that each candidate
/// re-parses the function and declarations, not the whole file; or the
/// module itself where there is no slice.
struct FunctionBase {
  std::unique_ptr<Snapshot> owned;
  Snapshot *snapshot = nullptr;
  unsigned index = 0; // of the function in *snapshot
  /// The module's symbols, when *snapshot is a slice of it.
  SymbolTable *file = nullptr;
};

FunctionBase
baseFor(Snapshot &full, FunctionSlicer &slicer, unsigned fn,
        std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
        std::shared_ptr<MLIRContext> context) {
  Document &doc = *full.doc;
  FunctionBase b;
  SourceRange where = doc.rangeOf(full.function(fn));
  // The function's index in a parsed slice: the one at the same place.
  auto take = [&](std::string text, unsigned firstLine) {
    b.owned = parseSnapshot(std::move(text), doc.fileName(), summaries,
                            context, /*threads=*/1, firstLine);
    std::optional<unsigned> only;
    if (b.owned)
      for (auto [i, f] : llvm::enumerate(b.owned->lifetimes->functions()))
        if (b.owned->doc->rangeOf(f) == where)
          only = i;
    if (!only)
      return false;
    b.owned->sig = signatureOf(*b.owned->lifetimes, only);
    b.snapshot = b.owned.get();
    b.index = *only;
    b.file = slicer.symbols();
    return true;
  };
  // A window of the function's own lines first (its cost is the
  // function's), else the slice on all the file's lines.
  if (std::optional<FunctionSlicer::Window> w =
          slicer.windowFor(full.function(fn)))
    if (take(std::move(w->text), w->firstLine))
      return b;
  if (std::optional<std::string> slice = slicer.sliceFor(full.function(fn)))
    if (take(std::move(*slice), 0))
      return b;
  // No slice (nothing to cut, or it does not verify on its own).
  b.owned = std::make_unique<Snapshot>();
  b.owned->doc = full.doc;
  b.owned->lifetimes = full.lifetimes;
  b.owned->sig = signatureOf(*full.lifetimes, fn);
  b.owned->context = std::move(context);
  b.snapshot = b.owned.get();
  b.index = fn;
  return b;
}

} // namespace

void attachFixes(Document &doc, ModuleLifetimes &lifetimes,
                 std::vector<Finding> &findings,
                 std::optional<uint64_t> workOps) {
  if (!doc.isValid())
    return;
  uint64_t *work = workOps ? &*workOps : nullptr;
  Snapshot full;
  full.doc = &doc;
  full.lifetimes = &lifetimes;
  std::vector<FunctionFindings> byFunction = findingsByFunction(full, findings);
  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
  std::shared_ptr<MLIRContext> context;
  if (!byFunction.empty()) {
    summaries = lifetimes.allSummaries();
    context = Document::newContext();
  }
  FunctionSlicer slicer(doc);
  for (auto &[fn, ops, indices] : byFunction) {
    // The function's own parse and analysis count too, and a function
    // whose every candidate would overrun the work left is not started:
    // nor is any after it (larger).
    if (work) {
      if (*work < 2 * ops)
        break;
      *work -= ops;
    }
    FunctionBase base = baseFor(full, slicer, fn, summaries, context);
    std::vector<Finding> mine;
    for (unsigned i : indices)
      mine.push_back(findings[i]);
    attachTo(*base.snapshot, mine, work, base.index, /*unproven=*/nullptr,
             base.file);
    for (auto [i, f] : llvm::zip(indices, mine))
      findings[i].fixes = std::move(f.fixes);
  }
}

void attachFixes(Document &doc, std::vector<Finding> &findings) {
  if (!doc.isValid())
    return;
  ModuleLifetimes lifetimes(doc.module(), namerFor(&doc));
  attachFixes(doc, lifetimes, findings);
}

std::vector<Finding> lintWithFixes(Document &doc, const LintOptions &opts) {
  std::vector<Finding> findings = lintDocument(doc, opts);
  attachFixes(doc, findings);
  return findings;
}

/// The merges of `pairs` (the missed-reuse findings of function `fn` of
/// `base`, by finding index) that can be taken on top of `combined` (edits
/// of that function), added to it; returns how many. The candidates whose
/// edits do not overlap are proven together: they must, together, remove
/// one buffer each and keep every event (MergeBuffers.h). A group that
/// fails is split in halves, so k candidates cost one analysis when they
/// all hold and about 2 log k per candidate that does not.
static unsigned takeMerges(Snapshot &base, unsigned fn,
                           const std::string &fileName,
                           const std::map<size_t, MergePair> &pairs,
                           std::vector<TextEdit> &combined) {
  std::vector<std::vector<TextEdit>> group;
  SourceText src(*base.doc);
  EditSpans spans(base.text(), base.firstLine());
  spans.tryAdd(combined);
  LifetimeAnalysis &la = base.analysis(fn);
  std::unique_ptr<LiveRanges> ranges;
  for (auto &[i, pair] : pairs) {
    if (!ranges)
      ranges = std::make_unique<LiveRanges>(la);
    std::optional<std::vector<TextEdit>> edits =
        mergeBufferEdits(src, la, *ranges, pair);
    if (edits && !edits->empty() && spans.tryAdd(*edits))
      group.push_back(std::move(*edits));
  }
  MergeProofState before = mergeProofStateOf(la, *base.doc);
  unsigned merged = 0;
  std::function<void(llvm::ArrayRef<std::vector<TextEdit>>)> prove =
      [&](llvm::ArrayRef<std::vector<TextEdit>> part) {
        if (part.empty())
          return;
        std::vector<TextEdit> trial = combined;
        for (const std::vector<TextEdit> &c : part)
          trial.insert(trial.end(), c.begin(), c.end());
        std::optional<std::string> t =
            applyEdits(base.text(), trial, base.firstLine());
        std::unique_ptr<Snapshot> s =
            t ? analyzeText(*t, fileName, fn, base.summaries, base.context,
                            base.firstLine())
              : nullptr;
        if (s &&
            mergeKeeps(before, mergeProofStateOf(s->analysis(fn), *s->doc),
                       merged + part.size())) {
          combined = std::move(trial);
          merged += part.size();
          return;
        }
        if (part.size() == 1)
          return;
        prove(part.take_front(part.size() / 2));
        prove(part.drop_front(part.size() / 2));
      };
  prove(group);
  return merged;
}

FixRunResult fixText(const std::string &text, const std::string &fileName,
                     const LintOptions &opts, bool unsafe, unsigned maxRounds) {
  FixRunResult result;
  result.text = text;
  std::shared_ptr<MLIRContext> context = Document::newContext();
  for (unsigned round = 0; round < maxRounds; ++round) {
    // The whole file in a context of its own: its analysis may run on
    // several threads, the search's context has none.
    std::unique_ptr<Snapshot> cur =
        parseSnapshot(result.text, fileName, {}, nullptr, opts.threads);
    if (!cur) {
      if (round == 0) {
        std::unique_ptr<Document> doc = Document::parse(text, fileName);
        result.inputValid = false;
        result.errors = doc->errors();
      }
      break;
    }
    // The fix search reads the analyses after the checks.
    LintOptions keep = opts;
    keep.releaseAnalyses = false;
    std::vector<Finding> findings =
        lintDocument(*cur->doc, keep, *cur->lifetimes);
    std::vector<FunctionFindings> byFunction =
        findingsByFunction(*cur, findings);
    std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
    if (!byFunction.empty())
      summaries = cur->lifetimes->allSummaries();
    // Each function's fixes are searched, taken and proven on its slice
    // (an edit inside a function changes no other function's analysis
    // while its summary stays the same, which the proofs check), so a
    // round costs about a lint plus the work of the fixes, not the file
    // per fix. The edits of all functions are applied together.
    std::vector<TextEdit> combined;
    unsigned taken = 0;
    FunctionSlicer slicer(*cur->doc);
    for (auto &[fn, ops, indices] : byFunction) {
      FunctionBase base = baseFor(*cur, slicer, fn, summaries, context);
      Snapshot &b = *base.snapshot;
      std::vector<Finding> mine;
      for (unsigned i : indices)
        mine.push_back(findings[i]);
      // Merges are proven below, together: one by one, each would
      // re-analyse the function once to be attached and once to be taken,
      // quadratic in the merges of a function.
      std::map<size_t, MergePair> mergePairs;
      std::vector<int> functionOf = attachTo(b, mine, nullptr, base.index,
                                             &mergePairs, base.file);
      // Take the fixes one by one while, together, they still only remove
      // events.
      std::vector<TextEdit> edits;
      Signature accepted = b.sig;
      bool touched = false;
      for (auto [i, f] : llvm::enumerate(mine)) {
        if (functionOf[i] < 0 || isMergeCheck(f.check))
          continue;
        for (const Fix &fix : f.fixes) {
          if ((!fix.safe && !unsafe) || fix.edits.empty() ||
              !editsCompatible(b.text(), edits, fix.edits, b.firstLine()))
            continue;
          std::vector<TextEdit> trial = edits;
          trial.insert(trial.end(), fix.edits.begin(), fix.edits.end());
          std::optional<std::string> t =
              applyEdits(b.text(), trial, b.firstLine());
          std::unique_ptr<Snapshot> s =
              t ? analyzeText(*t, fileName, base.index, b.summaries, context,
                              b.firstLine())
                : nullptr;
          if (!s || !better(accepted.of(base.index), s->sig))
            continue;
          edits = std::move(trial);
          accepted.update(s->sig);
          touched = true;
          ++taken;
          break;
        }
      }
      // Then merges, where no lifetime fix changed the function this round
      // (their proof compares with the function as this round found it).
      if (!touched)
        taken += takeMerges(b, base.index, fileName, mergePairs, edits);
      combined.insert(combined.end(), edits.begin(), edits.end());
    }
    if (taken == 0)
      break;
    // Slices keep every line and column of the file: their edits apply to
    // it as they are.
    std::optional<std::string> next = applyEdits(cur->text(), combined);
    if (!next)
      break;
    result.text = std::move(*next);
    result.applied += taken;
    result.rounds = round + 1;
  }
  if (result.inputValid) {
    std::unique_ptr<Document> doc = Document::parse(result.text, fileName);
    if (doc->isValid())
      result.remaining = lintDocument(*doc, opts);
  }
  return result;
}

} // namespace memlint
