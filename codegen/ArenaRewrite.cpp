//===- ArenaRewrite.cpp - One allocation per function and space -----------===//
#include "codegen/ArenaRewrite.h"

#include "analysis/LifetimeAnalysis.h"
#include "analysis/LiveRanges.h"
#include "analysis/planner/Planner.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <map>

using namespace mlir;

namespace memlint {

namespace {

enum class AllocKind { None, Device, Host };

/// The kind of a plain allocation the rewrite can replace by a view:
/// synchronous, not host-shared, no symbol operands, identity layout.
AllocKind allocKindOf(Operation *op) {
  if (auto alloc = dyn_cast_or_null<gpu::AllocOp>(op)) {
    if (alloc.getAsyncToken() || !alloc.getAsyncDependencies().empty() ||
        alloc.getHostShared() || !alloc.getSymbolOperands().empty() ||
        !alloc.getType().getLayout().isIdentity())
      return AllocKind::None;
    return AllocKind::Device;
  }
  if (auto alloc = dyn_cast_or_null<memref::AllocOp>(op)) {
    if (!alloc.getSymbolOperands().empty() ||
        !alloc.getType().getLayout().isIdentity())
      return AllocKind::None;
    return AllocKind::Host;
  }
  return AllocKind::None;
}

ValueRange dynamicSizesOf(Operation *op) {
  if (auto alloc = dyn_cast<gpu::AllocOp>(op))
    return alloc.getDynamicSizes();
  return cast<memref::AllocOp>(op).getDynamicSizes();
}

/// A free the rewrite can simply erase: a synchronous gpu.dealloc or a
/// memref.dealloc.
bool isPlainFree(Operation *op) {
  if (isa<memref::DeallocOp>(op))
    return true;
  if (auto dealloc = dyn_cast<gpu::DeallocOp>(op))
    return !dealloc.getAsyncToken() && dealloc.getAsyncDependencies().empty();
  return false;
}

/// `freeCount`: how many buffers of the function list each free op; one
/// that frees several (through a select, say) is kept, and so are they.
bool canPlace(const PlannedBuffer &b,
              const llvm::DenseMap<Operation *, unsigned> &freeCount) {
  if (!b.inArena() || b.escapes || !b.offset || !b.boundBytes || !b.allocOp ||
      b.allocOp->getNumResults() != 1 || b.allocOp->getResult(0) != b.value)
    return false;
  if (allocKindOf(b.allocOp) == AllocKind::None)
    return false;
  // The plan's size operands must be the allocation's own.
  ValueRange sizes = dynamicSizesOf(b.allocOp);
  if (sizes.size() != b.dynamicSizes.size() ||
      !llvm::equal(sizes, b.dynamicSizes))
    return false;
  return llvm::all_of(b.frees, [&](Operation *free) {
    return isPlainFree(free) && freeCount.lookup(free) == 1;
  });
}

/// The most bytes live at one point among `buffers` (half-open intervals).
int64_t maxLive(llvm::ArrayRef<const PlannedBuffer *> buffers) {
  std::vector<std::pair<int64_t, int64_t>> deltas;
  for (const PlannedBuffer *b : buffers) {
    if (b->upper <= b->lower)
      continue;
    deltas.push_back({b->lower, *b->boundBytes});
    deltas.push_back({b->upper, -*b->boundBytes});
  }
  // Ends before starts at the same point: [l, u) intervals.
  llvm::sort(deltas, [](const auto &x, const auto &y) {
    return x.first != y.first ? x.first < y.first : x.second < y.second;
  });
  int64_t live = 0, best = 0;
  for (const auto &d : deltas) {
    live += d.second;
    best = std::max(best, live);
  }
  return best;
}

/// Emits `cf.assert(bytes(b) <= bound)` before the view of a dynamic buffer
/// planned at an assumed bound. The product is checked a factor at a time
/// (each at most what the bound leaves for it), so sizes whose product
/// wraps around 64 bits cannot pass: `4 * n <= 64` held for n = 2^62 + 1.
void assertFitsBound(OpBuilder &builder, Location loc, MemRefType type,
                     ValueRange sizes, int64_t bound, const std::string &name) {
  std::optional<int64_t> elem = elementByteSize(type.getElementType());
  int64_t fixed = elem.value_or(1);
  for (int64_t d : type.getShape())
    if (!ShapedType::isDynamic(d))
      fixed *= d;
  if (fixed == 0)
    return; // no bytes, whatever the sizes
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(builder, loc, v).getResult();
  };
  // (Folded where constant: the check stays `%n <= bound / size`.)
  auto cmp = [&](arith::CmpIPredicate p, Value a, Value b) {
    return builder.createOrFold<arith::CmpIOp>(loc, p, a, b);
  };
  Value limit = index(bound), one = index(1), zero = index(0);
  Value bytes = index(fixed);
  Value ok = cmp(arith::CmpIPredicate::ule, bytes, limit);
  Value empty = arith::ConstantIntOp::create(builder, loc, 0, 1).getResult();
  for (Value size : sizes) {
    empty = builder.createOrFold<arith::OrIOp>(
        loc, empty, cmp(arith::CmpIPredicate::eq, size, zero));
    Value room = builder.createOrFold<arith::DivUIOp>(
        loc, limit, builder.createOrFold<arith::MaxUIOp>(loc, bytes, one));
    ok = builder.createOrFold<arith::AndIOp>(
        loc, ok, cmp(arith::CmpIPredicate::ule, size, room));
    bytes = builder.createOrFold<arith::MulIOp>(loc, bytes, size);
  }
  Value fits = builder.createOrFold<arith::OrIOp>(loc, ok, empty);
  cf::AssertOp::create(builder, loc, fits,
                       "memlint emit: " + name +
                           " is larger than the bound its arena slot was "
                           "planned for (--assume)");
}

struct Group {
  std::string space;
  AllocKind kind = AllocKind::None;
  std::vector<const PlannedBuffer *> all;    // every alloc of this kind
  std::vector<const PlannedBuffer *> placed; // those that become views
  /// Buffers of the whole space that its plan put in the arena.
  size_t spaceArenaBuffers = 0;
};

void rewriteGroup(FunctionOpInterface fn, Group &g,
                  const ArenaRewriteOptions &opts, ArenaGroupStats &stats) {
  // Everything placed must share one memory space attribute.
  Attribute memorySpace =
      cast<MemRefType>(g.placed.front()->value.getType()).getMemorySpace();
  llvm::erase_if(g.placed, [&](const PlannedBuffer *b) {
    return cast<MemRefType>(b->value.getType()).getMemorySpace() != memorySpace;
  });
  if (g.placed.size() < 2)
    return;

  // The space's plan packs every arena buffer of the space; when this group
  // is only part of them (returned buffers, the other kind, buffers that
  // cannot become views), packing the group alone may need less.
  int64_t align = std::max<int64_t>(1, opts.plan.alignment);
  std::vector<int64_t> offsets;
  int64_t size = 0;
  for (const PlannedBuffer *b : g.placed) {
    offsets.push_back(*b->offset);
    size = std::max(size, *b->offset + *b->boundBytes);
  }
  std::vector<planner::Buffer> input;
  for (const PlannedBuffer *b : g.placed)
    input.push_back({b->name, b->lower, b->upper, *b->boundBytes});
  if (g.placed.size() != g.spaceArenaBuffers) {
    planner::PlanOptions po = plannerOptions(opts.plan);
    po.alignment = align;
    planner::Plan alone = planner::planMemory(input, po);
    if (alone.peak < size) {
      offsets = alone.offsets;
      size = alone.peak;
    }
  }
  size = std::max<int64_t>(align, llvm::alignTo(size, align));

  MLIRContext *ctx = fn->getContext();
  Block &entry = fn.getFunctionBody().front();
  OpBuilder builder(ctx);
  builder.setInsertionPointToStart(&entry);
  Location loc =
      NameLoc::get(StringAttr::get(ctx, "memlint.arena"), fn.getLoc());
  auto arenaType = MemRefType::get({size}, IntegerType::get(ctx, 8),
                                   MemRefLayoutAttrInterface(), memorySpace);
  Value arena;
  if (g.kind == AllocKind::Device) {
    arena = gpu::AllocOp::create(builder, loc, arenaType, Type(), ValueRange(),
                                 ValueRange(), ValueRange(),
                                 /*hostShared=*/false)
                .getMemref();
  } else {
    auto alloc = memref::AllocOp::create(builder, loc, arenaType);
    alloc.setAlignment(static_cast<uint64_t>(align));
    arena = alloc.getResult();
  }

  for (auto [b, offsetBytes] : llvm::zip_equal(g.placed, offsets)) {
    Operation *allocOp = b->allocOp;
    auto type = cast<MemRefType>(b->value.getType());
    SmallVector<Value> sizes(dynamicSizesOf(allocOp));
    builder.setInsertionPoint(allocOp);
    Location at = allocOp->getLoc();
    if (opts.checkBounds && !b->bytes)
      assertFitsBound(builder, at, type, sizes, *b->boundBytes, b->name);
    Value offset = arith::ConstantIndexOp::create(builder, at, offsetBytes);
    Value view =
        memref::ViewOp::create(builder, at, type, arena, offset, sizes);
    Value(b->value).replaceAllUsesWith(view);
    for (Operation *free :
         llvm::SmallPtrSet<Operation *, 4>(b->frees.begin(), b->frees.end()))
      free->erase();
    allocOp->erase();
  }

  // The arena is freed before every return of the function.
  for (Block &block : fn.getFunctionBody()) {
    Operation *term = block.empty() ? nullptr : &block.back();
    if (!term || !term->hasTrait<OpTrait::ReturnLike>())
      continue;
    builder.setInsertionPoint(term);
    if (g.kind == AllocKind::Device)
      gpu::DeallocOp::create(builder, loc, Type(), ValueRange(), arena);
    else
      memref::DeallocOp::create(builder, loc, arena);
  }

  stats.placed = g.placed.size();
  stats.allocsAfter = g.all.size() - g.placed.size() + 1;
  stats.noReuseBytes = 0;
  for (const PlannedBuffer *b : g.placed)
    stats.noReuseBytes += *b->boundBytes;
  stats.maxLiveBytes = maxLive(g.placed);
  stats.arenaBytes = size;
  stats.lowerBoundBytes = planner::lowerBound(input, align);
}

} // namespace

