//===- FunctionAnalysis.cpp - One function's lifetime analysis ------------===//
#include "analysis/lifetime/FunctionAnalysis.h"
#include "analysis/lifetime/AsyncRuntime.h"
#include "analysis/lifetime/CoarseEvents.h"
#include "analysis/lifetime/FlagSources.h"

#include "analysis/BufferCarriers.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/Ownership.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include <algorithm>
#include <tuple>

using namespace mlir;

namespace memlint::lifetime {

void FunctionAnalysis::collectBuffers(FunctionOpInterface fn) {
  ctx.unknownOrigin = ctx.origins.size();
  ctx.origins.push_back({OriginKind::Unknown, Value(), -1});
  fn->walk([&](Operation *op) {
    if (op != fn.getOperation() && isa<FunctionOpInterface>(op))
      return WalkResult::skip();
    SmallVector<Value> allocated = heapAllocatedResults(op);
    SmallVector<Value> foreign;
    if (auto call = dyn_cast<CallOpInterface>(op))
      readCallResults(call, allocated, foreign);
    else
      foreign = foreignResults(op);
    for (Value v : llvm::concat<Value>(allocated, foreign)) {
      unsigned b = ctx.buffers.size();
      ctx.buffers.push_back({v, op, true});
      ctx.buffers.back().ownershipFlag = ctx.ownershipFlagOf.lookup(v);
      // (Memory a GPU workgroup or thread holds is owed no free either.)
      ctx.buffers.back().foreign =
          llvm::is_contained(foreign, v) || livesWithGpuScope(v);
      ctx.buffers.back().freeOp = isa<CallOpInterface>(op)
                                      ? ctx.freeOpOfCallResult.lookup(v)
                                      : matchingFreeOpName(op);
      ctx.bufferIndex[v] = b;
      ctx.originFor(OriginKind::Owned, v, b);
    }
    return WalkResult::advance();
  });
  takeOverCapturedArguments(fn);
  // Allocations inside loops get an earlier instance: the one an earlier
  // iteration allocated, carried into the current one.
  loops.addEarlierInstances(fn);
  ctx.lattice.setNumBuffers(ctx.buffers.size());
}

/// The entry argument of `fn` that `v` is, or a view or cast of.
static BlockArgument entryArgumentViewed(Value v, FunctionOpInterface fn) {
  for (unsigned depth = 0; v && depth < 64; ++depth) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return arg.getOwner() == &fn.getFunctionBody().front() ? arg
                                                             : BlockArgument();
    bool interior = false;
    v = viewSource(v, interior);
  }
  return BlockArgument();
}

void FunctionAnalysis::takeOverCapturedArguments(FunctionOpInterface fn) {
  // The body owned what it frees (ownership followed the buffer into the
  // task), and the coroutine's callers are all in sight (it is private):
  // passing it memory a caller does not own is the invalid free, at the
  // call (Transfer::takeOver). Inside, its frees are checked as those of
  // any buffer the function allocated (freed twice, through an interior
  // view, used after the free); it is never reported leaked (atReturn).
  coroutine = !fn.getFunctionBody().empty() && isCoroutine(fn);
  if (!fn.isPrivate() || !coroutine)
    return;
  Block &entry = fn.getFunctionBody().front();
  SmallVector<BlockArgument> taken;
  fn->walk([&](Operation *op) {
    if (op != fn.getOperation() && isa<FunctionOpInterface>(op))
      return WalkResult::skip();
    for (OpOperand *o : freedOperands(op))
      if (BlockArgument arg = entryArgumentViewed(o->get(), fn);
          arg && isMemRef(arg) && !llvm::is_contained(taken, arg))
        taken.push_back(arg);
    return WalkResult::advance();
  });
  llvm::sort(taken, [](BlockArgument a, BlockArgument b) {
    return a.getArgNumber() < b.getArgNumber();
  });
  for (BlockArgument arg : taken) {
    unsigned b = ctx.buffers.size();
    ctx.buffers.push_back({arg, &entry.front(), true});
    ctx.buffers.back().takenArgument = true;
    ctx.bufferIndex[arg] = b;
    ctx.originFor(OriginKind::Owned, arg, b);
    ctx.takenArguments.push_back(arg.getArgNumber());
    takenUnfreedAtReturn[b] = BddManager::False;
  }
}

