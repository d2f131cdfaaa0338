//===- HeldValues.cpp - Buffer-carrying values still needed per block -----===//
#include "analysis/lifetime/HeldValues.h"

#include "analysis/BufferCarriers.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace memlint::lifetime {

HeldValues::HeldValues(Region &topLevel) {
  std::vector<Block *> blocks;
  for (Block &b : topLevel) {
    blockIndex[&b] = blocks.size();
    blocks.push_back(&b);
  }
  auto indexOf = [&](Value v) {
    auto [it, fresh] = valueIndex.try_emplace(v, values.size());
    if (fresh)
      values.push_back(v);
    return it->second;
  };
  // Upward-exposed uses (nested ones lifted to the block) and definitions
  // per block. In SSA form a value defined in a block (or in a region
  // nested in it) is used there only after its definition, so only uses of
  // values defined elsewhere count.
  unsigned n = 0;
  std::vector<llvm::SmallVector<unsigned>> uses(blocks.size()),
      defs(blocks.size());
  for (auto [bi, block] : llvm::enumerate(blocks)) {
    llvm::DenseSet<Value> definedHere;
    auto define = [&](Value v) {
      if (carriesMemRef(v)) {
        definedHere.insert(v);
        defs[bi].push_back(indexOf(v));
      }
    };
    for (BlockArgument arg : block->getArguments())
      define(arg);
    block->walk([&](Operation *op) {
      for (Value r : op->getResults())
        define(r);
      for (Region &region : op->getRegions())
        for (Block &nested : region)
          for (BlockArgument arg : nested.getArguments())
            define(arg);
    });
    block->walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (carriesMemRef(v) && !definedHere.contains(v))
          uses[bi].push_back(indexOf(v));
    });
  }
  n = values.size();
  // Three tables of blocks x values bits: beyond 2^26 bits (8 MiB) each,
  // the walk keeps every freed buffer instead (slower, never wrong).
  if (uint64_t(blocks.size()) * n > (uint64_t(1) << 26)) {
    blockIndex.clear();
    return;
  }
  std::vector<llvm::BitVector> use(blocks.size(), llvm::BitVector(n)),
      def(blocks.size(), llvm::BitVector(n));
  for (size_t bi = 0; bi < blocks.size(); ++bi) {
    for (unsigned v : uses[bi])
      use[bi].set(v);
    for (unsigned v : defs[bi])
      def[bi].set(v);
  }
  // live-in = use | (live-out - def), live-out = union of successors'
  // live-in; to a fixpoint, visiting blocks last to first.
  liveIn.assign(blocks.size(), llvm::BitVector(n));
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = blocks.size(); k-- > 0;) {
      llvm::BitVector out(n);
      for (Block *s : blocks[k]->getSuccessors())
        if (auto it = blockIndex.find(s); it != blockIndex.end())
          out |= liveIn[it->second];
      out.reset(def[k]);
      out |= use[k];
      if (out != liveIn[k]) {
        liveIn[k] = std::move(out);
        changed = true;
      }
    }
  }
}

} // namespace memlint::lifetime
