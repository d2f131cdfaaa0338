//===- GpuWaits.h - The device work a host-side wait ends -------*- C++ -*-===//
//
// Part of the ownership model (docs/ownership-model.md, "Asynchronous
// work"): a GPU op run `async` may read and write its memrefs until the
// host waits for its token, so the wait uses them, and a free before it is
// a use after free.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_GPUWAITS_H
#define MEMLINT_ANALYSIS_GPUWAITS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace memlint {

/// Device work a wait on the host ends: the op that starts it (named in
/// findings) and the memrefs, as the waiting function sees them, whose
/// memory it may use until then.
struct AwaitedGpuWork {
  mlir::Operation *op = nullptr;
  llvm::SmallVector<mlir::Value, 4> memrefs;
};

/// The device work `op` waits for on the host: `op` takes tokens without
/// being `async` itself (`gpu.wait [%t]`, a synchronous GPU op with
/// dependencies). A token counts where it is made before `op` in its block
/// and every other op that takes it comes after `op` there or is an async
/// GPU op whose token counts the same way, by a GPU op run `async`, or by
/// an op that hands out such an op's token: an scf.if, a loop or an
/// scf.execute_region yielding it, a call of a function that returns it
/// (its memrefs the call's operands). The dependencies of an async GPU op
/// whose token counts are waited for too (it starts after their work),
/// less the memrefs such ops free in the stream after that work. A token
/// from another block is not followed: that only misses uses. Empty for any
/// other op.
/// The async GPU ops that free each buffer in a stream (a view of it
/// included), found once per buffer: gpuWorkAwaited asks it at every wait,
/// of every memref the work uses, and one buffer may be used by thousands
/// of waited ops.
class StreamFrees {
public:
  /// The async GPU ops (with a token) freeing `root` or a view of it; null
  /// when its views are too many to look at.
  const llvm::SmallVector<mlir::Operation *, 2> *of(mlir::Value root);

private:
  llvm::DenseMap<mlir::Value,
                 std::optional<llvm::SmallVector<mlir::Operation *, 2>>>
      frees;
};

llvm::SmallVector<AwaitedGpuWork> gpuWorkAwaited(mlir::Operation *op,
                                                 StreamFrees &streamFrees);

} // namespace memlint

#endif
