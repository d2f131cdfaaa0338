//===- RepeatedBodies.h - Region ops that run their body many times -------===//
//
// Some ops run their regions again and again without saying so through
// RegionBranchOpInterface: a loop that only implements LoopLikeOpInterface
// (affine.parallel), a linalg op's body (once per element), the combiners
// of scf.reduce (once per pair of values combined). Walked once, as other
// ops without that interface are, a free in such a body of a buffer made
// outside it looked like one free; FlowWalker walks them as loops instead.
//
// Ops whose body runs once per thread or gang (gpu.launch, omp.parallel,
// acc.parallel) are not among them: their bodies hold regions that run
// once for the whole team (omp.single, omp.masked) and guards on thread
// ids, which a loop model would take for conditions that hold in every
// iteration alike.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_REPEATEDBODIES_H
#define MEMLINT_ANALYSIS_REPEATEDBODIES_H

#include "mlir/IR/Operation.h"
#include <optional>

namespace memlint {

/// How an op without RegionBranchOpInterface runs its regions, when it
/// runs each of them any number of times.
struct RepeatedBody {
  /// Each region may run zero times (else at least once).
  bool mayRunZeroTimes = true;
  /// A loop (LoopLikeOpInterface): its bounds may say how often it runs,
  /// and a path names it "the loop at ...".
  bool isLoop = false;
  /// How often each region runs, where the op's static shape says (0, 1,
  /// or 2 for more); a loop's comes from its bounds.
  std::optional<unsigned> runs;
};

/// Whether `op` (which lacks RegionBranchOpInterface) runs each of its
/// regions any number of times, each region's end leading back to its
/// start or out of the op.
std::optional<RepeatedBody> repeatedBody(mlir::Operation *op);

} // namespace memlint

#endif
