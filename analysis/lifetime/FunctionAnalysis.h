//===- FunctionAnalysis.h - One function's lifetime analysis ----*- C++ -*-===//
//
// Collects the function's buffers (allocations, fresh results of calls,
// and an earlier instance per loop allocation), walks its body from the
// entry (arguments are the caller's memory, i1 arguments atoms), and at
// each return reports buffers still live that it does not return, and
// computes the summary callers use. Events are kept only where they happen
// whatever memory holds, in program order.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_FUNCTIONANALYSIS_H
#define MEMLINT_ANALYSIS_LIFETIME_FUNCTIONANALYSIS_H

#include "analysis/lifetime/FlowWalker.h"
#include <map>

namespace memlint::lifetime {

class FunctionAnalysis {
public:
  FunctionAnalysis(std::vector<BufferInfo> &buffers,
                   std::vector<Origin> &origins, bool &stopped,
                   ModuleLifetimes &module, ValueNamer namer)
      : ctx(buffers, origins, stopped, module, std::move(namer)), flow(ctx),
        edges(ctx), loops(ctx, flow), transfer(ctx, flow),
        walker(ctx, flow, edges, loops, transfer) {}

  /// Before run(): what the BDDs may spend before the analysis gives up.
  void setUp(const BddBudget &budget);
  void run(mlir::FunctionOpInterface fn);
  /// The summary for callers (nothing known if the analysis gave up).
  FunctionSummary summary() const;
  /// Events on tracked buffers that happen whatever memory holds, in
  /// program order; with `forSomeContents`, also those that happen only
  /// for some values read from memory (what a fix must not add).
  /// Whether `ev` is this private function's free of an argument it
  /// releases (FunctionSummary::releasesArguments): not reported.
  bool releasesArgument(const Event &ev) const;
  /// For a leak at a return of a buffer allocated where nothing repeats,
  /// the paths that allocated it; nullopt otherwise.
  std::optional<Bdd> allocationReach(const Event &e) const;
  std::vector<Event> events(mlir::FunctionOpInterface fn,
                            bool forSomeContents = false);
  std::optional<unsigned> bufferOf(mlir::Value v) const {
    return ctx.bufferOf(v);
  }
  /// Words for a path on which one of `conds` holds, as seen at `at`.
  Message describePath(llvm::ArrayRef<Bdd> conds, mlir::Operation *at);
  /// The owned buffers `op` frees, each with the paths on which it does.
  std::vector<std::pair<unsigned, Bdd>> freedBy(mlir::Operation *op) const {
    std::vector<std::pair<unsigned, Bdd>> out;
    for (auto it = ctx.frees.lower_bound({op, 0});
         it != ctx.frees.end() && it->first.first == op; ++it)
      if (it->second != BddManager::False)
        out.push_back({it->first.second, it->second});
    return out;
  }
  double pathShare(Bdd cond) const { return ctx.bdd.satFraction(cond); }
  /// The i1 values whose atoms `cond` depends on, not read from memory.
  std::vector<mlir::Value> valuesDeciding(Bdd cond);
  const BddManager &bdds() const { return ctx.bdd; }
  bool lostPaths() const { return ctx.pathsLost; }

private:
  /// Whether each block asked of may run more than once (allocationReach).
  mutable llvm::DenseMap<mlir::Block *, bool> blocksRepeating;
  /// What one i1 result is over the returns seen so far.
  enum class ResultConstant { NoReturnYet, Varies, False, True };

  void collectBuffers(mlir::FunctionOpInterface fn);
  /// The memref arguments a coroutine takes over (BufferInfo::takenArgument)
  /// become owned buffers, live from the entry.
  void takeOverCapturedArguments(mlir::FunctionOpInterface fn);
  void readCallResults(mlir::CallOpInterface call,
                       llvm::SmallVectorImpl<mlir::Value> &owned,
                       llvm::SmallVectorImpl<mlir::Value> &foreign);
  Incoming entryOf(mlir::Region &body);
  void atReturn(const Exit &x);
  void updateConstant(unsigned i, mlir::Value v, Bdd path);
  void updateSameAsArgument(unsigned i, mlir::Value v, Bdd path,
                            bool firstReturn);
  /// A return's i1 operands by the condition each holds on its path, so
  /// that a result's candidates are looked up, not searched for among
  /// all of them (a function of n results was n^2 formulas).
  struct ReturnedFlags {
    /// Per operand: its condition on the return's path (False if not i1).
    std::vector<Bdd> at;
    /// The i1 operands, in order, by that condition.
    llvm::DenseMap<Bdd, llvm::SmallVector<unsigned, 2>> byCondition;
  };
  void updateOwnedWhen(unsigned i, const ReturnedFlags &flags, Bdd covered,
                       Bdd notOwned, bool firstReturn);
  void untrackAmbiguousLoopValues();

