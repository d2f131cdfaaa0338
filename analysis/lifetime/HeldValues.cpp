//===- HeldValues.cpp - Values blocks may still use ----------------------===//
#include "analysis/lifetime/HeldValues.h"

#include "analysis/BufferCarriers.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

namespace memlint::lifetime {

/// Live-in entries kept at most, summed over blocks: past this the walk
/// keeps every freed buffer instead (slower, never wrong).
static constexpr size_t MaxLiveInEntries = size_t(1) << 24;

HeldValues::HeldValues(Region &topLevel) {
  std::vector<Block *> blocks;
  for (Block &b : topLevel) {
    blockIndex[&b] = blocks.size();
    blocks.push_back(&b);
  }
  liveIn.resize(blocks.size());
  // The block of the body each memref-carrying value is defined in (its
  // own block argument, or an op in it or nested in it), and the blocks
  // that use it (uses in nested regions count for the block holding them).
  llvm::DenseMap<Value, unsigned> defBlock;
  llvm::DenseMap<Value, llvm::SmallVector<unsigned, 2>> useBlocks;
  for (unsigned bi = 0; bi < blocks.size(); ++bi) {
    auto define = [&](Value v) {
      if (carriesMemRef(v))
        defBlock[v] = bi;
    };
    llvm::for_each(blocks[bi]->getArguments(), define);
    blocks[bi]->walk([&](Operation *op) {
      llvm::for_each(op->getResults(), define);
      for (Region &region : op->getRegions())
        for (Block &nested : region)
          llvm::for_each(nested.getArguments(), define);
      for (Value v : op->getOperands())
        if (carriesMemRef(v)) {
          auto &u = useBlocks[v];
          if (u.empty() || u.back() != bi)
            u.push_back(bi);
        }
    });
  }
  // Per value, walk back from each block that uses it to its definition:
  // it is live into every block on the way (in SSA form a use in the
  // defining block follows the definition, so that block is not one).
  // Values defined outside the body (none for a function) are live
  // everywhere before their uses.
  size_t entries = 0;
  std::vector<unsigned> seenFor(blocks.size(), ~0u);
  for (auto &[v, uses] : useBlocks) {
    unsigned id = values.size();
    values.push_back(v);
    auto def = defBlock.find(v);
    unsigned defAt = def == defBlock.end() ? ~0u : def->second;
    llvm::SmallVector<unsigned> work;
    for (unsigned u : uses)
      if (u != defAt)
        work.push_back(u);
    while (!work.empty()) {
      unsigned b = work.pop_back_val();
      if (seenFor[b] == id)
        continue;
      seenFor[b] = id;
      liveIn[b].push_back(id);
      if (++entries > MaxLiveInEntries) {
        blockIndex.clear();
        return;
      }
      for (Block *p : blocks[b]->getPredecessors())
        if (auto it = blockIndex.find(p);
            it != blockIndex.end() && it->second != defAt)
          work.push_back(it->second);
    }
  }
}

} // namespace memlint::lifetime
