//===- FunctionSummaries.cpp - What callers and callees see of each other -===//
//
// A function's summary for its callers (FunctionAnalysis::summary) and what
// a call reads of its callee's (readCallResults): the two ends of the one
// interface between the analyses of a module's functions.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/AsyncRuntime.h"
#include "analysis/lifetime/FunctionAnalysis.h"
#include "analysis/lifetime/ModuleLifetimes.h"

#include "analysis/lifetime/QuestionSource.h"

#include "analysis/BufferCarriers.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/Ownership.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include <set>

using namespace mlir;

namespace memlint::lifetime {

// What a call's results are, by its callee's summary: fresh buffers, buffers
// owned under a flag, i1s the caller knows; a body-less callee's memrefs are
// foreign (see BufferInfo::foreign), unless the configuration names it an
// allocator (ModuleLifetimes::isAllocator).
/// Whether `r`, or a view or cast of it, is freed or leaves the ops that
/// only read and write it (returned, forwarded, passed to a call): only
/// then does it matter which buffer it is. A result that is only read
/// frees nothing, and the buffers passed to the call stay tracked.
static bool mayHandOn(Value r) {
  SmallVector<Value> work{r};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (llvm::is_contained(freedOperands(user), &use))
        return true;
      bool view = false;
      for (Value res : user->getResults()) {
        bool interior;
        if (isMemRef(res) && viewSource(res, interior) == v) {
          work.push_back(res);
          view = true;
        }
      }
      if (view)
        continue;
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          isa<CallOpInterface>(user) || user->getNumRegions() > 0 ||
          llvm::any_of(user->getResults(),
                       [](Value res) { return carriesMemRef(res); }))
        return true;
    }
  }
  return false;
}

