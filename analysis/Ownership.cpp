//===- Ownership.cpp - memlint's ownership model --------------------------===//
#include "analysis/Ownership.h"
#include "analysis/BufferCarriers.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace memlint {

bool isMemRef(Value v) { return v && isa<BaseMemRefType>(v.getType()); }

bool carriesMemRef(Value v) {
  if (isMemRef(v))
    return true;
  auto future = v ? dyn_cast<async::ValueType>(v.getType()) : nullptr;
  return future && isa<BaseMemRefType>(future.getValueType());
}

bool mayPackBuffer(Type t) {
  if (isa<BaseMemRefType, async::ValueType>(t))
    return false;
  if (isa<OpaqueType>(t) || t.getDialect().getNamespace() == "llvm")
    return true;
  bool holdsMemRef = false;
  t.walk([&](Type inner) {
    if (inner != t && isa<BaseMemRefType>(inner))
      holdsMemRef = true;
  });
  return holdsMemRef;
}

bool holdsBuffers(Type t) {
  if (isa<async::ValueType>(t))
    return false;
  if (auto opaque = dyn_cast<OpaqueType>(t))
    return opaque.getTypeData().contains("memref");
  bool holdsMemRef = false;
  t.walk([&](Type inner) {
    if (inner != t && isa<BaseMemRefType>(inner))
      holdsMemRef = true;
  });
  return holdsMemRef;
}

static void collectEffects(Operation *op,
                           SmallVectorImpl<MemoryEffects::EffectInstance> &e) {
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op))
    iface.getEffects(e);
}

SmallVector<Value> heapAllocatedResults(Operation *op) {
  SmallVector<Value> out;
  SmallVector<MemoryEffects::EffectInstance> effects;
  collectEffects(op, effects);
  for (auto &e : effects) {
    if (!isa<MemoryEffects::Allocate>(e.getEffect()))
      continue;
    Value v = e.getValue();
    if (!isMemRef(v) || !isa<OpResult>(v))
      continue;
    if (e.getResource() == SideEffects::AutomaticAllocationScopeResource::get())
      continue;
    if (!llvm::is_contained(out, v))
      out.push_back(v);
  }
  return out;
}

/// The memref.copy ops in `block` before `before` that read the buffer
/// `root` (or a view of it): found from the buffer's uses and its views'
/// (nullopt past a bound, for the caller to scan the block instead).
static std::optional<SmallVector<memref::CopyOp>>
copiesOf(Value root, Block *block, Operation *before) {
  std::optional<SmallVector<Value>> views = viewsOf(root, /*limit=*/4096);
  if (!views)
    return std::nullopt;
  SmallVector<memref::CopyOp> out;
  for (Value v : *views)
    for (Operation *user : v.getUsers())
      if (auto copy = dyn_cast<memref::CopyOp>(user);
          copy && copy.getSource() == v && user->getBlock() == block &&
          user->isBeforeInBlock(before))
        out.push_back(copy);
  return out;
}

bool endsExpandedRealloc(Operation *free, Value freed) {
  Block *block = free->getBlock();
  Operation *term = block->empty() ? nullptr : &block->back();
  if (!term || !term->hasTrait<OpTrait::IsTerminator>())
    return false;
  auto copiedInto = [&](memref::CopyOp copy) {
    Value target = viewRoot(copy.getTarget());
    Operation *alloc = target.getDefiningOp();
    return alloc && alloc->getBlock() == block &&
           llvm::is_contained(heapAllocatedResults(alloc), target) &&
           llvm::is_contained(term->getOperands(), target);
  };
  // From the buffer's uses: a scan back through the block per free was
  // quadratic in a block of many frees (10,000 arguments freed: 3.5 s).
  Value root = viewRoot(freed);
  if (std::optional<SmallVector<memref::CopyOp>> copies =
          copiesOf(root, block, free))
    return llvm::any_of(*copies, copiedInto);
  for (Operation *op = free->getPrevNode(); op; op = op->getPrevNode()) {
    auto copy = dyn_cast<memref::CopyOp>(op);
    if (copy && viewRoot(copy.getSource()) == root && copiedInto(copy))
      return true;
  }
  return false;
}

bool isStackAllocated(Value v) {
  Operation *op = v.getDefiningOp();
  if (!op)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  collectEffects(op, effects);
  for (auto &e : effects)
    if (isa<MemoryEffects::Allocate>(e.getEffect()) && e.getValue() == v &&
        e.getResource() == SideEffects::AutomaticAllocationScopeResource::get())
      return true;
  return false;
}

bool isGlobalAccess(Operation *op) { return isa<memref::GetGlobalOp>(op); }

SmallVector<Value> foreignResults(Operation *op) {
  SmallVector<Value> out;
  if (isa<CallOpInterface>(op) || op->getNumRegions() > 0 ||
      op->hasTrait<OpTrait::ConstantLike>() || isGlobalAccess(op) ||
      !heapAllocatedResults(op).empty() ||
      llvm::any_of(op->getOperands(), [](Value v) { return carriesMemRef(v); }))
    return out;
  for (Value r : op->getResults())
    if (isMemRef(r) && !isStackAllocated(r))
      out.push_back(r);
  return out;
}

