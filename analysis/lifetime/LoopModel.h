//===- LoopModel.h - Back edges, earlier iterations, loop exits -*- C++ -*-===//
//
// A loop is either a CFG loop (a header block and the blocks of its back
// edges, in one region) or a region op that repeats a region (scf.for,
// scf.while). Three things happen at its edges:
//  * crossing a back edge, buffers allocated in the loop that are still
//    live leak unless the edge carries them, and carried ones become the
//    *earlier instance* of their allocation (a second buffer per loop
//    allocation); atoms defined in the loop are renamed to earlier-iteration
//    copies, since their value belongs to the previous iteration;
//  * entering the header, edges are told apart by the hidden "first
//    iteration" atom (EdgeConditions::firstIteration);
//  * leaving the loop, its bookkeeping atoms are dropped from the path.
//
// Why not mlir::CFGLoopInfo: it needs dominance and only finds natural
// loops of reducible CFGs, while the walker treats every retreating edge of
// a reverse post order as a back edge (irreducible CFGs included) and keys
// loops by header (the blocks of all its back edges); region loops are not
// CFG loops at all.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_LOOPMODEL_H
#define MEMLINT_ANALYSIS_LIFETIME_LOOPMODEL_H

#include "analysis/lifetime/AliasFlow.h"
#include "analysis/lifetime/LoopBlocks.h"
#include "analysis/lifetime/OpNesting.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace memlint::lifetime {

/// One loop, as the loop model sees it.
class LoopScope {
public:
  /// A CFG loop: `blocks` of `region`, entered at `header`.
  static LoopScope cfg(mlir::Region *region,
                       const llvm::DenseSet<mlir::Block *> &blocks,
                       mlir::Block *header) {
    LoopScope s;
    s.region = region;
    s.blocks = &blocks;
    s.key = header;
    s.keyOp = header->empty() ? nullptr : &header->front();
    return s;
  }
  /// The regions of a region op that loops; `nesting` of its function.
  static LoopScope regionOp(mlir::Operation *op, const OpNesting &nesting) {
    LoopScope s;
    s.op = op;
    s.nesting = &nesting;
    s.key = op;
    s.keyOp = op;
    return s;
  }
  /// Identifies the loop (earlier-iteration copies are made per loop).
  const void *id() const { return key; }
  /// Identifies the loop's earlier instances of allocations: the op of a
  /// region loop, the header of a CFG loop.
  const void *instanceKey() const { return key; }
  /// An op that says where the loop is.
  mlir::Operation *locationOp() const { return keyOp; }
  /// The loop op of a region loop; null for a CFG loop.
  mlir::Operation *regionLoopOp() const { return op; }
  /// The numbering of a region loop's function; null for a CFG loop.
  const OpNesting *opNesting() const { return nesting; }
  /// A CFG loop's region and blocks; null for a region loop.
  mlir::Region *cfgRegion() const { return region; }
  const llvm::DenseSet<mlir::Block *> *cfgBlocks() const { return blocks; }
  /// `o` is in the loop (nested ops included).
  bool contains(mlir::Operation *o) const;
  /// Atom `var` gets its value in the loop.
  bool defines(unsigned var, const ConditionTable &conds) const;
  /// `v` is a counter of this loop that never takes one value twice: its
  /// induction variable (of a parallel loop, of one dimension), or a
  /// counter it carries that IntegerFacts::firstIterationValue knows.
  bool countsUp(mlir::Value v, IntegerFacts &facts) const;
  /// `v` keeps its value through the loop: defined outside it, or by pure
  /// ops in it of values defined outside (a few levels deep).
  bool holdsStill(mlir::Value v) const;
  /// More than one edge goes back to the loop's head: a CFG loop's header
  /// with several predecessors in the loop.
  bool hasSeveralBackEdges() const;

private:
  mlir::Region *region = nullptr;
  const llvm::DenseSet<mlir::Block *> *blocks = nullptr;
  mlir::Operation *op = nullptr;
  const OpNesting *nesting = nullptr;
  const void *key = nullptr;
  mlir::Operation *keyOp = nullptr;
};

/// Whether `v` is computed, inside the loop op `loop`, from an argument of
/// a block of its regions (a region loop's varying values: out of scope
/// after it, and no op after it computes the same value). `memo` keeps
/// the answers for values asked on the way.
bool variesInside(mlir::Operation *loop, mlir::Value v,
                  llvm::DenseMap<mlir::Value, bool> &memo);

