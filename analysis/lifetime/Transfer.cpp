//===- Transfer.cpp - What one op without regions does to a state ---------===//
#include "analysis/lifetime/Transfer.h"

#include "analysis/BufferCarriers.h"
#include "analysis/GpuWaits.h"
#include "analysis/Ownership.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace memlint::lifetime {

void Transfer::apply(Operation *op, PathState &st) {
  assert((op->getNumRegions() == 0 || isa<FunctionOpInterface>(op)) &&
         "ops with regions are the walker's");
  // An op that waits (for a DMA, an async GPU op, an async.execute body)
  // does so before anything else it does: `gpu.dealloc [%t] %d` frees %d
  // once the work behind %t is done.
  checkAwaitedUses(op, st);
  SmallVector<OpOperand *> freed;
  if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
    handleDealloc(dealloc, st);
    for (OpOperand &o : dealloc.getMemrefsMutable())
      freed.push_back(&o);
  } else {
    freed = freedOperands(op);
    for (OpOperand *o : freed)
      handleFree(op, o->get(), st, BddManager::True);
    // (What the call frees is not also a use of it.)
    if (auto it = ctx.freedByCall.find(op); it != ctx.freedByCall.end())
      for (OpOperand &o : op->getOpOperands())
        if (llvm::is_contained(it->second, o.get()))
          freed.push_back(&o);
    if (auto it = ctx.freedByCallWhen.find(op); it != ctx.freedByCallWhen.end())
      for (OpOperand &o : op->getOpOperands())
        if (llvm::any_of(it->second, [&](const auto &w) {
              return std::get<0>(w) == o.get();
            }))
          freed.push_back(&o);
    freeByCall(op, st);
  }
  checkOperandUses(op, st, freed);
  takeOver(op, st);
  defineResults(op, st);
  defineConditions(op);
  untrackPacked(op);
}

void Transfer::defineConditions(Operation *op) {
  for (Value r : op->getResults()) {
    if (!r.getType().isInteger(1))
      continue;
    // A derived formula nothing asked for yet is built on first use.
    if (ctx.conds.isDerived(r)) {
      if (ctx.conds.hasFormula(r))
        flow.pinFormula(r, ctx.conds.recomputeDerived(r));
      continue;
    }
    if (Bdd f; pointerEquality(r, f) || libraryOutput(r, f))
      flow.pinFormula(r, f);
  }
}

Operation *Transfer::freerFor(const PathState &st, unsigned b, Bdd cond) {
  const FreeList &list = ctx.lattice.freers(st, b);
  for (const FreeSite &f : list)
    if (ctx.bdd.conj(f.cond, cond) != BddManager::False)
      return f.op;
  return list.empty() ? nullptr : list.front().op;
}

void Transfer::handleFree(Operation *op, Value v, PathState &st, Bdd extra) {
  BddManager &bdd = ctx.bdd;
  // This visit's paths replace an earlier round's.
  for (const AliasEntry &e : AliasSet(flow.aliasOf(v)))
    if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin))
      ctx.frees.erase({op, *b});
  for (const AliasEntry &e : AliasSet(flow.aliasOf(v))) {
    Bdd c = bdd.conj(bdd.conj(st.path, e.cond), extra);
    if (c == BddManager::False)
      continue;
    const Origin &o = ctx.origins[e.origin];
    switch (o.kind) {
    case OriginKind::Owned:
      freeOwned(op, v, e, o.buffer, c, st);
      break;
    case OriginKind::Argument:
      if (std::optional<unsigned> arg = takenOver(op, v, o)) {
        if (!llvm::is_contained(ctx.takenArguments, *arg))
          ctx.takenArguments.push_back(*arg);
        break;
      }
      [[fallthrough]];
    case OriginKind::Alloca:
    case OriginKind::Global: {
      Event ev{EventKind::InvalidFree, op, -1, e.origin};
      ev.cond = c;
      ev.via = v;
      ctx.events.record(ev, (int)e.origin);
      break;
    }
    case OriginKind::Unknown:
      break;
    }
  }
}

