//===- CfgWalk.h - The fixpoint walk over a region's blocks ----*- C++ -*-===//
//
// The walker behind FlowWalker::walkRegion, shared by CfgWalk.cpp (the
// rounds over a whole region, the blocks and edges) and CfgLoopByLoop.cpp
// (a loop at a time).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_CFGWALK_H
#define MEMLINT_ANALYSIS_LIFETIME_CFGWALK_H

#include "analysis/lifetime/FlowWalker.h"
#include <map>

namespace memlint::lifetime {

/// One walk of a region's CFG to its fixpoint. Rounds go over the blocks
/// in reverse post order, each loop's blocks before its exits
/// (loopsFirstOrder), like a plain round-robin iteration (nested loops
/// advance in lockstep, so rounds add up rather than multiply), except that
/// a block whose inputs did not change since it last ran replays what it
/// contributed then instead of running again: the forward part of a region
/// does not re-run while a loop further down converges. A loop head whose
/// back edges changed runs again after its loop's blocks, for its exits
/// only: what the body sent back reaches the code after the loop in the
/// same round, as a region loop's results do.
///
/// Where the region's outermost loops each take a run of the order that
/// only its head is entered at, the walk goes a loop at a time instead
/// (Bourdoncle's recursive strategy at the outermost level): each such
/// loop iterates alone to its fixpoint, its nested loops in its rounds as
/// above, and only its last round's exits go on; the blocks outside loops
/// run once. In one round-robin over the whole region a loop's entry keeps
/// changing until the loops before it settle, so N loops one after another
/// took about N rounds, each re-running the blocks after the first loop
/// not yet settled (-convert-scf-to-cf's output of 1,000 loops in a row:
/// past the budget; 61 in upstream's pipeline output: 12M operations).
class CfgWalk {
public:
  CfgWalk(FlowWalker &w, mlir::Region &region);
  std::vector<Exit> run(const Incoming &entry);

private:
  /// What a block contributed when it last ran.
  struct Ran {
    bool valid = false;
    /// A loop in the block had not reached its fixpoint: run it again.
    bool unstable = false;
    llvm::SmallVector<std::pair<mlir::Block *, Incoming>, 2> forward;
    std::optional<Exit> exit;
  };
  /// A retreating edge (to a block not later in the order).
  bool isBackEdge(mlir::Block *from, mlir::Block *to) {
    auto it = index.find(to);
    return it != index.end() && it->second <= index[from];
  }
  /// An outermost loop that takes the run `first`..`last` of the order
  /// and is entered only at its head, `order[first]`.
  struct OuterLoop {
    unsigned first, last;
    /// The rounds its nest of CFG loops needs (see extraRounds).
    unsigned extraRounds;
  };
  /// Fills `outerLoops` if every outermost loop is one and every edge
  /// outside them goes forward in the order (else leaves it empty).
  void findOuterLoops(
      const LoopModel::CfgLoops &loops,
      const llvm::DenseMap<mlir::Block *, mlir::Block *> &outermostHeader);
  std::vector<Exit> runLoopByLoop(const Incoming &entry);
  /// Iterates `loop` alone to its fixpoint, then passes its last round's
  /// exits on.
  void settleLoop(const OuterLoop &loop,
                  llvm::function_ref<unsigned()> nestDepth);
  void runRound(unsigned round, const Incoming &entry);
  /// The block at `bi` in a round: runs, or replays its last run.
  void visit(unsigned round, unsigned bi);
  /// Runs the block at `bi`, keeping track of its unsettled nested loops.
  void runTracked(unsigned bi, bool exitsOnly);
  /// After the block at `bi`: the heads of the loops ending there whose
  /// back edges changed run again for their exits.
  void endLoops(unsigned bi);
  /// What the blocks up to `end` in the order, but `except`, sent to `s`
  /// in their last runs (a block with two edges to it is one predecessor
  /// per edge).
  Incoming sentBefore(mlir::Block *s, unsigned end, mlir::Block *except);
  /// `exitsOnly`: a loop head's second run in a round (see
  /// loopsEndingAt): only its edges out of the loop go on; its body ran
  /// from what the first run sent it, which its record keeps.
  void runBlock(unsigned bi, mlir::Block *block, bool exitsOnly = false);
  void followEdge(mlir::Block *block, mlir::Operation *term, unsigned i,
                  PathState es, const Ran &previous, uint64_t epochBefore);
  /// `es` takes the edge from `block` to `succ`, passing `forwarded` to
  /// its arguments: it leaves the loops that hold `block` but not `succ`.
  void leaveLoops(mlir::Block *block, mlir::Block *succ,
                  mlir::ValueRange forwarded, PathState &es);
  /// The values of a loop that code after it cannot name.
  struct LoopLocals {
    /// The values its blocks define that follow from their arguments
    /// (which change every iteration) through the loop's ops.
    llvm::DenseSet<mlir::Value> varying;
    /// No such value is used outside the loop, nor passed out of it as an
    /// integer (which a later loop could compare as its first value), and
    /// one edge leaves the loop.
    bool closed = true;
    /// The values its blocks define that ops outside it use.
    llvm::SmallVector<mlir::Value> usedAfter;
  };
  /// Adds the atoms `v`'s aliases and formula name.
  void addNamedAtoms(mlir::Value v, llvm::DenseSet<unsigned> &atoms);
  /// Of the loop headed by `order[h]` (made once).
  const LoopLocals &localsOf(unsigned h);
  /// Before the head `order[h]` of a loop whose blocks end at `end` runs
  /// again in a round: takes back what its first run sent out of the loop
  /// (false, and nothing done, where an exit goes forward to a block not
  /// ahead; an exit that is an outer loop's back edge needs nothing).
  bool takeBackExits(unsigned h, unsigned end);
  /// The first-iteration atom of the loop headed by `header`.
  Bdd firstIteration(mlir::Block *header);
  /// Whether the loop headed by `header` is a while loop: the header only
  /// decides between its body and leaving, and the body has no other way
  /// in or out, so after the loop "not the first iteration" means the body
  /// ran.
  bool testsFirst(mlir::Block *header) const;

