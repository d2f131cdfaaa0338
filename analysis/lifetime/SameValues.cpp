//===- SameValues.cpp - Values that pure ops compute alike ----------------===//
#include "analysis/lifetime/SameValues.h"

#include "analysis/Ownership.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace memlint {

bool mayDifferPerRun(Operation *op) {
  StringRef name = op->getName().getStringRef();
  // Undefined values (SPIR-V's OpUndef may differ at each use), and C text
  // that EmitC pastes in as it is (`rand()`, a global such as `errno`),
  // though their ops say they are pure.
  return name == "llvm.freeze" || name == "llvm.mlir.undef" ||
         name == "llvm.mlir.poison" || name == "ub.poison" ||
         name == "spirv.Undef" || name == "emitc.literal" ||
         name == "emitc.verbatim";
}

Value SameValues::find(Value v, unsigned depth) {
  if (auto it = known.find(v); it != known.end())
    return it->second;
  auto res = dyn_cast<OpResult>(v);
  Operation *op = res ? res.getOwner() : nullptr;
  if (!op || depth >= MaxDepth)
    return v; // not memoized: a shallower question may still find one
  // An index <-> i64 cast is the integer it casts (Ownership.h).
  if (Value source = indexI64CastSource(v)) {
    Value rep = find(source, depth + 1);
    known[v] = rep;
    return rep;
  }
  if (op->getNumRegions() != 0 || !(isPure(op) || (pureCall && pureCall(op))))
    return v;
  if (mayDifferPerRun(op))
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
