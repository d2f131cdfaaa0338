//===- ReachAfter.h - What can run after a free or a place -----*- C++ -*-===//
//
// The walk FreePlacement.cpp asks which ops control can reach after a
// program point (after a free of a buffer, or after a place for one),
// never past where the buffer's value is defined again; and the cheap
// answer for a place whose way to the function's exit is straight.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_REACHAFTER_H
#define MEMLINT_FIXES_REACHAFTER_H

#include "fixes/DefinitionCut.h"
#include "fixes/RegionOrder.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <cassert>
#include <cstdint>
#include <optional>

namespace memlint {
namespace placement {

/// The ops that may run after a program point, following blocks, region
/// branches and loops, but never past where the freed value is defined
/// again (its defining op, or the entry of the block owning it as an
/// argument): past that, the name stands for another buffer.
class Reach {
public:
  /// `walked` counts the ops the walk goes over.
  Reach(mlir::Value v, uint64_t &walked)
      : walked(&walked), barrierOp(v.getDefiningOp()),
        barrierBlock(llvm::isa<mlir::BlockArgument>(v)
                         ? llvm::cast<mlir::BlockArgument>(v).getOwner()
                         : nullptr) {}

  /// Takes each block that is its region's only one whole instead of
  /// scanning it: from each point the walk enters it at, every op up to
  /// the value's definition (or the end) is reached, the regions of those
  /// ops included. A walk per leaked buffer from its free went through the
  /// rest of the function (or of the loop body) each time: 800 buffers
  /// each freed in an scf.if took 4 s to get their fixes. (Blocks in those
  /// regions that no path enters count as reached: what the walk tells
  /// only orders places.) Not with stopAt: the ops of a block taken whole
  /// are not looked at one by one.
  void takeBlocksWhole() { whole = true; }

  void from(mlir::Block *block, mlir::Block::iterator it) {
    assert(!(whole && stops) && "a walk taking blocks whole cannot stop");
    push(block, it, /*initial=*/true);
    run();
  }
  bool contains(mlir::Operation *op) const {
    return ops.count(op) || inWholeBlock(op) ||
           (skipped && op == skipped->exit && skipped->exitReached);
  }
  /// Blocks of `order`'s region that the walk enters at their start and
  /// whose rank is below `lowest`, the lowest of the blocks holding a stop
  /// or the value's definition, are not walked: nothing that ends the walk
  /// can follow them, so it would go on to `exit` (an op directly in a
  /// block of that region; otherwise nothing is skipped) exactly when
  /// that block can be reached from them. contains() answers for `exit`
  /// only of the ops there. In code lowered to branches the walk from each
  /// place of a leaked buffer's free went through the rest of the function:
  /// 800 buffers each freed on one edge took 3.2 s to get their fixes.
  void skipBelow(RegionOrder &order, unsigned lowest, mlir::Operation *exit);

  /// Blocks of `cut`'s region that the walk enters at their start and from
  /// which, cut at `defBlock` (that of the value's defining op, which
  /// dominates every stop), no stop can be met (DefinitionCut::meetsNone,
  /// `lowest` its bound) are not walked: the walk reaches skipBelow's exit
  /// (asked first; not in `defBlock`) from there exactly when its block
  /// can be reached without entering `defBlock`. Inside a loop every
  /// block has the loop's rank, and each place's walk went round the
  /// loop to the definition.
  void cutAt(DefinitionCut &cut, mlir::Block *defBlock, unsigned lowest);

  /// Blocks of `order`'s region that the walk enters at their start wait
  /// until reaches() asks of an op that control could only come to
  /// through them (a block ranked at least as high as the op's). Without
  /// stops the ops a walk reaches do not depend on the order it goes in.
  /// The walk from a leaked buffer's frees, asked only of the first
  /// places after its definition, went through the rest of the function.
  void deferByRank(RegionOrder &order) { deferring = &order; }
  /// contains(), after walking what `op` needs of what deferByRank held
  /// back.
  bool reaches(mlir::Operation *op);
  /// Stop as soon as one of `ops` is reached (then sawStop()): a point
  /// from which a use can follow is a poor place for a free, and most
  /// points tried are such, so most walks end early.
  void stopAt(const llvm::DenseSet<mlir::Operation *> *at) { stops = at; }
  bool sawStop() const { return stopped; }

private:
  void push(mlir::Block *block, mlir::Block::iterator it, bool initial = false);

