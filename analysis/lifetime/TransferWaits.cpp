//===- TransferWaits.cpp - Uses that last until a wait -------------------===//
//
// A DMA, an `async` GPU op, an `async.execute` body or the coroutine
// outlined from one may use its buffers until someone waits for it: the
// wait is where those uses end, and a free before it is a use after free
// there.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Transfer.h"

#include "analysis/GpuWaits.h"
#include "analysis/Ownership.h"
#include "mlir/Dialect/Async/IR/Async.h"

using namespace mlir;

namespace memlint::lifetime {

void Transfer::checkAwaitedUses(Operation *op, PathState &st) {
  // A DMA may read and write its buffers until the wait on its tag.
  for (Operation *start : dmaStartsAwaited(op)) {
    auto [source, destination] = dmaBuffersOf(start);
    handleUse(op, source, st);
    handleUse(op, destination, st);
  }
  // A GPU op run `async` may read and write its memrefs until its token is
  // awaited (GpuWaits.h).
  for (const AwaitedGpuWork &work : gpuWorkAwaited(op, ctx.streamFrees))
    for (Value v : work.memrefs)
      handleUse(op, v, st);
  // An async.execute body may run until it is awaited: a free made on the
  // host between the execute and the await races with the body's uses.
  for (Operation *execute : asyncBodiesAwaited(op))
    for (Value v : asyncBodyCapturedUses(execute))
      raceWithBody(op, execute, v, st);
  // A body nothing awaits may run after the function returns: a free made
  // on the host after the execute races with its uses all the same.
  for (Operation *execute : asyncBodiesNeverAwaited(op))
    for (Value v : asyncBodyCapturedUses(execute))
      raceWithBody(op, execute, v, st, /*neverAwaited=*/true);
  // The same after -async-to-async-runtime: the call of the coroutine
  // outlined from the body, and the await of the token it returns.
  if (Operation *call = coroutineCallAwaited(op))
    for (Value v : ctx.usedUntilAwaited.lookup(call))
      raceWithBody(op, call, v, st);
}

Operation *Transfer::coroutineCallAwaited(Operation *op) {
  auto await = dyn_cast<async::RuntimeAwaitOp>(op);
  if (!await)
    return nullptr;
  Operation *call = await.getOperand().getDefiningOp();
  if (!call || !ctx.usedUntilAwaited.count(call) ||
      call->getBlock() != op->getBlock() || !call->isBeforeInBlock(op))
    return nullptr;
  // Nothing else may wait for the task first (an earlier await of its
  // token or of a value it yields, one in a region, a group it joins):
  // the task may have ended before then.
  for (Value result : call->getResults())
    for (Operation *user : result.getUsers())
      if (user != op &&
          (user->getBlock() != op->getBlock() || !op->isBeforeInBlock(user)))
        return nullptr;
  return call;
}

void Transfer::raceWithBody(Operation *await, Operation *execute, Value v,
                            PathState &st, bool neverAwaited) {
  BddManager &bdd = ctx.bdd;
  Block *block = await->getBlock();
  for (const AliasEntry &e : flow.aliasOf(v)) {
    std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
    if (!b)
      continue;
    // Frees before the execute are found at the body's own uses; the
    // body's own frees are inside it. A free in another body counts
    // unless that body starts only after this one ended (it depends on
    // it).
    Bdd between = BddManager::False;
    Operation *firstFree = nullptr;
    for (const auto &[key, cond] : ctx.frees) {
      if (key.second != *b)
        continue;
      Operation *top = block->findAncestorOpInBlock(*key.first);
      if (!top || !execute->isBeforeInBlock(top) ||
          !top->isBeforeInBlock(await))
        continue;
      // The outermost body around the free within `top`: the free runs
      // no earlier than it starts.
      Operation *body = nullptr;
      for (Operation *p = key.first->getParentOp(); p && top->isAncestor(p);
           p = p->getParentOp())
        if (isa<async::ExecuteOp>(p))
          body = p;
      if (body && asyncBodyOrderedAfter(body, execute))
        continue;
      between = bdd.disj(between, cond);
      if (!firstFree)
        firstFree = key.first;
    }
    Bdd c = bdd.conj(bdd.conj(st.path, e.cond),
                     bdd.conj(between, st.entries[*b].freed));
    if (c == BddManager::False)
      continue;
    Event ev{EventKind::UseAfterFree, await, (int)*b};
    ev.cond = c;
    ev.via = v;
    ev.firstFree = firstFree;
    if (neverAwaited)
      ev.unawaitedBody = execute;
    ctx.events.record(ev, *b);
  }
}

} // namespace memlint::lifetime
