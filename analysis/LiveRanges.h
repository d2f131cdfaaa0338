//===- LiveRanges.h - Where each buffer of a function is live ---*- C++ -*-===//
//
// Numbers the operations of one function with program points and gives every
// buffer the function owns (LifetimeAnalysis's notion of a buffer) the
// interval of points where its memory is in use: from its allocation to its
// last use or free through any alias. The memory planner, `missed-reuse` and
// `over-capacity` read these intervals; none of them walks the IR again.
//
// Program order. Points are a pre-order walk of the function body: every
// operation gets the next number, then the operations of its regions (in
// region order, blocks in the order they are written) are numbered before
// its next sibling. So an op's regions occupy the points right after it,
// [pointOf(op), lastPointOf(op)]. For structured code this is execution
// order. For a CFG (several blocks in a region) it is the written block
// order, and an interval is widened to cover every block where the buffer is
// live on entry or on exit (as mlir::Liveness defines it; ValueLiveness.h),
// so a buffer live around a retreating edge covers the whole cycle whatever
// the block order.
//
// Loops. A use inside a loop (an op with RegionBranchOpInterface::hasLoop, a
// LoopLikeOpInterface, a parallel region, or an op with regions but no
// RegionBranchOpInterface: memlint cannot tell how often it runs them) that
// does not contain the allocation keeps the buffer live over the whole loop.
// A buffer allocated inside a loop and still live when control comes back to
// its allocation has several live instances at once: `severalInstances`.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIVERANGES_H
#define MEMLINT_ANALYSIS_LIVERANGES_H

#include "analysis/LifetimeAnalysis.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

//===----------------------------------------------------------------------===//
// Sizes and memory spaces
//===----------------------------------------------------------------------===//

/// Bytes from one element to the next once lowered to LLVM: integers and
/// floats take their bit width in whole bytes, rounded up to a power of
/// two (i1 and i4 take 1, bf16 2, i24 4, f80 16), `index` 8, complex two
/// parts, a fixed vector its innermost 1-D vector rounded the same way
/// (`vector<3xf32>` 16) times its outer dimensions. nullopt for anything
/// else (custom element types, scalable vectors).
std::optional<int64_t> elementByteSize(mlir::Type elementType);

/// Bytes a buffer of this type occupies: elements x element bytes, when the
/// shape is static and the element size known (INT64_MAX when that count
/// passes 64 bits); nullopt otherwise.
std::optional<int64_t> staticByteSize(mlir::Type memrefType);

/// The memory space of a memref type as users write it: "default" when it
/// has none, the string of a string attribute (`"SRAM"` -> `SRAM`), the
/// number of an integer one (`1`), else the attribute as MLIR prints it
/// (`#gpu.address_space<workgroup>`).
std::string memorySpaceName(mlir::Type memrefType);

/// The SSA values giving the dynamic dimensions of the buffer `allocated`,
/// one per `?` of its type, in order (memref.alloc, gpu.alloc,
/// memref.realloc; for other allocating ops, their `index` operands when
/// there is exactly one per `?`). Empty when the shape is static or the
/// sizes cannot be named.
llvm::SmallVector<mlir::Value> dynamicSizeOperands(mlir::Value allocated);

//===----------------------------------------------------------------------===//
// Live ranges
//===----------------------------------------------------------------------===//

struct LiveRange {
  /// Index into the buffers the ranges were built from
  /// (LifetimeAnalysis::buffers()); the first entry of the value.
  unsigned buffer = 0;
  mlir::Value value;
  mlir::Operation *allocOp = nullptr;
  /// Live on the closed interval [start, end] of program points; `start` is
  /// the allocation's point unless a CFG cycle reaches back before it.
  unsigned start = 0;
  unsigned end = 0;
  /// What ends the range: the last use, the free, the loop or block that the
  /// buffer is live across, or the function's last op when it escapes.
  mlir::Operation *endOp = nullptr;
  /// True when the range runs to the end of everything nested in endOp (a
  /// loop it is live across), so a report should name where endOp's text
  /// ends rather than where it starts.
  bool endCoversRegions = false;
  /// Ops that free the buffer through some alias, in program order:
  /// Free effects (memref.dealloc, gpu.dealloc, memref.realloc's source)
  /// and bufferization.dealloc operands (conditional frees).
  llvm::SmallVector<mlir::Operation *> frees;
  /// Returned from the function through some alias (live to its end).
  bool escapes = false;
  /// Past MaxAliasVisits: its aliases were not walked, and it is taken live
  /// from the function's first point to its end (`escapes` is set too).
  bool aliasesFollowed = true;
  /// Allocated inside a loop or a region that may run many times at once
  /// (a parallel loop, an op without RegionBranchOpInterface) and possibly
  /// live in several instances at the same time: no single offset can hold
  /// it.
  bool severalInstances = false;
  /// LifetimeAnalysis still follows every instance of it.
  bool tracked = true;

