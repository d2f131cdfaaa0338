//===- ValueLiveness.cpp - Where a few values are live, block by block ----===//
#include "analysis/ValueLiveness.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace memlint {

/// The block holding the op whose region holds `b`, or null.
static Block *enclosingBlock(Block *b) {
  Operation *parent = b->getParentOp();
  return parent ? parent->getBlock() : nullptr;
}

LiveBlocks liveBlocksOf(Value v) {
  // The block that defines `v` and the blocks around it: `v` is defined in
  // each of them (nested results and block arguments count as defined by
  // the enclosing blocks), so it is live into none of them.
  SmallPtrSet<Block *, 8> defining;
  for (Block *b = v.getParentBlock(); b; b = enclosingBlock(b))
    defining.insert(b);
  LiveBlocks out;
  DenseSet<Block *> liveIn, liveOut;
  SmallVector<Block *> work;
  auto markIn = [&](Block *b) {
    if (!defining.contains(b) && liveIn.insert(b).second) {
      out.in.push_back(b);
      work.push_back(b);
    }
  };
  // A use makes `v` live into the user's block and into every block
  // around it, up to the blocks that define `v` (a block already live-in
  // has its surroundings marked: by a use in its region).
  for (Operation *user : v.getUsers())
    for (Block *b = user->getBlock(); b && !defining.contains(b);
         b = enclosingBlock(b)) {
      if (liveIn.contains(b))
        break;
      markIn(b);
    }
  // Live into a block: live out of its predecessors, and into them unless
  // they define it.
  while (!work.empty()) {
    Block *b = work.pop_back_val();
    for (Block *pred : b->getPredecessors()) {
      if (liveOut.insert(pred).second)
        out.out.push_back(pred);
      markIn(pred);
    }
  }
  return out;
}

} // namespace memlint
