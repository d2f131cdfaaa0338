//===- MissedReuseCheck.cpp - A buffer could take a freed one's memory ----===//
//
// A later allocation could reuse the memory of an earlier buffer of the same
// memory space and the same allocation kind (see allocationKind) that is
// freed, on every path, before the later one is
// allocated, and is at least as big (or, for dynamic shapes, has the same
// type and the same SSA size operands). Conservative: the earlier buffer's
// allocation, its one free and the later allocation sit in the same region,
// the free dominates the later allocation, nothing uses the earlier buffer
// after its free, neither block is on a CFG cycle, and the lifetime analysis
// saw nothing wrong with either buffer. And the reuse must not raise the
// function's peak (LiveBytes.h): the earlier memory stays taken from its
// free to the later allocation, and a bigger earlier buffer takes more
// while the later one lives; no point may then hold more bytes than the
// function's peak, nor may memory memlint cannot count (a call, which may
// allocate, an op whose buffer it cannot see, a buffer of a size it cannot
// tell) be taken where the reuse adds bytes (helper-129: `free %a; %b =
// call @mk(); ...; free %b; %c = alloc` merged %c into %a and doubled the
// peak). Anything else is left alone.
//
// Each buffer takes part in at most one finding as the later buffer and at
// most one as the candidate; each later buffer gets the smallest candidate
// that fits, the most recently freed one on ties.
//
// The finding carries the pair for its fix (fixes/MergeBuffers.h): the
// anchor is the later allocation, related[0] the earlier allocation,
// related[1] the earlier buffer's free.
//
//===----------------------------------------------------------------------===//
#include "analysis/Config.h"
#include "analysis/LiveBytes.h"
#include "analysis/LiveRanges.h"
#include "analysis/Ownership.h"
#include "analysis/checks/Check.h"
#include "analysis/lifetime/ModuleLifetimes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include <limits>
#include <map>
#include <memory>
#include <tuple>

using namespace mlir;

namespace memlint {
namespace {

/// A plain allocation: one memref result, no frees of its own (not a
/// realloc), not a call, no async token.
bool isPlainAllocation(Operation *op) {
  return !isa<CallOpInterface>(op) && op->getNumResults() == 1 &&
         !heapAllocatedResults(op).empty() && freedOperands(op).empty();
}

/// The op frees exactly the buffer `buffer` through a chain of views: not
/// through a select or a block argument, which may be another buffer.
bool freesExactly(Operation *op, Value buffer) {
  if (op->getNumResults() != 0)
    return false; // realloc-like: hands the memory on
  for (OpOperand *operand : freedOperands(op)) {
    Value v = operand->get();
    bool interior;
    while (v && v != buffer)
      v = viewSource(v, interior);
    if (v == buffer)
      return true;
  }
  return false;
}

/// Which heap an allocation takes its memory from: buffers of one memory
/// space can still live in different heaps (`memref.alloc` on the host,
/// `gpu.alloc` on the device, `gpu.alloc host_shared` in memory both see),
/// and a buffer of one heap cannot stand in for another.
std::string allocationKind(Operation *op) {
  std::string kind = op->getName().getStringRef().str();
  if (auto gpuAlloc = dyn_cast<gpu::AllocOp>(op);
      gpuAlloc && gpuAlloc.getHostShared())
    kind += " host_shared";
  return kind;
}

/// The alignment an allocation promises beyond the allocator's default
/// (its `alignment` attribute), 0 for none.
int64_t promisedAlignment(Operation *op) {
  auto alignment = op->getAttrOfType<IntegerAttr>("alignment");
  return alignment ? alignment.getInt() : 0;
}

struct Candidate {
  const LiveRange *range;
  Operation *free;
  unsigned freePoint;
  std::string kind;
};

class MissedReuseCheck : public Check {
public:
  MissedReuseCheck() : Check(CheckId::MissedReuse) {}