class LoopModel {
public:
  LoopModel(FunctionContext &ctx, AliasFlow &flow) : ctx(ctx), flow(flow) {}

  /// Gives every allocation that may run more than once per call of `fn`
  /// an earlier instance per loop around it (appended to the buffers and
  /// origins). Where that makes more than MaxBuffers, none is made and the
  /// analysis budget (its memory) is spent.
  void addEarlierInstances(mlir::FunctionOpInterface fn);
  static constexpr size_t MaxBuffers = size_t(1) << 17;
  /// The most blocks the CFG loops of a region may hold, summed over the
  /// loops (cfgLoopsOf).
  static constexpr size_t MaxLoopBlocks = size_t(1) << 22;
  /// `contrib` crosses the back edge `term` of `loop`, carrying `carried`.
  void crossBackEdge(mlir::Operation *term, Incoming &contrib,
                     mlir::ValueRange carried, const LoopScope &loop);
  /// `st` leaves `loop`; `before` is the state that entered it, if known.
  /// Atoms in `exported` stay (values visible after the loop mention them).
  /// Its bookkeeping atoms go, and those of its values that no op after
  /// it can ask: a region loop's that the path decides, and those
  /// `unaskedAfter` names that no buffer's condition names.
  void leaveLoop(PathState &st, const PathState *before, const LoopScope &loop,
                 const llvm::DenseSet<unsigned> &exported,
                 llvm::function_ref<bool(unsigned)> unaskedAfter = nullptr);

  /// The CFG loops of `region`: each header, and the blocks of its loop
  /// (the union over its back edges). A back edge is an edge to a block
  /// not later in the reverse post order from the entry; its loop is the
  /// blocks that reach its source without passing its header. Computed
  /// once per region; CfgWalk walks by them and earlier instances are
  /// keyed by their headers.
  using CfgLoops =
      std::vector<std::pair<mlir::Block *, llvm::DenseSet<mlir::Block *>>>;
  const CfgLoops &cfgLoopsOf(mlir::Region *region);

  /// Atoms the aliases and formulas of the arguments of `blocks` mention
  /// (and so those of every value derived from them).
  llvm::DenseSet<unsigned>
  exportedBy(const llvm::DenseSet<mlir::Block *> &blocks);
  /// Atoms the aliases and formulas in `results` mention.
  llvm::DenseSet<unsigned> exportedBy(const Incoming &results);

private:
  /// The loops `op` may repeat in, innermost first, by instanceKey().
  llvm::SmallVector<const void *, 2>
  enclosingLoops(mlir::Operation *op, mlir::FunctionOpInterface fn);
  /// Whether the regions of `op` repeat (RegionBranchOpInterface::hasLoop,
  /// asked once per op: it walks the op's region graph, and an
  /// scf.index_switch of 3,000 cases each allocating asked it per buffer).
  bool repeats(mlir::Operation *op);
  llvm::DenseMap<mlir::Operation *, bool> repeatsOf;
  /// Whether a loop (a CFG cycle's header, a repeating region op) encloses
  /// each block asked of, up to the function.
  bool anyLoopAround(mlir::Block *block, mlir::FunctionOpInterface fn);
  llvm::DenseMap<mlir::Block *, bool> loopAround;
  /// The headers of the CFG loops of `region` that `block` (one of its
  /// blocks) is in, innermost first.
  llvm::SmallVector<mlir::Block *, 2> cfgLoopsAround(mlir::Block *block,
                                                     mlir::Region *region);
  /// Per buffer, the paths on which the edge carries it on.
  std::vector<Bdd> carriedConditions(mlir::ValueRange carried,
                                     const PathState &st);
  const std::vector<unsigned> &allocationsIn(mlir::Operation *term,
                                             const LoopScope &loop);
  struct EarlierInstance {
    const void *loop; // LoopScope::instanceKey()
    unsigned buffer;
    unsigned origin;
  };
  /// Restricts the next iteration's paths to those where each equality
  /// of a counter of `loop` (with a constant, or a value the loop does not
  /// change) did not hold in this iteration and again in the next: the
  /// counter grows, so `%i == 7` and `%i == %n - 1` hold once.
  void equalitiesHoldOnce(mlir::Operation *term, Incoming &contrib,
                          const LoopScope &loop);
  static constexpr unsigned MaxEqualitiesHeldOnce = 8;
  /// The instances of `b` made in this iteration of the loop (`b` and the
  /// earlier instances of loops nested in it) become `into`.
  void carryInstances(mlir::Operation *term, Incoming &contrib,
                      llvm::ArrayRef<unsigned> current,
                      const EarlierInstance &into,
                      const std::vector<Bdd> &carried);
  /// Quantifies out of the path of a state crossing a back edge of `loop`
  /// the atoms of this iteration that nothing else it carries mentions.
  void dropIterationAtoms(Incoming &contrib, const LoopScope &loop);
  /// Whether crossing a back edge of `loop` renames atom `v`.
  bool renamesAtom(unsigned v, const LoopScope &loop) const;
  /// How a back edge renames copies that loops nested in its loop made:
  /// to the loop's copy of the atom they copy (Merged), or each to a copy
  /// of its own (Split).
  enum class CopyMode { Merged, Split };
  /// `x` with the atoms the back edge `edge` renames replaced by their
  /// earlier-iteration copies.
  Bdd earlierIterationCopies(Bdd x, const LoopScope &loop,
                             mlir::Operation *edge,
                             CopyMode mode = CopyMode::Merged);
  void earlierIterationCopies(PathState &s, const LoopScope &loop,
                              mlir::Operation *edge, CopyMode mode);
  /// `b` leaks at the back edge `term` on `cond`; `edgePath`: the paths
  /// that take the edge.
  void leak(mlir::Operation *term, unsigned b, Bdd cond, Bdd edgePath);