std::optional<unsigned> Transfer::takenOver(Operation *op, Value v,
                                            const Origin &o) {
  if (!isa<memref::ReallocOp>(op) && !endsExpandedRealloc(op, v))
    return std::nullopt;
  return privateArgument(o);
}

std::optional<unsigned> Transfer::entryArgumentNumber(const Origin &o) {
  auto arg = dyn_cast_or_null<BlockArgument>(o.value);
  if (o.kind != OriginKind::Argument || !arg ||
      !arg.getOwner()->isEntryBlock() ||
      !isa_and_nonnull<FunctionOpInterface>(arg.getOwner()->getParentOp()))
    return std::nullopt;
  return arg.getArgNumber();
}

std::optional<unsigned> Transfer::privateArgument(const Origin &o) {
  std::optional<unsigned> arg = entryArgumentNumber(o);
  if (!arg || !cast<FunctionOpInterface>(
                   cast<BlockArgument>(o.value).getOwner()->getParentOp())
                   .isPrivate())
    return std::nullopt;
  return arg;
}

void Transfer::freeByCall(Operation *call, PathState &st) {
  if (auto it = ctx.freedByCallWhen.find(call); it != ctx.freedByCallWhen.end())
    for (auto [v, flag, negated] : it->second) {
      Bdd f = ctx.conds.formulaOf(flag);
      Bdd where = negated ? ctx.bdd.negate(f) : f;
      for (const AliasEntry &e : AliasSet(flow.aliasOf(v)))
        if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin))
          ctx.frees.erase({call, *b});
      for (const AliasEntry &e : AliasSet(flow.aliasOf(v)))
        if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin))
          if (Bdd c = ctx.bdd.conj(ctx.bdd.conj(st.path, e.cond), where);
              c != BddManager::False)
            freeOwned(call, v, e, *b, c, st);
    }
  // A release helper (FunctionSummary::releasesArguments) frees what it
  // is passed: memory this function does not own is freed wrongly here.
  if (auto it = ctx.releasedByCall.find(call); it != ctx.releasedByCall.end())
    for (Value v : it->second)
      for (const AliasEntry &e : flow.aliasOf(v)) {
        OriginKind kind = ctx.origins[e.origin].kind;
        if (kind != OriginKind::Argument && kind != OriginKind::Alloca &&
            kind != OriginKind::Global)
          continue;
        Event ev{EventKind::InvalidFree, call, -1, e.origin};
        ev.cond = ctx.bdd.conj(st.path, e.cond);
        ev.via = v;
        ctx.events.record(ev, (int)e.origin);
      }
  auto it = ctx.freedByCall.find(call);
  if (it == ctx.freedByCall.end())
    return;
  for (Value v : it->second) {
    for (const AliasEntry &e : AliasSet(flow.aliasOf(v)))
      if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin))
        ctx.frees.erase({call, *b});
    for (const AliasEntry &e : AliasSet(flow.aliasOf(v)))
      if (std::optional<unsigned> b = ctx.ownedBuffer(e.origin))
        if (Bdd c = ctx.bdd.conj(st.path, e.cond); c != BddManager::False)
          freeOwned(call, v, e, *b, c, st);
  }
}

void Transfer::takeOver(Operation *call, PathState &st) {
  auto it = ctx.takenByCall.find(call);
  if (it == ctx.takenByCall.end())
    return;
  for (Value v : it->second)
    for (const AliasEntry &e : flow.aliasOf(v)) {
      const Origin &o = ctx.origins[e.origin];
      OriginKind kind = o.kind;
      if (kind != OriginKind::Argument && kind != OriginKind::Alloca &&
          kind != OriginKind::Global)
        continue;
      // A private function handing its own argument on takes it over too
      // (a wrapper of the insertion helper).
      if (std::optional<unsigned> arg = privateArgument(o)) {
        if (!llvm::is_contained(ctx.takenArguments, *arg))
          ctx.takenArguments.push_back(*arg);
        continue;
      }
      Event ev{EventKind::InvalidFree, call, -1, e.origin};
      ev.cond = ctx.bdd.conj(st.path, e.cond);
      ev.via = v;
      ctx.events.record(ev, (int)e.origin);
    }
}

