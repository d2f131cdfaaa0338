//===- Passes.h - memlint as MLIR passes ------------------------*- C++ -*-===//
//
// `memlint-check` (the checks, reported as MLIR diagnostics) and
// `memlint-arena` (the arena rewrite of `memlint emit --emit=arena`), for
// any pass pipeline: mlir-opt through MemlintPlugin.so, `memlint bisect`,
// or a compiler that links memlint.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_PLUGIN_PASSES_H
#define MEMLINT_PLUGIN_PASSES_H

#include "mlir/Pass/Pass.h"
#include <memory>

namespace memlint {

std::unique_ptr<mlir::Pass> createCheckPass();
std::unique_ptr<mlir::Pass> createArenaPass();
/// Registers both passes with MLIR's pass registry (once per process).
void registerPasses();

} // namespace memlint

#endif
