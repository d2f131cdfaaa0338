//===- BranchForms.cpp - Conditional branches of any dialect --------------===//
#include "analysis/lifetime/BranchForms.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace memlint {

Value branchCondition(Operation *term) {
  if (auto br = dyn_cast<cf::CondBranchOp>(term))
    return br.getCondition();
  if (auto br = dyn_cast<LLVM::CondBrOp>(term))
    return br.getCondition();
  return Value();
}

std::optional<SwitchForm> switchForm(Operation *term) {
  SwitchForm form;
  std::optional<DenseIntElementsAttr> values;
  if (auto sw = dyn_cast<cf::SwitchOp>(term)) {
    form.flag = sw.getFlag();
    values = sw.getCaseValues();
  } else if (auto sw = dyn_cast<LLVM::SwitchOp>(term)) {
    form.flag = sw.getValue();
    values = sw.getCaseValues();
  } else {
    return std::nullopt;
  }
  if (values)
    form.cases.append(values->value_begin<APInt>(), values->value_end<APInt>());
  // (The verifier holds a case per successor past the default; a block
  // kept from verifying by an earlier error may not.)
  if (form.cases.size() + 1 != term->getNumSuccessors())
    return std::nullopt;
  return form;
}

} // namespace memlint
