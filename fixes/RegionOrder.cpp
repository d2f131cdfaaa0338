//===- RegionOrder.cpp - A region's blocks by reachability ---------------===//
#include "fixes/RegionOrder.h"

#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace memlint {

RegionOrder::RegionOrder(Region &region) : owner(&region) {
  for (auto [i, block] : llvm::enumerate(region))
    positions[&block] = i;
  if (region.empty())
    return;
  unsigned next = 0;
  for (auto scc = llvm::scc_begin(&region); !scc.isAtEnd(); ++scc, ++next)
    for (Block *b : *scc)
      ranks[b] = next;
}

unsigned RegionOrder::rank(Block *b) const {
  auto it = ranks.find(b);
  return it == ranks.end() ? Unranked : it->second;
}

unsigned RegionOrder::rankOfAncestor(Block *b) const {
  if (!b)
    return Unranked;
  Block *own = owner->findAncestorBlockInRegion(*b);
  return own ? rank(own) : Unranked;
}

bool RegionOrder::reaches(Block *from, Block *to) {
  if (from == to)
    return true;
  if (!positions.count(to))
    return false;
  auto [it, inserted] = reaching.try_emplace(to, positions.size());
  llvm::BitVector &into = it->second;
  if (inserted) {
    // Backwards from `to` once: every later question about it is a bit.
    llvm::SmallVector<Block *> work{to};
    into.set(positions.lookup(to));
    while (!work.empty()) {
      Block *b = work.pop_back_val();
      for (Block *pred : b->getPredecessors()) {
        unsigned p = positions.lookup(pred);
        if (!into.test(p)) {
          into.set(p);
          work.push_back(pred);
        }
      }
    }
  }
  auto pos = positions.find(from);
  return pos != positions.end() && into.test(pos->second);
}

bool RegionOrder::dominatorsWrittenFirst(DominanceInfo &dom) {
  if (!writtenInDominanceOrder) {
    // (A block the entry does not reach is dominated by anything in
    // MLIR's answer, wherever it is written: then no.)
    writtenInDominanceOrder = llvm::all_of(*owner, [&](Block &b) {
      if (&b == &owner->front())
        return true;
      if (!dom.isReachableFromEntry(&b))
        return false;
      Block *idom = dom.getNode(&b)->getIDom()->getBlock();
      return positions.lookup(idom) < positions.lookup(&b);
    });
  }
  return *writtenInDominanceOrder;
}

} // namespace memlint
