//===- LoopBlocks.cpp - The blocks a back edge closes into a loop ---------===//
#include "analysis/lifetime/LoopBlocks.h"

#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace memlint::lifetime {

void addLoopBlocks(ArrayRef<Block *> latches, Block *header,
                   DenseSet<Block *> &blocks) {
  // The blocks that reach a latch without passing the header...
  DenseSet<Block *> reaching{header};
  SmallVector<Block *> work(latches.begin(), latches.end());
  while (!work.empty()) {
    Block *b = work.pop_back_val();
    if (!reaching.insert(b).second)
      continue;
    for (Block *p : b->getPredecessors())
      work.push_back(p);
  }
  // ...and that the header reaches through them. In a natural loop that
  // is all of them (the header dominates each); a cycle with a second
  // entry (an irreducible CFG) is also reached from that entry's side,
  // back to the region's entry block, and those blocks run before the
  // cycle, once: a buffer they allocate is no loop's.
  // (Walked afresh, not stopped at what `blocks` holds: it may hold a loop
  // of the same header found before, whose blocks must not stop the walk
  // before it reaches these latches' own.)
  DenseSet<Block *> seen;
  work.push_back(header);
  while (!work.empty()) {
    Block *b = work.pop_back_val();
    if (!seen.insert(b).second)
      continue;
    blocks.insert(b);
    for (Block *s : b->getSuccessors())
      if (reaching.count(s) && s != header)
        work.push_back(s);
  }
}

} // namespace memlint::lifetime