void FunctionAnalysis::readCallResults(CallOpInterface call,
                                       SmallVectorImpl<Value> &owned,
                                       SmallVectorImpl<Value> &foreign) {
  FunctionOpInterface callee = ctx.module.calleeOf(call);
  if (!callee)
    return;
  // A declaration with a preset summary stands for a function with a body
  // (the fix search's slices, ModuleLifetimes::useSummaries).
  const FunctionSummary *preset = ctx.module.presetSummaryOf(callee);
  if (!preset && callee.isExternal() && !ctx.module.isAllocator(callee)) {
    for (Value r : call->getResults())
      if (isMemRef(r))
        foreign.push_back(r);
    return;
  }
  FunctionSummary summary = preset ? *preset : ctx.module.summaryOf(callee);
  // A result that is a taken-over argument or its replacement: the call is
  // a realloc of what it passes there (the argument ends at the call, the
  // result is fresh), not a buffer the caller cannot name.
  SmallVector<unsigned, 1> grown;
  for (auto [i, r] : llvm::enumerate(call->getResults()))
    if (i < summary.growsArgument.size() && summary.growsArgument[i] &&
        isMemRef(r) &&
        *summary.growsArgument[i] < call.getArgOperands().size()) {
      unsigned j = *summary.growsArgument[i];
      owned.push_back(r);
      if (!llvm::is_contained(grown, j)) {
        grown.push_back(j);
        ctx.freedByCall[call.getOperation()].push_back(
            call.getArgOperands()[j]);
      }
    }
  for (auto [i, r] : llvm::enumerate(call->getResults())) {
    if (i < summary.foreign.size() && summary.foreign[i] && isMemRef(r))
      foreign.push_back(r);
    if (i < summary.fresh.size() && summary.fresh[i] && isMemRef(r))
      owned.push_back(r);
    if (i < summary.ownedWhen.size() && summary.ownedWhen[i] && isMemRef(r)) {
      unsigned k = *summary.ownedWhen[i];
      std::optional<std::pair<unsigned, bool>> unlessOwned;
      if (i < summary.argumentUnlessOwned.size())
        unlessOwned = summary.argumentUnlessOwned[i];
      bool passed =
          unlessOwned && unlessOwned->first < call.getArgOperands().size();
      if (!unlessOwned || passed) {
        owned.push_back(r);
        ctx.ownershipFlagOf[r] = call->getResult(k);
      }
      if (passed) {
        ctx.callResultUnlessOwned[r] = {
            call.getArgOperands()[unlessOwned->first], unlessOwned->second};
        // The callee's own value: the caller cannot know it (unless the
        // summary says what it is).
        bool known = (k < summary.constant.size() && summary.constant[k]) ||
                     (k < summary.comparesArgument.size() &&
                      summary.comparesArgument[k]);
        if (!known)
          ctx.opaqueOwnershipFlags.try_emplace(call->getResult(k));
      }
    }
    if (i < summary.sameAsArgument.size() && summary.sameAsArgument[i])
      if (auto [j, negated] = *summary.sameAsArgument[i];
          j < call.getArgOperands().size())
        ctx.flagArgumentOf[r] = {call.getArgOperands()[j], negated};
    if (i < summary.constant.size() && summary.constant[i])
      constantCallResults[r] = *summary.constant[i];
    if (i < summary.sameI1As.size() && summary.sameI1As[i] &&
        *summary.sameI1As[i] < i)
      ctx.callResultEquals[r] = call->getResult(*summary.sameI1As[i]);
    if (i < summary.comparesArgument.size() && summary.comparesArgument[i]) {
      const ArgumentComparison &c = *summary.comparesArgument[i];
      OperandRange args = call.getArgOperands();
      unsigned other = c.otherArgument.value_or(c.argument);
      if (c.argument < args.size() && other < args.size())
        ctx.comparisonOfCallResult[r] = {
            args[c.argument], arith::CmpIPredicate(c.predicate),
            c.otherArgument ? args[other] : Value(), c.value};
    }
    if (i < summary.freeOp.size() && !summary.freeOp[i].empty())
      ctx.freeOpOfCallResult[r] = summary.freeOp[i];
    if (i < summary.returnsArgument.size() && summary.returnsArgument[i] &&
        isMemRef(r))
      if (auto [j, interior] = *summary.returnsArgument[i];
          j < call.getArgOperands().size())
        ctx.callResultIs[r] = {call.getArgOperands()[j], interior};
    if (i < summary.sameFreshAs.size() && summary.sameFreshAs[i] && isMemRef(r))
      if (auto [j, interior] = *summary.sameFreshAs[i]; j < i)
        ctx.callResultIs[r] = {call->getResult(j), interior};
    // (Not where an ownership flag comes beside it: the caller frees the
    // result only where the flag says it is the callee's fresh buffer.)
    bool flagged = i < summary.ownedWhen.size() && summary.ownedWhen[i];
    if (i < summary.mayReturnArguments.size() && isMemRef(r) && !flagged) {
      bool handedOn = mayHandOn(r);
      for (unsigned j : summary.mayReturnArguments[i])
        if (j < call.getArgOperands().size() && !llvm::is_contained(grown, j)) {
          ctx.callResultMayBe[r].push_back(call.getArgOperands()[j]);
          if (handedOn)
            ctx.maybeReturnedArguments[call.getOperation()].push_back(
                call.getArgOperands()[j]);
        }
    }
  }
  // What the callee frees on every path is freed by the call; what it may
  // free is not followed past the call.
  for (auto [j, k, negated] : summary.freesArgumentWhen)
    if (j < call.getArgOperands().size() && k < call.getArgOperands().size())
      ctx.freedByCallWhen[call.getOperation()].push_back(
          {call.getArgOperands()[j], call.getArgOperands()[k], negated});
  for (unsigned j : summary.mayFreeArguments) {
    if (j >= call.getArgOperands().size() || llvm::is_contained(grown, j))
      continue;
    auto freedWhen = [&](const auto &w) { return std::get<0>(w) == j; };
    if (llvm::is_contained(summary.releasesArguments, j))
      ctx.releasedByCall[call.getOperation()].push_back(
          call.getArgOperands()[j]);
    if (llvm::is_contained(summary.freesArguments, j))
      ctx.freedByCall[call.getOperation()].push_back(call.getArgOperands()[j]);
    else if (llvm::any_of(summary.freesArgumentWhen, freedWhen))
      continue;
    else
      ctx.maybeReturnedArguments[call.getOperation()].push_back(
          call.getArgOperands()[j]);
  }
  for (unsigned j : summary.takesArguments)
    if (j < call.getArgOperands().size())
      ctx.takenByCall[call.getOperation()].push_back(call.getArgOperands()[j]);
  for (unsigned j : summary.usesArgumentsUntilAwaited)
    if (j < call.getArgOperands().size())
      ctx.usedUntilAwaited[call.getOperation()].push_back(
          call.getArgOperands()[j]);
  for (auto [i, r] : llvm::enumerate(call->getResults()))
    if (i < summary.valueHoldsArgument.size() &&
        summary.valueHoldsArgument[i] &&
        *summary.valueHoldsArgument[i] < call.getArgOperands().size())
      ctx.asyncValueHolds[r] =
          call.getArgOperands()[*summary.valueHoldsArgument[i]];
  if (summary.coroutine)
    ctx.coroutineCalls.insert(call.getOperation());
  for (unsigned j : summary.escapesArguments)
    if (j < call.getArgOperands().size() &&
        !llvm::is_contained(summary.valueHoldsArgument, std::optional(j)))
      ctx.maybeReturnedArguments[call.getOperation()].push_back(
          call.getArgOperands()[j]);
}