  static llvm::SmallVector<mlir::Attribute>
  unknownOperands(mlir::Operation *op) {
    return llvm::SmallVector<mlir::Attribute>(op->getNumOperands());
  }

  void enterRegion(mlir::Region *r);

  void enterRegions(mlir::Operation *op);

  void continueAfter(mlir::Operation *op);

  void exitRegion(mlir::Region *region, mlir::Operation *term);

  void run();

  /// Goes on where the end of `block` leads: its successors, or out of its
  /// region.
  void leaveBlock(mlir::Block *block);

  /// Where a scan of `block` from `at` (null: the block's end) stops:
  /// the value's definition if it lies there, else the end (null).
  mlir::Operation *stopOf(mlir::Block *block, mlir::Operation *at) const;

  /// Whether `at` (null: the end) lies in a stretch of `block` reached.
  bool inStretch(mlir::Block *block, mlir::Operation *at) const;

  /// Whether the value is defined in a region of `op` (by an op, or as an
  /// argument of a block there).
  bool holdsDefinition(mlir::Operation *op) const;

  /// A block taken whole, entered at `at`: what its scan to the end would
  /// reach is reached, and the walk goes on where the end leads.
  void enterWhole(mlir::Block *block, mlir::Operation *at);

  /// Whether `op`, or an op around it, lies in a stretch reached of a
  /// block taken whole.
  bool inWholeBlock(mlir::Operation *op) const;

  uint64_t *walked;
  mlir::Operation *barrierOp;
  mlir::Block *barrierBlock;
  bool whole = false;
  /// Per block taken whole, where the walk entered it (null: its end).
  llvm::DenseMap<mlir::Block *, llvm::SmallVector<mlir::Operation *, 2>>
      entries;
  const llvm::DenseSet<mlir::Operation *> *stops = nullptr;
  bool stopped = false;
  struct Skipped {
    RegionOrder *order;
    unsigned lowest;
    mlir::Operation *exit;
    bool exitReached = false;
  };
  std::optional<Skipped> skipped;
  struct Cut {
    DefinitionCut *cut;
    mlir::Block *defBlock;
    unsigned lowest;
  };
  std::optional<Cut> cut;
  RegionOrder *deferring = nullptr;
  /// The lowest rank walked so far (deferByRank), and what waits below.
  unsigned walkedDownTo = RegionOrder::Unranked;
  llvm::SmallVector<mlir::Block *> deferred;
  /// Whether run() skips `block`, entered at `it` (skipBelow).
  bool skips(mlir::Block *block, mlir::Block::iterator it);
  llvm::DenseSet<mlir::Operation *> ops;
  llvm::DenseSet<std::pair<mlir::Block *, mlir::Operation *>> started;
  llvm::SmallVector<std::pair<mlir::Block *, mlir::Block::iterator>> work;
};

/// What a walk gives: whether it meets the exit, and whether it meets a
/// use (Reach::sawStop).
struct WalkOutcome {
  bool exit;
  bool use;
};

/// What a Reach walk from `from` in `block` says, found without walking
/// where `exit` ends the function body's block the walk comes to, each
/// block on the way left by a terminator that leads only out to its op (an
/// scf.if's, an scf.execute_region's), with no use in the rest of those
/// blocks or the regions of their ops: the walk scans a block before the
/// regions it meets there, and goes on after the op it leaves before
/// those. It meets the exit, and a use only if one lies in the regions of
/// the ops after the point in the exit's block (where it follows them).
/// One walk per point per leaked buffer read the rest of the function each
/// time: 4,000 leaks in one function took seconds, the quick fixes of 500
/// buffers each freed in an scf.if 17 s.
std::optional<WalkOutcome>
straightToExit(mlir::Block *block, mlir::Block::iterator from,
               mlir::Operation *exit,
               const llvm::DenseSet<mlir::Operation *> &uses);

} // namespace placement
} // namespace memlint

#endif
