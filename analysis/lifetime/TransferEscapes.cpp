//===- TransferEscapes.cpp - Buffers memlint stops following -------------===//
//
// The transfer functions for a buffer that escapes: packed into a value of
// another type, stored into memory, its address made a pointer, handed to
// a callee that may return it or another. memlint stops following it there
// (BufferInfo::untrackedAt; ReportedEvents.cpp says what is still
// reported of it).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Transfer.h"

#include "analysis/BufferCarriers.h"
#include "analysis/Ownership.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace memlint::lifetime {

static void addressSources(Value v, SmallVectorImpl<Value> &out,
                           unsigned depth);

void Transfer::untrackPacked(Operation *op) {
  // A cast out of the memref type (unrealized_conversion_cast to an LLVM
  // descriptor or any other type) is the buffer in another form; so is
  // the tensor `bufferization.to_tensor` makes of it (a later to_buffer
  // may hand it back).
  bool castOut = isa<CastOpInterface, bufferization::ToTensorOp>(op);
  // (A coroutine's `!llvm.ptr` once lowered to LLVM is its task's token.)
  bool packs = !ctx.coroutineCalls.contains(op) &&
               llvm::any_of(op->getResultTypes(), [&](Type t) {
                 return mayPackBuffer(t) ||
                        (castOut && !isa<BaseMemRefType, async::ValueType>(t));
               });
  // A buffer passed to a callee that may return it on some paths only
  // (`select %c, %x, %y`): the result is one of them, which is not known.
  // A buffer stored into memory (`memref.store %buf, %box[]`, or
  // `async.runtime.store` into an async value) may be loaded back and
  // used anywhere; so may one whose address becomes a
  // pointer (`llvm.inttoptr` of its extract_aligned_pointer_as_index,
  // through casts and arithmetic).
  SmallVector<Value> escaping;
  if (auto it = ctx.maybeReturnedArguments.find(op);
      it != ctx.maybeReturnedArguments.end())
    escaping.append(it->second.begin(), it->second.end());
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    if (carriesMemRef(store.getValueToStore()))
      escaping.push_back(store.getValueToStore());
  } else if (auto store = dyn_cast<async::RuntimeStoreOp>(op)) {
    // What async.yield becomes in -async-to-async-runtime's output: the
    // buffer goes into an !async.value for whoever loads it.
    if (carriesMemRef(store.getValue()))
      escaping.push_back(store.getValue());
  } else if (isa<LLVM::IntToPtrOp>(op)) {
    addressSources(op->getOperand(0), escaping, 0);
  } else if (!isa<MemoryEffectOpInterface, CallOpInterface>(op) &&
             llvm::any_of(op->getOperandTypes(), holdsBuffers)) {
    // An op memlint cannot see into, handed a buffer and a box typed to
    // hold buffers (`"enzyme.push"(%cache, %t)`, a custom store into a
    // `memref<1xmemref<...>>` slot), may put the buffer into the box for
    // whoever takes it out.
    for (Value v : op->getOperands())
      if (carriesMemRef(v) && !holdsBuffers(v.getType()))
        escaping.push_back(v);
  }
  if (!packs && escaping.empty())
    return;
  if (packs)
    for (Value v : op->getOperands())
      if (carriesMemRef(v))
        escaping.push_back(v);
  untrack(escaping, op);
  // The caller's buffers, where a coroutine's callers look
  // (FunctionSummary::escapesArguments).
  for (Value v : escaping)
    if (carriesMemRef(v))
      for (const AliasEntry &e : flow.aliasOf(v))
        if (std::optional<unsigned> arg =
                entryArgumentNumber(ctx.origins[e.origin]);
            arg && !llvm::is_contained(ctx.escapedArguments, *arg))
          ctx.escapedArguments.push_back(*arg);
}

void Transfer::untrack(ValueRange values, Operation *at) {
  std::vector<BufferInfo> &buffers = ctx.buffers;
  for (Value v : values) {
    if (!carriesMemRef(v))
      continue;
    for (const AliasEntry &e : flow.aliasOf(v)) {
      std::optional<unsigned> b = ctx.ownedBuffer(e.origin);
      if (!b)
        continue;
      // Every instance of the allocation: which one is packed in a given
      // iteration is not followed either.
      unsigned site = buffers[*b].earlierOf >= 0 ? buffers[*b].earlierOf : *b;
      for (BufferInfo &info : buffers)
        if (&info == &buffers[site] || info.earlierOf == (int)site) {
          info.tracked = false;
          if (!llvm::is_contained(info.untrackedAt, at))
            info.untrackedAt.push_back(at);
        }
    }
  }
}

/// The memrefs whose aligned address `v` is computed from (through
/// side-effect free ops).
static void addressSources(Value v, SmallVectorImpl<Value> &out,
                           unsigned depth) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return;
  if (auto p = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(def)) {
    out.push_back(p.getSource());
    return;
  }
  if (!isMemoryEffectFree(def))
    return;
  for (Value operand : def->getOperands())
    addressSources(operand, out, depth + 1);
}

} // namespace memlint::lifetime
