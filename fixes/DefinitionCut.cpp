//===- DefinitionCut.cpp - Walks that stop where a value is defined -------===//
#include "fixes/DefinitionCut.h"

#include "mlir/IR/RegionGraphTraits.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace memlint {

DefinitionCut::DefinitionCut(RegionOrder &order, DominanceInfo &dom)
    : order(order), dom(dom) {
  Region &region = order.region();
  if (region.empty())
    return;
  unsigned next = 0;
  for (Block *b : llvm::post_order(&region.front()))
    post[b] = next++;
}

DefinitionCut::~DefinitionCut() = default;

unsigned DefinitionCut::postNumber(Block *b) const {
  auto it = post.find(b);
  return it == post.end() ? RegionOrder::Unranked : it->second;
}

bool DefinitionCut::usable() {
  if (fits)
    return *fits;
  fits = false;
  for (auto [b, number] : post)
    for (Block *succ : b->getSuccessors())
      if (postNumber(succ) >= number && !dom.dominates(succ, b))
        return false;
  loops = std::make_unique<CFGLoopInfo>(dom.getDomTree(&order.region()));
  fits = true;
  return true;
}

const DefinitionCut::TowardsTarget &DefinitionCut::towards(Block *target) {
  std::unique_ptr<TowardsTarget> &slot = targets[target];
  if (slot)
    return *slot;
  slot = std::make_unique<TowardsTarget>();
  TowardsTarget &t = *slot;
  // The reversed CFG from `target`, in post-order (Cooper, Harvey and
  // Kennedy's iterative dominators, on it).
  std::vector<Block *> blocks;
  {
    llvm::DenseSet<Block *> seen{target};
    SmallVector<std::pair<Block *, Block::pred_iterator>> stack;
    stack.push_back({target, target->pred_begin()});
    while (!stack.empty()) {
      auto &[b, it] = stack.back();
      if (it == b->pred_end()) {
        t.index[b] = blocks.size();
        blocks.push_back(b);
        stack.pop_back();
        continue;
      }
      Block *pred = *it++;
      if (seen.insert(pred).second)
        stack.push_back({pred, pred->pred_begin()});
    }
  }
  unsigned n = blocks.size(), root = n - 1;
  std::vector<unsigned> parent(n, ~0u);
  parent[root] = root;
  auto intersect = [&](unsigned a, unsigned b) {
    while (a != b) {
      while (a < b)
        a = parent[a];
      while (b < a)
        b = parent[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned i = root; i-- > 0;) {
      unsigned best = ~0u;
      // Its predecessors in the reversed CFG: its successors.
      for (Block *succ : blocks[i]->getSuccessors()) {
        auto it = t.index.find(succ);
        if (it == t.index.end() || parent[it->second] == ~0u)
          continue;
        best = best == ~0u ? it->second : intersect(it->second, best);
      }
      if (best != ~0u && parent[i] != best) {
        parent[i] = best;
        changed = true;
      }
    }
  }
  // Intervals of the tree, for ancestor questions in constant time.
  std::vector<SmallVector<unsigned, 2>> children(n);
  for (unsigned i = 0; i < root; ++i)
    if (parent[i] != ~0u)
      children[parent[i]].push_back(i);
  t.enter.assign(n, 0);
  t.leave.assign(n, 0);
  unsigned clock = 0;
  SmallVector<std::pair<unsigned, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [i, leaving] = stack.pop_back_val();
    if (leaving) {
      t.leave[i] = clock++;
      continue;
    }
    t.enter[i] = clock++;
    stack.push_back({i, true});
    for (unsigned c : children[i])
      stack.push_back({c, false});
  }
  return t;
}

bool DefinitionCut::meetsNone(Block *x, Block *defBlock, unsigned lowest) {
  // A block the entry does not reach has no path from the entry that
  // misses the definition's block: nothing is known of it.
  unsigned number = postNumber(x);
  if (number == RegionOrder::Unranked ||
      postNumber(defBlock) == RegionOrder::Unranked || !usable())
    return false;
  if (x == defBlock || !dom.dominates(defBlock, x))
    return true;
  // Edges that do not go back lead lower, below every block holding what
  // the walk looks for; those that go back lead to the head of a loop
  // around `x`, which must be of either kind too (a head reached going
  // down is lower already).
  if (number >= lowest)
    return false;
  for (CFGLoop *l = loops->getLoopFor(x); l; l = l->getParentLoop()) {
    Block *head = l->getHeader();
    if (head != defBlock && dom.dominates(defBlock, head) &&
        postNumber(head) >= lowest)
      return false;
  }
  return true;
}

std::optional<bool> DefinitionCut::reachesAvoiding(Block *x, Block *defBlock,
                                                   Block *target) {
  if (x == defBlock || target == defBlock)
    return false;
  if (!targets.count(target) && targets.size() >= MaxTargets)
    return std::nullopt;
  const TowardsTarget &t = towards(target);
  auto from = t.index.find(x);
  if (from == t.index.end())
    return false;
  auto cut = t.index.find(defBlock);
  if (cut == t.index.end())
    return true;
  // Every path from `x` to the target enters `defBlock` exactly when it
  // lies above `x` in the tree.
  unsigned a = cut->second, b = from->second;
  return !(t.enter[a] < t.enter[b] && t.leave[b] < t.leave[a]);
}

} // namespace memlint