Incoming FunctionAnalysis::entryOf(Region &body) {
  Incoming entry;
  entry.any = true;
  entry.st = ctx.lattice.entry();
  entry.resizeArgs(body.getNumArguments());
  // Arguments: memory of the caller; i1 arguments are atoms.
  for (BlockArgument arg : body.getArguments()) {
    if (std::optional<unsigned> b = ctx.bufferOf(arg)) {
      // Taken over: this function's own buffer from the entry.
      entry.argAliases[arg.getArgNumber()] = {
          {ctx.originOfValue.lookup(arg), BddManager::True}};
      entry.st.entries.mut(*b) =
          Entry{BddManager::True, BddManager::False, FreeListPool::None};
    } else if (isMemRef(arg)) {
      entry.argAliases[arg.getArgNumber()] = {
          {ctx.originFor(OriginKind::Argument, arg), BddManager::True}};
    }
    if (arg.getType().isInteger(1))
      walker.bindAtomOnFirstUse(arg);
  }
  return entry;
}

void FunctionAnalysis::setUp(const BddBudget &budget) {
  ctx.conds.extraFormula = nullptr;
  ctx.conds.callQuestion = [this](Value r) { return ctx.callQuestionOf(r); };
  ctx.conds.setPureCalls(
      [this](Operation *op) { return ctx.module.callsPureFunction(op); });
  ctx.bdd.setBudget(budget);
}

void FunctionAnalysis::run(FunctionOpInterface fn) {
  ctx.facts.setFunction(fn);
  collectBuffers(fn);
  Region &body = fn.getFunctionBody();
  entryArguments.assign(body.args_begin(), body.args_end());
  fresh.assign(fn.getNumResults(), true);
  sameAsResult.assign(fn.getNumResults(), std::nullopt);
  freeOut.assign(fn.getNumResults(), NotSeen);
  foreignOut.assign(fn.getNumResults(), true);
  freshOrForeignOut.assign(fn.getNumResults(), true);
  argumentOut.assign(fn.getNumResults(), std::nullopt);
  argumentMay.assign(fn.getNumResults(), {});
  grownOut.assign(fn.getNumResults(), GrownNotSeen);
  grownInterior.assign(fn.getNumResults(), false);
  equalResultCandidates.assign(fn.getNumResults(), {});
  returnedI1s.assign(fn.getNumResults(), {});
  ownedWhenCandidates.assign(fn.getNumResults(), {});
  argumentCandidates.assign(fn.getNumResults(), {});
  sawReturnBefore = false;
  constant.assign(fn.getNumResults(), ResultConstant::NoReturnYet);
  for (auto [r, c] : constantCallResults)
    flow.pinFormula(r, c ? BddManager::True : BddManager::False);
  if (body.empty())
    return;
  // Too many buffers to follow (LoopModel::MaxBuffers): spent already.
  if (ctx.bdd.exhausted()) {
    ctx.stopped = true;
    return;
  }
  std::vector<Exit> exits = walker.walkRegion(body, entryOf(body));
  // The budget may run out after the last round's check: what the rest of
  // the walk computed is meaningless then.
  if (ctx.bdd.exhausted())
    ctx.stopped = true;
  if (ctx.stopped)
    return;
  bool sawReturn = false;
  for (Exit &x : exits)
    if (x.term && returnsFromFunction(x.term)) {
      sawReturn = true;
      returnReach = ctx.bdd.disj(returnReach, x.st.path);
      atReturn(x);
    }
  if (!sawReturn) {
    fresh.assign(fresh.size(), false);
    foreignOut.assign(foreignOut.size(), false);
    freshOrForeignOut.assign(freshOrForeignOut.size(), false);
    argumentOut.assign(argumentOut.size(), std::nullopt);
  }
  untrackAmbiguousLoopValues();
  findArgumentsFreedOnReturn();
  if (ctx.bdd.exhausted())
    ctx.stopped = true;
}

