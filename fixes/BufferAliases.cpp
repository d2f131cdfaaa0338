//===- BufferAliases.cpp - The values a buffer goes by --------------------===//
#include "fixes/BufferAliases.h"

#include "analysis/Ownership.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace memlint {

std::vector<Value> forwardedAliases(Value v) {
  std::vector<Value> seen{v}, out{v};
  auto add = [&](Value w) {
    if (w && isMemRef(w) && !llvm::is_contained(seen, w) && seen.size() < 32) {
      seen.push_back(w);
      out.push_back(w);
    }
  };
  for (size_t i = 0; i < seen.size(); ++i) {
    Value w = seen[i];
    for (OpOperand &use : w.getUses()) {
      Operation *user = use.getOwner();
      unsigned idx = use.getOperandNumber();
      for (OpResult r : user->getResults()) {
        bool interior;
        if (viewSource(r, interior) == w && !llvm::is_contained(seen, Value(r)))
          seen.push_back(r); // followed, but not offered: free the base
      }
      SmallVector<Attribute> unknown(user->getNumOperands());
      if (auto br = dyn_cast<BranchOpInterface>(user)) {
        for (unsigned s = 0; s < user->getNumSuccessors(); ++s) {
          SuccessorOperands so = br.getSuccessorOperands(s);
          OperandRange fwd = so.getForwardedOperands();
          if (fwd.empty() || idx < fwd.getBeginOperandIndex() ||
              idx >= fwd.getBeginOperandIndex() + fwd.size())
            continue;
          unsigned pos =
              so.getProducedOperandCount() + idx - fwd.getBeginOperandIndex();
          Block *succ = user->getSuccessor(s);
          if (pos < succ->getNumArguments())
            add(succ->getArgument(pos));
        }
      }
      auto forward = [&](OperandRange operands, ValueRange inputs) {
        if (operands.empty() || idx < operands.getBeginOperandIndex())
          return;
        unsigned j = idx - operands.getBeginOperandIndex();
        if (j < operands.size() && j < inputs.size())
          add(inputs[j]);
      };
      auto rt = dyn_cast<RegionBranchTerminatorOpInterface>(user);
      if (rt && isa<RegionBranchOpInterface>(user->getParentOp())) {
        SmallVector<RegionSuccessor> succs;
        rt.getSuccessorRegions(unknown, succs);
        for (const RegionSuccessor &s : succs)
          forward(rt.getSuccessorOperands(s), s.getSuccessorInputs());
      }
      if (auto rb = dyn_cast<RegionBranchOpInterface>(user)) {
        SmallVector<RegionSuccessor> succs;
        rb.getEntrySuccessorRegions(unknown, succs);
        for (const RegionSuccessor &s : succs)
          forward(rb.getEntrySuccessorOperands(s), s.getSuccessorInputs());
      }
    }
  }
  return out;
}

std::vector<Value> mustAliases(ArrayRef<Value> aliases) {
  if (aliases.empty())
    return {};
  // Optimistic: every block argument among the aliases is taken to name
  // the buffer until a branch into its block passes something else (or
  // its block has a predecessor that is no branch op); to a fixpoint, so
  // that a loop header passed the buffer on entry and itself on the back
  // edge stays.
  llvm::SmallPtrSet<Value, 8> must;
  must.insert(aliases.front());
  for (Value w : aliases.drop_front())
    if (isa<BlockArgument>(w))
      must.insert(w);
  auto passesOnlyMust = [&](BlockArgument arg) {
    Block *block = arg.getOwner();
    if (block->isEntryBlock() || block->hasNoPredecessors())
      return false;
    for (auto it = block->pred_begin(), e = block->pred_end(); it != e; ++it) {
      auto br = dyn_cast<BranchOpInterface>((*it)->getTerminator());
      if (!br)
        return false;
      unsigned s = it.getSuccessorIndex();
      Value in = br.getSuccessorOperands(s)[arg.getArgNumber()];
      if (!in || !must.contains(in))
        return false;
    }
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (Value w : aliases.drop_front())
      if (must.contains(w) && !passesOnlyMust(cast<BlockArgument>(w))) {
        must.erase(w);
        changed = true;
      }
  }
  std::vector<Value> out;
  for (Value w : aliases)
    if (must.contains(w))
      out.push_back(w);
  return out;
}

} // namespace memlint