std::optional<std::pair<Value, ValueSet>>
FunctionContext::callQuestionOf(Value callResult) const {
  auto it = comparisonOfCallResult.find(callResult);
  if (it == comparisonOfCallResult.end())
    return std::nullopt;
  const CallComparison &c = it->second;
  if (!c.rhs)
    return std::make_pair(c.lhs, ValueSet::where(c.predicate, c.value));
  // Two operands, one of them a constant here: a question on the other.
  if (auto xc = constantComparison(c.lhs, c.predicate, c.rhs)) {
    auto &[x, pred, k] = *xc;
    return std::make_pair(x, ValueSet::where(pred, k));
  }
  return std::nullopt;
}

/// `v` as `lhs pred rhs` of `fn`'s entry arguments (rhs unset: against
/// `value`): an `arith.cmpi` of them, its negation `cmp ^ true`, or the
/// result of a call whose callee's summary says it is one (a helper
/// calling a helper).
static std::optional<ArgumentComparison>
asArgumentComparison(Value v, Block &entry, const FunctionContext &ctx) {
  // `cmp ^ true` (a helper returning the negation) is the inverse
  // comparison.
  bool negated = false;
  if (Value bit = negatedBit(v)) {
    v = bit;
    negated = true;
  }
  Value lhs, rhs;
  arith::CmpIPredicate pred;
  APInt c;
  // (arith.cmpi, index.cmp and llvm.icmp alike, as the analysis reads
  // them: a partly lowered helper is still one.)
  auto cmp =
      v.getDefiningOp() ? integerComparison(v.getDefiningOp()) : std::nullopt;
  if (cmp) {
    std::tie(lhs, pred, rhs) = *cmp;
  } else if (auto it = ctx.comparisonOfCallResult.find(v);
             it != ctx.comparisonOfCallResult.end()) {
    lhs = it->second.lhs;
    rhs = it->second.rhs;
    pred = it->second.predicate;
    c = it->second.value;
  } else {
    return std::nullopt;
  }
  if (rhs && matchPattern(rhs, m_ConstantInt(&c))) {
    rhs = Value();
  } else if (rhs && matchPattern(lhs, m_ConstantInt(&c))) {
    lhs = std::exchange(rhs, Value());
    pred = swapPredicate(pred);
  }
  if (negated)
    pred = arith::invertPredicate(pred);
  auto argumentOf = [&](Value x) -> std::optional<unsigned> {
    auto a = dyn_cast<BlockArgument>(x);
    if (!a || a.getOwner() != &entry || x.getType().isInteger(1))
      return std::nullopt;
    return a.getArgNumber();
  };
  std::optional<unsigned> l = argumentOf(lhs);
  if (!l)
    return std::nullopt;
  if (!rhs)
    return ArgumentComparison{*l, unsigned(pred), c, std::nullopt};
  std::optional<unsigned> r = argumentOf(rhs);
  if (!r)
    return std::nullopt;
  return ArgumentComparison{*l, unsigned(pred), APInt(), r};
}

/// Per result of `fn`: the comparison of its arguments that every return
/// hands out there (one value for all of them).
static std::vector<std::optional<ArgumentComparison>>
argumentComparisons(FunctionOpInterface fn, const FunctionContext &ctx) {
  std::vector<std::optional<ArgumentComparison>> out(fn.getNumResults());
  Region &body = fn.getFunctionBody();
  if (body.empty())
    return out;
  std::vector<Value> returned(fn.getNumResults());
  std::vector<bool> mixed(fn.getNumResults(), false);
  for (Block &block : body) {
    Operation *term = block.empty() ? nullptr : &block.back();
    if (!term || !term->hasTrait<OpTrait::ReturnLike>() ||
        term->getNumOperands() != out.size())
      continue;
    for (auto [i, v] : llvm::enumerate(term->getOperands())) {
      mixed[i] = mixed[i] || (returned[i] && returned[i] != v);
      returned[i] = v;
    }
  }
  for (auto [i, v] : llvm::enumerate(returned))
    if (v && !mixed[i])
      out[i] = asArgumentComparison(v, body.front(), ctx);
  return out;
}