  FunctionContext &ctx;
  AliasFlow &flow;
  /// Per allocation, the buffers standing for its instances of earlier
  /// iterations (BufferInfo::earlierOf points back), one per loop around
  /// it, innermost first. One per loop, not one in all: upstream's output
  /// for nested loops keeps the buffer an earlier outer iteration carried
  /// in while the inner loop replaces its own, and frees the outer one
  /// only after the inner loop; one shared instance would confuse the two.
  llvm::DenseMap<unsigned, llvm::SmallVector<EarlierInstance, 2>>
      earlierInstances;
  /// Per region, its CFG loops (cfgLoopsOf).
  llvm::DenseMap<mlir::Region *, CfgLoops> cfgLoops;
  /// earlierIterationCopies() per (condition, back edge); BDD ids never
  /// change, and a condition cannot mention atoms created after it, so
  /// entries stay valid. The back edge's terminator fixes both the loop
  /// and which atoms are local to it.
  llvm::DenseMap<std::pair<Bdd, mlir::Operation *>, Bdd> copied;
  llvm::DenseMap<std::pair<unsigned, mlir::Operation *>, unsigned> copyOfVar;
  /// The same for CopyMode::Split.
  llvm::DenseMap<std::pair<Bdd, mlir::Operation *>, Bdd> copiedSplit;
  llvm::DenseMap<std::pair<unsigned, mlir::Operation *>, unsigned>
      copyOfVarSplit;
  /// Buffers allocated inside the loop a back edge closes, per (edge, loop).
  llvm::DenseMap<std::pair<mlir::Operation *, const void *>,
                 std::vector<unsigned>>
      loopAllocs;
  /// First instances of allocations, by when OpNesting's walk entered
  /// their op's parent (ascending), for the region loops' allocationsIn;
  /// those whose parent it did not number; how many buffers are sorted in.
  std::vector<std::pair<unsigned, unsigned>> allocsByParentEntry;
  std::vector<unsigned> allocsUnnumbered;
  unsigned allocsSorted = 0;
  /// Every buffer asked whether `loop` holds it (where nothing groups them).
  void allocationsByScan(const LoopScope &loop, std::vector<unsigned> &out);
  /// allocsByParentEntry's buffers that lie in region loop `loop`.
  void allocationsInRegionLoop(const LoopScope &loop,
                               std::vector<unsigned> &out);
  /// Per region with CFG loops, first instances of allocations by the
  /// block of the region that holds their op, and how many buffers are
  /// sorted in.
  struct AllocsByBlock {
    llvm::DenseMap<mlir::Block *, llvm::SmallVector<unsigned, 2>> of;
    unsigned sorted = 0;
  };
  llvm::DenseMap<mlir::Region *, AllocsByBlock> allocsByBlock;
  /// The buffers that lie in CFG loop `loop`.
  void allocationsInCfgLoop(const LoopScope &loop, std::vector<unsigned> &out);
};

} // namespace memlint::lifetime

#endif
