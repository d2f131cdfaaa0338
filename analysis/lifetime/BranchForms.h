//===- BranchForms.h - Conditional branches of any dialect ------*- C++ -*-===//
//
// IR part-way through a lowering branches with `cf` and `llvm` ops alike
// (`--convert-cf-to-llvm` may run before memrefs are lowered). Both
// dialects' two-way and multi-way branches are read the same way here, so
// that a condition asked by one branch is the same condition when another
// asks it.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_BRANCHFORMS_H
#define MEMLINT_ANALYSIS_LIFETIME_BRANCHFORMS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace memlint {

/// The i1 of `cf.cond_br` or `llvm.cond_br` (successor 0 is taken when it
/// is true), or null.
mlir::Value branchCondition(mlir::Operation *term);

/// A branch on an integer's value: `cf.switch` or `llvm.switch`. Successor
/// 0 is the default, successor i + 1 is taken for `cases[i]` (the first
/// case that matches, as both ops define it).
struct SwitchForm {
  mlir::Value flag;
  llvm::SmallVector<llvm::APInt, 8> cases;
};
std::optional<SwitchForm> switchForm(mlir::Operation *term);

} // namespace memlint

#endif
