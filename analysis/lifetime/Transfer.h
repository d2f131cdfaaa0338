//===- Transfer.h - What one op without regions does to a state -*- C++ -*-===//
//
// One handler per kind of op, the way bufferization's ownership-based
// deallocation has one per interface: allocations make a buffer live, frees
// free what their operand may alias (and report double and invalid frees),
// bufferization.dealloc frees under its conditions, memory accesses report
// uses after free, and every memref result gets an alias set (an owned
// allocation or fresh call result, an alloca, a global, a view of its
// source, a select of its operands, or a guess for ops memlint cannot see
// into). Ops with regions are the FlowWalker's.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_TRANSFER_H
#define MEMLINT_ANALYSIS_LIFETIME_TRANSFER_H

#include "analysis/lifetime/AliasFlow.h"
#include "analysis/lifetime/DeallocLibrary.h"
#include "mlir/IR/OpDefinition.h"
#include <optional>

namespace mlir::bufferization {
class DeallocOp;
}

namespace memlint::lifetime {

class Transfer {
public:
  Transfer(FunctionContext &ctx, AliasFlow &flow) : ctx(ctx), flow(flow) {}

  /// The argument number of origin `o`, an argument of this function.
  static std::optional<unsigned> entryArgumentNumber(const Origin &o);
  /// Applies an op without regions to `st`.
  void apply(mlir::Operation *op, PathState &st);
  /// Reports uses after free by `op`: of the memref operands it accesses,
  /// and of the memory of the work it waits for.
  void checkUses(mlir::Operation *op, PathState &st);
  /// Stops following every buffer `values` may hold (every instance of
  /// its allocation) at `at`: where they go next is not known.
  void untrack(mlir::ValueRange values, mlir::Operation *at);
  /// Allocations among the results, and the alias sets of memref results.
  void defineResults(mlir::Operation *op, PathState &st);

private:
  /// Uses by the memref operands `op` accesses, except those in `freed`
  /// (the op frees them: a double free, reported there), and stack memory
  /// it hands out of its scope.
  void checkOperandUses(mlir::Operation *op, PathState &st,
                        llvm::ArrayRef<mlir::OpOperand *> freed);
  /// Uses at `op`'s wait: the buffers of the DMAs, async GPU ops and
  /// async.execute bodies it waits for.
  void checkAwaitedUses(mlir::Operation *op, PathState &st);
  /// Free: `v` is freed on the state's paths where `extra` holds.
  void handleFree(mlir::Operation *op, mlir::Value v, PathState &st, Bdd extra);
  void freeOwned(mlir::Operation *op, mlir::Value v, const AliasEntry &e,
                 unsigned b, Bdd c, PathState &st);
  /// bufferization.dealloc: conditional frees, and retained ownership.
  void handleDealloc(mlir::bufferization::DeallocOp op, PathState &st);
  /// The operands of a bufferization.dealloc, or of a call of upstream's
  /// deallocation helper it was lowered to (`op`: where the pointers are
  /// compared).
  struct DeallocList {
    mlir::Operation *op;
    mlir::ValueRange memrefs, conditions, retained;
  };
  /// Where memref `i` of the list is freed.
  Bdd freedByDealloc(const DeallocList &list, unsigned i);
  /// Where retained memref `r` is owned afterwards.
  Bdd ownedAfterDealloc(const DeallocList &list, unsigned r);
  /// Memory effect on `v`: a use after free where it may be freed.
  void handleUse(mlir::Operation *op, mlir::Value v, PathState &st);
  /// `yield` (a return, a scope's or body's yield) hands `v` out of its
  /// parent: stack memory that parent frees (stackScopeOf) is freed memory
  /// then. Any other parent frees none.
  void stackEscapes(mlir::Operation *yield, mlir::Value v, PathState &st);
  /// At `await`, which waits for `execute`'s body: a use after free of
  /// `v`, which the body uses, where the host freed it after the execute.
  /// (At a return, `neverAwaited`: nothing waits for the body.)
  void raceWithBody(mlir::Operation *await, mlir::Operation *execute,
                    mlir::Value v, PathState &st, bool neverAwaited = false);
  /// The call of a coroutine whose token `op`, an `async.runtime.await`,
  /// is the first to wait for (Context::usedUntilAwaited), if it is one.
  mlir::Operation *coroutineCallAwaited(mlir::Operation *op);
  /// Allocation (and a call returning a fresh buffer): on every path of
  /// the state the buffer is now a new, live one.
  void handleAllocation(unsigned b, PathState &st) {
    st.entries.mut(b) =
        Entry{BddManager::True, BddManager::False, FreeListPool::None};
  }
  /// An op that packs a buffer into a value memlint does not follow (an
  /// LLVM descriptor, a custom type; see mayPackBuffer): the buffers its
  /// operands may hold are no longer tracked.
  void untrackPacked(mlir::Operation *op);
  /// The alias set of one memref result `r` of `op`.
  AliasSet aliasOfResult(mlir::Operation *op, mlir::OpResult r);
  /// Where two values hold one buffer (`same`), and where memlint cannot
  /// tell (`unknown`); elsewhere they are different buffers. Distinct
  /// allocations, and instances of one allocation from different
  /// iterations, are distinct memory while live, and fresh memory is never
  /// the caller's (an argument, a global, the stack). It cannot tell for
  /// two different arguments (they may be one buffer) and memory it does
  /// not follow. Two values holding the instance of an allocation an
  /// earlier iteration made are one buffer: the lattice keeps one such
  /// instance, and comparisons must agree with it (told apart, two
  /// iterations' instances would be freed through one and used through
  /// the other).
  struct Sameness {
    Bdd same = BddManager::False;
    Bdd unknown = BddManager::False;
  };
  Sameness samenessOf(mlir::Value a, mlir::Value b);
  /// The argument a memref.realloc `op` of this private function takes
  /// over (origin `o`), if it is one (FunctionSummary::takesArguments);
  /// also a free of `v` that ends a realloc spelled out (-expand-realloc).
  std::optional<unsigned> takenOver(mlir::Operation *op, mlir::Value v,
                                    const Origin &o);
  /// The argument number of origin `o`, an argument of this function when
  /// the function is private.
  std::optional<unsigned> privateArgument(const Origin &o);
  /// A call passing memory its caller does not own to a callee that takes
  /// it over frees it: an invalid free at the call.
  void takeOver(mlir::Operation *call, PathState &st);
  /// The frees a call makes through a callee that frees its arguments on
  /// every path (Context::freedByCall).
  void freeByCall(mlir::Operation *call, PathState &st);
  /// Whether the aligned pointers of `a` and `b`, compared at `op`, are
  /// equal: `same`, and an atom of memory where sameness is unknown.
  Bdd pointersEqual(mlir::Operation *op, mlir::Value a, mlir::Value b);
  bool isForeign(const Origin &o) const {
    return o.kind == OriginKind::Owned && ctx.buffers[o.buffer].foreign;
  }
  /// The i1 values `op` defines get their formulas: derived ones are
  /// rebuilt at every visit (what they are built from, such as a loop
  /// header's flags, may differ from the last fixpoint round), and pointer
  /// comparisons are decided from aliases (pointersEqual).
  void defineConditions(mlir::Operation *op);
  bool pointerEquality(mlir::Value r, Bdd &out);
  /// An i1 loaded from an output array of upstream's deallocation library
  /// function after its call (lifetime/DeallocLibrary.h): what the call
  /// wrote there, from the conditions and memrefs it was given.
  bool libraryOutput(mlir::Value r, Bdd &out);
  /// The library call writing output array `array`, read once (the pointer
  /// lasts until the next call).
  const LibraryCall *libraryCallFor(mlir::Value array);
  /// The free that freed buffer `b` on (some of) the paths of `cond`.
  mlir::Operation *freerFor(const PathState &st, unsigned b, Bdd cond);

  FunctionContext &ctx;
  AliasFlow &flow;
  /// Per call of the library function: what it was given (nullopt: not
  /// all its arrays are known).
  llvm::DenseMap<mlir::Operation *, std::optional<LibraryCall>> libraryCalls;
};

} // namespace memlint::lifetime

#endif