void FunctionAnalysis::atReturn(const Exit &x) {
  BddManager &bdd = ctx.bdd;
  std::vector<Bdd> escaped(ctx.numBuffers(), BddManager::False);
  bool firstReturn = !sawReturnBefore;
  sawReturnBefore = true;
  updateSharedResults(x, firstReturn);
  ReturnedFlags flags;
  flags.at.assign(x.term->getNumOperands(), BddManager::False);
  for (auto [k, v] : llvm::enumerate(x.term->getOperands()))
    if (v.getType().isInteger(1)) {
      flags.at[k] = bdd.conj(x.st.path, ctx.conds.formulaOf(v));
      flags.byCondition[flags.at[k]].push_back(k);
    }
  for (auto [i, v] : llvm::enumerate(x.term->getOperands())) {
    bool allOwned = isMemRef(v), allForeign = isMemRef(v),
         allOwnedOrForeign = isMemRef(v);
    Bdd covered = BddManager::False, foreignCovered = BddManager::False;
    Bdd notOwned = BddManager::False;
    // A returned future of a buffer hands the buffer over too.
    if (carriesMemRef(v))
      for (const AliasEntry &e : flow.aliasOf(v)) {
        Bdd c = bdd.conj(x.st.path, e.cond);
        std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
        if (b && !ctx.buffers[*b].foreign) {
          escaped[*b] = bdd.disj(escaped[*b], c);
          covered = bdd.disj(covered, c);
        } else {
          allOwned = false;
          notOwned = bdd.disj(notOwned, c);
        }
        if (b && !ctx.buffers[*b].foreign && c != BddManager::False &&
            i < freeOut.size()) {
          StringRef op = ctx.buffers[*b].freeOp;
          freeOut[i] = freeOut[i] == NotSeen || freeOut[i] == op ? op : "";
        }
        if (b && ctx.buffers[*b].foreign)
          foreignCovered = bdd.disj(foreignCovered, c);
        else if (c != BddManager::False)
          allForeign = false;
        if (!b && c != BddManager::False)
          allOwnedOrForeign = false;
      }
    if (i < freshOrForeignOut.size() &&
        (!allOwnedOrForeign ||
         !bdd.implies(x.st.path, bdd.disj(covered, foreignCovered))))
      freshOrForeignOut[i] = false;
    if (i < foreignOut.size() &&
        (!allForeign || !bdd.implies(x.st.path, foreignCovered)))
      foreignOut[i] = false;
    if (i < argumentOut.size() && isMemRef(v))
      updateArgumentOut(i, v, x.st.path, firstReturn);
    if (i < grownOut.size() && isMemRef(v))
      updateGrownArgument(i, v, x.st.path);
    if (i < fresh.size() && (!allOwned || !bdd.implies(x.st.path, covered)))
      fresh[i] = false;
    if (i < ownedWhenCandidates.size() && isMemRef(v))
      updateOwnedWhen(i, flags, covered, notOwned, firstReturn);
    if (i < constant.size() && v.getType().isInteger(1)) {
      updateConstant(i, v, x.st.path);
      updateSameAsArgument(i, v, x.st.path, firstReturn);
      if (!llvm::is_contained(returnedI1s[i], v))
        returnedI1s[i].push_back(v);
      updateEqualResults(i, flags, firstReturn);
    }
  }
  // (A freed entry nothing reaches any more may have been forgotten: what
  // is still live is what was not freed.)
  for (auto &[b, unfreed] : takenUnfreedAtReturn)
    unfreed = bdd.disj(unfreed, ctx.lattice.liveIn(x.st, b));
  // Live buffers it does not return leak.
  for (unsigned b = 0; b < ctx.numBuffers(); ++b) {
    // (A coroutine's captured buffer may be freed by its host on the paths
    // where the coroutine does not: BufferInfo::takenArgument.)
    if (x.st.entries[b].live == BddManager::False || ctx.buffers[b].foreign ||
        ctx.buffers[b].takenArgument)
      continue;
    Bdd leak = bdd.conj(ctx.lattice.liveIn(x.st, b), bdd.negate(escaped[b]));
    if (leak == BddManager::False)
      continue;
    Event ev{EventKind::Leak, x.term, (int)b};
    ev.cond = leak;
    ctx.events.record(ev, b);
  }
}