  std::string space;
  /// Static size, or nullopt when the shape is dynamic or the element size
  /// unknown.
  std::optional<int64_t> bytes;
  /// For dynamic shapes: the SSA size operands (see dynamicSizeOperands).
  llvm::SmallVector<mlir::Value> dynamicSizes;
  mlir::Type type;

  bool liveAt(unsigned point) const { return start <= point && point <= end; }
  bool overlaps(const LiveRange &o) const {
    return start <= o.end && o.start <= end;
  }
};

/// Program points and live ranges of one function's buffers.
class LiveRanges {
public:
  LiveRanges(mlir::FunctionOpInterface fn,
             const std::vector<BufferInfo> &buffers);
  /// The buffers of `analysis`, with their `tracked` flags.
  explicit LiveRanges(LifetimeAnalysis &analysis);
  ~LiveRanges();
  LiveRanges(const LiveRanges &) = delete;
  LiveRanges &operator=(const LiveRanges &) = delete;

  /// The most aliases walked for the buffers of one function; the buffers
  /// past it are taken live throughout and not followed (compute()). (At
  /// 1M, 4,000 scf.ifs each yielding a buffer or the one before took 1.7 s
  /// of one function's lint, helper-105.)
  static constexpr size_t MaxAliasVisits = size_t(1) << 18;

  mlir::FunctionOpInterface function() const { return fn; }
  /// One range per allocated value, in the order of the buffers given (a
  /// value listed again, such as a loop allocation's instance from an
  /// earlier iteration, shares the first range and its `tracked` flag).
  const std::vector<LiveRange> &ranges() const { return rangeList; }
  /// The range of the buffer allocated as `value`, or null.
  const LiveRange *rangeOf(mlir::Value value) const;

  unsigned numPoints() const { return opsInOrder.size(); }
  /// The point of an op of the function; nullopt for ops outside it.
  std::optional<unsigned> pointOf(mlir::Operation *op) const;
  /// The last point of `op` and everything nested in it.
  unsigned lastPointOf(mlir::Operation *op) const;
  mlir::Operation *opAt(unsigned point) const { return opsInOrder[point]; }

  /// True when `block` lies on a cycle of its region's CFG.
  bool inCycle(mlir::Block *block) const;

private:
  /// mayRepeatRegions(op), memoized.
  bool repeats(mlir::Operation *op) const;
  void numberOps();
  void compute(const std::vector<BufferInfo> &buffers);
  // The steps of compute, in order.
  LiveRange startRange(const BufferInfo &info, unsigned index);
  /// Covers the loop whose region argument `arg` may be the buffer; true
  /// when that carries the buffer from one run of its allocation to the
  /// next.
  bool coverLoopArgument(LiveRange &r, mlir::BlockArgument arg);
  /// Covers one use of `alias`, a value that may be the buffer.
  void coverUse(LiveRange &r, mlir::OpOperand &use, mlir::Value alias);
  void extendOver(LiveRange &r, mlir::Operation *op) const;
  void coverLiveBlocks(
      const llvm::DenseMap<mlir::Value, llvm::SmallVector<unsigned, 1>>
          &rangesOf,
      std::vector<bool> &carried);
  void finishRange(LiveRange &r, bool carried);
  /// What `op` and the ops around it (up to the function) say of a buffer
  /// allocated in them: one of them repeats its regions, or sits in a cycle
  /// of branches; one of them may run its regions side by side.
  struct Enclosing {
    bool repeating = false, concurrent = false;
  };
  Enclosing enclosing(mlir::Operation *op) const;

  struct Impl;
  std::unique_ptr<Impl> impl;
  mlir::FunctionOpInterface fn;
  std::vector<mlir::Operation *> opsInOrder;
  std::vector<LiveRange> rangeList;
};

/// An op whose regions may run more than once per execution of the op, or
/// several at once (see the file comment).
bool mayRepeatRegions(mlir::Operation *op);

} // namespace memlint

#endif
