//===- ArenaRewrite.h - One allocation per function and space ---*- C++ -*-===//
//
// Rewrites a parsed module so that the buffers the memory planner placed
// (analysis/MemoryPlan.h) live in one arena per function, memory space and
// kind of allocation:
//
//   %a = gpu.alloc () : memref<64x64xf32>
//   ...
//   gpu.dealloc %a : memref<64x64xf32>
//   %b = gpu.alloc () : memref<64x64xf32>
//   ...
//   gpu.dealloc %b : memref<64x64xf32>
//   return
//
// becomes
//
//   %arena = gpu.alloc () : memref<16384xi8>
//   %a = memref.view %arena[%c0][] : memref<16384xi8> to memref<64x64xf32>
//   ...
//   %b = memref.view %arena[%c0][] : memref<16384xi8> to memref<64x64xf32>
//   ...
//   gpu.dealloc %arena : memref<16384xi8>
//   return
//
// The arena is allocated at the top of the function with the op kind its
// buffers had: `gpu.alloc` for device buffers, `memref.alloc` (with the
// plan's alignment) for host ones, so a space holding both gets two arenas.
// A group that is all of its space's arena buffers keeps the plan's
// offsets; a group that is only part of them (the rest returned, of the
// other kind, or not expressible as views) is packed again on its own when
// that needs less. The arena is freed before every return. The buffers'
// allocations and frees disappear; each buffer becomes a `memref.view` of
// the arena at its planned byte offset, where its allocation was (dynamic
// sizes become the view's size operands, and with `assumptions` a
// `cf.assert` checks at run time that the buffer fits the bound it was
// planned with).
//
// What stays as written: buffers the plan leaves out (unbounded dynamic
// size, several live instances), returned buffers, allocations with a
// layout, symbol operands, async dependencies or `host_shared`, buffers
// freed by anything but a plain `memref.dealloc`/`gpu.dealloc` (a
// `bufferization.dealloc` frees conditionally), buffers of functions inside
// a `gpu.module`, other allocating ops (`memref.realloc`, calls), and any
// group with fewer than two buffers (nothing to gain).
//
// Unlike fixes, this re-prints the module: it feeds a compiler, not the
// user's file.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_CUDA_ARENAREWRITE_H
#define MEMLINT_FIXES_CUDA_ARENAREWRITE_H

#include "analysis/Document.h"
#include "analysis/MemoryPlan.h"
#include <cstdint>
#include <string>
#include <vector>

namespace memlint {

struct ArenaRewriteOptions {
  MemoryPlanOptions plan;
  /// Insert a `cf.assert` before each view of a dynamic buffer placed at an
  /// assumed bound.
  bool checkBounds = true;
};

/// What happened to one function's buffers of one memory space and one kind
/// of allocation.
struct ArenaGroupStats {
  std::string function; // without '@'
  std::string space;    // as `memlint plan` names it
  /// "gpu.alloc" or "memref.alloc".
  std::string allocOp;
  /// Allocation ops of this kind in this space before and after.
  unsigned allocsBefore = 0;
  unsigned allocsAfter = 0;
  /// Buffers turned into views.
  unsigned placed = 0;
  /// Of the buffers placed: their total size (what separate allocations
  /// reserve when none is freed early) and the most bytes live at once
  /// (what they hold at their peak when each is freed right after its last
  /// use, alignment padding not counted).
  int64_t noReuseBytes = 0;
  int64_t maxLiveBytes = 0;
  /// The arena's size, and the least any arena of the placed buffers needs
  /// (with the alignment).
  int64_t arenaBytes = 0;
  int64_t lowerBoundBytes = 0;
};

/// Plans `doc`'s functions and rewrites doc.module() in place. Returns one
/// entry per group of at least one allocation of a supported kind, in
/// function and allocation order (groups left alone report placed = 0).
/// The Document's source ranges no longer describe the module afterwards.
std::vector<ArenaGroupStats> rewriteIntoArenas(Document &doc,
                                               const ArenaRewriteOptions &opts);

} // namespace memlint

#endif
