//===- LoopsFirstOrder.cpp - Each loop's blocks before its exits ----------===//
#include "analysis/lifetime/LoopsFirstOrder.h"

#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"

using namespace mlir;

namespace memlint::lifetime {

using Loops = llvm::ArrayRef<std::pair<Block *, llvm::DenseSet<Block *>>>;

/// Per block, the smallest of `loops` holding it (loops nest, so its
/// other loops hold that one).
static llvm::DenseMap<Block *, const llvm::DenseSet<Block *> *>
innermostLoops(Loops loops) {
  std::vector<const llvm::DenseSet<Block *> *> bySize;
  for (auto &[header, blocks] : loops)
    bySize.push_back(&blocks);
  llvm::stable_sort(bySize,
                    [](auto *a, auto *b) { return a->size() < b->size(); });
  llvm::DenseMap<Block *, const llvm::DenseSet<Block *> *> innermost;
  for (const llvm::DenseSet<Block *> *blocks : bySize)
    for (Block *b : *blocks)
      innermost.try_emplace(b, blocks);
  return innermost;
}

std::vector<Block *> loopsFirstOrder(Region &region, Loops loops) {
  std::vector<Block *> plain;
  for (Block *b : llvm::ReversePostOrderTraversal<Block *>(&region.front()))
    plain.push_back(b);
  if (loops.empty())
    return plain;
  auto innermost = innermostLoops(loops);
  // Whether the edge to `s` leaves the innermost loop of `b`.
  auto leaves = [&](Block *b, Block *s) {
    auto it = innermost.find(b);
    return it != innermost.end() && !it->second->contains(s);
  };
  // Iterative depth-first walk: the post order of its finishing blocks.
  // Successors that leave a loop are walked first, so they finish first
  // and come after the loop's blocks once reversed.
  struct Frame {
    Block *block;
    llvm::SmallVector<Block *, 4> succs;
    unsigned next = 0;
  };
  llvm::DenseSet<Block *> seen;
  std::vector<Block *> post;
  std::vector<Frame> stack;
  auto push = [&](Block *b) {
    seen.insert(b);
    Frame f{b, {}, 0};
    for (Block *s : b->getSuccessors())
      if (leaves(b, s))
        f.succs.push_back(s);
    for (Block *s : b->getSuccessors())
      if (!leaves(b, s))
        f.succs.push_back(s);
    stack.push_back(std::move(f));
  };
  push(&region.front());
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (f.next == f.succs.size()) {
      post.push_back(f.block);
      stack.pop_back();
      continue;
    }
    Block *s = f.succs[f.next++];
    if (!seen.contains(s))
      push(s); // (invalidates `f`)
  }
  std::vector<Block *> order(post.rbegin(), post.rend());
  // The same edges must retreat as in plain reverse post order.
  llvm::DenseMap<Block *, unsigned> was, now;
  for (auto [i, b] : llvm::enumerate(plain))
    was[b] = i;
  for (auto [i, b] : llvm::enumerate(order))
    now[b] = i;
  for (Block *b : plain)
    for (Block *s : b->getSuccessors()) {
      auto ws = was.find(s), ns = now.find(s);
      if (ws == was.end() || ns == now.end())
        continue;
      if ((ws->second <= was[b]) != (ns->second <= now[b]))
        return plain;
    }
  return order;
}

} // namespace memlint::lifetime
