//===- AsyncBodies.cpp - What async.execute bodies use, and until when ----===//
//
// Part of the ownership model (docs/ownership-model.md, "Uses"): an
// `async.execute` body may use the buffers it captures until something
// awaits it (its token, a value it yields, a group it joins, or a body
// that depends on it and is awaited), and one nothing awaits may run after
// its function returns. Declared in Ownership.h.
//
//===----------------------------------------------------------------------===//
#include "analysis/Ownership.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace memlint {

/// The group `await` waits for (`async.await_all %g`), if any.
static Value awaitedGroup(Operation *await) {
  auto all = dyn_cast<async::AwaitAllOp>(await);
  return all ? all.getOperand() : Value();
}

/// Whether `execute` comes before `await` in its block and nothing waits
/// for it on the host first: every op that takes one of its results is
/// `await`, comes after it in the block, is an `async.execute` (which
/// only orders its own body after `execute`'s), or adds it to the group
/// `await` waits for.
static bool awaitedFirstBy(async::ExecuteOp execute, Operation *await) {
  if (!execute || execute->getBlock() != await->getBlock() ||
      !execute->isBeforeInBlock(await))
    return false;
  Value group = awaitedGroup(await);
  for (Value r : execute->getResults())
    for (Operation *user : r.getUsers()) {
      auto add = dyn_cast<async::AddToGroupOp>(user);
      if (user != await && !isa<async::ExecuteOp>(user) &&
          !(add && add.getGroup() == group) &&
          (user->getBlock() != await->getBlock() ||
           !await->isBeforeInBlock(user)))
        return false;
    }
  return true;
}

/// The `async.execute`s `await` waits for directly: the one whose token or
/// value it awaits, or those added to the group it awaits (in its block,
/// before it, with no other wait on the group before it).
static SmallVector<Operation *> executesAwaited(Operation *await) {
  SmallVector<Operation *> out;
  if (auto one = dyn_cast<async::AwaitOp>(await)) {
    auto execute = one.getOperand().getDefiningOp<async::ExecuteOp>();
    if (awaitedFirstBy(execute, await))
      out.push_back(execute);
    return out;
  }
  Value group = awaitedGroup(await);
  if (!group)
    return out;
  for (Operation *user : group.getUsers()) {
    auto add = dyn_cast<async::AddToGroupOp>(user);
    if (!add) {
      // Another wait on the group may come first.
      if (user != await && (user->getBlock() != await->getBlock() ||
                            !await->isBeforeInBlock(user)))
        return {};
      continue;
    }
    auto execute = add.getOperand().getDefiningOp<async::ExecuteOp>();
    if (add->getBlock() == await->getBlock() && add->isBeforeInBlock(await) &&
        awaitedFirstBy(execute, await) &&
        !llvm::is_contained(out, execute.getOperation()))
      out.push_back(execute);
  }
  return out;
}

llvm::SmallVector<Operation *> asyncBodiesAwaited(Operation *op) {
  llvm::SmallVector<Operation *> out = executesAwaited(op);
  // A body starts once the tokens and values it depends on are ready, so
  // the await also waits for the bodies that make them.
  for (unsigned i = 0; i < out.size(); ++i)
    for (Value dependency : out[i]->getOperands()) {
      auto producer = dependency.getDefiningOp<async::ExecuteOp>();
      if (producer && !llvm::is_contained(out, producer.getOperation()) &&
          awaitedFirstBy(producer, op))
        out.push_back(producer);
    }
  return out;
}

