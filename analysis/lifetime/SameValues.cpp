//===- SameValues.cpp - Values that pure ops compute alike ----------------===//
#include "analysis/lifetime/SameValues.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace memlint {

static bool isIndexAndI64(Type a, Type b) {
  auto i64 = [](Type t) { return t.isSignlessInteger(64); };
  return (a.isIndex() && i64(b)) || (i64(a) && b.isIndex());
}

Value SameValues::find(Value v, unsigned depth) {
  if (auto it = known.find(v); it != known.end())
    return it->second;
  auto res = dyn_cast<OpResult>(v);
  Operation *op = res ? res.getOwner() : nullptr;
  if (!op || depth >= MaxDepth)
    return v; // not memoized: a shallower question may still find one
  // What -convert-arith-to-llvm leaves between an index and the i64 that
  // stands for it, in either direction, is the same integer (that
  // lowering fixed the index at 64 bits).
  if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op);
      cast && cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
      isIndexAndI64(cast->getOperand(0).getType(), v.getType())) {
    Value rep = find(cast->getOperand(0), depth + 1);
    known[v] = rep;
    return rep;
  }
  if (op->getNumRegions() != 0 || !isPure(op))
    return v;
  // Pure, yet two of them need not agree: undefined values and what
  // freezes them.
  StringRef name = op->getName().getStringRef();
  if (name == "llvm.freeze" || name == "llvm.mlir.undef" ||
      name == "llvm.mlir.poison" || name == "ub.poison")
    return v;
  Key key{op->getName().getAsOpaquePointer(),
          op->getAttrDictionary().getAsOpaquePointer(),
          reinterpret_cast<const void *>(uintptr_t(res.getResultNumber()))};
  for (Value operand : op->getOperands())
    key.push_back(find(operand, depth + 1).getAsOpaquePointer());
  for (Type t : op->getResultTypes())
    key.push_back(t.getAsOpaquePointer());
  Value rep = byKey.try_emplace(std::move(key), v).first->second;
  known[v] = rep;
  return rep;
}

} // namespace memlint
