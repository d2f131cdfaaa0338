//===- AsyncRuntime.cpp - Upstream's async lowering, read for paths -------===//
#include "analysis/lifetime/AsyncRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace memlint::lifetime {

bool isCoroutine(FunctionOpInterface fn) {
  return fn
      ->walk([&](Operation *op) {
        if (op != fn.getOperation() && isa<FunctionOpInterface>(op))
          return WalkResult::skip();
        return isa<async::CoroBeginOp, LLVM::CoroBeginOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

bool isCoroSuspendResult(Value v) {
  for (unsigned depth = 0; depth < 8; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    if (isa<LLVM::CoroSuspendOp>(def))
      return true;
    if (!isa<LLVM::SExtOp, LLVM::ZExtOp, LLVM::TruncOp, arith::ExtSIOp,
             arith::ExtUIOp, arith::TruncIOp>(def))
      return false;
    v = def->getOperand(0);
  }
  return false;
}

bool asksIfTaskFailed(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || !v.getType().isInteger(1))
    return false;
  if (isa<async::RuntimeIsErrorOp>(def))
    return true;
  auto call = dyn_cast<CallOpInterface>(def);
  if (!call)
    return false;
  auto callee = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  return callee &&
         llvm::StringSwitch<bool>(callee.getLeafReference().getValue())
             .Cases("mlirAsyncRuntimeIsTokenError",
                    "mlirAsyncRuntimeIsValueError",
                    "mlirAsyncRuntimeIsGroupError", true)
             .Default(false);
}

} // namespace memlint::lifetime