/// A per-result fact that may hold of several candidates (which i1 result
/// flags ownership, which argument an i1 result is): every option that
/// holds at the first return, then those that still hold at each later one.
template <typename T, typename Holds>
static void narrowCandidates(SmallVectorImpl<T> &cands, bool firstReturn,
                             ArrayRef<T> options, Holds holds) {
  if (firstReturn)
    llvm::copy_if(options, std::back_inserter(cands), holds);
  else
    llvm::erase_if(cands, [&](const T &c) { return !holds(c); });
}

/// The i1 results a result's fact may name at the first return: the first
/// few whose condition is `cond` (callers read the first that holds at
/// every return; more would cost a list per result as long as the results
/// that share a condition, all of them when every flag is `true`).
constexpr unsigned MaxFlagCandidates = 8;

static SmallVector<unsigned, 8>
flagsWith(Bdd cond,
          const llvm::DenseMap<Bdd, SmallVector<unsigned, 2>> &byCondition,
          unsigned before) {
  SmallVector<unsigned, 8> out;
  if (auto it = byCondition.find(cond); it != byCondition.end())
    for (unsigned k : it->second) {
      if (k >= before || out.size() == MaxFlagCandidates)
        break;
      out.push_back(k);
    }
  return out;
}

// Result `i` is owned exactly where some i1 result holds: on this return's
// path, the flag's formula is the condition under which the value is one of
// the function's buffers, and it excludes every other origin.
void FunctionAnalysis::updateOwnedWhen(unsigned i, const ReturnedFlags &flags,
                                       Bdd covered, Bdd notOwned,
                                       bool firstReturn) {
  BddManager &bdd = ctx.bdd;
  bool exclusive = bdd.conj(covered, notOwned) == BddManager::False;
  // (Result i is a memref: never among the flags.)
  SmallVector<unsigned, 8> options;
  if (firstReturn && exclusive)
    options = flagsWith(covered, flags.byCondition, flags.at.size());
  narrowCandidates<unsigned>(
      ownedWhenCandidates[i], firstReturn, options,
      [&](unsigned k) { return exclusive && flags.at[k] == covered; });
}

void FunctionAnalysis::updateSameAsArgument(unsigned i, Value v, Bdd path,
                                            bool firstReturn) {
  BddManager &bdd = ctx.bdd;
  Bdd f = bdd.conj(path, ctx.conds.formulaOf(v));
  SmallVector<std::pair<unsigned, bool>> options;
  for (auto [j, arg] : llvm::enumerate(entryArguments))
    if (arg.getType().isInteger(1))
      for (bool negated : {false, true})
        options.push_back({unsigned(j), negated});
  narrowCandidates<std::pair<unsigned, bool>>(
      argumentCandidates[i], firstReturn, options,
      [&](std::pair<unsigned, bool> c) {
        Bdd a = ctx.conds.formulaOf(entryArguments[c.first]);
        return f == bdd.conj(path, c.second ? bdd.negate(a) : a);
      });
}

void FunctionAnalysis::updateEqualResults(unsigned i,
                                          const ReturnedFlags &flags,
                                          bool firstReturn) {
  Bdd f = flags.at[i];
  SmallVector<unsigned, 8> options;
  if (firstReturn)
    options = flagsWith(f, flags.byCondition, i);
  narrowCandidates<unsigned>(equalResultCandidates[i], firstReturn, options,
                             [&](unsigned k) { return flags.at[k] == f; });
}

bool FunctionAnalysis::flagOfItsOwn(unsigned k) const {
  if (k >= returnedI1s.size() || returnedI1s[k].empty() ||
      entryArguments.empty())
    return false;
  auto fn = dyn_cast<FunctionOpInterface>(
      entryArguments.front().getOwner()->getParentOp());
  return fn && llvm::all_of(returnedI1s[k], [&](Value v) {
           FlagSources s = flagSourcesOf(v, fn);
           return s.hidden && !s.i1Argument;
         });
}

