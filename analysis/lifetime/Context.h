//===- Context.h - What the parts of a function's analysis share -*- C++
//-*-===//
//
// What several parts of the analysis of one function read or extend: the
// BDDs and condition atoms, the buffers and origins (owned by the
// LifetimeAnalysis they end up in), the lattice, the path reaching each op
// and the events seen so far. Each part keeps the rest of its data itself.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_CONTEXT_H
#define MEMLINT_ANALYSIS_LIFETIME_CONTEXT_H

#include "analysis/GpuWaits.h"
#include "analysis/lifetime/Conditions.h"
#include "analysis/lifetime/OpNesting.h"
#include "analysis/lifetime/PathState.h"
#include "analysis/lifetime/Results.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <optional>
#include <tuple>

namespace memlint {
class ModuleLifetimes;
}

namespace memlint::lifetime {

/// Fixpoint iterations a walker may take before the analysis gives up.
constexpr unsigned MaxRounds = 24;

/// Events keyed by (kind, op, buffer or origin): a later visit of the same
/// op (a later fixpoint round) replaces what an earlier one recorded.
class EventLog {
public:
  void record(const Event &e, int key) {
    if (e.cond == BddManager::False)
      return;
    events[{static_cast<int>(e.kind), e.op, key}] = e;
  }
  auto begin() const { return events.begin(); }
  auto end() const { return events.end(); }

private:
  std::map<std::tuple<int, mlir::Operation *, int>, Event> events;
};

struct FunctionContext {
  FunctionContext(std::vector<BufferInfo> &buffers,
                  std::vector<Origin> &origins, bool &stopped,
                  ModuleLifetimes &module, ValueNamer namer)
      : buffers(buffers), origins(origins), stopped(stopped), module(module),
        conds(bdd, std::move(namer), facts), lattice(bdd) {}

  std::vector<BufferInfo> &buffers;
  std::vector<Origin> &origins;
  /// Set when the analysis gives up (no fixpoint, BDD budget spent).
  bool &stopped;
  /// Set when no path crossed a back edge that some path reached, even
  /// with nested loops' copies kept apart: later iterations are unchecked
  /// there (LifetimeAnalysis::lostPaths).
  bool pathsLost = false;
  ModuleLifetimes &module;
  BddManager bdd;
  /// Ranges and loop bounds: comparisons and affine.ifs they decide.
  IntegerFacts facts;
  ConditionTable conds;
  PathLattice lattice;
  /// Which region op holds which (LoopScope asks).
  OpNesting nesting;
  /// The origin standing for memory memlint cannot follow.
  unsigned unknownOrigin = 0;
  /// Buffer index of each allocating value.
  llvm::DenseMap<mlir::Value, unsigned> bufferIndex;
  llvm::DenseMap<mlir::Value, unsigned> originOfValue;
  /// Results of calls that are a fresh buffer of the callee only when an
  /// i1 result of the same call holds (FunctionSummary::ownedWhen): that
  /// i1 result.
  llvm::DenseMap<mlir::Value, mlir::Value> ownershipFlagOf;
  /// Of those results, the ones that are a memref the call passes wherever
  /// the flag does not hold (FunctionSummary::argumentUnlessOwned): that
  /// operand, and whether the result may point into it.
  llvm::DenseMap<mlir::Value, std::pair<mlir::Value, bool>>
      callResultUnlessOwned;
  /// i1 results of calls that equal an earlier i1 result of the same call
  /// (FunctionSummary::sameI1As): that result.
  llvm::DenseMap<mlir::Value, mlir::Value> callResultEquals;
  /// Their flags: values the callee computes from its own, each a data
  /// atom (made once, at the first visit of the call).
  llvm::DenseMap<mlir::Value, std::optional<Bdd>> opaqueOwnershipFlags;
  /// Per call result: the op its callee's summary says frees it.
  llvm::DenseMap<mlir::Value, llvm::StringRef> freeOpOfCallResult;
  /// i1 results of calls that equal what the call passes for one of the
  /// callee's i1 arguments (FunctionSummary::sameAsArgument): that operand,
  /// and whether negated.
  llvm::DenseMap<mlir::Value, std::pair<mlir::Value, bool>> flagArgumentOf;
  /// Memref results of calls that are another value the caller has: what
  /// the call passes for one of the callee's memref arguments
  /// (FunctionSummary::returnsArgument), or an earlier result of the call
  /// (FunctionSummary::sameFreshAs); and whether the result may point into
  /// it.
  llvm::DenseMap<mlir::Value, std::pair<mlir::Value, bool>> callResultIs;
  /// i1 results of calls that compare what the call passes with a
  /// constant or with another operand (FunctionSummary::comparesArgument).
  struct CallComparison {
    mlir::Value lhs;
    mlir::arith::CmpIPredicate predicate;
    mlir::Value rhs; // null: compared with `value`
    llvm::APInt value;
  };
  llvm::DenseMap<mlir::Value, CallComparison> comparisonOfCallResult;
  /// comparisonOfCallResult as a question on one value (the other side is
  /// a constant): that value and those of its values for which the call's
  /// result holds.
  std::optional<std::pair<mlir::Value, ValueSet>>
  callQuestionOf(mlir::Value callResult) const;
  /// Per call, the operands its callee may hand back as a result on some
  /// path but not on every one (FunctionSummary::mayReturnArguments):
  /// which buffer the result is cannot be told, so the buffers passed there
  /// are not tracked (a free of the result frees one of them).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 2>>
      maybeReturnedArguments;
  /// Per memref call result that may be one of the memrefs its call passes
  /// (FunctionSummary::mayReturnArguments, no flag beside it): those.
  llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Value, 2>>
      callResultMayBe;
  /// Per call: the memrefs it passes to a callee that takes them over
  /// (FunctionSummary::takesArguments); what the caller does not own is
  /// freed by the call.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 1>>
      takenByCall;
  /// Per call: the memrefs its callee frees on every path
  /// (FunctionSummary::freesArguments): the call frees what the caller
  /// owns there (the callee reports freeing what it does not own).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 1>>
      freedByCall;
  /// Per call: the memrefs its private callee releases
  /// (FunctionSummary::releasesArguments): what the caller does not own
  /// there is an invalid free at the call.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 1>>
      releasedByCall;
  /// Arguments of this (private) function that a memref.realloc of it
  /// takes over.
  llvm::SmallVector<unsigned, 1> takenArguments;
  /// Per `!async.value` a call returns that holds a memref the call passed
  /// (FunctionSummary::valueHoldsArgument): that memref.
  llvm::DenseMap<mlir::Value, mlir::Value> asyncValueHolds;
  /// Memref arguments of this function that it packs into another type or
  /// stores into memory (FunctionSummary::escapesArguments).
  llvm::SmallVector<unsigned, 1> escapedArguments;
  /// Per call: the memrefs its callee frees where an i1 it is passed holds
  /// (FunctionSummary::freesArgumentWhen): memref, flag, negated.
  llvm::DenseMap<
      mlir::Operation *,
      llvm::SmallVector<std::tuple<mlir::Value, mlir::Value, bool>, 1>>
      freedByCallWhen;
  /// Calls of coroutines (FunctionSummary::coroutine).
  llvm::DenseSet<mlir::Operation *> coroutineCalls;
  /// Per call of a coroutine: the memrefs it passes that the task uses
  /// until its token is awaited (FunctionSummary::usesArgumentsUntilAwaited).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 1>>
      usedUntilAwaited;
  /// The buffers async GPU ops free in streams (gpuWorkAwaited).
  StreamFrees streamFrees;
  /// The path that reaches each op (the last round's).
  llvm::DenseMap<mlir::Operation *, Bdd> pathAt;
  /// Per buffer, the path on which it was last allocated (the last
  /// round's): ReportedEvents judges a leak among those paths.
  llvm::DenseMap<unsigned, Bdd> allocatedOn;
  EventLog events;
  /// Per free and owned buffer it frees: on which paths (the last round's
  /// visit). For the editor's hover; no check reads it.
  std::map<std::pair<mlir::Operation *, unsigned>, Bdd> frees;

