//===- LoopAllocations.cpp - The buffers a loop allocates -----------------===//
//
// LoopModel::allocationsIn: which first instances of allocations lie in a
// loop, whose back edge makes their earlier iterations' instances. Found
// per loop from buffers grouped once per function (by OpNesting's span of
// their op's parent for a region loop, by block for a CFG loop); asking
// every buffer per loop cost loops x buffers.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/LoopModel.h"

using namespace mlir;

namespace memlint::lifetime {

const std::vector<unsigned> &LoopModel::allocationsIn(Operation *term,
                                                      const LoopScope &loop) {
  auto [cached, missing] = loopAllocs.try_emplace({term, loop.id()});
  if (!missing)
    return cached->second;
  std::vector<unsigned> &out = cached->second;
  if (loop.regionLoopOp() && loop.opNesting()) {
    allocationsInRegionLoop(loop, out);
    return out;
  }
  if (loop.cfgRegion() && loop.cfgBlocks()) {
    allocationsInCfgLoop(loop, out);
    return out;
  }
  allocationsByScan(loop, out);
  return out;
}

void LoopModel::allocationsByScan(const LoopScope &loop,
                                  std::vector<unsigned> &out) {
  for (unsigned b = 0; b < ctx.numBuffers(); ++b)
    if (ctx.buffers[b].earlierOf < 0 && loop.contains(ctx.buffers[b].allocOp))
      out.push_back(b);
}

void LoopModel::allocationsInCfgLoop(const LoopScope &loop,
                                     std::vector<unsigned> &out) {
  // As allocationsInRegionLoop: the buffers by block once per region, and
  // each loop takes those of its blocks (4,000 CFG loops over as many
  // buffers asked each buffer per loop).
  AllocsByBlock &byBlock = allocsByBlock[loop.cfgRegion()];
  for (; byBlock.sorted < ctx.numBuffers(); ++byBlock.sorted) {
    const BufferInfo &buf = ctx.buffers[byBlock.sorted];
    if (buf.earlierOf >= 0)
      continue;
    if (Block *b = loop.cfgRegion()->findAncestorBlockInRegion(
            *buf.allocOp->getBlock()))
      byBlock.of[b].push_back(byBlock.sorted);
  }
  for (Block *b : *loop.cfgBlocks()) {
    auto it = byBlock.of.find(b);
    if (it != byBlock.of.end())
      out.insert(out.end(), it->second.begin(), it->second.end());
  }
  llvm::sort(out);
}

void LoopModel::allocationsInRegionLoop(const LoopScope &loop,
                                        std::vector<unsigned> &out) {
  // Every buffer asked per loop cost loops x buffers: a tenth of the lint
  // of one 50,000-op function of 6,400 buffers. The buffers are sorted
  // once by where their op's parent lies in the nesting walk, and each
  // loop takes those whose parent is it or inside it: a range.
  const OpNesting &nesting = *loop.opNesting();
  if (allocsSorted < ctx.numBuffers()) {
    size_t before = allocsByParentEntry.size();
    for (; allocsSorted < ctx.numBuffers(); ++allocsSorted) {
      const BufferInfo &buf = ctx.buffers[allocsSorted];
      if (buf.earlierOf >= 0)
        continue;
      Operation *parent = buf.allocOp->getParentOp();
      if (auto span = parent ? nesting.span(parent) : std::nullopt)
        allocsByParentEntry.push_back({span->first, allocsSorted});
      else
        allocsUnnumbered.push_back(allocsSorted);
    }
    if (allocsByParentEntry.size() != before)
      llvm::sort(allocsByParentEntry);
  }
  Operation *op = loop.regionLoopOp();
  std::optional<std::pair<unsigned, unsigned>> span = nesting.span(op);
  if (!span) {
    allocationsByScan(loop, out);
    return;
  }
  auto first = llvm::lower_bound(allocsByParentEntry,
                                 std::pair<unsigned, unsigned>{span->first, 0});
  for (auto it = first;
       it != allocsByParentEntry.end() && it->first <= span->second; ++it)
    out.push_back(it->second);
  for (unsigned b : allocsUnnumbered)
    if (loop.contains(ctx.buffers[b].allocOp))
      out.push_back(b);
  llvm::sort(out);
}

} // namespace memlint::lifetime
