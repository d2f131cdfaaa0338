//===- LoopsFirstOrder.h - Each loop's blocks before its exits -*- C++ -*-===//
//
// The order CfgWalk visits a region's blocks in: a reverse post order
// whose depth-first walk takes the edges that leave a loop before those
// that stay in it, so each loop's blocks come before the blocks its exits
// lead to (for reducible CFGs: the loops' blocks are contiguous, a weak
// topological order in Bourdoncle's sense). A loop that tests at its head
// leaves from there; in plain reverse post order its exit comes first, so
// what the body sent back in one round reached the code after the loop one
// round later: a nest of d such loops took d * (d + 1) / 2 rounds.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_LOOPSFIRSTORDER_H
#define MEMLINT_ANALYSIS_LIFETIME_LOOPSFIRSTORDER_H

#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace memlint::lifetime {

/// The blocks of `region` reachable from its entry, in a reverse post
/// order that puts each of `loops` (header, blocks) before its exits.
/// Where that order would make other edges retreating than plain reverse
/// post order does (an irreducible CFG), plain reverse post order: the
/// loop model found the loops by its back edges.
std::vector<mlir::Block *> loopsFirstOrder(
    mlir::Region &region,
    llvm::ArrayRef<std::pair<mlir::Block *, llvm::DenseSet<mlir::Block *>>>
        loops);

} // namespace memlint::lifetime

#endif