std::optional<unsigned>
FunctionAnalysis::entryArgumentOf(const Origin &o) const {
  return Transfer::entryArgumentNumber(o);
}

// Result `i` is one memref argument of the function on this return's path:
// every origin it may have there is that argument.
void FunctionAnalysis::updateArgumentOut(unsigned i, Value v, Bdd path,
                                         bool firstReturn) {
  BddManager &bdd = ctx.bdd;
  std::optional<unsigned> arg;
  bool interior = false, one = true;
  Bdd covered = BddManager::False;
  auto mayBe = [&](unsigned k) {
    if (!llvm::is_contained(argumentMay[i], k))
      argumentMay[i].push_back(k);
  };
  for (const AliasEntry &e : flow.aliasOf(v)) {
    Bdd c = bdd.conj(path, e.cond);
    if (c == BddManager::False)
      continue;
    const Origin &o = ctx.origins[e.origin];
    if (std::optional<unsigned> k = entryArgumentOf(o))
      mayBe(*k);
    // A call's result that may be what the call passed: the arguments
    // that may be.
    if (o.kind == OriginKind::Unknown && o.value)
      if (auto it = ctx.callResultMayBe.find(o.value);
          it != ctx.callResultMayBe.end())
        for (Value passed : it->second)
          for (const AliasEntry &p : flow.aliasOf(passed))
            if (std::optional<unsigned> k =
                    entryArgumentOf(ctx.origins[p.origin]))
              mayBe(*k);
  }
  for (const AliasEntry &e : flow.aliasOf(v)) {
    Bdd c = bdd.conj(path, e.cond);
    if (c == BddManager::False)
      continue;
    std::optional<unsigned> k = entryArgumentOf(ctx.origins[e.origin]);
    if (!k || (arg && *arg != *k)) {
      one = false;
      break;
    }
    arg = k;
    interior |= e.interior;
    covered = bdd.disj(covered, c);
  }
  std::optional<std::pair<unsigned, bool>> here;
  if (one && arg && bdd.implies(path, covered))
    here = std::make_pair(*arg, interior);
  if (firstReturn)
    argumentOut[i] = here;
  else if (argumentOut[i] && (!here || here->first != argumentOut[i]->first))
    argumentOut[i] = std::nullopt;
  else if (argumentOut[i])
    argumentOut[i]->second |= here->second;
}

void FunctionAnalysis::updateConstant(unsigned i, Value v, Bdd path) {
  BddManager &bdd = ctx.bdd;
  Bdd f = ctx.conds.formulaOf(v);
  ResultConstant c = bdd.implies(path, f) ? ResultConstant::True
                     : bdd.conj(path, f) == BddManager::False
                         ? ResultConstant::False
                         : ResultConstant::Varies;
  if (constant[i] == ResultConstant::NoReturnYet || constant[i] == c)
    constant[i] = c;
  else
    constant[i] = ResultConstant::Varies;
}

// A loop-carried value that may be one of several buffers, one of which
// memlint stopped tracking, does not say which it is in a given iteration:
// stop tracking all of them rather than guess.
void FunctionAnalysis::untrackAmbiguousLoopValues() {
  std::vector<BufferInfo> &buffers = ctx.buffers;
  auto untracked = [&](const AliasEntry &e) {
    std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
    return b && !buffers[*b].tracked;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (Value v : walker.loopCarriedMemrefs()) {
      const AliasSet *s = flow.find(v);
      if (!s || llvm::none_of(*s, untracked))
        continue;
      for (const AliasEntry &e : *s) {
        std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
        if (b && buffers[*b].tracked) {
          buffers[*b].tracked = false;
          buffers[*b].untrackedAt.push_back(nullptr);
          changed = true;
        }
      }
    }
  }
}

// Words are chosen as seen from `at`: what every path reaching it takes
// (the exit of a while loop's test, the branch `at` sits in) says nothing
// about which paths the event happens on.
Message FunctionAnalysis::describePath(ArrayRef<Bdd> conds, Operation *at) {
  Bdd cond = BddManager::False;
  for (Bdd c : conds)
    cond = ctx.bdd.disj(cond, c);
  auto it = ctx.pathAt.find(at);
  Bdd reach = it != ctx.pathAt.end() ? it->second : BddManager::True;
  return ctx.conds.describe(cond, reach, at);
}

