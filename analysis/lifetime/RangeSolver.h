//===- RangeSolver.h - Upstream's range analysis, made safe ----*- C++ -*-===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_RANGESOLVER_H
#define MEMLINT_ANALYSIS_LIFETIME_RANGESOLVER_H

#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Operation.h"
#include <memory>

namespace memlint {

/// Whether `op` hands an integer its regions yield out as a result of
/// another type (upstream's range analysis aborts on it: IntegerFacts
/// then runs no solver).
bool yieldsIntoOtherTypes(mlir::Operation *op);

/// The solver run over `fn` (intraprocedural): dead code, constants and
/// integer ranges, with loops upstream bounds wrongly left unbounded. Null
/// where it fails.
std::unique_ptr<mlir::DataFlowSolver> solveRanges(mlir::Operation *fn);

} // namespace memlint

#endif
