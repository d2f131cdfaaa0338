//===- DefinitionCut.h - Walks stopped where a value is defined -*- C++ -*-===//
//
// A walk after a place for a buffer's free (ReachAfter.h) stops where the
// buffer's value is defined again: in a region of many blocks, entering the
// definition's block at its start ends it there. Where every use it looks
// for is dominated by the definition, a block the definition's block does
// not dominate leads to no use (a path from there to one enters the
// definition's block at its start), nor does a block the walk can leave
// only downwards (in post-order) and to loop heads of that kind. And
// whether a block is reached without entering the definition's block:
// dominators of the reversed CFG from the target, once per target. Found
// once per function; per block only a few questions, so a walk per place
// need not go round a loop to learn that.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_DEFINITIONCUT_H
#define MEMLINT_FIXES_DEFINITIONCUT_H

#include "fixes/RegionOrder.h"
#include "mlir/Analysis/CFGLoopInfo.h"
#include "mlir/IR/Dominance.h"
#include <memory>
#include <optional>
#include <vector>

namespace memlint {

class DefinitionCut {
public:
  DefinitionCut(RegionOrder &order, mlir::DominanceInfo &dom);
  ~DefinitionCut();

  /// Whether the region's CFG allows meetsNone's answers: reducible
  /// (every edge going back in a depth-first post-order leads to a block
  /// that dominates its source).
  bool usable();
  mlir::Region &region() const { return order.region(); }
  /// The block's number in a depth-first post-order from the entry (an
  /// edge that does not go back leads to a lower one); Unranked where the
  /// entry does not reach it.
  unsigned postNumber(mlir::Block *b) const;

  /// Whether a walk entering `x` (a block of the region) at its start and
  /// cut at `defBlock` meets none of the ops the definition in `defBlock`
  /// dominates, given `lowest`, the lowest postNumber of the blocks other
  /// than `defBlock` that hold such an op the walk looks for.
  bool meetsNone(mlir::Block *x, mlir::Block *defBlock, unsigned lowest);
  /// Whether control can go from the start of `x` to the start of
  /// `target` without entering `defBlock` (neither of them). None once
  /// MaxTargets other targets were asked of: each costs a walk of what
  /// reaches it (the exits of a function's leaks are few; a target per
  /// place would cost the places times the function).
  std::optional<bool> reachesAvoiding(mlir::Block *x, mlir::Block *defBlock,
                                      mlir::Block *target);
  static constexpr unsigned MaxTargets = 8;

private:
  /// The blocks that reach one target block, as a tree in which each
  /// block's parent is the nearest block every path from it to the target
  /// enters (the target the root): dominators of the reversed CFG.
  struct TowardsTarget {
    llvm::DenseMap<mlir::Block *, unsigned> index;
    /// Per index: when a depth-first walk of the tree entered and left it.
    std::vector<unsigned> enter, leave;
  };
  const TowardsTarget &towards(mlir::Block *target);

  RegionOrder &order;
  mlir::DominanceInfo &dom;
  llvm::DenseMap<mlir::Block *, unsigned> post;
  std::optional<bool> fits;
  std::unique_ptr<mlir::CFGLoopInfo> loops;
  llvm::DenseMap<mlir::Block *, std::unique_ptr<TowardsTarget>> targets;
};

} // namespace memlint

#endif
