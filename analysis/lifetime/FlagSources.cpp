//===- FlagSources.cpp - What a returned i1 may be computed from ----------===//
#include "analysis/lifetime/FlagSources.h"

#include "analysis/Ownership.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace memlint::lifetime {

/// Whether `op` may read memory: a load, a call, an op memlint cannot see
/// into. (An op whose effects are those of its regions, scf.if, reads
/// what they read: its terminators are followed.)
static bool mayRead(Operation *op) {
  if (isa<CallOpInterface>(op) || isOpaqueOp(op))
    return true;
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  return !iface || iface.hasEffect<MemoryEffects::Read>();
}

FlagSources flagSourcesOf(Value v, FunctionOpInterface fn) {
  // Bounded: a search past it says "from an argument", which only keeps
  // the flag from being followed.
  constexpr unsigned MaxValues = 20000;
  FlagSources out;
  Block *entry = &fn.getFunctionBody().front();
  SmallVector<Value> work{v};
  DenseSet<Value> seen;
  bool storesAdded = false;
  auto pushOperands = [&](Operation *op) {
    work.append(op->operand_begin(), op->operand_end());
  };
  auto pushTerminators = [&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty() &&
            block.back().mightHaveTrait<OpTrait::IsTerminator>())
          pushOperands(&block.back());
  };
  // Which return hands the flag out is decided by the function's branches.
  if (!fn.getFunctionBody().hasOneBlock())
    pushTerminators(fn);
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    if (seen.size() > MaxValues) {
      out.i1Argument = true;
      return out;
    }
    if (auto arg = dyn_cast<BlockArgument>(x)) {
      Block *owner = arg.getOwner();
      if (owner == entry) {
        out.i1Argument |= arg.getType().isInteger(1);
        continue;
      }
      // What reaches a block or a region: the branches and terminators
      // around it, the conditions that choose among them, and what the op
      // holding the region is given.
      Operation *parent = owner->getParentOp();
      pushTerminators(parent);
      if (parent != fn.getOperation())
        pushOperands(parent);
      continue;
    }
    Operation *def = x.getDefiningOp();
    if (mayRead(def)) {
      out.hidden = true;
      // Memory holds what the function stored or handed to an op that may
      // write it.
      if (!storesAdded) {
        storesAdded = true;
        fn->walk([&](Operation *op) {
          auto iface = dyn_cast<MemoryEffectOpInterface>(op);
          if (!iface || iface.hasEffect<MemoryEffects::Write>())
            pushOperands(op);
        });
      }
    }
    pushOperands(def);
    // A region op's results: what its regions yield, under its operands.
    pushTerminators(def);
  }
  return out;
}

} // namespace memlint::lifetime