  FlowWalker &w;
  mlir::Region &region;
  std::vector<mlir::Block *> order;
  llvm::DenseMap<mlir::Block *, unsigned> index;
  llvm::DenseSet<mlir::Block *> headers;
  /// The rounds the loops' nest needs beyond the usual cap.
  unsigned extraRounds = 0;
  /// By header index.
  std::map<unsigned, const llvm::DenseSet<mlir::Block *> *> naturalLoops;
  /// By header index, made when the loop is first left.
  std::map<unsigned, LoopLocals> loopLocals;
  /// The header of the innermost loop holding each block in a loop.
  llvm::DenseMap<mlir::Block *, mlir::Block *> innermostHeader;
  /// By header, the header of the innermost loop around its loop.
  llvm::DenseMap<mlir::Block *, mlir::Block *> enclosingHeader;
  /// By the index of their heads; empty when the region is not walked a
  /// loop at a time.
  std::map<unsigned, OuterLoop> outerLoops;
  /// Whether this walk goes a loop at a time (runLoopByLoop).
  bool byLoop = false;
  /// The state entering each header from outside its loop.
  llvm::DenseMap<mlir::Block *, PathState> headerEntry;
  llvm::DenseMap<mlir::Block *, Incoming> backIn;
  std::vector<Ran> ran;
  /// By the index of a loop's last block, the indices of the heads of the
  /// loops whose blocks end there.
  llvm::DenseMap<unsigned, llvm::SmallVector<unsigned, 1>> loopsEndingAt;
  llvm::DenseSet<mlir::Block *> backChanged, nextBackChanged;
  // Of the current round.
  std::vector<Exit> exits;
  llvm::DenseMap<mlir::Block *, Incoming> in;
  llvm::DenseSet<mlir::Block *> dirty;
};

} // namespace memlint::lifetime

#endif