std::optional<std::string> gpuScopeOf(Value buffer) {
  auto type = dyn_cast<BaseMemRefType>(buffer.getType());
  Attribute space = type ? type.getMemorySpace() : nullptr;
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space)) {
    if (gpuSpace.getValue() == gpu::AddressSpace::Global)
      return std::nullopt;
    return gpu::stringifyAddressSpace(gpuSpace.getValue()).str();
  }
  if (auto storage = dyn_cast_or_null<spirv::StorageClassAttr>(space)) {
    spirv::StorageClass c = storage.getValue();
    if (c != spirv::StorageClass::Workgroup &&
        c != spirv::StorageClass::Private && c != spirv::StorageClass::Function)
      return std::nullopt;
    return "SPIR-V " + spirv::stringifyStorageClass(c).str();
  }
  return std::nullopt;
}

StringRef matchingFreeOpName(Operation *allocOp) {
  if (isa<gpu::AllocOp>(allocOp))
    return "gpu.dealloc";
  if (isa<memref::AllocOp, memref::ReallocOp, bufferization::CloneOp>(allocOp))
    return "memref.dealloc";
  return "";
}

StringRef freeOpRuntime(Operation *freeOp) {
  if (isa<gpu::DeallocOp>(freeOp))
    return "gpu.dealloc";
  if (isa<memref::DeallocOp, memref::ReallocOp, bufferization::DeallocOp>(
          freeOp))
    return "memref.dealloc";
  return "";
}

SmallVector<OpOperand *> freedOperands(Operation *op) {
  SmallVector<OpOperand *> out;
  SmallVector<MemoryEffects::EffectInstance> effects;
  collectEffects(op, effects);
  for (auto &e : effects) {
    if (!isa<MemoryEffects::Free>(e.getEffect()))
      continue;
    if (OpOperand *operand = e.getEffectValue<OpOperand *>()) {
      if (!llvm::is_contained(out, operand))
        out.push_back(operand);
      continue;
    }
    Value v = e.getValue();
    if (!v)
      continue;
    for (OpOperand &operand : op->getOpOperands())
      if (operand.get() == v && !llvm::is_contained(out, &operand))
        out.push_back(&operand);
  }
  return out;
}

/// The tag memref of a DMA wait.
static Value waitTag(Operation *op) {
  if (auto w = dyn_cast<affine::AffineDmaWaitOp>(op))
    return w.getTagMemRef();
  if (auto w = dyn_cast<memref::DmaWaitOp>(op))
    return w.getTagMemRef();
  return {};
}

/// The tag memref of a DMA start.
static Value startTag(Operation *op) {
  if (auto s = dyn_cast<affine::AffineDmaStartOp>(op))
    return s.getTagMemRef();
  if (auto s = dyn_cast<memref::DmaStartOp>(op))
    return s.getTagMemRef();
  return {};
}

std::pair<Value, Value> dmaBuffersOf(Operation *start) {
  if (auto s = dyn_cast<affine::AffineDmaStartOp>(start))
    return {s.getSrcMemRef(), s.getDstMemRef()};
  if (auto s = dyn_cast<memref::DmaStartOp>(start))
    return {s.getSrcMemRef(), s.getDstMemRef()};
  return {};
}

llvm::SmallVector<Operation *> dmaStartsAwaited(Operation *op) {
  llvm::SmallVector<Operation *> out;
  Value tag = waitTag(op);
  if (!tag)
    return out;
  for (Operation *p = op->getPrevNode(); p && waitTag(p) != tag;
       p = p->getPrevNode())
    if (startTag(p) == tag)
      out.push_back(p);
  return out;
}