  void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     std::vector<Finding> &out) override {
    if (la.gaveUp())
      return;
    LiveRanges ranges(la);
    runOnFunction(ctx, la, ranges, out);
  }

private:
  /// How many earlier buffers one later allocation tries, best first (at
  /// 64, a 12k-op function found another pair than before).
  static constexpr unsigned MaxCandidatesTried = 256;

  void runOnFunction(CheckContext &ctx, LifetimeAnalysis &la,
                     const LiveRanges &ranges, std::vector<Finding> &out) {
    // Buffers the lifetime checks report on (any instance of them).
    llvm::DenseSet<Value> troubled;
    for (const Event &e : la.events())
      if (e.buffer >= 0)
        troubled.insert(la.buffers()[e.buffer].value);
    auto clean = [&](const LiveRange &r) {
      return r.tracked && !troubled.count(r.value) && !r.escapes &&
             !r.severalInstances && isPlainAllocation(r.allocOp);
    };

    // Earlier buffers: freed once, exactly, and dead after that free.
    std::vector<Candidate> candidates;
    for (const LiveRange &r : ranges.ranges()) {
      if (!clean(r) || r.frees.size() != 1)
        continue;
      Operation *free = r.frees.front();
      if (!freesExactly(free, r.value) ||
          free->getParentRegion() != r.allocOp->getParentRegion())
        continue;
      unsigned p = *ranges.pointOf(free);
      if (r.end != p)
        continue;
      candidates.push_back({&r, free, p, allocationKind(r.allocOp)});
    }
    if (candidates.empty())
      return;

    // Laters in allocation order take candidates as their frees go by. The
    // candidates freed before a later's allocation, in its region, are kept
    // ordered by preference (smallest static size first; dynamic shapes
    // apart; then the most recently freed), so a later looks only at those
    // of its own region, memory space and allocation kind, starting from its
    // own size.
    DominanceInfo dom(la.function());
    Takers takers = memoryTakers(ranges, la.function(), ctx.lifetimes);
    int64_t alignment = ctx.options.alignment;
    // By heap (memory space and allocation kind), made when first asked.
    std::map<Heap, std::unique_ptr<LiveBytes>> heaps;
    std::vector<const LiveRange *> laters;
    for (const LiveRange &r : ranges.ranges())
      if (clean(r) && !r.frees.empty())
        laters.push_back(&r);
    llvm::stable_sort(laters, [](const LiveRange *a, const LiveRange *b) {
      return a->start < b->start;
    });
    llvm::stable_sort(candidates, [](const Candidate &a, const Candidate &b) {
      return a.freePoint < b.freePoint;
    });
    // The preference as a key: static sizes before dynamic ones, smallest
    // first, then the most recently freed, then the order listed.
    using Key = std::tuple<bool, int64_t, int64_t, size_t>;
    std::map<std::tuple<Region *, llvm::StringRef, llvm::StringRef>,
             std::map<Key, const Candidate *>>
        available;
    auto keyOf = [&](const Candidate &c) {
      return Key{!c.range->bytes, c.range->bytes.value_or(0),
                 -int64_t(c.freePoint), &c - candidates.data()};
    };
    size_t freed = 0;
    for (const LiveRange *later : laters) {
      for (; freed < candidates.size() &&
             candidates[freed].freePoint < later->start;
           ++freed) {
        const Candidate &c = candidates[freed];
        available[{c.free->getParentRegion(), c.range->space, c.kind}]
                 [keyOf(c)] = &c;
      }
      if (!later->bytes && later->dynamicSizes.empty())
        continue; // a dynamic size memlint cannot name fits nothing
      std::string kind = allocationKind(later->allocOp);
      auto bucket = available.find(
          {later->allocOp->getParentRegion(), later->space, kind});
      if (bucket == available.end())
        continue;
      auto &pool = bucket->second;
      auto it = pool.lower_bound(
          Key{!later->bytes, later->bytes.value_or(0), INT64_MIN, 0});
      // At most MaxCandidatesTried of them: where none is freed before the
      // later one on every path (20,000 buffers each in a branch of its
      // own diamond), trying them all was quadratic, 27 s of dominance
      // queries for one function (helper-102).
      unsigned tried = 0;
      for (; it != pool.end(); ++it) {
        if (++tried > MaxCandidatesTried) {
          it = pool.end();
          break;
        }
        const Candidate &c = *it->second;
        if (later->bytes && !c.range->bytes) {
          it = pool.end(); // only dynamic shapes are left
          break;
        }
        if (c.range != later && fits(*later, *c.range) &&
            before(ranges, dom, c, *later) &&
            keepsPeak(ranges, takers, heaps, alignment, c, *later))
          break;
      }
      if (it == pool.end())
        continue;
      out.push_back(report(ctx.doc, *later, *it->second));
      pool.erase(it);
    }
  }

