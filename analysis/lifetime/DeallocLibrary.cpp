//===- DeallocLibrary.cpp - Upstream's deallocation helper, understood ----===//
#include "analysis/lifetime/DeallocLibrary.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace memlint::lifetime {

namespace {
/// The library function's arguments, in order.
enum Argument : unsigned {
  FreeList,
  RetainList,
  Conditions,
  FreeOut,
  OwnershipOut,
  NumArguments
};
} // namespace

static bool hasLibrarySignature(FunctionOpInterface fn) {
  if (fn.getNumArguments() != NumArguments || fn.getNumResults() != 0)
    return false;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    auto m = dyn_cast<MemRefType>(t);
    bool pointers = i == FreeList || i == RetainList;
    if (!m || m.getRank() != 1 || !m.isDynamicDim(0) ||
        !m.getLayout().isIdentity() || m.getMemorySpace() ||
        (pointers ? !m.getElementType().isIndex()
                  : !m.getElementType().isInteger(1)))
      return false;
  }
  return true;
}

bool hasDeallocLibrarySignature(FunctionOpInterface fn) {
  return isa<func::FuncOp>(fn.getOperation()) && !fn.isExternal() &&
         hasLibrarySignature(fn);
}

DeallocLibraryMatcher::DeallocLibraryMatcher() = default;
DeallocLibraryMatcher::~DeallocLibraryMatcher() = default;

bool DeallocLibraryMatcher::buildReferences(MLIRContext *ctx) {
  // Built from the dialects the candidate's body already uses: loading one
  // here could race with other users of the context.
  if (!ctx->getLoadedDialect<arith::ArithDialect>() ||
      !ctx->getLoadedDialect<memref::MemRefDialect>() ||
      !ctx->getLoadedDialect<scf::SCFDialect>())
    return false;
  Location loc = UnknownLoc::get(ctx);
  built = ModuleOp::create(loc);
  SymbolTable symbols(*built);
  OpBuilder builder(ctx);
  builder.setInsertionPointToStart(built->getBody());
  bufferization::buildDeallocationLibraryFunction(builder, loc, symbols);
  // Also printed and parsed again: the builder spells out properties the
  // parser leaves at their defaults, and the comparison counts them.
  std::string text;
  llvm::raw_string_ostream os(text);
  built->print(os);
  parsed = parseSourceString<ModuleOp>(text, ParserConfig(ctx));
  return true;
}

bool DeallocLibraryMatcher::matches(FunctionOpInterface fn) {
  auto func = dyn_cast<func::FuncOp>(fn.getOperation());
  if (!func || func.isExternal() || !hasLibrarySignature(fn))
    return false;
  if (!built && !buildReferences(fn->getContext()))
    return false;
  // As built (a helper a pass made in memory, as the pass plugin sees it)
  // or as parsed (a file).
  for (ModuleOp reference : {built.get(), parsed.get()}) {
    if (!reference || reference->getContext() != fn->getContext())
      continue;
    auto ref = dyn_cast<func::FuncOp>(&reference.getBody()->front());
    if (ref && OperationEquivalence::isRegionEquivalentTo(
                   &func.getBody(), &ref.getBody(),
                   OperationEquivalence::IgnoreLocations))
      return true;
  }
  return false;
}

namespace {
/// One argument array of a call: a local allocation of static size, cast
/// to the dynamic type the library function takes.
struct Array {
  Value alloc;
  int64_t size = 0;
};
} // namespace

/// The array `operand` of `call` is, when it is a cast used by the call
/// alone of an allocation with static size.
static std::optional<Array> arrayOf(Value operand, Operation *call) {
  auto cast = operand.getDefiningOp<memref::CastOp>();
  if (!cast || !cast->hasOneUse())
    return std::nullopt;
  auto alloc = cast.getSource().getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != call->getBlock())
    return std::nullopt;
  MemRefType type = alloc.getType();
  if (type.getRank() != 1 || !type.hasStaticShape())
    return std::nullopt;
  return Array{alloc.getResult(), type.getShape()[0]};
}

static std::optional<uint64_t> constantIndex(ValueRange indices) {
  APInt index;
  if (indices.size() != 1 || !matchPattern(indices[0], m_ConstantInt(&index)))
    return std::nullopt;
  return index.getZExtValue();
}

/// A user of an argument array apart from the call's cast and the stores
/// that fill it: what reads it or frees it.
static bool readsOrFrees(Operation *user) {
  return isa<memref::CastOp, memref::LoadOp, memref::DeallocOp>(user);
}

