//===- TripCount.h - How often a loop with constant bounds runs -*- C++ -*-===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_TRIPCOUNT_H
#define MEMLINT_ANALYSIS_LIFETIME_TRIPCOUNT_H

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/APInt.h"
#include <optional>

namespace memlint::lifetime {

/// How often `loop` runs, where its bounds are constants: the interface's
/// answer, else the product over its dimensions, capped at 2 (only zero,
/// one and more matter; scf.forall and affine.parallel give none through
/// the interface). Nullopt where a bound or step is not constant.
std::optional<llvm::APInt> staticTripCount(mlir::LoopLikeOpInterface loop);

} // namespace memlint::lifetime

#endif