// A buffer returned through two results (`return %b, %b`, or %b and a
// view of it) is one buffer: a caller taking each result for a fresh buffer
// of its own would free it twice. Where a later result holds exactly the
// buffers of an earlier one at every return, callers are told it is that
// result (sameAsResult); where two results share a buffer otherwise (on
// some paths only, or a part of what each holds), neither is fresh.
void FunctionAnalysis::updateSharedResults(const Exit &x, bool firstReturn) {
  BddManager &bdd = ctx.bdd;
  Bdd path = x.st.path;
  auto owned = [&](Value v) {
    // The owned buffers `v` may hold on this path, and on which paths.
    SmallVector<std::pair<unsigned, Bdd>, 2> out;
    bool interior = false;
    if (carriesMemRef(v))
      for (const AliasEntry &e : flow.aliasOf(v)) {
        std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
        Bdd c = bdd.conj(path, e.cond);
        if (!b || c == BddManager::False)
          continue;
        interior |= e.interior;
        auto it = llvm::find_if(out, [&](auto &p) { return p.first == *b; });
        if (it == out.end())
          out.push_back({*b, c});
        else
          it->second = bdd.disj(it->second, c);
      }
    llvm::sort(out, [](auto &l, auto &r) { return l.first < r.first; });
    return std::make_pair(out, interior);
  };
  OperandRange values = x.term->getOperands();
  unsigned n = std::min<unsigned>(values.size(), sameAsResult.size());
  SmallVector<SmallVector<std::pair<unsigned, Bdd>, 2>> held(n);
  SmallVector<bool> interior(n, false);
  for (unsigned i = 0; i < n; ++i)
    std::tie(held[i], interior[i]) = owned(values[i]);
  // Per buffer, the first result holding it.
  DenseMap<unsigned, unsigned> firstHolder;
  for (unsigned i = 0; i < n; ++i) {
    // The first earlier result sharing a buffer with this one, and whether
    // it holds exactly the same ones (an earlier result that is itself a
    // view cannot stand for the buffer).
    std::optional<unsigned> partner;
    for (auto &[b, c] : held[i]) {
      auto [it, added] = firstHolder.try_emplace(b, i);
      if (!added && (!partner || it->second < *partner))
        partner = it->second;
    }
    std::optional<std::pair<unsigned, bool>> here;
    if (partner && held[*partner] == held[i] && !interior[*partner])
      here = std::make_pair(*partner, bool(interior[i]));
    bool broken = partner && !here;
    if (!firstReturn && sameAsResult[i] != here) {
      broken = true;
      if (sameAsResult[i])
        fresh[sameAsResult[i]->first] = false;
    }
    if (broken) {
      fresh[i] = false;
      if (partner)
        fresh[*partner] = false;
      here = std::nullopt;
    }
    if (firstReturn || broken)
      sameAsResult[i] = here;
  }
}

void FunctionAnalysis::updateGrownArgument(unsigned i, Value v, Bdd path) {
  if (grownOut[i] == GrownMixed)
    return;
  for (const AliasEntry &e : flow.aliasOf(v)) {
    if (ctx.bdd.conj(path, e.cond) == BddManager::False)
      continue;
    std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
    if (b && !ctx.buffers[*b].foreign)
      continue;
    std::optional<unsigned> k = entryArgumentOf(ctx.origins[e.origin]);
    if (!k || (grownOut[i] != GrownNotSeen && grownOut[i] != *k)) {
      grownOut[i] = GrownMixed;
      return;
    }
    grownOut[i] = *k;
    grownInterior[i] = grownInterior[i] || e.interior;
  }
}

/// Whether `v`, or a view or cast of it, is an operand of a call.
static bool passedToCall(Value v) {
  for (Value x : viewsOf(v))
    if (llvm::any_of(x.getUsers(), [](Operation *user) {
          return isa<CallOpInterface>(user);
        }))
      return true;
  return false;
}

