//===- LiveRanges.cpp - Where each buffer of a function is live -----------===//
#include "analysis/LiveRanges.h"

#include "analysis/Ownership.h"
#include "analysis/ValueLiveness.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <limits>

using namespace mlir;

namespace memlint {

//===----------------------------------------------------------------------===//
// Sizes and memory spaces
//===----------------------------------------------------------------------===//

static std::optional<int64_t> mul(std::optional<int64_t> a, int64_t b) {
  if (!a || b < 0)
    return std::nullopt;
  int64_t r;
  if (llvm::MulOverflow(*a, b, r))
    return std::nullopt;
  return r;
}

/// `bytes` rounded up to a power of two: the ABI alignment LLVM's default
/// data layout gives integers, floats and vectors of that size, and so
/// their stride in memory (`i17` and `i24` take 4, `f80` 16, `<3 x float>`
/// 16). Above 16 bytes LLVM aligns less, so this may take more than the
/// lowering does: planned space is never short.
static std::optional<int64_t> stride(std::optional<int64_t> bytes) {
  if (!bytes || *bytes <= 0 || *bytes > (int64_t(1) << 40))
    return bytes;
  return int64_t(llvm::PowerOf2Ceil(uint64_t(*bytes)));
}

std::optional<int64_t> elementByteSize(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return stride((int64_t(i.getWidth()) + 7) / 8);
  if (auto f = dyn_cast<FloatType>(t))
    return stride((int64_t(f.getWidth()) + 7) / 8);
  if (isa<IndexType>(t))
    return 8;
  if (auto c = dyn_cast<ComplexType>(t))
    return mul(elementByteSize(c.getElementType()), 2);
  if (auto v = dyn_cast<VectorType>(t)) {
    if (v.isScalable() || v.getRank() == 0)
      return v.isScalable() ? std::nullopt
                            : elementByteSize(v.getElementType());
    // An n-D vector lowers to arrays of its innermost 1-D vector.
    int64_t inner = v.getShape().back();
    std::optional<int64_t> bytes =
        stride(mul(elementByteSize(v.getElementType()), inner));
    for (int64_t d : v.getShape().drop_back())
      bytes = mul(bytes, d);
    return bytes;
  }
  return std::nullopt;
}

std::optional<int64_t> staticByteSize(Type type) {
  auto mt = dyn_cast<MemRefType>(type);
  if (!mt || !mt.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> elem = elementByteSize(mt.getElementType());
  if (!elem)
    return std::nullopt;
  std::optional<int64_t> bytes = elem;
  for (int64_t d : mt.getShape())
    bytes = mul(bytes, d);
  // A static size past 64 bits is no dynamic one: more than any capacity
  // or arena holds (the plan refuses it, over-capacity reports it).
  return bytes ? bytes : std::numeric_limits<int64_t>::max();
}

std::string memorySpaceName(Type type) {
  auto mt = dyn_cast<BaseMemRefType>(type);
  Attribute space = mt ? mt.getMemorySpace() : Attribute();
  if (!space)
    return "default";
  if (auto s = dyn_cast<StringAttr>(space))
    return s.getValue().str();
  if (auto i = dyn_cast<IntegerAttr>(space))
    return std::to_string(i.getValue().getSExtValue());
  std::string out;
  llvm::raw_string_ostream os(out);
  space.print(os);
  return out;
}

SmallVector<Value> dynamicSizeOperands(Value allocated) {
  auto mt = dyn_cast<MemRefType>(allocated.getType());
  Operation *op = allocated.getDefiningOp();
  if (!mt || !op || mt.hasStaticShape())
    return {};
  SmallVector<Value> sizes;
  if (auto a = dyn_cast<memref::AllocOp>(op))
    llvm::append_range(sizes, a.getDynamicSizes());
  else if (auto g = dyn_cast<gpu::AllocOp>(op))
    llvm::append_range(sizes, g.getDynamicSizes());
  else if (auto r = dyn_cast<memref::ReallocOp>(op)) {
    if (Value n = r.getDynamicResultSize())
      sizes.push_back(n);
  } else {
    for (Value v : op->getOperands())
      if (isa<IndexType>(v.getType()))
        sizes.push_back(v);
  }
  if (sizes.size() != static_cast<size_t>(mt.getNumDynamicDims()))
    return {};
  return sizes;
}

//===----------------------------------------------------------------------===//
// Program points
//===----------------------------------------------------------------------===//

/// Regions that may run in several instances at the same time: parallel
/// loops, and ops memlint cannot see the control flow of.
static bool mayRunRegionsConcurrently(Operation *op) {
  if (op->getNumRegions() == 0 || isa<FunctionOpInterface>(op))
    return false;
  return op->hasTrait<OpTrait::HasParallelRegion>() ||
         !isa<RegionBranchOpInterface>(op);
}

bool mayRepeatRegions(Operation *op) {
  if (op->getNumRegions() == 0 || isa<FunctionOpInterface>(op))
    return false;
  if (mayRunRegionsConcurrently(op) || isa<LoopLikeOpInterface>(op))
    return true;
  return cast<RegionBranchOpInterface>(op).hasLoop();
}

struct LiveRanges::Impl {
  DenseMap<Operation *, unsigned> point;
  DenseMap<Operation *, unsigned> last;
  DenseMap<Value, unsigned> rangeIndex;
  bool anyCfg = false;
  mutable DenseMap<Block *, bool> cycle;
  /// mayRepeatRegions per op, asked once (RegionBranchOpInterface::hasLoop
  /// walks the op's region graph: asked per use, an scf.index_switch of
  /// 3,000 cases was quadratic).
  DenseMap<Operation *, bool> repeats;
  /// By op: what it and the ops around it say (enclosing()).
  DenseMap<Operation *, Enclosing> enclosing;
};

bool LiveRanges::repeats(Operation *op) const {
  auto [it, fresh] = impl->repeats.try_emplace(op, false);
  if (fresh)
    it->second = mayRepeatRegions(op);
  return it->second;
}

LiveRanges::LiveRanges(FunctionOpInterface fn,
                       const std::vector<BufferInfo> &buffers)
    : impl(std::make_unique<Impl>()), fn(fn) {
  numberOps();
  compute(buffers);
}

LiveRanges::LiveRanges(LifetimeAnalysis &analysis)
    : LiveRanges(analysis.function(), analysis.buffers()) {}

LiveRanges::~LiveRanges() = default;

void LiveRanges::numberOps() {
  // Pre-order; nested functions are separate worlds and are not entered.
  std::function<void(Region &)> number = [&](Region &region) {
    impl->anyCfg |= !region.hasOneBlock() && !region.empty();
    for (Block &block : region) {
      for (Operation &op : block) {
        impl->point[&op] = opsInOrder.size();
        opsInOrder.push_back(&op);
        if (!isa<FunctionOpInterface>(op))
          for (Region &inner : op.getRegions())
            number(inner);
        impl->last[&op] = opsInOrder.size() - 1;
      }
    }
  };
  number(fn.getFunctionBody());
}

std::optional<unsigned> LiveRanges::pointOf(Operation *op) const {
  auto it = impl->point.find(op);
  if (it == impl->point.end())
    return std::nullopt;
  return it->second;
}

unsigned LiveRanges::lastPointOf(Operation *op) const {
  auto it = impl->last.find(op);
  return it == impl->last.end() ? 0 : it->second;
}

const LiveRange *LiveRanges::rangeOf(Value value) const {
  auto it = impl->rangeIndex.find(value);
  return it == impl->rangeIndex.end() ? nullptr : &rangeList[it->second];
}

bool LiveRanges::inCycle(Block *block) const {
  auto it = impl->cycle.find(block);
  if (it != impl->cycle.end())
    return it->second;
  // Every block of the region at once, from its strongly connected
  // components (a search from each block would be quadratic in a long CFG).
  Region *region = block->getParent();
  for (Block &b : *region)
    impl->cycle[&b] = false;
  for (auto scc = llvm::scc_begin(region); !scc.isAtEnd(); ++scc) {
    const std::vector<Block *> &blocks = *scc;
    bool cycle =
        blocks.size() > 1 ||
        llvm::is_contained(blocks.front()->getSuccessors(), blocks.front());
    for (Block *b : blocks)
      impl->cycle[b] = cycle;
  }
  return impl->cycle[block];
}

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

/// Extends `r` to end at point `p`, reached by `op` (`covers`: through all
/// of op's regions), unless it already ends there or later.
static void extendTo(LiveRange &r, unsigned p, Operation *op, bool covers) {
  if (p > r.end) {
    r.end = p;
    r.endOp = op;
    r.endCoversRegions = covers;
  }
}

/// Every value that may be `allocated`: upstream's view flow, closed under
/// memlint's own aliasing rules (views per viewSource, and ops it cannot
/// see into returning views of their memref operands).
/// Past `limit` values it stops: nullopt.
static std::optional<llvm::SetVector<Value>>
aliasesOf(Value allocated, BufferViewFlowAnalysis &views, size_t limit) {
  llvm::SetVector<Value> aliases;
  SmallVector<Value> work;
  // resolve() is transitive: what a value it returned resolves to is
  // already among its results. Asked once per value, a chain of 20,000
  // memref.casts cost 20,000 walks of the chain (22 s).
  DenseSet<Value> resolved;
  auto addAlias = [&](Value v) {
    if (aliases.insert(v))
      work.push_back(v);
    if (resolved.contains(v))
      return;
    for (Value a : views.resolve(v)) {
      resolved.insert(a);
      if (aliases.insert(a))
        work.push_back(a);
    }
  };
  addAlias(allocated);
  while (!work.empty()) {
    if (aliases.size() > limit)
      return std::nullopt;
    Value v = work.pop_back_val();
    for (Operation *user : distinctUsers(v))
      for (OpResult result : user->getResults()) {
        bool interior;
        if (isMemRef(result) &&
            (isOpaqueOp(user) || viewSource(result, interior) == v))
          addAlias(result);
      }
  }
  return aliases;
}

LiveRange LiveRanges::startRange(const BufferInfo &info, unsigned index) {
  LiveRange r;
  r.buffer = index;
  r.value = info.value;
  r.allocOp = info.allocOp;
  r.tracked = info.tracked;
  r.type = info.value.getType();
  r.space = memorySpaceName(r.type);
  r.bytes = staticByteSize(r.type);
  r.dynamicSizes = dynamicSizeOperands(info.value);
  r.start = r.end = pointOf(info.allocOp).value_or(0);
  r.endOp = info.allocOp;
  return r;
}

void LiveRanges::extendOver(LiveRange &r, Operation *op) const {
  r.start = std::min(r.start, *pointOf(op));
  extendTo(r, lastPointOf(op), op, true);
}

bool LiveRanges::coverLoopArgument(LiveRange &r, BlockArgument arg) {
  bool carried = false;
  // A loop's region argument: the buffer flows around the loop.
  Operation *parent = arg.getOwner()->getParentOp();
  if (parent && pointOf(parent) && repeats(parent)) {
    extendOver(r, parent);
    carried |= parent->isProperAncestor(r.allocOp);
  }
  if (arg.getOwner() == r.allocOp->getBlock() && inCycle(arg.getOwner()))
    carried = true;
  return carried;
}

void LiveRanges::coverUse(LiveRange &r, OpOperand &use, Value alias) {
  Operation *user = use.getOwner();
  std::optional<unsigned> p = pointOf(user);
  if (!p)
    return;
  r.start = std::min(r.start, *p);
  extendTo(r, *p, user, false);
  // A use in a loop that the allocation is outside of: live on every
  // iteration, so over the whole loop. The allocation's parent and every
  // op above it enclose the allocation: the walk up from a use under it
  // stops there (asked of every op up to the function, then whether each
  // encloses the allocation, a nest of N scf.ifs each freeing its own
  // buffer cost N^3: 2,500 deep took 22 s).
  Operation *allocParent = r.allocOp->getParentOp();
  Operation *outermost = nullptr;
  for (Operation *parent = user->getParentOp();
       parent && parent != fn.getOperation() && parent != allocParent;
       parent = parent->getParentOp())
    if (repeats(parent) && !parent->isAncestor(r.allocOp))
      outermost = parent;
  if (outermost)
    extendOver(r, outermost);
  if (user->hasTrait<OpTrait::ReturnLike>() &&
      user->getParentOp() == fn.getOperation())
    r.escapes = true;
  bool frees = llvm::is_contained(freedOperands(user), &use);
  if (auto d = dyn_cast<bufferization::DeallocOp>(user))
    frees |= llvm::is_contained(d.getMemrefs(), alias);
  if (frees && !llvm::is_contained(r.frees, user))
    r.frees.push_back(user);
}

void LiveRanges::coverLiveBlocks(
    const DenseMap<Value, SmallVector<unsigned, 1>> &rangesOf,
    std::vector<bool> &carried) {
  // In a CFG a buffer also covers every block it is live into or out of:
  // asked of the values that may be a buffer alone (what each range gains
  // from a block does not depend on the order the blocks come in).
  auto numbered = [&](Block *block) {
    return !block->empty() && pointOf(&block->front());
  };
  for (const auto &[v, ids] : rangesOf) {
    LiveBlocks live = liveBlocksOf(v);
    for (Block *block : live.in) {
      if (!numbered(block))
        continue;
      for (unsigned id : ids) {
        LiveRange &r = rangeList[id];
        r.start = std::min(r.start, *pointOf(&block->front()));
        if (block == r.allocOp->getBlock() && inCycle(block))
          carried[id] = true;
      }
    }
    for (Block *block : live.out) {
      if (!numbered(block))
        continue;
      for (unsigned id : ids)
        extendTo(rangeList[id], lastPointOf(&block->back()), &block->back(),
                 false);
    }
  }
}

void LiveRanges::finishRange(LiveRange &r, bool carried) {
  if (r.escapes && !opsInOrder.empty())
    extendTo(r, opsInOrder.size() - 1, opsInOrder.back(), false);
  llvm::sort(r.frees, [&](Operation *a, Operation *b) {
    return *pointOf(a) < *pointOf(b);
  });

  // Several instances: allocated where it may run many times, and either
  // carried from one run to the next, run concurrently, or not followed
  // by the lifetime analysis (it may be carried in ways the alias sets do
  // not show).
  Enclosing around = enclosing(r.allocOp->getParentOp());
  bool repeating = around.repeating ||
                   (r.allocOp->getBlock() && inCycle(r.allocOp->getBlock()));
  r.severalInstances =
      around.concurrent || (repeating && (carried || !r.tracked));
}

LiveRanges::Enclosing LiveRanges::enclosing(Operation *op) const {
  // Up to the first op already answered, then down: each op of a deep nest
  // is asked once (per range, the walk to the function was quadratic in
  // 10,000 nested scf.ifs each allocating).
  SmallVector<Operation *> chain;
  Enclosing e;
  Operation *function = const_cast<FunctionOpInterface &>(fn).getOperation();
  for (Operation *p = op; p && p != function; p = p->getParentOp()) {
    if (auto it = impl->enclosing.find(p); it != impl->enclosing.end()) {
      e = it->second;
      break;
    }
    chain.push_back(p);
  }
  for (Operation *p : llvm::reverse(chain)) {
    e.repeating =
        e.repeating || repeats(p) || (p->getBlock() && inCycle(p->getBlock()));
    e.concurrent = e.concurrent || mayRunRegionsConcurrently(p);
    impl->enclosing[p] = e;
  }
  return e;
}

/// How many dependencies upstream's view flow would record: it takes
/// every memref result of an op it cannot see into (a call) for a view of
/// every memref operand, so a call with 6,000 of each makes 36M of them
/// (9 s of one function's lint, helper-102).
static size_t viewFlowDependencies(FunctionOpInterface fn, size_t limit) {
  size_t n = 0;
  fn->walk([&](Operation *op) {
    if (n > limit)
      return WalkResult::interrupt();
    size_t in =
        llvm::count_if(op->getOperandTypes(), llvm::IsaPred<BaseMemRefType>);
    size_t out =
        llvm::count_if(op->getResultTypes(), llvm::IsaPred<BaseMemRefType>);
    n += in * out;
    return WalkResult::advance();
  });
  return n;
}

void LiveRanges::compute(const std::vector<BufferInfo> &buffers) {
  // Past MaxAliasVisits dependencies, no buffer's aliases are walked (as
  // past MaxAliasVisits aliases, below).
  size_t aliasVisits = viewFlowDependencies(fn, MaxAliasVisits) > MaxAliasVisits
                           ? MaxAliasVisits + 1
                           : 0;
  std::optional<BufferViewFlowAnalysis> views;
  if (aliasVisits <= MaxAliasVisits)
    views.emplace(fn);
  // Per range: carried from one run of its allocation to the next.
  std::vector<bool> carried;
  // CFG only: the ranges each value may belong to (see coverLiveBlocks).
  DenseMap<Value, SmallVector<unsigned, 1>> rangesOf;

  for (auto [index, info] : llvm::enumerate(buffers)) {
    // Memory another function owns, or allocated before this one ran (an
    // argument it takes over), takes no place in this one's plan.
    if (info.foreign || info.takenArgument)
      continue;
    // The same allocation listed again (a loop allocation's instance from an
    // earlier iteration) shares the first one's range.
    auto seen = impl->rangeIndex.find(info.value);
    if (seen != impl->rangeIndex.end()) {
      rangeList[seen->second].tracked &= info.tracked;
      continue;
    }
    unsigned rangeId = rangeList.size();
    LiveRange r = startRange(info, index);
    // Each buffer's aliases are walked apart: a chain of 4,000 selects,
    // each of one more buffer, has 8M of them (lint 2.5 s, 10,000: 33 s).
    // Past MaxAliasVisits in a function, a buffer is live from the
    // function's first point to its last and followed by nothing
    // (no missed reuse, no plan sharing its place).
    std::optional<llvm::SetVector<Value>> aliases;
    if (aliasVisits <= MaxAliasVisits)
      aliases = aliasesOf(info.value, *views, MaxAliasVisits - aliasVisits);
    if (!aliases) {
      aliasVisits = MaxAliasVisits + 1;
      r.start = 0;
      r.escapes = true;
      r.aliasesFollowed = false;
      r.tracked = false;
      carried.push_back(true);
      impl->rangeIndex[info.value] = rangeId;
      rangeList.push_back(std::move(r));
      continue;
    }
    aliasVisits += aliases->size();
    bool isCarried = false;
    for (Value v : *aliases) {
      if (auto arg = dyn_cast<BlockArgument>(v))
        isCarried |= coverLoopArgument(r, arg);
      for (OpOperand &use : v.getUses())
        coverUse(r, use, v);
      if (impl->anyCfg)
        rangesOf[v].push_back(rangeId);
    }
    carried.push_back(isCarried);
    impl->rangeIndex[info.value] = rangeId;
    rangeList.push_back(std::move(r));
  }
  if (impl->anyCfg)
    coverLiveBlocks(rangesOf, carried);
  for (auto [id, r] : llvm::enumerate(rangeList))
    finishRange(r, carried[id]);
}

} // namespace memlint