std::vector<ArenaGroupStats>
rewriteIntoArenas(Document &doc, const ArenaRewriteOptions &opts) {
  std::vector<ArenaGroupStats> out;
  if (!doc.isValid())
    return out;
  // The ops the rewrite builds need their dialects loaded, whatever the
  // input used.
  MLIRContext &ctx = doc.context();
  ctx.loadDialect<arith::ArithDialect, cf::ControlFlowDialect, gpu::GPUDialect,
                  memref::MemRefDialect>();
  // Plan everything first: the rewrite invalidates the analysis.
  ModuleLifetimes lifetimes(doc.module(),
                            [&](Value v) { return doc.nameOf(v); });
  std::vector<FunctionPlan> plans = planModule(doc, lifetimes, opts.plan);

  for (FunctionPlan &fp : plans) {
    if (!fp.function || fp.function.isExternal() ||
        fp.function->getParentOfType<gpu::GPUModuleOp>())
      continue;
    llvm::DenseMap<Operation *, unsigned> freeCount;
    for (const SpacePlan &sp : fp.spaces)
      for (const PlannedBuffer &b : sp.buffers)
        for (Operation *free :
             llvm::SmallPtrSet<Operation *, 4>(b.frees.begin(), b.frees.end()))
          ++freeCount[free];
    for (const SpacePlan &sp : fp.spaces) {
      if (!sp.error.empty())
        continue; // sizes beyond 64-bit offsets: leave the allocations be
      Group groups[2];
      groups[0].kind = AllocKind::Device;
      groups[1].kind = AllocKind::Host;
      for (const PlannedBuffer &b : sp.buffers) {
        AllocKind kind = allocKindOf(b.allocOp);
        if (kind == AllocKind::None)
          continue;
        Group &g = groups[kind == AllocKind::Device ? 0 : 1];
        g.all.push_back(&b);
        if (canPlace(b, freeCount))
          g.placed.push_back(&b);
      }
      for (Group &g : groups) {
        if (g.all.empty())
          continue;
        ArenaGroupStats stats;
        stats.function = fp.name;
        stats.space = sp.space;
        stats.allocOp =
            g.kind == AllocKind::Device ? "gpu.alloc" : "memref.alloc";
        stats.allocsBefore = stats.allocsAfter = g.all.size();
        g.space = sp.space;
        g.spaceArenaBuffers = llvm::count_if(
            sp.buffers, [](const PlannedBuffer &b) { return b.inArena(); });
        if (g.placed.size() >= 2)
          rewriteGroup(fp.function, g, opts, stats);
        out.push_back(std::move(stats));
      }
    }
  }
  return out;
}

} // namespace memlint