  static bool fits(const LiveRange &later, const LiveRange &earlier) {
    if (later.space != earlier.space)
      return false;
    // The earlier memory must keep every promise the later allocation makes.
    if (int64_t wanted = promisedAlignment(later.allocOp)) {
      int64_t promised = promisedAlignment(earlier.allocOp);
      if (promised == 0 || promised % wanted != 0)
        return false;
    }
    // A size past 64 bits (staticByteSize's INT64_MAX) is no size to
    // compare, nor to print: such a buffer is reused by nothing.
    constexpr int64_t pastRange = std::numeric_limits<int64_t>::max();
    if (later.bytes == pastRange || earlier.bytes == pastRange)
      return false;
    if (later.bytes && earlier.bytes)
      return *later.bytes <= *earlier.bytes;
    if (later.bytes || earlier.bytes || later.dynamicSizes.empty())
      return false;
    return later.type == earlier.type &&
           later.dynamicSizes == earlier.dynamicSizes;
  }

  /// The earlier buffer is freed before the later one is allocated, on every
  /// path, once per allocation of the later one.
  static bool before(const LiveRanges &ranges, DominanceInfo &dom,
                     const Candidate &c, const LiveRange &later) {
    Region *region = c.free->getParentRegion();
    if (later.allocOp->getParentRegion() != region ||
        !dom.properlyDominates(c.free, later.allocOp))
      return false;
    if (!region->hasOneBlock())
      for (Operation *op : {c.range->allocOp, c.free, later.allocOp})
        if (ranges.inCycle(op->getBlock()))
          return false;
    return c.freePoint < later.start;
  }

  /// A heap: a memory space and an allocation kind (allocationKind).
  using Heap = std::pair<std::string, std::string>;
  static Heap heapOf(const LiveRange &r) {
    return {r.space, allocationKind(r.allocOp)};
  }

  /// The program points, in order, of the ops that may take memory while
  /// the function runs: allocations, by heap, and those whose memory
  /// memlint cannot count (calls of a callee that may allocate; ops whose
  /// memref results come from memory memlint cannot see, or are no buffer
  /// it follows).
  struct Takers {
    std::map<Heap, std::vector<unsigned>> allocations;
    std::vector<unsigned> uncounted;
  };
  static Takers memoryTakers(const LiveRanges &ranges, FunctionOpInterface fn,
                             ModuleLifetimes &lifetimes) {
    Takers t;
    CallScan calls(lifetimes);
    fn->walk([&](Operation *op) {
      std::optional<unsigned> p = ranges.pointOf(op);
      if (!p)
        return;
      auto call = dyn_cast<CallOpInterface>(op);
      if ((call && callMayAllocate(call, calls)) ||
          !foreignResults(op).empty()) {
        t.uncounted.push_back(*p);
        return;
      }
      for (Value v : heapAllocatedResults(op)) {
        if (const LiveRange *r = ranges.rangeOf(v))
          t.allocations[heapOf(*r)].push_back(*p);
        else
          t.uncounted.push_back(*p);
      }
    });
    for (auto &[heap, points] : t.allocations)
      llvm::sort(points);
    llvm::sort(t.uncounted);
    return t;
  }