llvm::SmallVector<Operation *> asyncBodiesNeverAwaited(Operation *ret) {
  llvm::SmallVector<Operation *> out;
  if (!ret->hasTrait<OpTrait::ReturnLike>() ||
      !isa_and_nonnull<FunctionOpInterface>(ret->getParentOp()))
    return out;
  // Whether an execute's results, and those of the executes that depend on
  // them, reach anything but executes. Asked of the block's executes last
  // first, so an execute's dependents are answered before it: a chain of N
  // bodies costs N, not N^2.
  DenseMap<Operation *, bool> awaited;
  auto reachesAwait = [&](Operation *start) {
    SmallVector<Operation *> work{start};
    DenseSet<Operation *> seen;
    while (!work.empty()) {
      Operation *x = work.pop_back_val();
      if (!seen.insert(x).second)
        continue;
      if (auto known = awaited.find(x); x != start && known != awaited.end()) {
        if (known->second)
          return true;
        continue;
      }
      for (Value r : x->getResults())
        for (Operation *user : r.getUsers()) {
          if (!isa<async::ExecuteOp>(user))
            return true;
          work.push_back(user);
        }
    }
    return false;
  };
  for (Operation *op = ret->getPrevNode(); op; op = op->getPrevNode())
    if (isa<async::ExecuteOp>(op))
      awaited[op] = reachesAwait(op);
  for (Operation &op : *ret->getBlock()) {
    if (&op == ret)
      break;
    if (isa<async::ExecuteOp>(op) && !awaited.lookup(&op))
      out.push_back(&op);
  }
  return out;
}

bool asyncBodyOrderedAfter(Operation *later, Operation *earlier) {
  SmallVector<Operation *> work{later};
  DenseSet<Operation *> seen;
  while (!work.empty()) {
    Operation *x = work.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    for (Value dependency : x->getOperands())
      if (auto producer = dependency.getDefiningOp<async::ExecuteOp>()) {
        if (producer == earlier)
          return true;
        work.push_back(producer);
      }
  }
  return false;
}

/// Whether the region of `op` runs at least once whenever `op` does: an
/// op whose one region runs exactly once (`scf.execute_region`,
/// `memref.alloca_scope`), a loop with a static non-zero trip count.
static bool regionRuns(Operation *op) {
  if (isa<scf::ExecuteRegionOp, memref::AllocaScopeOp>(op))
    return true;
  // affine.for gives no static trip count through LoopLikeOpInterface.
  if (auto loop = dyn_cast<affine::AffineForOp>(op))
    return loop.hasConstantBounds() &&
           loop.getConstantUpperBound() > loop.getConstantLowerBound();
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  if (!loop)
    return false;
  std::optional<llvm::APInt> trips = loop.getStaticTripCount();
  return trips && !trips->isZero();
}

/// Whether the ops of `block` run whenever the body of `execute` does:
/// the entry block of every region on the way, each region's op either
/// `execute` or one whose region surely runs.
static bool runsWithBody(Block *block, Operation *execute) {
  while (true) {
    Region *region = block->getParent();
    if (!region || &region->front() != block)
      return false;
    Operation *parent = region->getParentOp();
    if (parent == execute)
      return true;
    if (!regionRuns(parent))
      return false;
    block = parent->getBlock();
  }
}

llvm::SmallVector<Value> asyncBodyCapturedUses(Operation *execute) {
  llvm::SmallVector<Value> out;
  execute->walk([&](Operation *op) {
    if (op == execute || !runsWithBody(op->getBlock(), execute) ||
        isa<bufferization::DeallocOp>(op))
      return;
    // What the body frees itself is its own business (a second free on the
    // host is a double free, found where it happens).
    SmallVector<OpOperand *> freed = freedOperands(op);
    SmallPtrSet<Value, 4> viewed = viewedOperands(op);
    for (OpOperand &o : op->getOpOperands()) {
      if (llvm::is_contained(freed, &o))
        continue;
      Value v = o.get();
      // From outside the body, or an operand's future bound to the body's
      // argument (`%v as %x`).
      Block *def = v.getParentBlock();
      bool outside = !execute->isAncestor(def->getParentOp());
      bool bound = isa<BlockArgument>(v) && def->getParentOp() == execute;
      if (!isMemRef(v) || !(outside || bound) || !accessesMemory(o, viewed) ||
          llvm::is_contained(out, v))
        continue;
      out.push_back(v);
    }
  });
  return out;
}

} // namespace memlint
