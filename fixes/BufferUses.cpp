//===- BufferUses.cpp - The ops that use a buffer, and their ends ---------===//
#include "fixes/BufferUses.h"

#include "analysis/Ownership.h"
#include "fixes/BufferAliases.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace memlint {

namespace {
/// What the ops taking an async op's tokens (and theirs, and so on) are:
/// whether all of them are GPU ops, and the blocks of those that wait on
/// the host (no token of their own).
struct TokenReach {
  bool followed = true;
  SmallVector<Block *, 2> waitBlocks;
};

/// The walks forward along the tokens of one buffer's users, each op's
/// reach computed once: a chain of N async ops, each using the buffer,
/// costs N, not N per user. Iterative: the chain's length is the input's.
class TokenWalks {
public:
  /// The reach of `op`'s tokens; every op taking them (and theirs) goes
  /// into `uses` once.
  const TokenReach &from(Operation *op, SmallVectorImpl<Operation *> &uses) {
    SmallVector<std::pair<Operation *, bool>> stack{{op, false}};
    while (!stack.empty()) {
      auto [top, expanded] = stack.back();
      if (reach.count(top)) {
        stack.pop_back();
        continue;
      }
      if (!expanded) {
        stack.back().second = true;
        onStack.insert(top);
        forEachTaker(top, [&](Operation *taker) {
          if (isa<gpu::AsyncOpInterface>(taker) && !reach.count(taker) &&
              !onStack.count(taker))
            stack.push_back({taker, false});
        });
        continue;
      }
      stack.pop_back();
      onStack.erase(top);
      TokenReach r;
      forEachTaker(top, [&](Operation *taker) {
        auto async = dyn_cast<gpu::AsyncOpInterface>(taker);
        auto it = reach.find(taker);
        // (A taker still being walked closes a cycle: not followed.)
        if (!async || it == reach.end()) {
          r.followed = false;
          return;
        }
        if (added.insert(taker).second)
          uses.push_back(taker);
        if (!async.getAsyncToken() &&
            !llvm::is_contained(r.waitBlocks, taker->getBlock()))
          r.waitBlocks.push_back(taker->getBlock());
        r.followed &= it->second.followed;
        for (Block *b : it->second.waitBlocks)
          if (!llvm::is_contained(r.waitBlocks, b))
            r.waitBlocks.push_back(b);
      });
      reach[top] = std::move(r);
    }
    return reach[op];
  }

private:
  template <typename Fn> static void forEachTaker(Operation *op, Fn fn) {
    for (Value r : op->getResults())
      if (isa<gpu::AsyncTokenType>(r.getType()))
        for (Operation *taker : r.getUsers())
          fn(taker);
  }

  DenseMap<Operation *, TokenReach> reach;
  DenseSet<Operation *> onStack, added;
};
} // namespace

/// Adds to `uses` the ops after which the access `user` makes is known to
/// be over, where it may go on after `user` itself: a GPU op run `async`
/// (or one inside the region of such an op, `gpu.launch async`) until its
/// token is awaited (the GPU ops that take the token, and those that take
/// theirs); a DMA until the wait on its tag. A free between the two would
/// free memory the device may still read or write. False where that end
/// cannot be followed: a token passed to anything but a GPU op (a branch,
/// a yield, a return, a call), or never waited for on the host in the block
/// of the op that made it (by a `gpu.wait`, or a synchronous GPU op, taking
/// it or a token made after it: a free after an async copy that nothing
/// waits for may come before the copy ends), a DMA without its wait later
/// in its block, a
/// use inside an `async.execute` body whose results go anywhere but to
/// `async.await`s (or to bodies that depend on it, and theirs). (The
/// lifetime analysis reads only the plainest of these waits as uses, so a
/// place before the others would pass its proof.)
static bool addCompletions(Operation *user, Value buffer,
                           SmallVectorImpl<Operation *> &uses,
                           TokenWalks &walks) {
  // An async.execute body (or one the buffer is handed to) runs until
  // what it returns is awaited: the `async.await`s of its results end it;
  // a result that goes anywhere else (a group, another body) cannot be
  // followed.
  auto awaited = [&](Operation *execute) {
    // A body that depends on it (takes its token or value) ends after it,
    // so its own awaits end it too.
    SmallVector<Operation *> bodies{execute};
    DenseSet<Operation *> seenBodies{execute};
    while (!bodies.empty())
      for (Value r : bodies.pop_back_val()->getResults())
        for (Operation *waiter : r.getUsers()) {
          if (isa<async::ExecuteOp>(waiter)) {
            if (seenBodies.insert(waiter).second)
              bodies.push_back(waiter);
            continue;
          }
          if (!isa<async::AwaitOp>(waiter))
            return false;
          uses.push_back(waiter);
        }
    return true;
  };
  // The user and the ops around it, up to the buffer's own region: each
  // that makes a token must be waited for on the host in its own block (so
  // on every path that runs it).
  Region *own = buffer.getParentRegion();
  for (Operation *op = user; op; op = op->getParentOp()) {
    if (isa<async::ExecuteOp>(op) && !awaited(op))
      return false;
    bool makesToken = llvm::any_of(op->getResults(), [](Value r) {
      return isa<gpu::AsyncTokenType>(r.getType());
    });
    if (makesToken) {
      const TokenReach &reach = walks.from(op, uses);
      if (!reach.followed ||
          !llvm::is_contained(reach.waitBlocks, op->getBlock()))
        return false;
    }
    if (op->getParentRegion() == own)
      break;
  }
  if (dmaBuffersOf(user).first) {
    for (Operation *p = user->getNextNode(); p; p = p->getNextNode())
      if (llvm::is_contained(dmaStartsAwaited(p), user)) {
        uses.push_back(p);
        return true;
      }
    return false;
  }
  return true;
}

SmallVector<Operation *> memoryUsers(Value w, bool &untraced) {
  SmallVector<Operation *> uses;
  SmallVector<Value> todo{w};
  DenseSet<Value> seen{w};
  TokenWalks walks;
  while (!todo.empty()) {
    Value root = todo.pop_back_val();
    for (Value x : viewsOf(root))
      for (OpOperand &use : x.getUses()) {
        Operation *user = use.getOwner();
        bool isView = llvm::any_of(user->getResults(), [&](OpResult r) {
          bool interior;
          return viewSource(r, interior) == x;
        });
        if (isView)
          continue;
        uses.push_back(user);
        if (!addCompletions(user, w, uses, walks))
          untraced = true;
        if (isa<CallOpInterface>(user))
          for (Value r : user->getResults())
            if (isMemRef(r) && seen.insert(r).second)
              todo.push_back(r);
      }
  }
  return uses;
}

} // namespace memlint
