//===- UnreadValues.cpp - Block arguments nothing reads -------------------===//
#include "analysis/lifetime/UnreadValues.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace memlint::lifetime {

using Successors = DenseMap<Operation *, SmallVector<RegionSuccessor>>;

/// The values `use` passes its value on to, or nullopt where the use reads
/// it (any use that is not a forwarded operand of a branch or of a region
/// terminator, an unknown op's included).
static std::optional<SmallVector<Value, 2>> passedTo(OpOperand &use,
                                                     Successors &successors) {
  Operation *owner = use.getOwner();
  unsigned n = use.getOperandNumber();
  if (auto br = dyn_cast<BranchOpInterface>(owner)) {
    if (std::optional<BlockArgument> arg = br.getSuccessorBlockArgument(n))
      return SmallVector<Value, 2>{*arg};
    return std::nullopt;
  }
  // (A function's return-like op is such a terminator too, of an op that
  // is no region branch: what it returns is read.)
  auto term = dyn_cast<RegionBranchTerminatorOpInterface>(owner);
  if (!term || !isa_and_nonnull<RegionBranchOpInterface>(owner->getParentOp()))
    return std::nullopt;
  // (Asked once per terminator, not per operand: a yield of many values.)
  auto [it, fresh] = successors.try_emplace(owner);
  SmallVector<RegionSuccessor> &succs = it->second;
  if (fresh) {
    SmallVector<Attribute> noConstants(owner->getNumOperands());
    term.getSuccessorRegions(noConstants, succs);
  }
  SmallVector<Value, 2> targets;
  bool passed = false;
  for (RegionSuccessor &s : succs) {
    OperandRange forwarded = term.getSuccessorOperands(s);
    if (forwarded.empty())
      continue;
    unsigned first = forwarded.getBeginOperandIndex();
    if (n < first || n >= first + forwarded.size())
      continue;
    ValueRange inputs = s.getSuccessorInputs();
    if (n - first >= inputs.size())
      return std::nullopt; // passed to something we cannot name
    passed = true;
    targets.push_back(inputs[n - first]);
  }
  if (!passed)
    return std::nullopt; // not forwarded (scf.condition's condition)
  return targets;
}

UnreadValues::UnreadValues(Operation *fn) {
  // Candidates: every block argument but the function's, and the results
  // of region ops (which region terminators pass values to).
  SmallVector<Value> candidates;
  fn->walk([&](Operation *op) {
    for (Region &r : op->getRegions())
      for (Block &b : r)
        if (op != fn || &b != &r.front())
          for (BlockArgument a : b.getArguments())
            candidates.push_back(a);
    if (op != fn && isa<RegionBranchOpInterface>(op))
      for (Value v : op->getResults())
        candidates.push_back(v);
  });
  DenseSet<Value> isCandidate(candidates.begin(), candidates.end());
  // A value is read if some use reads it or passes it to a value that is
  // read: from the values read directly, back along the passing.
  DenseMap<Value, SmallVector<Value, 2>> passedFrom;
  SmallVector<Value> read;
  DenseSet<Value> isRead;
  auto markRead = [&](Value v) {
    if (isRead.insert(v).second)
      read.push_back(v);
  };
  Successors successors;
  for (Value v : candidates)
    for (OpOperand &use : v.getUses()) {
      std::optional<SmallVector<Value, 2>> targets = passedTo(use, successors);
      if (!targets) {
        markRead(v);
        break;
      }
      for (Value t : *targets) {
        if (!isCandidate.contains(t))
          markRead(v);
        passedFrom[t].push_back(v);
      }
    }
  while (!read.empty()) {
    Value t = read.pop_back_val();
    auto it = passedFrom.find(t);
    if (it == passedFrom.end())
      continue;
    for (Value v : it->second)
      markRead(v);
  }
  for (Value v : candidates)
    if (!isRead.contains(v))
      unread.insert(v);
}

} // namespace memlint::lifetime
