//===- AsyncRuntime.cpp - Upstream's async lowering, read for paths -------===//
#include "analysis/lifetime/AsyncRuntime.h"

#include "analysis/Ownership.h"
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

SmallVector<unsigned, 1> argumentsUsedByTask(FunctionOpInterface fn) {
  SmallVector<unsigned, 1> out;
  if (fn.getFunctionBody().empty())
    return out;
  Block &entry = fn.getFunctionBody().front();
  auto suspend = dyn_cast_or_null<async::CoroSuspendOp>(
      entry.empty() ? nullptr : &entry.back());
  if (!suspend)
    return out;
  for (Operation &op : *suspend.getResumeDest()) {
    SmallVector<OpOperand *> freed = freedOperands(&op);
    SmallPtrSet<Value, 4> viewed = viewedOperands(&op);
    for (OpOperand &o : op.getOpOperands()) {
      auto arg = dyn_cast<BlockArgument>(o.get());
      if (!arg || arg.getOwner() != &entry || !isMemRef(arg) ||
          llvm::is_contained(freed, &o) || !accessesMemory(o, viewed) ||
          llvm::is_contained(out, arg.getArgNumber()))
        continue;
      out.push_back(arg.getArgNumber());
    }
  }
  llvm::sort(out);
  return out;
}

std::vector<std::optional<unsigned>>
asyncValuesHoldingArguments(FunctionOpInterface fn) {
  std::vector<std::optional<unsigned>> out(fn.getNumResults());
  if (fn.getFunctionBody().empty())
    return out;
  Block &entry = fn.getFunctionBody().front();
  // The one value each result is at every return.
  SmallVector<Value> returned(fn.getNumResults());
  bool first = true;
  for (Block &block : fn.getFunctionBody()) {
    Operation *term = block.empty() ? nullptr : &block.back();
    if (!term || !term->hasTrait<OpTrait::ReturnLike>())
      continue;
    for (auto [i, v] : llvm::enumerate(term->getOperands()))
      if (i < returned.size() && (first || returned[i] == v))
        returned[i] = v;
      else if (i < returned.size())
        returned[i] = Value();
    first = false;
  }
  for (auto [i, v] : llvm::enumerate(returned)) {
    if (!v || !v.getDefiningOp<async::RuntimeCreateOp>())
      continue;
    std::optional<unsigned> held;
    bool one = true;
    for (Operation *user : v.getUsers()) {
      auto store = dyn_cast<async::RuntimeStoreOp>(user);
      if (!store)
        continue;
      auto arg = dyn_cast<BlockArgument>(store.getValue());
      if (!arg || arg.getOwner() != &entry || held)
        one = false;
      else
        held = arg.getArgNumber();
    }
    if (one)
      out[i] = held;
  }
  return out;
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
  if (!callee || !llvm::StringSwitch<bool>(callee.getLeafReference().getValue())
                      .Cases("mlirAsyncRuntimeIsTokenError",
                             "mlirAsyncRuntimeIsValueError",
                             "mlirAsyncRuntimeIsGroupError", true)
                      .Default(false))
    return false;
  // A function of that name with a body is the module's own, not the
  // runtime's. (Looked up only for those names: the lookup scans the
  // module, and asked of every call returning an i1 it made a chain of
  // 10,000 calls 9.6 s.)
  auto fn = dyn_cast_if_present<FunctionOpInterface>(call.resolveCallable());
  return !fn || fn.isExternal();
}

} // namespace memlint::lifetime
