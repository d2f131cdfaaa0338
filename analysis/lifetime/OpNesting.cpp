//===- OpNesting.cpp - Which region op holds which, in constant time ------===//
#include "analysis/lifetime/OpNesting.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace memlint::lifetime {

void OpNesting::number(Operation *op) const {
  numbered = true;
  Operation *root = op;
  while (Operation *parent = root->getParentOp()) {
    root = parent;
    if (isa<FunctionOpInterface>(root))
      break;
  }
  // Depth first, without recursion (nesting is as deep as the input).
  unsigned clock = 0;
  SmallVector<std::pair<Operation *, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [o, leaving] = stack.pop_back_val();
    if (leaving) {
      spans[o].second = clock++;
      continue;
    }
    spans[o] = {clock++, 0};
    stack.push_back({o, true});
    for (Region &region : o->getRegions())
      for (Block &block : region)
        for (Operation &inner : block)
          if (inner.getNumRegions() > 0)
            stack.push_back({&inner, false});
  }
}

bool OpNesting::properlyContains(Operation *outer, Operation *inner) const {
  if (!numbered)
    number(outer);
  Operation *parent = inner->getParentOp();
  if (!parent)
    return false;
  if (parent == outer)
    return true;
  auto o = spans.find(outer), p = spans.find(parent);
  if (o == spans.end() || p == spans.end())
    return outer->isProperAncestor(inner);
  return o->second.first < p->second.first &&
         p->second.second < o->second.second;
}

std::optional<std::pair<unsigned, unsigned>>
OpNesting::span(Operation *op) const {
  if (!numbered)
    number(op);
  auto it = spans.find(op);
  if (it == spans.end())
    return std::nullopt;
  return it->second;
}

} // namespace memlint::lifetime
