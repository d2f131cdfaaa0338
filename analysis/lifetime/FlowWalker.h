//===- FlowWalker.h - The fixpoint walk over blocks and regions -*- C++ -*-===//
//
// Walks a region's CFG in reverse post order, round after round until the
// states carried by back edges stop changing (a retreating edge of the
// order is a back edge), and region ops through RegionBranchOpInterface:
// entry edges, region-to-region edges and yields to the parent, likewise to
// a fixpoint when the op loops. Ops without regions go to the Transfer.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_FLOWWALKER_H
#define MEMLINT_ANALYSIS_LIFETIME_FLOWWALKER_H

#include "analysis/lifetime/EdgeConditions.h"
#include "analysis/lifetime/HeldValues.h"
#include "analysis/lifetime/LoopModel.h"
#include "analysis/lifetime/Transfer.h"
#include "analysis/lifetime/UnreadValues.h"
#include "llvm/ADT/SetVector.h"
#include <memory>
#include <optional>

namespace memlint::lifetime {

/// A state leaving a region: at a terminator without block successors, or
/// at the end of a block without a terminator (`term` null).
struct Exit {
  mlir::Operation *term;
  PathState st;
};

class FlowWalker {
public:
  FlowWalker(FunctionContext &ctx, AliasFlow &flow, EdgeConditions &edges,
             LoopModel &loops, Transfer &transfer)
      : ctx(ctx), flow(flow), edges(edges), loops(loops), transfer(transfer) {}

  /// Runs a region's CFG from `entry` to a fixpoint; the states at its
  /// exits (those of the last round if the analysis gave up).
  std::vector<Exit> walkRegion(mlir::Region &region, const Incoming &entry);
  /// Applies one op (with its regions) to `st`.
  void step(mlir::Operation *op, PathState &st) {
    ctx.pathAt[op] = st.path;
    if (op->getNumRegions() > 0 && !mlir::isa<mlir::FunctionOpInterface>(op))
      stepRegions(op, st);
    else
      transfer.apply(op, st);
  }
  /// Gives an i1 argument an atom of its own, never to be re-bound (function
  /// arguments, loop-carried values).
  void bindAtom(mlir::BlockArgument arg, bool loopCarried);
  /// The same, with the atom made when a condition first uses it.
  void bindAtomOnFirstUse(mlir::BlockArgument arg);
  /// Memref arguments of loop headers and repeated regions.
  const llvm::SetVector<mlir::Value> &loopCarriedMemrefs() const {
    return carriedMemrefs;
  }
  /// The rounds the region ops in `op` (itself included) add to the cap of
  /// the loop whose body holds `op`: per region op, its depth below that
  /// loop plus one.
  static uint64_t nestRounds(mlir::Operation *op);
  /// The usual cap plus the rounds a nest needs (`nested`, bounded).
  static unsigned roundCapFor(uint64_t nested);
  /// How many loops (`loop` included) the deepest of its ops is in.
  static unsigned loopNestDepth(mlir::Operation *loop);

private:
  friend class CfgWalk;
  friend class RegionOpWalk;