std::vector<Value> FunctionAnalysis::valuesDeciding(Bdd cond) {
  std::vector<Value> out;
  for (unsigned var : ctx.bdd.support(cond)) {
    Value v = ctx.conds.valueOf(var);
    if (v && v.getType().isInteger(1) && !ctx.conds.isDataAtom(var) &&
        !llvm::is_contained(out, v))
      out.push_back(v);
  }
  return out;
}

} // namespace memlint::lifetime

namespace memlint {

struct LifetimeAnalysis::Impl : lifetime::FunctionAnalysis {
  using FunctionAnalysis::FunctionAnalysis;
};

LifetimeAnalysis::LifetimeAnalysis(mlir::FunctionOpInterface fn,
                                   ModuleLifetimes &module, ValueNamer namer)
    : impl(std::make_unique<Impl>(bufferInfos, originTable, stopped, module,
                                  std::move(namer))),
      fn(fn) {
  impl->setUp(module.budgetPerFunction());
  impl->run(fn);
  // Events are computed now, within the budget: the checks that read them
  // later must agree with gaveUp().
  if (!stopped) {
    eventCache = impl->events(fn);
    if (impl->bdds().exhausted())
      stopped = true;
  }
  // Over budget, the bugs that need no path reasoning are still reported.
  if (stopped)
    eventCache = lifetime::coarseEvents(fn, bufferInfos);
  pathsLost = impl->lostPaths();
  sum = impl->summary();
  sum.deallocLibrary = module.isDeallocationLibrary(fn);
  const BddManager &bdd = impl->bdds();
  spent = bdd.spent();
  work = {bdd.operations(), bdd.size(), bdd.peakBytes()};
  module.addCost(work);
}

LifetimeAnalysis::~LifetimeAnalysis() = default;

void LifetimeAnalysis::releaseWorkState() { impl.reset(); }

int LifetimeAnalysis::bufferOf(mlir::Value v) const {
  if (!impl) {
    // Released: the first buffer of that value (later ones are earlier
    // iterations' instances of it).
    auto it = llvm::find_if(bufferInfos,
                            [&](const BufferInfo &b) { return b.value == v; });
    return it == bufferInfos.end() ? -1 : int(it - bufferInfos.begin());
  }
  std::optional<unsigned> b = impl->bufferOf(v);
  return b ? static_cast<int>(*b) : -1;
}

const std::vector<Event> &LifetimeAnalysis::events() const {
  if (!eventCache)
    eventCache = impl->events(fn);
  return *eventCache;
}

const std::vector<Event> &LifetimeAnalysis::possibleEvents() const {
  // Over budget, the coarse events are all there is; released, the events
  // reported are (callers that prove fixes keep the work state).
  if (stopped || !impl)
    return events();
  if (!possibleCache)
    possibleCache = impl->events(fn, /*forSomeContents=*/true);
  return *possibleCache;
}

double LifetimeAnalysis::pathShare(Bdd cond) const {
  assert(impl && "pathShare after releaseWorkState");
  return impl->pathShare(cond);
}

std::vector<std::pair<unsigned, Bdd>>
LifetimeAnalysis::freedBy(mlir::Operation *op) const {
  if (stopped || !impl)
    return {};
  std::vector<std::pair<unsigned, Bdd>> out = impl->freedBy(op);
  llvm::erase_if(out, [&](const std::pair<unsigned, Bdd> &f) {
    return !bufferInfos[f.first].tracked;
  });
  return out;
}

std::vector<mlir::Value> LifetimeAnalysis::valuesDeciding(Bdd cond) const {
  if (stopped || !impl)
    return {};
  return impl->valuesDeciding(cond);
}

Message LifetimeAnalysis::describePath(llvm::ArrayRef<Bdd> conds,
                                       mlir::Operation *at) {
  // Coarse events hold on every path that reaches them.
  if (stopped)
    return Message();
  assert(impl && "describePath after releaseWorkState");
  return impl->describePath(conds, at);
}

} // namespace memlint