bool freesRegionArgument(Operation *op) {
  auto isArgument = [&](Value v) {
    bool interior = false;
    for (unsigned steps = 0; steps < 16; ++steps) {
      Value source = viewSource(v, interior);
      if (!source)
        break;
      v = source;
    }
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner()->getParentOp() == op;
  };
  WalkResult r = op->walk([&](Operation *inner) {
    if (auto dealloc = dyn_cast<bufferization::DeallocOp>(inner)) {
      if (llvm::any_of(dealloc.getMemrefs(), isArgument))
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    for (OpOperand *o : freedOperands(inner))
      if (isArgument(o->get()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

static bool dependsOnMemoryContents(Value v, unsigned depth) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (isa<memref::ExtractAlignedPointerAsIndexOp>(def))
    return true;
  // An op memlint cannot see into that is given a buffer may read it, or
  // its address (an ownership query of another runtime, such as
  // mlir-hlo's "deallocation.get_buffer"). One given scalars only is taken
  // to compute from them, as a custom comparison does.
  if (isOpaqueOp(def) && llvm::any_of(def->getOperands(),
                                      [](Value o) { return carriesMemRef(o); }))
    return true;
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(def)) {
    if (iface.hasEffect<MemoryEffects::Read>())
      return true;
    if (!iface.hasNoEffect())
      return false;
    for (Value operand : def->getOperands())
      if (dependsOnMemoryContents(operand, depth + 1))
        return true;
  }
  return false;
}

bool dependsOnMemoryContents(Value v) { return dependsOnMemoryContents(v, 0); }

bool callsAsTyped(Operation *call, Operation *callee) {
  auto c = dyn_cast<CallOpInterface>(call);
  auto fn = dyn_cast_or_null<FunctionOpInterface>(callee);
  return c && fn &&
         TypeRange(fn.getArgumentTypes()) ==
             TypeRange(c.getArgOperands().getTypes()) &&
         TypeRange(fn.getResultTypes()) == call->getResultTypes();
}

bool isOpaqueOp(Operation *op) {
  if (!op->isRegistered())
    return true;
  return !isa<MemoryEffectOpInterface, CallOpInterface, ViewLikeOpInterface,
              CastOpInterface, RegionBranchOpInterface, BranchOpInterface,
              RegionBranchTerminatorOpInterface>(op);
}

Operation *stackScopeOf(Operation *alloca) {
  Operation *p = alloca->getParentOp();
  while (p &&
         !isa<memref::AllocaScopeOp, async::ExecuteOp, FunctionOpInterface>(p))
    p = p->getParentOp();
  return p;
}

bool mayReachOpaqueView(Value v) {
  SmallVector<Value> work{v};
  DenseSet<Value> seen;
  auto follow = [&](ValueRange values) {
    for (Value x : values)
      if (carriesMemRef(x))
        work.push_back(x);
  };
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    for (Operation *user : distinctUsers(x)) {
      // (An await gives back the buffer its future holds: no guess.)
      if (isOpaqueOp(user) && !isa<CallOpInterface, async::AwaitOp>(user) &&
          llvm::any_of(user->getResults(),
                       [](Value r) { return carriesMemRef(r); }))
        return true;
      follow(user->getResults());
      for (Block *succ : user->getSuccessors())
        follow(succ->getArguments());
      for (Region &region : user->getRegions())
        if (!region.empty())
          follow(region.front().getArguments());
      if (user->hasTrait<OpTrait::IsTerminator>())
        if (Operation *parent = user->getParentOp()) {
          follow(parent->getResults());
          for (Region &region : parent->getRegions())
            if (!region.empty())
              follow(region.front().getArguments());
        }
    }
  }
  return false;
}

SmallPtrSet<Value, 4> viewedOperands(Operation *op) {
  SmallPtrSet<Value, 4> out;
  for (OpResult r : op->getResults()) {
    bool interior;
    if (Value source = viewSource(r, interior))
      out.insert(source);
  }
  return out;
}

bool accessesMemory(OpOperand &operand) {
  return accessesMemory(operand, viewedOperands(operand.getOwner()));
}

bool accessesMemory(OpOperand &operand, const SmallPtrSetImpl<Value> &viewed) {
  Operation *op = operand.getOwner();
  Value v = operand.get();
  // Forwarded to a region, a successor block or the parent: aliasing, handled
  // by the flow of values, not a use of the contents.
  if (isa<BranchOpInterface, RegionBranchTerminatorOpInterface>(op) &&
      !op->hasTrait<OpTrait::ReturnLike>())
    return false;
  if (isa<RegionBranchOpInterface>(op))
    return false;
  if (op->hasTrait<OpTrait::ReturnLike>()) {
    // Returning from a function hands the buffer to the caller: escaping a
    // freed buffer is a use. Yields into a parent region are forwarding.
    return isa<FunctionOpInterface>(op->getParentOp());
  }
  if (viewed.contains(v))
    return false;
  // Metadata, and a prefetch: a hint to the cache that never faults, so
  // one of freed memory does no harm.
  if (isa<memref::DimOp, memref::ExtractAlignedPointerAsIndexOp,
          memref::ExtractStridedMetadataOp, memref::PrefetchOp>(op))
    return false;
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    bool onOther = false;
    for (auto &e : effects) {
      if (isa<MemoryEffects::Allocate>(e.getEffect()))
        continue;
      if (Value ev = e.getValue()) {
        if (ev == v)
          return true;
        onOther = true;
        continue;
      }
      // An effect on a whole resource, not a value: it may touch anything.
      if (!isa<MemoryEffects::Free>(e.getEffect()))
        return true;
    }
    (void)onOther;
    return false;
  }
  // Calls and ops without interfaces may do anything with the buffer.
  return true;
}

bool returnsFromFunction(Operation *term) {
  if (!term)
    return false;
  // (Not any terminator without successors: `llvm.unreachable` ends a
  // path that never returns.)
  return term->hasTrait<OpTrait::ReturnLike>() || isa<gpu::ReturnOp>(term);
}

} // namespace memlint
