//===- Ownership.h - memlint's ownership model ------------------*- C++ -*-===//
//
// Which operations allocate an owned buffer, free one, alias one or use its
// contents. Everything is decided through MLIR interfaces
// (MemoryEffectOpInterface, ViewLikeOpInterface, CastOpInterface,
// CallOpInterface), never lists of op names, so a dialect that implements the
// interfaces works unchanged. docs/ownership-model.md is the spec.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_OWNERSHIP_H
#define MEMLINT_ANALYSIS_OWNERSHIP_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace memlint {

/// Where the memory behind a memref value comes from.
enum class OriginKind {
  Owned,    // allocated by this function (alloc, realloc, gpu.alloc, call)
  Argument, // a function argument: owned by the caller
  Alloca,   // stack memory (automatic allocation scope)
  Global,   // memref.get_global
  Unknown,  // produced by something memlint cannot see into
};

bool isMemRef(mlir::Value v);

/// Results of `op` that hold a freshly allocated heap buffer (Allocate effect
/// on a resource other than the automatic allocation scope).
llvm::SmallVector<mlir::Value> heapAllocatedResults(mlir::Operation *op);
/// True if `v` is allocated on the stack (alloca-like).
bool isStackAllocated(mlir::Value v);
/// Whether `free`, freeing `freed`, ends a realloc spelled out (what
/// upstream's `-expand-realloc` writes): before it in its block, `freed`
/// is copied into (a view of) a heap buffer allocated there, which the
/// block hands on through its terminator in `freed`'s place.
bool endsExpandedRealloc(mlir::Operation *free, mlir::Value freed);
/// True if `op` yields a global's memory (memref.get_global).
bool isGlobalAccess(mlir::Operation *op);
/// The memref results of `op` that are memory it hands out from somewhere
/// memlint cannot see (`"polygeist.pointer2memref"(%p)`, an unregistered
/// getter, a cast from an LLVM pointer, a tensor's buffer): those of an op
/// that is given no buffer, runs no region, and neither allocates nor
/// names the stack, a global or a constant (none for other ops). Like a
/// body-less callee's result, it is freed at most once and not used after
/// that, whoever owns it.
llvm::SmallVector<mlir::Value> foreignResults(mlir::Operation *op);
/// What an `unrealized_conversion_cast` between an index and an i64 casts
/// (what -convert-arith-to-llvm leaves; that lowering fixed the index at
/// 64 bits, so both are the same integer), or null for any other value.
mlir::Value indexI64CastSource(mlir::Value v);
/// `v` behind any chain of such casts (`v` itself when it is none).
mlir::Value throughIndexI64Casts(mlir::Value v);

/// A buffer in GPU workgroup (shared) or per-invocation memory
/// (`#gpu.address_space<workgroup>`, `<private>`; SPIR-V's
/// `#spirv.storage_class<Workgroup>`, `<Private>`, `<Function>`): it lives
/// as long as the workgroup or invocation, and no free is owed (upstream's
/// promotion to workgroup memory frees nothing, IREE neither, and
/// -convert-memref-to-spirv makes such an alloc a variable); one that is
/// freed is followed like any. Returns the memory's name ("workgroup"),
/// or nullopt for other memory.
std::optional<std::string> gpuScopeOf(mlir::Value buffer);
inline bool livesWithGpuScope(mlir::Value buffer) {
  return gpuScopeOf(buffer).has_value();
}

/// The op that frees what `allocOp` allocates, by the runtime behind it:
/// "memref.dealloc" for the host heap (`memref.alloc`, `memref.realloc`,
/// `bufferization.clone`, which lowers to a `memref.alloc` and a copy),
/// "gpu.dealloc" for device memory (`gpu.alloc`, also `host_shared`);
/// empty where memlint does not know (a call, a custom allocator).
llvm::StringRef matchingFreeOpName(mlir::Operation *allocOp);
/// The same for a freeing op: which runtime it hands memory back to
/// ("memref.dealloc" for `memref.dealloc`, `memref.realloc` and
/// `bufferization.dealloc`, which lower to the host's `free`;
/// "gpu.dealloc"), empty where unknown. Memory freed by the other runtime
/// than the one that allocated it is an invalid free.
llvm::StringRef freeOpRuntime(mlir::Operation *freeOp);

/// Operands `op` frees (Free effect on a value). bufferization.dealloc is
/// modelled separately because its frees are conditional.
llvm::SmallVector<mlir::OpOperand *> freedOperands(mlir::Operation *op);

/// For a result that is a view or cast of an operand: that operand, else null.
/// `interior` is set when the view may start past the buffer's first byte.
mlir::Value viewSource(mlir::Value result, bool &interior);

/// The ops that use `v`, each once, in the order of its uses: a call that
/// passes one buffer 6,000 times is one user, whose results are looked at
/// once (not 6,000 times each).
llvm::SmallVector<mlir::Operation *, 8> distinctUsers(mlir::Value v);
/// The value `v` is a view or cast of at the end of viewSource's chain:
/// `v` itself when it is no view.
mlir::Value viewRoot(mlir::Value v);
/// `root` and every value that is a view or cast of it (viewSource's chain
/// leads back to it), `root` first.
llvm::SmallVector<mlir::Value> viewsOf(mlir::Value root);
/// The same, or nullopt past `limit` values.
std::optional<llvm::SmallVector<mlir::Value>> viewsOf(mlir::Value root,
                                                      size_t limit);
