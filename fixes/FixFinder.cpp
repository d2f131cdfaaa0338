//===- FixFinder.cpp - The search for one finding's fix -------------------===//
#include "fixes/FixFinder.h"
#include "fixes/BufferAliases.h"
#include "fixes/MergedCopy.h"

#include "analysis/Ownership.h"
#include "fixes/FreePlacement.h"
#include "fixes/OpEdits.h"
#include "fixes/SourceText.h"
#include "fixes/TextEdits.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <set>

using namespace mlir;

namespace memlint {
namespace fixsearch {

FunctionOpInterface FixFinder::calleeInFile(CallOpInterface call) const {
  CallInterfaceCallable callee = call.getCallableForCallee();
  auto sym = dyn_cast_if_present<SymbolRefAttr>(callee);
  // func.call_indirect of a func.constant calls that function.
  if (auto v = dyn_cast_if_present<Value>(callee))
    if (auto c = v.getDefiningOp<func::ConstantOp>())
      sym = c.getValueAttr();
  if (!sym || !fileSymbols)
    return nullptr;
  // By name: the slice has a context of its own.
  return dyn_cast_or_null<FunctionOpInterface>(
      fileSymbols->lookup(sym.getRootReference().getValue()));
}

std::string FixFinder::freeOpOf(const BufferInfo &b) {
  std::string name =
      freeOpNameFor(b.allocOp, b.value,
                    [&](CallOpInterface call) { return calleeInFile(call); });
  // A call's buffer: its callee's summary follows wrappers of wrappers,
  // which the callee's returns alone do not show.
  if (!name.empty() && !b.freeOp.empty() && isa<CallOpInterface>(b.allocOp))
    return b.freeOp.str();
  return name;
}

/// The first callee of `fn` that frees what a call passes it, through
/// `v` or a view or cast of it: its body frees that argument (or a view of
/// it) itself. memlint reports that free as invalid (arguments are
/// borrowed), but while it stays, a free of `v` in the caller frees twice.
/// Callees by `lookup` (a window only declares them).
static std::optional<std::string>
calleeFreeing(FunctionOpInterface fn, Value v,
              llvm::function_ref<FunctionOpInterface(CallOpInterface)> lookup) {
  std::optional<std::string> out;
  SmallVector<Value> passed = viewsOf(v);
  // The calls `v` or its views are passed to; the walk below only finds
  // the first of them in program order (a walk of the function and a
  // lookup per call, for each leak, were quadratic: 4,000 leaked call
  // results in one function, JSON 2.6 s).
  llvm::SmallPtrSet<Operation *, 8> passedTo;
  for (Value p : passed)
    for (Operation *user : p.getUsers())
      if (isa<CallOpInterface>(user))
        passedTo.insert(user);
  if (passedTo.empty())
    return out;
  fn->walk([&](CallOpInterface call) {
    if (out || !passedTo.contains(call))
      return;
    FunctionOpInterface callee = lookup(call);
    if (!callee || callee.isExternal())
      return;
    for (auto [j, operand] : llvm::enumerate(call.getArgOperands())) {
      if (!llvm::is_contained(passed, operand) || j >= callee.getNumArguments())
        continue;
      callee->walk([&](Operation *op) {
        for (OpOperand *freed : freedOperands(op)) {
          Value w = freed->get();
          bool interior;
          for (Value src; (src = viewSource(w, interior));)
            w = src;
          if (w == callee.getArgument(j))
            out = callee.getName().str();
        }
      });
    }
  });
  return out;
}

Fix FixFinder::leakFixLabel(unsigned fn, const BufferInfo &buf) {
  Fix fix;
  fix.title = "Free " + base.doc->nameOf(buf.value) + " with " + freeOpOf(buf) +
              " after its last use";
  // A callee it is passed to frees it (an invalid free, whose own fix is
  // unsafe): with that free in place, this one frees it twice.
  if (std::optional<std::string> callee =
          calleeFreeing(base.function(fn), buf.value,
                        [&](CallOpInterface c) { return calleeInFile(c); })) {
    fix.safe = false;
    fix.title += " (unsafe while @" + *callee + " frees it too)";
  }
  return fix;
}

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
  std::unique_ptr<Snapshot> s =
      repairLeaksBy(start, fn, buffer, clean, /*wholeOnly=*/false);
  if (s || clean || !wholeLeakRetry)
    return s;
  return repairLeaksBy(start, fn, buffer, clean, /*wholeOnly=*/true);
}

std::unique_ptr<Snapshot> FixFinder::repairLeaksBy(const Snapshot &start,
                                                   unsigned fn, int buffer,
                                                   bool &clean,
                                                   bool wholeOnly) {
  clean = false;
  const Snapshot *cur = &start;
  std::unique_ptr<Snapshot> owned;
  EventKey leakKey{fn, static_cast<int>(EventKind::Leak), buffer};
  for (unsigned step = 0; step < 8; ++step) {
    LifetimeAnalysis &la = cur->analysis(fn);
    std::optional<Event> leak;
    for (const Event &e : la.possibleEvents())
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
      // The last resort looks further: the place that ends a leak at once
      // may come after many that only narrow it.
      std::vector<Value> guards;
      if (guarded)
        guards = la.valuesDeciding(leak->cond);
      PlacementScope scope(src, cur->function(fn));
      std::vector<std::vector<TextEdit>> candidates = freeInsertionCandidates(
          scope, buf.value, leak->op, freeOp, guarded, wholeOnly ? 48 : 16,
          /*freed=*/nullptr, guards);
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
        if (wholeOnly && leakCount(*s, fn, buffer) != 0)
          continue;
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

int FixFinder::soleOwnFree(unsigned fn, const Group &g, EventKind kind,
                           Operation *Event::*freeOf,
                           std::initializer_list<EventKind> others,
                           Operation **free) const {
  const Event &first = g.events.front();
  int b = first.buffer;
  Operation *op = first.*freeOf;
  if (b < 0 || !op || llvm::any_of(g.events, [&](const Event &e) {
        return e.kind != kind || e.buffer != b || e.*freeOf != op;
      }))
    return -1;
  const BufferInfo &buf = base.analysis(fn).buffers()[b];
  if (buf.foreign || !isPlainFree(op) || op->getNumOperands() != 1 ||
      op->getOperand(0) != buf.value || hasFindingsOf(fn, b, others))
    return -1;
  *free = op;
  return b;
}

bool FixFinder::setEdits(Fix &fix, const std::vector<TextEdit> &edits,
                         const LineTable &lines) const {
  std::optional<std::vector<TextEdit>> norm =
      normalizedEdits(base.text(), edits, lines, base.origin());
  if (!norm || norm->empty())
    return false;
  fix.edits = std::move(*norm);
  return true;
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
    fix = leakFixLabel(g.fn, buf);
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
    // Memory a callee memlint cannot see into returned: no leak tells
    // where its free belongs, so the removal leaves none. The user freed
    // it, so this function may own it: removing the free may leak it.
    if (llvm::any_of(buffers, [&](int b) { return la.buffers()[b].foreign; })) {
      fix.safe = false;
      fix.title = "Remove the free of " + nameOfBuffer(e.buffer) +
                  " (memory a callee returned: if this function owns it, "
                  "free it after its last use instead)";
    }
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
    if (e.wrongDeallocator) {
      // Free it with the op of the runtime that allocated it, in place.
      // Not for an async gpu.alloc (its free belongs in its stream), as
      // for a leak.
      const BufferInfo &buf = la.buffers()[e.buffer];
      StringRef freeOp = buf.freeOp;
      fix.title = "Free " + what + " with '" + freeOp.str() + "'";
      if (g.events.size() == 1 && isPlainFree(e.op) && freeOpOf(buf) == freeOp)
        fixed = replaceFree(g, e.op, e.via, freeOp);
      break;
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
        Value root = viewRoot(e.via);
        if ((fixed =
                 replaceFree(g, e.op, root, e.op->getName().getStringRef())))
          fix.title = "Free " + doc.nameOf(root) +
                      " instead of its "
                      "interior view " +
                      what;
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
  fix.edits = editsBetween(base.text(), *fixed, base.origin());
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
  LineTable lines(base.text(), base.origin());
  auto mergeFix =
      [&](const MergePair &pair,
          const std::vector<TextEdit> &edits) -> std::optional<Fix> {
    // The edits as a diff of the texts gives them, from the lines they
    // touch: a function may have thousands of merges.
    std::optional<std::vector<TextEdit>> normalized =
        normalizedEdits(base.text(), edits, lines, base.origin());
    if (!normalized || normalized->empty())
      return std::nullopt;
    std::string earlier = doc.nameOf(pair.earlierAlloc->getResult(0));
    std::string later = doc.nameOf(pair.laterAlloc->getResult(0));
    Fix fix;
    fix.title = "Reuse " + earlier + " for " + later +
                ": drop the allocation of " + later + " and free " + earlier +
                " where " + later + " was freed";
    fix.safe = true;
    fix.edits = std::move(*normalized);
    return fix;
  };
  MergeProofState before = mergeProofStateOf(la, doc);
  budget = 2 * candidates.size() + 1;
  std::optional<MergedCopies> copies; // made on the first proof
  auto worsened = [&](ArrayRef<size_t> group)
      -> std::optional<std::set<std::string>> {
    std::vector<TextEdit> edits;
    for (size_t c : group)
      edits.insert(edits.end(), candidates[c].edits.begin(),
                   candidates[c].edits.end());
    std::unique_ptr<Snapshot> s;
    if (base.window && fileSymbols) {
      // A view of the file's function: the merges are made on a copy of
      // its IR rather than parsed from its edited window (MergedCopy.h),
      // for the same analysis spent (a round's edits never overlap: the
      // text would have changed).
      if (!spend())
        return std::nullopt;
      std::vector<MergePair> merged;
      for (size_t c : group)
        merged.push_back(pairs[candidates[c].pair]);
      if (!copies)
        copies.emplace(base.function(fn), *fileSymbols, base.summaries, doc);
      if (std::optional<MergeProofState> after = copies->stateAfter(merged)) {
        ++parsed;
        return mergeWorsened(before, *after, group.size());
      }
      if (std::optional<std::string> text =
              applyEdits(base.text(), edits, base.origin()))
        s = analyzeSpent(*text);
    } else {
      s = analyzeEdits(base, edits);
    }
    if (!s)
      return std::nullopt;
    return mergeWorsened(before, mergeProofStateOf(s->analysis(fn), *s->doc),
                         group.size());
  };
  auto accept = [&](ArrayRef<size_t> group) {
    for (size_t c : group)
      if (std::optional<Fix> fix =
              mergeFix(pairs[candidates[c].pair], candidates[c].edits))
        out[candidates[c].pair] = std::move(fix);
  };
  auto namesOf = [&](size_t c) {
    const MergePair &pair = pairs[candidates[c].pair];
    return std::make_pair(doc.nameOf(pair.earlierAlloc->getResult(0)),
                          doc.nameOf(pair.laterAlloc->getResult(0)));
  };
  auto stop = [&] { return budget == 0 || outOfWork(); };
  std::vector<bool> placed(candidates.size(), false);
  for (size_t first = 0; first < candidates.size();) {
    std::vector<size_t> round;
    EditSpans spans(base.text(), base.origin());
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
      round.push_back(k);
      placed[k] = true;
    }
    proveMergesTogether(round, worsened, accept, namesOf, stop);
    while (first < candidates.size() && placed[first])
      ++first;
  }
  return out;
}

} // namespace fixsearch
} // namespace memlint