void Transfer::freeOwned(Operation *op, Value v, const AliasEntry &e,
                         unsigned b, Bdd c, PathState &st) {
  BddManager &bdd = ctx.bdd;
  Bdd twice = bdd.conj(c, st.entries[b].freed);
  if (twice != BddManager::False) {
    Event ev{EventKind::DoubleFree, op, (int)b};
    ev.cond = twice;
    ev.firstFree = freerFor(st, b, twice);
    ev.via = v;
    ctx.events.record(ev, b);
  }
  // Foreign memory may itself be a view: where it starts is unknown, and
  // so is who allocated it.
  const BufferInfo &buffer = ctx.buffers[b];
  bool interior = e.interior && !buffer.foreign;
  StringRef allocatedFor = buffer.foreign ? StringRef() : buffer.freeOp;
  StringRef freedBy = freeOpRuntime(op);
  bool wrongDeallocator =
      !allocatedFor.empty() && !freedBy.empty() && allocatedFor != freedBy;
  if (interior || wrongDeallocator) {
    Event ev{EventKind::InvalidFree, op, (int)b, e.origin};
    ev.cond = c;
    ev.via = v;
    ev.interiorView = interior;
    ev.wrongDeallocator = wrongDeallocator;
    ctx.events.record(ev, (int)e.origin);
  }
  Bdd &freedHere = ctx.frees[{op, b}];
  freedHere = bdd.disj(freedHere, c);
  FreeListPool &pool = ctx.lattice.freeLists();
  Entry &en = st.entries.mut(b);
  en.freed = bdd.disj(en.freed, c);
  en.live = bdd.conj(en.live, bdd.negate(c));
  FreeList list = pool[en.freers];
  bool found = false;
  for (FreeSite &f : list)
    if (f.op == op) {
      f.cond = bdd.disj(f.cond, c);
      found = true;
    }
  if (!found)
    list.push_back({op, c});
  en.freers = ctx.lattice.internFreers(std::move(list));
}

void Transfer::handleUse(Operation *op, Value v, PathState &st) {
  for (const AliasEntry &e : flow.aliasOf(v)) {
    std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
    if (!b)
      continue;
    Bdd c = ctx.bdd.conj(ctx.bdd.conj(st.path, e.cond), st.entries[*b].freed);
    if (c == BddManager::False)
      continue;
    Event ev{EventKind::UseAfterFree, op, (int)*b};
    ev.cond = c;
    ev.via = v;
    ev.firstFree = freerFor(st, *b, c);
    ctx.events.record(ev, *b);
  }
}

void Transfer::checkUses(Operation *op, PathState &st) {
  checkAwaitedUses(op, st);
  checkOperandUses(op, st, {});
}

void Transfer::checkOperandUses(Operation *op, PathState &st,
                                ArrayRef<OpOperand *> freed) {
  if (isa<bufferization::DeallocOp>(op))
    return;
  std::optional<SmallPtrSet<Value, 4>> viewed;
  for (OpOperand &o : op->getOpOperands()) {
    if (!isMemRef(o.get()) || llvm::is_contained(freed, &o))
      continue;
    if (!viewed)
      viewed = viewedOperands(op);
    if (accessesMemory(o, *viewed))
      handleUse(op, o.get(), st);
  }
  // Stack memory dies with its allocation scope: returned from the
  // function, or yielded out of a memref.alloca_scope or an async.execute
  // body (whose stack goes when the body ends), it is freed memory.
  if (op->hasTrait<OpTrait::ReturnLike>())
    for (Value v : op->getOperands())
      if (isMemRef(v))
        stackEscapes(op, v, st);
}

