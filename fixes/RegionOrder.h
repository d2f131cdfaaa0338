//===- RegionOrder.h - A region's blocks by reachability ------*- C++ -*-===//
//-*-===//
//
// What the walks of FreePlacement.cpp ask of a region of many blocks
// (code lowered to branches), found once per function instead of once per
// leaked buffer: a rank per block that no block reachable from it exceeds,
// which blocks can reach a given one, and whether every block is written
// after its immediate dominator.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_REGIONORDER_H
#define MEMLINT_FIXES_REGIONORDER_H

#include "mlir/IR/Dominance.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <limits>
#include <optional>

namespace memlint {

class RegionOrder {
public:
  static constexpr unsigned Unranked = std::numeric_limits<unsigned>::max();

  explicit RegionOrder(mlir::Region &region);

  mlir::Region &region() const { return *owner; }

  /// The position of the block's strongly connected component in a
  /// post-order of the region's CFG from its entry (sinks first): a block
  /// reachable from `b` has a rank of at most `b`'s. Blocks the entry does
  /// not reach (and blocks of other regions) are Unranked.
  unsigned rank(mlir::Block *b) const;

  /// The rank of the block of this region that is `b` or holds it in a
  /// region of one of its ops; Unranked outside this region.
  unsigned rankOfAncestor(mlir::Block *b) const;
  /// The same for the block holding `op`.
  unsigned rankOfAncestor(mlir::Operation *op) const {
    return rankOfAncestor(op->getBlock());
  }

  /// Whether control can go from the start of `from` to `to` along the
  /// region's edges (a block reaches itself).
  bool reaches(mlir::Block *from, mlir::Block *to);

  /// Whether the entry reaches every block and each is written after its
  /// immediate dominator: then the points a value dominates all come after
  /// its definition in the text.
  bool dominatorsWrittenFirst(mlir::DominanceInfo &dom);

private:
  mlir::Region *owner;
  llvm::DenseMap<mlir::Block *, unsigned> ranks;
  llvm::DenseMap<mlir::Block *, unsigned> positions;
  /// Per target block, the positions of the blocks that reach it.
  llvm::DenseMap<mlir::Block *, llvm::BitVector> reaching;
  std::optional<bool> writtenInDominanceOrder;
};

} // namespace memlint

#endif