void FunctionAnalysis::findArgumentsFreedOnReturn() {
  // An argument freed wherever the function returns: every path to a
  // return passed a free of it (the union of its frees' paths holds
  // wherever a return is reached).
  std::map<unsigned, Bdd> freedWhere;
  // (Freed twice on some path: no release helper, each free is reported.)
  std::set<unsigned> freedTwice;
  for (const auto &[key, ev] : ctx.events) {
    if (ev.kind != EventKind::InvalidFree || ev.buffer >= 0 ||
        ev.origin >= ctx.origins.size())
      continue;
    const Origin &o = ctx.origins[ev.origin];
    auto arg = dyn_cast_or_null<BlockArgument>(o.value);
    if (o.kind != OriginKind::Argument || !arg ||
        !arg.getOwner()->isEntryBlock() ||
        !isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
      continue;
    Bdd &where = freedWhere.try_emplace(arg.getArgNumber(), BddManager::False)
                     .first->second;
    if (ctx.bdd.conj(where, ev.cond) != BddManager::False)
      freedTwice.insert(arg.getArgNumber());
    where = ctx.bdd.disj(where, ev.cond);
  }
  if (returnReach == BddManager::False)
    return;
  bool isPrivate = !entryArguments.empty() &&
                   cast<FunctionOpInterface>(
                       entryArguments.front().getOwner()->getParentOp())
                       .isPrivate();
  for (auto &[arg, where] : freedWhere)
    if (ctx.bdd.implies(returnReach, where) &&
        !llvm::is_contained(ctx.takenArguments, arg)) {
      freesArgumentsOut.push_back(arg);
      if (isPrivate && !freedTwice.count(arg))
        releasesArgumentsOut.push_back(arg);
    }
  // A taken-over argument freed wherever the function returns: the call
  // frees the caller's buffer; freed exactly where an i1 argument holds:
  // the call frees it where what the caller passes there holds.
  for (auto &[b, unfreed] : takenUnfreedAtReturn) {
    if (!ctx.buffers[b].tracked)
      continue;
    unsigned j = cast<BlockArgument>(ctx.buffers[b].value).getArgNumber();
    if (unfreed == BddManager::False) {
      freesArgumentsOut.push_back(j);
      continue;
    }
    // (Not where a call is handed it: one in a call cycle, whose summary
    // is not known yet, may free it on the other paths.)
    if (passedToCall(ctx.buffers[b].value))
      continue;
    Bdd freed = ctx.bdd.conj(returnReach, ctx.bdd.negate(unfreed));
    for (auto [k, arg] : llvm::enumerate(entryArguments))
      if (arg.getType().isInteger(1))
        for (bool negated : {false, true}) {
          Bdd a = ctx.conds.formulaOf(arg);
          if (freed ==
              ctx.bdd.conj(returnReach, negated ? ctx.bdd.negate(a) : a))
            freesArgumentWhenOut.push_back({j, unsigned(k), negated});
        }
  }
  llvm::sort(freesArgumentsOut);
}

FunctionSummary FunctionAnalysis::summary() const {
  FunctionSummary sum;
  sum.fresh = fresh;
  sum.sameFreshAs.assign(fresh.size(), std::nullopt);
  for (auto [i, same] : llvm::enumerate(sameAsResult))
    if (same && fresh[same->first]) {
      sum.fresh[i] = false;
      sum.sameFreshAs[i] = same;
    } else if (same) {
      sum.fresh[i] = false;
    }
  sum.foreign = foreignOut;
  for (StringRef op : freeOut)
    sum.freeOp.push_back(op == NotSeen ? StringRef() : op);
  sum.returnsArgument = argumentOut;
  for (auto [i, may] : llvm::enumerate(argumentMay))
    sum.mayReturnArguments.push_back(
        argumentOut[i] ? llvm::SmallVector<unsigned, 2>() : may);
  // Candidates exist only if some return was seen.
  auto first = [](const auto &cands) {
    return cands.empty() ? std::nullopt : std::optional(cands.front());
  };
  for (const auto &cands : argumentCandidates)
    sum.sameAsArgument.push_back(first(cands));
  for (const auto &cands : equalResultCandidates)
    sum.sameI1As.push_back(first(cands));
  for (auto [i, cands] : llvm::enumerate(ownedWhenCandidates)) {
    std::optional<unsigned> owned = first(cands);
    std::optional<std::pair<unsigned, bool>> unlessOwned;
    if (owned && !fresh[i] && !sum.sameAsArgument[*owned]) {
      // A flag of the function's own: callers can follow it only where
      // what it does not own is the one argument they passed.
      if (!argumentOut[i] && grownOut[i] < entryArguments.size() &&
          flagOfItsOwn(*owned))
        unlessOwned = std::make_pair(grownOut[i], bool(grownInterior[i]));
      else
        owned = std::nullopt;
    }
    if (fresh[i])
      owned = std::nullopt;
    sum.ownedWhen.push_back(owned);
    sum.argumentUnlessOwned.push_back(unlessOwned);
  }
  // Any free of an argument counts, under any condition: a caller that
  // went on tracking what it passed there would report it leaked on the
  // paths where the callee freed it.
  for (const auto &[key, ev] : ctx.events) {
    if (ev.kind != EventKind::InvalidFree || ev.buffer >= 0 ||
        ev.origin >= ctx.origins.size())
      continue;
    const Origin &o = ctx.origins[ev.origin];
    auto arg = dyn_cast_or_null<BlockArgument>(o.value);
    if (o.kind == OriginKind::Argument && arg &&
        arg.getOwner()->isEntryBlock() &&
        isa<FunctionOpInterface>(arg.getOwner()->getParentOp()) &&
        !llvm::is_contained(sum.mayFreeArguments, arg.getArgNumber()))
      sum.mayFreeArguments.push_back(arg.getArgNumber());
  }
  sum.freesArguments = freesArgumentsOut;
  sum.releasesArguments = releasesArgumentsOut;
  sum.freesArgumentWhen = freesArgumentWhenOut;
  for (unsigned arg : ctx.takenArguments)
    if (!llvm::is_contained(sum.mayFreeArguments, arg))
      sum.mayFreeArguments.push_back(arg);
  llvm::sort(sum.mayFreeArguments);
  sum.takesArguments = ctx.takenArguments;
  llvm::sort(sum.takesArguments);
  if (coroutine && !entryArguments.empty())
    if (auto fn = dyn_cast<FunctionOpInterface>(
            entryArguments.front().getOwner()->getParentOp())) {
      sum.coroutine = true;
      sum.usesArgumentsUntilAwaited = argumentsUsedByTask(fn);
      sum.valueHoldsArgument = asyncValuesHoldingArguments(fn);
      sum.escapesArguments = ctx.escapedArguments;
      llvm::sort(sum.escapesArguments);
    }
  for (auto [i, k] : llvm::enumerate(grownOut))
    sum.growsArgument.push_back(
        k < entryArguments.size() && !fresh[i] &&
                llvm::is_contained(sum.takesArguments, k)
            ? std::optional(k)
            : std::nullopt);
  for (ResultConstant c : constant)
    sum.constant.push_back(c == ResultConstant::True    ? std::optional(true)
                           : c == ResultConstant::False ? std::optional(false)
                                                        : std::nullopt);
  if (!entryArguments.empty())
    if (auto fn = dyn_cast<FunctionOpInterface>(
            entryArguments.front().getOwner()->getParentOp());
        fn && !replaceableAtLinkTime(fn))
      sum.comparesArgument = argumentComparisons(fn, ctx);
  // A result that is a buffer the function allocated on some paths and
  // foreign memory on the others (a malloc wrapper returning NULL where it
  // fails, as Polygeist compiles C): its callers cannot know whether they
  // own it, and follow it as foreign memory, whose double frees and uses
  // after a free are bugs whoever owns it (helper-136: missed, the result
  // was untracked).
  for (auto [i, mixed] : llvm::enumerate(freshOrForeignOut))
    if (mixed && i < sum.foreign.size() && !sum.fresh[i] &&
        !sum.sameFreshAs[i] && !(i < sum.ownedWhen.size() && sum.ownedWhen[i]))
      sum.foreign[i] = true;
  if (ctx.stopped) {
    sum.comparesArgument.clear();
    sum.freesArguments.clear();
    sum.releasesArguments.clear();
    sum.fresh.assign(sum.fresh.size(), false);
    sum.sameFreshAs.assign(sum.sameFreshAs.size(), std::nullopt);
    sum.growsArgument.assign(sum.growsArgument.size(), std::nullopt);
    sum.ownedWhen.assign(sum.ownedWhen.size(), std::nullopt);
    sum.argumentUnlessOwned.assign(sum.argumentUnlessOwned.size(),
                                   std::nullopt);
    sum.sameI1As.assign(sum.sameI1As.size(), std::nullopt);
    sum.sameAsArgument.assign(sum.sameAsArgument.size(), std::nullopt);
    sum.foreign.assign(sum.foreign.size(), false);
    sum.freeOp.assign(sum.freeOp.size(), StringRef());
    sum.returnsArgument.assign(sum.returnsArgument.size(), std::nullopt);
    sum.mayReturnArguments.assign(sum.mayReturnArguments.size(), {});
    sum.constant.assign(sum.constant.size(), std::nullopt);
  }
  return sum;
}

} // namespace memlint::lifetime
