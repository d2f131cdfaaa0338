//===- Views.cpp - Views and casts of a buffer ----------------------------===//
//
// Which operand a view or cast result is of, whether it may start past the
// buffer's first byte, and the index <-> i64 casts lowering leaves between
// integers (declared in Ownership.h).
//
//===----------------------------------------------------------------------===//
#include "analysis/Ownership.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace memlint {

Value indexI64CastSource(Value v) {
  auto cast = v.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast->getNumOperands() != 1 || cast->getNumResults() != 1)
    return {};
  Type from = cast->getOperand(0).getType(), to = v.getType();
  if ((from.isIndex() && to.isSignlessInteger(64)) ||
      (from.isSignlessInteger(64) && to.isIndex()))
    return cast->getOperand(0);
  return {};
}

Value throughIndexI64Casts(Value v) {
  for (unsigned step = 0; step < 8; ++step) {
    Value source = indexI64CastSource(v);
    if (!source)
      break;
    v = source;
  }
  return v;
}

/// A zero, also behind the index <-> i64 casts -convert-arith-to-llvm
/// leaves (`unrealized_conversion_cast` of `llvm.mlir.constant(0)`).
static bool isZeroValue(Value v) {
  return matchPattern(throughIndexI64Casts(v), m_Zero());
}

/// The offset memref.extract_strided_metadata reads of a memref whose type
/// fixes it at 0 (an identity layout, `strided<[...], offset: 0>`): the
/// offset an alloc's descriptor has, which upstream's lowering passes on.
static bool isZeroMetadataOffset(Value v) {
  auto res = dyn_cast<OpResult>(v);
  auto md = res ? dyn_cast<memref::ExtractStridedMetadataOp>(res.getOwner())
                : nullptr;
  if (!md || v != md.getOffset())
    return false;
  auto type = dyn_cast<MemRefType>(md.getSource().getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  return type && succeeded(type.getStridesAndOffset(strides, offset)) &&
         offset == 0;
}

static bool isZeroFold(OpFoldResult r) {
  if (auto attr = dyn_cast<Attribute>(r))
    if (auto i = dyn_cast<IntegerAttr>(attr))
      return i.getValue().isZero();
  if (auto v = dyn_cast<Value>(r))
    return isZeroValue(v) || isZeroMetadataOffset(v);
  return false;
}

Value viewSource(Value result, bool &interior) {
  interior = false;
  auto res = dyn_cast<OpResult>(result);
  if (!res || !isMemRef(result))
    return {};
  Operation *op = res.getOwner();
  if (auto sub = dyn_cast<memref::SubViewOp>(op)) {
    interior = !llvm::all_of(sub.getMixedOffsets(), isZeroFold);
    return sub.getSource();
  }
  if (auto view = dyn_cast<memref::ViewOp>(op)) {
    interior = !isZeroValue(view.getByteShift());
    return view.getSource();
  }
  if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op)) {
    interior = !llvm::all_of(rc.getMixedOffsets(), isZeroFold);
    return rc.getSource();
  }
  if (auto md = dyn_cast<memref::ExtractStridedMetadataOp>(op))
    return res.getResultNumber() == 0 ? md.getSource() : Value();
  if (auto vl = dyn_cast<ViewLikeOpInterface>(op))
    if (vl.getViewDest() == result)
      return vl.getViewSource();
  if (isa<CastOpInterface>(op) && op->getNumOperands() >= 1 &&
      isMemRef(op->getOperand(0)))
    return op->getOperand(0);
  // Result i is operand i, with a promise that they do not alias.
  if (auto d = dyn_cast<memref::DistinctObjectsOp>(op))
    return d.getOperands()[res.getResultNumber()];
  // An op that neither allocates nor touches memory can only hand out
  // memory it was given: with one memref operand, a view of it
  // (memref.transpose, which permutes strides and keeps the start).
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op);
      iface && iface.hasNoEffect() && op->getNumRegions() == 0) {
    Value only;
    for (Value operand : op->getOperands())
      if (isMemRef(operand)) {
        if (only && operand != only)
          return {};
        only = operand;
      }
    return only;
  }
  return {};
}

SmallVector<Operation *, 8> distinctUsers(Value v) {
  SmallVector<Operation *, 8> out;
  SmallPtrSet<Operation *, 8> seen;
  for (Operation *user : v.getUsers())
    if (seen.insert(user).second)
      out.push_back(user);
  return out;
}

Value viewRoot(Value v) {
  bool interior;
  while (Value src = viewSource(v, interior))
    v = src;
  return v;
}

std::optional<SmallVector<Value>> viewsOf(Value root, size_t limit) {
  SmallVector<Value> out{root};
  DenseSet<Value> seen{root};
  for (size_t i = 0; i < out.size(); ++i)
    for (Operation *user : out[i].getUsers())
      for (Value r : user->getResults()) {
        bool interior;
        if (viewSource(r, interior) != out[i] || !seen.insert(r).second)
          continue;
        if (out.size() >= limit)
          return std::nullopt;
        out.push_back(r);
      }
  return out;
}

SmallVector<Value> viewsOf(Value root) {
  // (Moved out of the optional while it lives: a range-for over
  // `*viewsOf(...)` would read it after its end.)
  return std::move(*viewsOf(root, SIZE_MAX));
}

bool placedFromAllocation(Value result) {
  auto res = dyn_cast<OpResult>(result);
  if (!res)
    return false;
  if (isa<memref::ReinterpretCastOp>(res.getOwner()))
    return true;
  return res.getResultNumber() == 0 &&
         isa<memref::ExtractStridedMetadataOp>(res.getOwner());
}

} // namespace memlint