  void stepRegions(mlir::Operation *op, PathState &st);
  /// Ops with regions but no RegionBranchOpInterface (gpu.launch, custom
  /// accelerator ops): each region runs once, in order.
  void walkOpaqueRegions(mlir::Operation *op, PathState &st);
  /// A region of a region op; a repeated one's entry arguments are
  /// loop-carried.
  std::vector<Exit> walkRegionOpRegion(mlir::Region &region, const Incoming &in,
                                       bool repetitive);
  /// Iterates a loop: `runRound(round)` walks it once and says whether
  /// what its back edges carry grew. A loop iterates to its own fixpoint in
  /// every visit, except deep in a nest: from LockstepDepth loops down, a
  /// loop runs one round per visit (from what its back edges carried at
  /// its last visit) and leaves it to the loop LockstepDepth levels up to
  /// go round again until nothing in the nest changed. Iterating every
  /// level to its own fixpoint multiplies the rounds of the levels (16
  /// nested loops: 2^16 walks of the innermost body); in lockstep they add
  /// up. Shallow nests keep the nested fixpoints: lockstep rounds see
  /// partial states of the inner loops, which makes more distinct
  /// conditions (a 12k-op generated function needed 5x the BDD nodes).
  static constexpr unsigned LockstepDepth = 3;
  /// A nest of at least this many loops goes in lockstep from its outermost
  /// loop: the nested fixpoints of the two levels above the lockstep ones
  /// walk the whole nest four times over, which a deep nest cannot afford
  /// (a buffer carried through 20 nested loops' iter_args outgrew the
  /// budget).
  static constexpr unsigned DeepNest = 8;
  /// LockstepDepth, or 1 in a deep nest (set at the nest's outermost loop).
  unsigned lockstepDepth = LockstepDepth;
  /// The state at a loop head: `cur`, what enters it from outside,
  /// restricted to the first iteration (`first`, its atom; none for a
  /// block or region that is no loop head), joined with what the back
  /// edges carried (`back`, if any) on the paths into the loop. Atoms from
  /// outside the loop keep their values while it runs, so the paths coming
  /// round hold what some path into the loop holds. What back edges
  /// carried in earlier rounds, or at an earlier visit of the loop in
  /// lockstep, may not: it was joined under earlier states of the loops
  /// around this one, whose atoms have since been renamed or dropped, and
  /// such paths no execution has (a buffer freed on every real path stayed
  /// live on them in upstream's cf-lowered output).
  void joinLoopHead(Incoming &cur, std::optional<Bdd> first,
                    const Incoming *back);
  /// Whether a loop visited now runs in lockstep (see iterateLoop): it
  /// then starts from what its back edges carried at its last visit.
  bool visitsInLockstep() const { return iteratingLoops >= lockstepDepth; }
  /// `cfgLoops`: the extra rounds the CFG loops the rounds iterate beside
  /// the nest of `loop`'s regions need (a region of branches walked as
  /// one): their depths summed (CfgWalk).
  void iterateLoop(mlir::Operation *loop, unsigned cfgLoops,
                   llvm::function_ref<bool(unsigned round)> runRound);
  /// iterateLoop with what bounds the rounds worked out by the caller (and
  /// only when needed): the depth of the nest of region loops the rounds
  /// are the outermost level of, and the most rounds they may take.
  void iterateRounds(llvm::function_ref<unsigned()> nestDepth,
                     llvm::function_ref<unsigned()> roundsCap,
                     llvm::function_ref<bool(unsigned round)> runRound);
  /// Whether a loop walked since the flag was last cleared has not reached
  /// its fixpoint yet (so the walk that contains it must go round again).
  bool nestedLoopUnstable() const { return unstableNested; }
  void setNestedLoopUnstable(bool u) { unstableNested = u; }

  /// Gives block arguments their aliases and i1 formulas. At loop headers
  /// an i1 argument changes every iteration: it is an atom of its own.
  void bindArguments(mlir::Block *block, const Incoming &cur, bool header);
  /// At a block of the function's body: drops the state of buffers that no
  /// path into `block` has live and that no value it or a later block may
  /// use (HeldValues), nor its arguments, may hold: no later op can free or
  /// use them, so they can have no event, and joins, restricts and renames
  /// then cost what the buffers still in play cost, not what every buffer
  /// freed so far does.
  void dropFinishedBuffers(mlir::Block *block, PathState &st);

  FunctionContext &ctx;
  AliasFlow &flow;
  EdgeConditions &edges;
  LoopModel &loops;
  Transfer &transfer;
  /// Opaque region ops, whether a region of theirs frees an argument.
  llvm::DenseMap<mlir::Operation *, bool> freesArgument;
  /// i1 block arguments bound to an atom of their own.
  llvm::DenseSet<mlir::Value> atomArguments;
  llvm::SetVector<mlir::Value> carriedMemrefs;
  /// Entry blocks of regions a region op repeats (a loop's body): like a
  /// CFG loop's header, what their arguments get changes per iteration.
  llvm::DenseSet<mlir::Block *> repeatedEntries;
  /// What the back edges of each loop in lockstep carried when the loop was
  /// last walked (a CFG loop by header, a region loop by region): it is
  /// walked again in every round of an outer one and goes on from there
  /// (see iterateLoop). The analysis is monotone, so the earlier
  /// state lies below the new fixpoint and starting from it reaches the
  /// same one.
  llvm::DenseMap<mlir::Block *, Incoming> cfgBackIn;
  llvm::DenseMap<mlir::Region *, Incoming> regionBackIn;
  /// What the blocks of the function's body still use (made on first use).
  std::unique_ptr<HeldValues> held;
  /// Whether no op reads `v` (UnreadValues of the function holding it,
  /// made on first use): an edge passing a buffer to it does not carry
  /// the buffer on.
  bool unread(mlir::Value v);
  /// `operands` without those an edge passes to unread `inputs`.
  llvm::SmallVector<mlir::Value> passedToReaders(mlir::ValueRange operands,
                                                 mlir::ValueRange inputs);
  std::unique_ptr<UnreadValues> unreadValues;
  /// Loops being iterated around the current op.
  unsigned iteratingLoops = 0;
  bool unstableNested = false;
  /// In a lifted head's run for its exits alone (RegionOpWalk::runRound):
  /// the scf.if on the loop's test, and the paths on which it takes the
  /// way out of the loop; its other way, the body, is not walked again.
  mlir::Operation *exitOnlyIf = nullptr;
  Bdd exitOnlyWay = BddManager::True;
};

} // namespace memlint::lifetime

#endif