  FunctionContext ctx;
  AliasFlow flow;
  EdgeConditions edges;
  LoopModel loops;
  Transfer transfer;
  FlowWalker walker;
  /// Per result: a buffer allocated here, returned on every path.
  std::vector<bool> fresh;
  /// Per result: an earlier result that holds the same buffers at every
  /// return seen so far (`return %b, %b`; `second`: a view that may start
  /// past their first byte), FunctionSummary::sameFreshAs.
  std::vector<std::optional<std::pair<unsigned, bool>>> sameAsResult;
  void updateSharedResults(const Exit &x, bool firstReturn);
  /// Per result: foreign memory returned on every path.
  std::vector<bool> foreignOut;
  /// Per result: on every path a buffer the function allocated or foreign
  /// memory, and never anything else (an argument, unknown memory).
  std::vector<bool> freshOrForeignOut;
  /// Per result: the op that frees every owned buffer returned there so
  /// far (FunctionSummary::freeOp); NotSeen before the first, empty once
  /// they differ or one is unknown.
  std::vector<llvm::StringRef> freeOut;
  static constexpr llvm::StringLiteral NotSeen = "?";
  /// Per result: the memref argument it is at every return seen so far
  /// (FunctionSummary::returnsArgument); nullopt once it is not.
  std::vector<std::optional<std::pair<unsigned, bool>>> argumentOut;
  /// Per result, the memref arguments it is on some return's path
  /// (FunctionSummary::mayReturnArguments).
  std::vector<llvm::SmallVector<unsigned, 2>> argumentMay;
  void updateArgumentOut(unsigned i, mlir::Value v, Bdd path, bool firstReturn);
  /// The index of the function's argument origin `o` is, if it is one.
  std::optional<unsigned> entryArgumentOf(const Origin &o) const;
  /// Per result: the memref argument it is, or a buffer allocated here, at
  /// every return seen so far (FunctionSummary::growsArgument, once the
  /// argument is taken over); GrownNotSeen while only fresh buffers were,
  /// GrownMixed once anything else was.
  static constexpr unsigned GrownNotSeen = ~0u, GrownMixed = ~0u - 1;
  std::vector<unsigned> grownOut;
  /// Per result: whether the argument of grownOut may be seen through a
  /// view that starts past its first byte.
  std::vector<bool> grownInterior;
  /// Per i1 result: the values its returns hand out (each once), whose
  /// sources (FlagSources) summary() asks of an ownership flag alone.
  std::vector<llvm::SmallVector<mlir::Value, 1>> returnedI1s;
  /// Whether callers cannot see what result `k` is computed from at any
  /// return, and no i1 argument may reach it.
  bool flagOfItsOwn(unsigned k) const;
  /// Per i1 result: the earlier i1 results it still equals.
  std::vector<llvm::SmallVector<unsigned, 1>> equalResultCandidates;
  void updateEqualResults(unsigned i, const ReturnedFlags &flags,
                          bool firstReturn);
  void updateGrownArgument(unsigned i, mlir::Value v, Bdd path);
  std::vector<ResultConstant> constant;
  /// Per result: the i1 results that may flag its ownership
  /// (FunctionSummary::ownedWhen), over the returns seen so far.
  std::vector<llvm::SmallVector<unsigned, 2>> ownedWhenCandidates;
  bool sawReturnBefore = false;
  /// Whether the function is a coroutine (AsyncRuntime.h), asked once.
  bool coroutine = false;
  /// The paths on which the function returns, and the arguments freed on
  /// all of them (FunctionSummary::freesArguments).
  Bdd returnReach = BddManager::False;
  llvm::SmallVector<unsigned, 1> freesArgumentsOut;
  /// Of those, the ones a private function frees once on each path
  /// (FunctionSummary::releasesArguments): its frees of them are not
  /// reported (events).
  llvm::SmallVector<unsigned, 1> releasesArgumentsOut;
  /// Per taken-over argument's buffer: the paths on which a return finds
  /// it not freed.
  std::map<unsigned, Bdd> takenUnfreedAtReturn;
  /// FunctionSummary::freesArgumentWhen.
  std::vector<std::tuple<unsigned, unsigned, bool>> freesArgumentWhenOut;
  void findArgumentsFreedOnReturn();
  /// Per result: the i1 arguments (and polarity) it still equals.
  std::vector<llvm::SmallVector<std::pair<unsigned, bool>, 2>>
      argumentCandidates;
  llvm::SmallVector<mlir::BlockArgument> entryArguments;
  /// i1 results of calls whose callee always returns one constant.
  llvm::DenseMap<mlir::Value, bool> constantCallResults;
};

} // namespace memlint::lifetime

#endif