  unsigned numBuffers() const { return lattice.size(); }
  std::optional<unsigned> bufferOf(mlir::Value v) const {
    auto it = bufferIndex.find(v);
    if (it == bufferIndex.end())
      return std::nullopt;
    return it->second;
  }
  /// The origin of `v`, made on first request.
  unsigned originFor(OriginKind kind, mlir::Value v, int buffer = -1) {
    auto it = originOfValue.find(v);
    if (it != originOfValue.end())
      return it->second;
    unsigned id = origins.size();
    origins.push_back({kind, v, buffer});
    originOfValue[v] = id;
    return id;
  }
  /// The buffer an origin owns, if it is an owned allocation.
  std::optional<unsigned> ownedBuffer(unsigned origin) const {
    const Origin &o = origins[origin];
    if (o.kind != OriginKind::Owned)
      return std::nullopt;
    assert(o.buffer >= 0 && "owned origin without a buffer");
    return o.buffer;
  }
  /// EntryTable::chunksOnThisThread() when the analysis started.
  int64_t chunkBaseline = EntryTable::chunksOnThisThread();
  /// Charges the chunks of path states made since the analysis started to
  /// the BDD byte budget (BddManager::chargeOutside).
  void chargeStates() {
    int64_t chunks = EntryTable::chunksOnThisThread() - chunkBaseline;
    if (chunks > 0)
      bdd.chargeOutside(uint64_t(chunks) * EntryTable::BytesPerChunk);
  }
  /// Whether a walker must stop: too many rounds or BDDs (sets `stopped`).
  /// Each round counts as one operation of the budget: nested walks
  /// multiply their rounds.
  bool mustGiveUp(unsigned round, unsigned maxRounds = MaxRounds) {
    bdd.charge();
    chargeStates();
    if (round < maxRounds && !bdd.exhausted())
      return false;
    stopped = true;
    return true;
  }
};

} // namespace memlint::lifetime

#endif