void Transfer::stackEscapes(Operation *yield, Value v, PathState &st) {
  Operation *scope = yield->getParentOp();
  for (const AliasEntry &e : flow.aliasOf(v)) {
    const Origin &o = ctx.origins[e.origin];
    Operation *alloca = o.value ? o.value.getDefiningOp() : nullptr;
    // Reported once, where its own scope hands it out.
    if (o.kind != OriginKind::Alloca || !alloca ||
        stackScopeOf(alloca) != scope || mayReachOpaqueView(o.value))
      continue;
    Event ev{EventKind::UseAfterFree, yield, -1, e.origin};
    ev.cond = ctx.bdd.conj(st.path, e.cond);
    ev.via = v;
    ctx.events.record(ev, -1 - static_cast<int>(e.origin));
  }
}

void Transfer::defineResults(Operation *op, PathState &st) {
  // An i1 a call returns that is one of its i1 operands: as that operand's
  // formula is now (it may change from one fixpoint round to the next).
  if (isa<CallOpInterface>(op))
    for (Value r : op->getResults())
      if (auto it = ctx.flagArgumentOf.find(r);
          it != ctx.flagArgumentOf.end()) {
        Bdd f = ctx.conds.formulaOf(it->second.first);
        flow.pinFormula(r, it->second.second ? ctx.bdd.negate(f) : f);
      } else if (auto it = ctx.opaqueOwnershipFlags.find(r);
                 it != ctx.opaqueOwnershipFlags.end()) {
        if (!it->second)
          it->second = ctx.conds.freshValueAtom(r, /*data=*/true);
        flow.pinFormula(r, *it->second);
      } else if (auto it = ctx.comparisonOfCallResult.find(r);
                 it != ctx.comparisonOfCallResult.end()) {
        // Asked of what the call passes, as the callee asks it.
        auto atom = [&] { return ctx.conds.freshValueAtom(r); };
        const FunctionContext::CallComparison &c = it->second;
        if (auto q = ctx.callQuestionOf(r))
          flow.pinFormula(r, ctx.conds.valueIn(q->first, q->second, atom));
        else
          flow.pinFormula(
              r, ctx.conds.comparison(c.lhs, c.predicate, c.rhs, atom));
      } else if (Value earlier = ctx.callResultEquals.lookup(r)) {
        flow.pinFormula(r, ctx.conds.formulaOf(earlier));
      }
  for (Value r : heapAllocatedResults(op))
    if (std::optional<unsigned> b = ctx.bufferOf(r)) {
      handleAllocation(*b, st);
      ctx.allocatedOn[*b] = st.path;
    }
  for (OpResult r : op->getResults()) {
    if (!isMemRef(r))
      continue;
    // Call: a callee that returns a fresh buffer allocates it here.
    // When the callee says so with an i1 result beside it (dynamic
    // ownership), only where that flag holds; elsewhere the result is
    // memory this function does not own. Foreign memory another op hands
    // out starts here too (foreignResults).
    if (std::optional<unsigned> b = ctx.bufferOf(r);
        b && (isa<CallOpInterface>(op) || ctx.buffers[*b].foreign)) {
      handleAllocation(*b, st);
      ctx.allocatedOn[*b] = st.path;
      if (Value flag = ctx.ownershipFlagOf.lookup(r))
        st.entries.mut(*b).live = ctx.conds.formulaOf(flag);
    }
    flow.setAliases(r, aliasOfResult(op, r));
  }
}