/// Whether `result`, a view of viewSource(result), is placed from the
/// start of the allocation under its source, whatever view that source is:
/// then viewSource's `interior` alone says whether it starts past it. So
/// are the base buffer of memref.extract_strided_metadata (offset 0, the
/// descriptor's allocated pointer), which upstream's deallocation frees in
/// place of an interior view, and memref.reinterpret_cast (its offset
/// counts from there: a cast of a view back to offset 0 is the buffer).
bool placedFromAllocation(mlir::Value result);

/// True when `op` may read or write the memory behind `operand` (or pass it
/// somewhere memlint cannot see). Views, casts, metadata queries and
/// control-flow forwarding are not uses.
bool accessesMemory(mlir::OpOperand &operand);
/// The same, with `viewed` the operands some result of the operand's owner
/// is a view of (viewedOperands): an op's operands asked in turn, without
/// each looking at every result (a call with 6,000 of each).
bool accessesMemory(mlir::OpOperand &operand,
                    const llvm::SmallPtrSetImpl<mlir::Value> &viewed);
/// The operands of `op` one of its results is a view or cast of.
llvm::SmallPtrSet<mlir::Value, 4> viewedOperands(mlir::Operation *op);

/// The DMA starts (`affine.dma_start`, `memref.dma_start`) that `op`, a
/// DMA wait (`affine.dma_wait`, `memref.dma_wait`), waits for: those on
/// the same tag memref before it in its block, back to an earlier wait on
/// that tag. Until the wait, each transfer may still read its source and
/// write its destination, so the wait uses them. (A start in another block
/// or iteration is not followed: that only misses uses.) Empty for any
/// other op.
llvm::SmallVector<mlir::Operation *> dmaStartsAwaited(mlir::Operation *op);
/// The `async.execute` ops whose bodies `op`, an `async.await` of one of
/// their results (token or value), waits for on the host: the one it
/// awaits (or, for `async.await_all`, those added to its group) and,
/// transitively, those whose tokens or values that one depends on. Each
/// comes before `op` in its block, and every other op that takes one of
/// its results is an `async.execute`, adds it to the group `op` awaits, or
/// comes after `op` there (an earlier await, or one in a region, may end
/// the body first on some path). Until then the body may still run. Empty
/// for any other op.
llvm::SmallVector<mlir::Operation *> asyncBodiesAwaited(mlir::Operation *op);
/// Whether the body of `later`, an `async.execute`, starts only after the
/// body of `earlier` ended: it depends, directly or through other
/// executes, on a token or value `earlier` makes.
bool asyncBodyOrderedAfter(mlir::Operation *later, mlir::Operation *earlier);
/// The `async.execute`s before `ret`, a return of the function, in its
/// block, that nothing awaits: their tokens and values go only to other
/// executes that nothing awaits either (no await, group, call, return or
/// other op takes them). Their bodies may run after anything the function
/// does after them.
llvm::SmallVector<mlir::Operation *>
asyncBodiesNeverAwaited(mlir::Operation *ret);
/// The memrefs from outside `execute` (defined there, or bound to a body
/// argument from an operand's future, `%v as %x`) whose memory its body
/// accesses on every run of the body: by ops in the body's entry block, or
/// nested in ops there whose region surely runs (a loop with a static
/// non-zero trip count, `scf.execute_region`, `memref.alloca_scope`). A use
/// under a branch of the body is left out: its path is not known at the
/// await, and a finding must hold on a path.
llvm::SmallVector<mlir::Value> asyncBodyCapturedUses(mlir::Operation *execute);
/// The source and destination memrefs of a DMA start.
std::pair<mlir::Value, mlir::Value> dmaBuffersOf(mlir::Operation *start);

/// Whether `v` is computed (through side-effect free ops) from memory
/// contents or from buffer addresses (also by an op memlint cannot see
/// into that is given a buffer): which values it takes is unknown to
/// the analysis, so findings must hold for all of them (an atom of "data",
/// lifetime/Conditions.h), and a fix must not rest on it.
bool dependsOnMemoryContents(mlir::Value v);

/// True for ops memlint knows nothing about (no interfaces, e.g. an
/// unregistered accelerator op).
bool isOpaqueOp(mlir::Operation *op);

/// Whether `callee` is a function `call` can call: its argument and
/// result types are the call's operands' and results' (what func.call's
/// verifier checks, where no verifier did: a call inside an unregistered
/// op with one region).
bool callsAsTyped(mlir::Operation *call, mlir::Operation *callee);
/// Whether a region of `op` frees memory one of its own block arguments
/// holds (or a view of it): a custom launch or scope may bind its operands
/// to those arguments, so what `op` is given may be freed there.
bool freesRegionArgument(mlir::Operation *op);

/// The op whose end frees the stack memory `alloca` makes, as memlint
/// reports it: the nearest enclosing `memref.alloca_scope`, `async.execute`
/// body or function. (Loops are allocation scopes by definition too, but
/// their lowering frees nothing when an iteration ends.)
mlir::Operation *stackScopeOf(mlir::Operation *alloca);

/// Whether memory `v` holds may reach an op memlint knows nothing about
/// that returns a memref: the analysis then takes that result for a view of
/// it, which is a guess. Follows every value `v` may flow to (results of
/// its users, branch and region arguments and results) without telling
/// paths apart, so it can only say "maybe".
bool mayReachOpaqueView(mlir::Value v);

/// Whether `term` returns from the function it ends a block of: a
/// `ReturnLike` terminator, or `gpu.return`, which lacks the trait.
bool returnsFromFunction(mlir::Operation *term);

} // namespace memlint

#endif
