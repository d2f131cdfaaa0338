//===- CfgLoopByLoop.cpp - A region's CFG walked a loop at a time ---------===//
//
// CfgWalk's walk of a region whose outermost loops each take a run of the
// block order entered only at its head: each such loop iterates alone to
// its fixpoint before the blocks after it run (see CfgWalk.h).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/CfgWalk.h"

using namespace mlir;

namespace memlint::lifetime {

void CfgWalk::findOuterLoops(
    const LoopModel::CfgLoops &loops,
    const DenseMap<Block *, Block *> &outermostHeader) {
  std::map<unsigned, OuterLoop> found;
  for (auto &[header, blocks] : loops) {
    if (outermostHeader.lookup(header) != header)
      continue;
    unsigned first = index.lookup(header), last = first;
    for (Block *b : blocks) {
      auto it = index.find(b);
      if (it == index.end() || it->second < first)
        return;
      last = std::max(last, it->second);
    }
    if (last - first + 1 != blocks.size())
      return; // other blocks in between
    found[first] = {first, last, 0};
  }
  for (auto &[header, blocks] : loops)
    for (Block *b : blocks)
      if (headers.contains(b))
        found[index.lookup(outermostHeader.lookup(header))].extraRounds++;
  // Edges: within a loop or forward out of it, into a loop only at its
  // head, and forward everywhere else.
  auto loopAt = [&](unsigned bi) -> const OuterLoop * {
    auto it = found.upper_bound(bi);
    if (it == found.begin())
      return nullptr;
    --it;
    return bi <= it->second.last ? &it->second : nullptr;
  };
  for (auto [bi, block] : llvm::enumerate(order)) {
    const OuterLoop *from = loopAt(bi);
    for (Block *s : block->getSuccessors()) {
      auto it = index.find(s);
      if (it == index.end())
        continue;
      unsigned si = it->second;
      const OuterLoop *to = loopAt(si);
      if (from && from == to)
        continue;
      if (si <= bi || (to && si != to->first))
        return;
    }
  }
  outerLoops = std::move(found);
}

std::vector<Exit> CfgWalk::runLoopByLoop(const Incoming &entry) {
  byLoop = true;
  in[&region.front()] = entry;
  std::optional<unsigned> depth;
  auto nestDepth = [&] {
    if (!depth)
      depth = FlowWalker::loopNestDepth(region.getParentOp());
    return *depth;
  };
  for (unsigned bi = 0, e = order.size(); bi < e;) {
    auto loop = outerLoops.find(bi);
    if (loop == outerLoops.end()) {
      runBlock(bi, order[bi]);
      in.erase(order[bi]); // a block outside the loops runs once
      ++bi;
      continue;
    }
    settleLoop(loop->second, nestDepth);
    if (w.ctx.stopped)
      break;
    bi = loop->second.last + 1;
  }
  return exits;
}

void CfgWalk::settleLoop(const OuterLoop &loop,
                         function_ref<unsigned()> nestDepth) {
  Block *header = order[loop.first];
  std::optional<Incoming> fromOutside;
  if (auto it = in.find(header); it != in.end())
    fromOutside = it->second;
  size_t exitsBefore = exits.size();
  backChanged.clear();
  nextBackChanged.clear();
  auto cap = [&] {
    uint64_t nested = loop.extraRounds;
    for (unsigned bi = loop.first; bi <= loop.last; ++bi)
      for (Operation &op : *order[bi])
        if (op.getNumRegions() > 0)
          nested += FlowWalker::nestRounds(&op);
    return FlowWalker::roundCapFor(nested);
  };
  w.iterateRounds(nestDepth, cap, [&](unsigned round) {
    if (round > 0)
      backChanged = std::move(nextBackChanged);
    nextBackChanged.clear();
    exits.erase(exits.begin() + exitsBefore, exits.end());
    for (unsigned bi = loop.first; bi <= loop.last; ++bi) {
      in.erase(order[bi]);
      dirty.erase(order[bi]);
    }
    if (fromOutside)
      in[header] = *fromOutside;
    for (unsigned bi = loop.first; bi <= loop.last; ++bi)
      visit(round, bi);
    return !nextBackChanged.empty();
  });
  // The blocks after the loop hear from it what its last round sent.
  SmallVector<Block *, 4> targets;
  for (unsigned bi = loop.first; bi <= loop.last; ++bi)
    for (Block *s : order[bi]->getSuccessors()) {
      auto it = index.find(s);
      if (it != index.end() && it->second > loop.last &&
          !llvm::is_contained(targets, s))
        targets.push_back(s);
    }
  // (Nothing here reads `dirty`: a block outside the loops runs once, and
  // a loop's rounds start afresh.)
  for (Block *s : targets)
    in[s] = sentBefore(s, loop.last, nullptr);
}

} // namespace memlint::lifetime