/// The values stored into each element of an input array, when the call's
/// block stores each exactly once before the call and nothing else writes
/// it (its other users only read it or free it).
static std::optional<SmallVector<Value>> storedBefore(const Array &array,
                                                      Operation *call) {
  // Each element needs a store of its own: a size beyond the users cannot
  // be filled (and is not worth a table that large).
  if (array.size > int64_t(llvm::range_size(array.alloc.getUsers())))
    return std::nullopt;
  SmallVector<Value> stored(array.size);
  for (Operation *user : array.alloc.getUsers()) {
    if (readsOrFrees(user))
      continue;
    auto store = dyn_cast<memref::StoreOp>(user);
    if (!store || store.getMemRef() != array.alloc ||
        store->getBlock() != call->getBlock() || !store->isBeforeInBlock(call))
      return std::nullopt;
    std::optional<uint64_t> i = constantIndex(store.getIndices());
    if (!i || *i >= uint64_t(array.size) || stored[*i])
      return std::nullopt;
    stored[*i] = store.getValueToStore();
  }
  if (llvm::is_contained(stored, Value()))
    return std::nullopt;
  return stored;
}

/// The memrefs whose aligned pointers were stored, in order.
static std::optional<SmallVector<Value>> pointedTo(ArrayRef<Value> pointers) {
  SmallVector<Value> memrefs;
  for (Value p : pointers) {
    auto extract = p.getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>();
    if (!extract)
      return std::nullopt;
    memrefs.push_back(extract.getSource());
  }
  return memrefs;
}

/// An output array: only read (or freed) apart from the call.
static bool onlyRead(const Array &array) {
  return llvm::all_of(array.alloc.getUsers(), readsOrFrees);
}

std::optional<LibraryCall> readLibraryCall(CallOpInterface call) {
  OperandRange args = call.getArgOperands();
  if (args.size() != NumArguments || call->getNumResults() != 0)
    return std::nullopt;
  SmallVector<Array, NumArguments> arrays;
  for (Value arg : args) {
    std::optional<Array> a = arrayOf(arg, call);
    if (!a)
      return std::nullopt;
    arrays.push_back(*a);
  }
  int64_t listed = arrays[FreeList].size;
  int64_t retainedCount = arrays[RetainList].size;
  if (arrays[Conditions].size != listed || arrays[FreeOut].size != listed ||
      arrays[OwnershipOut].size != retainedCount ||
      !onlyRead(arrays[FreeOut]) || !onlyRead(arrays[OwnershipOut]))
    return std::nullopt;
  auto freePointers = storedBefore(arrays[FreeList], call);
  auto retainPointers = storedBefore(arrays[RetainList], call);
  auto conditions = storedBefore(arrays[Conditions], call);
  if (!freePointers || !retainPointers || !conditions)
    return std::nullopt;
  auto memrefs = pointedTo(*freePointers);
  auto retained = pointedTo(*retainPointers);
  if (!memrefs || !retained)
    return std::nullopt;
  LibraryCall out;
  out.call = call;
  out.memrefs = std::move(*memrefs);
  out.conditions = std::move(*conditions);
  out.retained = std::move(*retained);
  out.freeOut = arrays[FreeOut].alloc;
  out.ownershipOut = arrays[OwnershipOut].alloc;
  return out;
}

CallOpInterface libraryCallWriting(Value array) {
  if (!array.getDefiningOp<memref::AllocOp>())
    return nullptr;
  for (Operation *user : array.getUsers()) {
    auto cast = dyn_cast<memref::CastOp>(user);
    if (!cast || !cast->hasOneUse())
      continue;
    OpOperand &use = *cast->getUses().begin();
    auto call = dyn_cast<CallOpInterface>(use.getOwner());
    if (!call || call.getArgOperands().size() != NumArguments)
      continue;
    unsigned i =
        use.getOperandNumber() - call.getArgOperands().getBeginOperandIndex();
    if (i == FreeOut || i == OwnershipOut)
      return call;
  }
  return nullptr;
}

std::optional<LibraryOutput> outputRead(const LibraryCall &call,
                                        Value loaded) {
  auto load = loaded.getDefiningOp<memref::LoadOp>();
  if (!load)
    return std::nullopt;
  bool freeOut = load.getMemRef() == call.freeOut;
  if (!freeOut && load.getMemRef() != call.ownershipOut)
    return std::nullopt;
  std::optional<uint64_t> i = constantIndex(load.getIndices());
  if (!i || *i >= (freeOut ? call.memrefs.size() : call.retained.size()))
    return std::nullopt;
  // Only what the call wrote: a load after it.
  Operation *at = call.call->getBlock()->findAncestorOpInBlock(*load);
  if (!at || at == call.call || !call.call->isBeforeInBlock(at))
    return std::nullopt;
  return LibraryOutput{unsigned(*i), freeOut};
}

} // namespace memlint::lifetime