AliasSet Transfer::aliasOfResult(Operation *op, OpResult r) {
  if (Value flag = ctx.ownershipFlagOf.lookup(r)) {
    Bdd owned = ctx.conds.formulaOf(flag);
    Bdd notOwned = ctx.bdd.negate(owned);
    AliasSet s;
    // Where the flag does not hold: the buffer passed there, if the callee
    // says which, else memory this function cannot name.
    if (auto it = ctx.callResultUnlessOwned.find(r);
        it != ctx.callResultUnlessOwned.end()) {
      for (const AliasEntry &e : flow.aliasOf(it->second.first))
        addAlias(s,
                 {e.origin, ctx.bdd.conj(e.cond, notOwned),
                  e.interior || it->second.second},
                 ctx.bdd);
    } else {
      addAlias(s, {ctx.unknownOrigin, notOwned}, ctx.bdd);
    }
    addAlias(s, {ctx.originOfValue.lookup(r), owned}, ctx.bdd);
    return s;
  }
  if (ctx.bufferOf(r))
    return {{ctx.originOfValue.lookup(r), BddManager::True}};
  // The buffer a coroutine's task hands back through its !async.value
  // (a body yielding what it captured): the one the call passed.
  if (auto load = dyn_cast<async::RuntimeLoadOp>(op))
    if (Value held = ctx.asyncValueHolds.lookup(load.getStorage()))
      return flow.aliasOf(held);
  if (isStackAllocated(r))
    return {{ctx.originFor(OriginKind::Alloca, r), BddManager::True}};
  if (isGlobalAccess(op))
    return {{ctx.originFor(OriginKind::Global, r), BddManager::True}};
  // View: the source's buffers, marked interior unless at its start; a
  // base buffer, or a reinterpret_cast at offset 0, is at the start
  // whatever its source.
  bool interior = false;
  if (Value src = viewSource(r, interior)) {
    AliasSet s = flow.aliasOf(src);
    if (interior || placedFromAllocation(r))
      for (AliasEntry &e : s)
        e.interior = interior;
    return s;
  }
  // A call whose callee returns one of its memref arguments, or one buffer
  // through two results: the buffer the call passed there, or its earlier
  // result.
  if (auto it = ctx.callResultIs.find(r); it != ctx.callResultIs.end()) {
    AliasSet s = flow.aliasOf(it->second.first);
    if (it->second.second)
      for (AliasEntry &e : s)
        e.interior = true;
    return s;
  }
  BddManager &bdd = ctx.bdd;
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    // The result is one operand or the other, per the condition.
    Bdd c = ctx.conds.formulaOf(sel.getCondition());
    AliasSet s;
    for (const AliasEntry &e : flow.aliasOf(sel.getTrueValue()))
      addAlias(s, {e.origin, bdd.conj(e.cond, c), e.interior}, bdd);
    for (const AliasEntry &e : flow.aliasOf(sel.getFalseValue()))
      addAlias(s, {e.origin, bdd.conj(e.cond, bdd.negate(c)), e.interior}, bdd);
    return s;
  }
  if (isOpaqueOp(op) && !isa<CallOpInterface>(op)) {
    // An op memlint cannot see into that returns a memref derived from
    // memref operands may return a view of them, or a new buffer (a copy
    // to another memory, a clone): which one is a value memlint cannot
    // know, a data atom, so no finding rests on either guess ("npu.to_device"
    // of a buffer freed before its result is used is no use after free).
    AliasSet s;
    for (Value operand : op->getOperands())
      if (isMemRef(operand)) {
        Bdd same = ctx.conds.sameBufferAtom(op, r, operand);
        for (const AliasEntry &e : flow.aliasOf(operand))
          addAlias(s, {e.origin, bdd.conj(e.cond, same), e.interior}, bdd);
      } else if (carriesMemRef(operand)) {
        // A future of a memref (async.await) holds the buffer its
        // producer yielded: unwrapping it gives that buffer back.
        for (const AliasEntry &e : flow.aliasOf(operand))
          addAlias(s, e, bdd);
      }
    // A region the op runs may hand a buffer out through its terminator
    // (`"npu.yield"(%t)` in `%r = "npu.scope"() ({...})`, the way
    // scf.execute_region does): the results may be it too. Its regions
    // were walked before its results are defined.
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty() &&
            block.back().mightHaveTrait<OpTrait::IsTerminator>())
          for (Value operand : block.back().getOperands())
            if (carriesMemRef(operand))
              for (const AliasEntry &e : flow.aliasOf(operand))
                addAlias(s, e, bdd);
    if (!s.empty())
      return s;
  }
  // A call result that may be one of the buffers the call passes: memory
  // of its own, so that a function returning it says which arguments it
  // may return (a wrapper of such a callee).
  if (ctx.callResultMayBe.count(r))
    return {{ctx.originFor(OriginKind::Unknown, r), BddManager::True}};
  return flow.unknown(BddManager::True);
}

} // namespace memlint::lifetime