  /// Whether the function a call runs may take memory while it runs: one
  /// without a body in the file may; one with a body does where it
  /// allocates, holds memory memlint cannot see, or calls one that may (a
  /// call cycle may, and so may a chain of calls deeper than
  /// MaxCallDepth). `memo` holds the answer by callee; callees are looked
  /// up in the module's symbol tables, built once for all its functions
  /// (ModuleLifetimes::calleeOf: a table per function checked cost the
  /// module's symbols per function, 3 s on 6,000 functions calling each
  /// other).
  struct CallScan {
    explicit CallScan(ModuleLifetimes &lifetimes) : lifetimes(lifetimes) {}
    ModuleLifetimes &lifetimes;
    llvm::DenseMap<Operation *, bool> memo;
  };
  static constexpr unsigned MaxCallDepth = 64;
  static bool callMayAllocate(CallOpInterface call, CallScan &scan,
                              unsigned depth = 0) {
    FunctionOpInterface callee = scan.lifetimes.calleeOf(call);
    if (!callee || callee.isExternal() || depth > MaxCallDepth)
      return true;
    auto [it, fresh] = scan.memo.try_emplace(callee.getOperation(), true);
    if (!fresh)
      return it->second;
    bool may = false;
    callee->walk([&](Operation *op) {
      auto inner = dyn_cast<CallOpInterface>(op);
      // (The callee's entry says true while its body is walked: a call
      // back into it may allocate.)
      if (!heapAllocatedResults(op).empty() || !foreignResults(op).empty() ||
          (inner && callMayAllocate(inner, scan, depth + 1))) {
        may = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    // Past the depth limit the answer was a guess for this chain only.
    if (may && depth > 0)
      scan.memo.erase(callee.getOperation());
    else
      scan.memo[callee.getOperation()] = may;
    return may;
  }

  /// Whether one of `points` is in lo..hi (inclusive).
  static bool anyIn(ArrayRef<unsigned> points, unsigned lo, unsigned hi) {
    auto it = llvm::lower_bound(points, lo);
    return lo <= hi && it != points.end() && *it <= hi;
  }

  /// What may take memory on the way from the earlier buffer's free to the
  /// later allocation: after the free in its block, before the allocation
  /// in its block, and in every block a path from the one leads through to
  /// the other; nullopt where a search passes MaxBlocksBetween blocks.
  struct Between {
    bool allocations = false, uncounted = false;
  };
  static std::optional<Between> between(const LiveRanges &ranges,
                                        const Takers &t, const Candidate &c,
                                        const LiveRange &later) {
    static const std::vector<unsigned> none;
    auto inHeap = t.allocations.find(heapOf(later));
    const std::vector<unsigned> &allocations =
        inHeap == t.allocations.end() ? none : inHeap->second;
    constexpr unsigned MaxBlocksBetween = 256;
    Between out;
    auto look = [&](unsigned lo, unsigned hi) {
      out.allocations |= anyIn(allocations, lo, hi);
      out.uncounted |= anyIn(t.uncounted, lo, hi);
    };
    Block *from = c.free->getBlock(), *to = later.allocOp->getBlock();
    if (from == to) {
      if (later.start > 0)
        look(c.freePoint + 1, later.start - 1);
      return out;
    }
    look(c.freePoint + 1, ranges.lastPointOf(&from->back()));
    if (later.start > 0)
      look(*ranges.pointOf(&to->front()), later.start - 1);
    // The blocks on a path from the one to the other: reached from the
    // free's block and reaching the allocation's.
    auto reach = [&](Block *start, bool forward,
                     llvm::SmallPtrSetImpl<Block *> &seen) {
      SmallVector<Block *> work;
      auto next = [&](Block *b) {
        if (forward)
          work.append(b->succ_begin(), b->succ_end());
        else
          work.append(b->pred_begin(), b->pred_end());
      };
      next(start);
      while (!work.empty()) {
        Block *b = work.pop_back_val();
        if (b == to || b == from || !seen.insert(b).second)
          continue;
        if (seen.size() > MaxBlocksBetween)
          return false;
        next(b);
      }
      return true;
    };
    llvm::SmallPtrSet<Block *, 16> after, before;
    if (!reach(from, /*forward=*/true, after) ||
        !reach(to, /*forward=*/false, before))
      return std::nullopt;
    for (Block *b : after)
      if (before.contains(b))
        look(*ranges.pointOf(&b->front()), ranges.lastPointOf(&b->back()));
    return out;
  }

  /// Whether the later buffer taking the earlier one's memory leaves no
  /// point with more bytes of their heap than its peak, the reuses taken
  /// so far (in `heaps`) included; if so, `heaps` takes this one too.
  static bool keepsPeak(const LiveRanges &ranges, const Takers &t,
                        std::map<Heap, std::unique_ptr<LiveBytes>> &heaps,
                        int64_t alignment, const Candidate &c,
                        const LiveRange &later) {
    const LiveRange &earlier = *c.range;
    Heap heap = heapOf(later);
    std::unique_ptr<LiveBytes> &inHeap = heaps[heap];
    if (!inHeap)
      inHeap = std::make_unique<LiveBytes>(
          ranges, alignment,
          [&](const LiveRange &r) { return heapOf(r) == heap; });
    LiveBytes &bytes = *inHeap;
    std::optional<Between> gap = between(ranges, t, c, later);
    if (!gap || gap->uncounted)
      return false;
    // The same dynamic size (fits): nothing is allocated in between, so no
    // point there holds more than the free did, the earlier buffer
    // included.
    if (!earlier.bytes || !later.bytes)
      return !gap->allocations;
    bool oneBlock = c.free->getBlock() == later.allocOp->getBlock();
    if (!oneBlock && gap->allocations)
      return false;
    int64_t peak = bytes.peak();
    // From the free to the later allocation (in one block, the points in
    // between: its ops and theirs), the earlier buffer stays.
    unsigned lo = c.freePoint + 1, hi = later.start > 0 ? later.start - 1 : 0;
    if (oneBlock && lo <= hi &&
        (bytes.unsizedLiveIn(lo, hi) ||
         bytes.maxIn(lo, hi) + bytes.aligned(*earlier.bytes) > peak))
      return false;
    // While the later buffer lives, it holds the earlier one's bytes.
    int64_t grow = bytes.aligned(*earlier.bytes) - bytes.aligned(*later.bytes);
    if (grow > 0 && (anyIn(t.uncounted, later.start, later.end) ||
                     bytes.unsizedLiveIn(later.start, later.end) ||
                     bytes.maxIn(later.start, later.end) + grow > peak))
      return false;
    if (lo <= hi)
      bytes.add(lo, hi, bytes.aligned(*earlier.bytes));
    bytes.add(later.start, later.end, grow);
    return true;
  }

  Finding report(Document &doc, const LiveRange &later, const Candidate &c) {
    const LiveRange &earlier = *c.range;
    std::string laterName = doc.nameOf(later.value);
    std::string earlierName = doc.nameOf(earlier.value);
    Finding f = finding(doc.rangeOf(later.allocOp));
    std::string size, detail;
    if (later.bytes) {
      size = " (" + std::to_string(*later.bytes) + " bytes)";
      detail = *later.bytes == *earlier.bytes
                   ? "same size"
                   : earlierName + " has " + std::to_string(*earlier.bytes) +
                         " bytes";
    } else {
      detail = "same dynamic size";
    }
    f.message = "buffer " + laterName + size + " could reuse " + earlierName +
                ", which is freed before it is allocated (" + detail +
                ", memory space " + later.space + ")";
    f.related.push_back(
        {earlierName + " is allocated here", doc.rangeOf(earlier.allocOp)});
    f.related.push_back(
        {earlierName + " is freed here, before " + laterName + " is allocated",
         doc.rangeOf(c.free)});
    return f;
  }
};

} // namespace

std::unique_ptr<Check> createMissedReuseCheck() {
  return std::make_unique<MissedReuseCheck>();
}

} // namespace memlint
