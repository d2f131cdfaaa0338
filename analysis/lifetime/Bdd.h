//===- Bdd.h - Reduced ordered binary decision diagrams ---------*- C++ -*-===//
//
// Path conditions are boolean functions over branch conditions (i1 SSA
// values and opaque choices). BDDs make them canonical: two conditions are
// equal iff their node ids are equal, so the dataflow can test "did this
// state change" and "can this path happen" in O(1).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_BDD_H
#define MEMLINT_ANALYSIS_LIFETIME_BDD_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <atomic>
#include <cstdint>
#include <functional>
#include <set>
#include <utility>
#include <vector>

namespace memlint {

using Bdd = uint32_t;

/// What one function's analysis may spend on BDDs. Operations are the
/// steps of the recursions (apply, negate, restrict, quantification and
/// renaming), counted as they happen, so a single huge operation stops as
/// promptly as many small ones; the defaults take about a second of one
/// core and stay under 256 MiB. Measured on the 2-core CI machine kind, a
/// BDD operation costs 0.25-0.35 us with the tables of a large function
/// (bench/lint's 12k-op function: 5.0M operations, 1.4 s under load; the
/// most an upstream --buffer-deallocation-pipeline output of the
/// differential generator needed was 1.2M).
struct BddBudget {
  static constexpr uint64_t DefaultOperations = 6'000'000;
  static constexpr uint64_t DefaultBytes = uint64_t(256) << 20;
  uint64_t operations = DefaultOperations;
  /// Node table, unique table, computed table and scratch memos.
  uint64_t bytes = DefaultBytes;
  /// Nodes, beside the bytes they take: by default only what a node's
  /// 32-bit number can name (tests set fewer to exercise a give-up). A
  /// fixed 2M here stopped functions at half the default bytes whatever
  /// --analysis-budget allowed (upstream's output lowered to branches).
  size_t nodes = UINT32_MAX - 1;
  /// Set when the result is no longer wanted (the editor's text changed):
  /// looked at every few thousand operations, it stops the analysis as a
  /// spent budget would, within one function (LintOptions::cancelled).
  const std::atomic<bool> *cancelled = nullptr;
};

/// Which part of the budget ran out first.
enum class BddSpent : uint8_t { None, Nodes, Operations, Memory };

/// What an analysis spent (`--time-report` sums the operations and keeps
/// the largest peaks).
struct BddCost {
  uint64_t operations = 0;
  size_t nodes = 0;
  uint64_t bytes = 0;
};

class BddManager {
public:
  static constexpr Bdd False = 0;
  static constexpr Bdd True = 1;

  BddManager();

  /// A new variable, ordered after every existing one.
  unsigned newVar();
  /// A new variable ordered right after `v`, before every variable that
  /// follows `v` (earlier copies of `v` included). Keeping a renamed copy
  /// next to its original keeps diagrams that relate the two small, and
  /// renaming between them local. Past 32 copies in one place it goes
  /// last instead (still correct, less compact).
  unsigned newVarAfter(unsigned v);
  /// A new variable right after `last`, the last variable of a group that
  /// keeps growing at its end (the atoms of one loop): a small step rather
  /// than half the room, so thousands fit before the next group.
  unsigned newVarAtGroupEnd(unsigned last);
  unsigned numVars() const { return varCount; }
  Bdd var(unsigned v);

  Bdd negate(Bdd a);
  Bdd conj(Bdd a, Bdd b);
  Bdd disj(Bdd a, Bdd b);
  Bdd xorOf(Bdd a, Bdd b);
  Bdd ite(Bdd c, Bdd t, Bdd e) { return disj(conj(c, t), conj(negate(c), e)); }
  /// Universally quantifies every variable for which `drop` is true.
  Bdd forall(Bdd a, const std::function<bool(unsigned)> &drop) {
    return negate(exists(negate(a), drop));
  }
  /// A diagram that agrees with `f` wherever `care` holds, usually smaller
  /// than `f` (Coudert and Madre's restrict): restrict(f, care) AND care ==
  /// f AND care.
  Bdd restrict(Bdd f, Bdd care);
  /// `a` with variable `v` replaced by the function `g`.
  Bdd compose(Bdd a, unsigned v, Bdd g);
  /// `a` with variable `v` false, and with it true.
  std::pair<Bdd, Bdd> cofactors(Bdd a, unsigned v);
  /// `a` with every variable v replaced by variable `to(v)` (`to` returns v
  /// itself for variables to keep), in one pass over the diagram.
  Bdd rename(Bdd a, const std::function<unsigned(unsigned)> &to);
  /// Variables `a` depends on.
  llvm::SmallVector<unsigned> support(Bdd a);
  /// Existentially quantifies every variable for which `drop` is true.
  Bdd exists(Bdd a, const std::function<bool(unsigned)> &drop);

  bool isFalse(Bdd a) const { return a == False; }
  bool isTrue(Bdd a) const { return a == True; }
  bool implies(Bdd a, Bdd b) { return conj(a, negate(b)) == False; }
  /// The fraction of assignments satisfying `a`, every variable true with
  /// probability 1/2 (0 for False, 1 for True).
  double satFraction(Bdd a) const;

  /// One satisfying assignment with as few variables as the diagram allows
  /// (a shortest path to True): (variable, value) pairs.
  llvm::SmallVector<std::pair<unsigned, bool>> shortestCube(Bdd a);
  /// A short cube C that names `f` within `care`: some path of `care`
  /// satisfies C, every path of `care` that satisfies C satisfies `f`, and
  /// no literal of C can be dropped without losing that (a literal `care`
  /// implies never stays). `f` must imply `care`; empty for False.
  llvm::SmallVector<std::pair<unsigned, bool>> cubeWithin(Bdd f, Bdd care);
  /// The conjunction of a cube's literals.
  Bdd cubeOf(llvm::ArrayRef<std::pair<unsigned, bool>> cube);

  size_t size() const { return nodes.size(); }
  /// True once a part of the budget ran out; callers then give up on the
  /// function. From then on every operation returns at once with some
  /// existing diagram (meaningless, never out of range), so a recursion
  /// under way unwinds without more work or memory.
  bool exhausted() const { return spentOn != BddSpent::None; }
  /// How often the budget looks at BddBudget::cancelled: every 4,096
  /// operations.
  static constexpr uint64_t CancelPollMask = 4095;
  BddSpent spent() const { return spentOn; }
  void setBudget(const BddBudget &b) { budget = b; }
  const BddBudget &limits() const { return budget; }
  /// Operations counted so far and the most bytes the tables held.
  uint64_t operations() const { return ops; }
  /// Counts one step of work done outside the BDDs (a walker's round), so
  /// that nested fixpoints whose operations all hit terminal cases are
  /// bounded too.
  void charge() { (void)tick(); }
  /// Memory the analysis holds outside the tables (its path states) counts
  /// against the same byte budget: with it, the tables may not pass the
  /// budget, and past it the budget is spent.
  void chargeOutside(uint64_t bytes) {
    if (spentOn == BddSpent::None && bytesHeld() + bytes > budget.bytes)
      spentOn = BddSpent::Memory;
  }
  /// Spends the byte budget at once: work that would need more memory
  /// than the budget, seen before it is done.
  void spendMemory() {
    if (spentOn == BddSpent::None)
      spentOn = BddSpent::Memory;
  }
  uint64_t peakBytes() const { return peak; }

private:
  struct Node {
    unsigned var;
    Bdd lo, hi;
  };
  Bdd make(unsigned var, Bdd lo, Bdd hi);
  /// Counts one operation step; true when the budget is (now) spent.
  bool tick() {
    if (spentOn != BddSpent::None)
      return true; // not counted: the analysis is stopping
    if (++ops > budget.operations ||
        ((ops & CancelPollMask) == 0 && budget.cancelled &&
         budget.cancelled->load(std::memory_order_relaxed)))
      spentOn = BddSpent::Operations;
    return spentOn != BddSpent::None;
  }
  /// Bytes the tables hold now.
  uint64_t bytesHeld() const;
  /// Whether the tables may grow by `more` bytes (records the peak, or
  /// spends the budget and says no).
  bool mayGrow(uint64_t more);
  /// `a` rebuilt bottom-up: node(x, lo, hi) gives each node x's image from
  /// the images of its children (memoized: shared nodes are rebuilt once).
  template <typename NodeFn> Bdd rebuild(Bdd a, NodeFn &node);
  /// Scratch memo of rebuild(), valid where the stamp is the call's own (a
  /// nested call takes a new stamp, so it can only make the outer one
  /// recompute, never read a wrong entry).
  std::vector<Bdd> memoValue;
  std::vector<uint32_t> memoStamp;
  /// Sizes the memo to every node made so far; false where the memory
  /// budget does not allow it (then spent).
  bool growMemo();
  /// The same for per-variable answers of a callback (rename's `to`).
  std::vector<unsigned> varValue;
  std::vector<uint32_t> varStamp;
  uint32_t stamp = 0;
  uint32_t newStamp();
  unsigned topVar(Bdd a) const { return nodes[a].var; }
  /// Position of a variable in the order (terminals come last).
  uint64_t levelOf(unsigned var) const {
    return var < levels.size() ? levels[var] : UINT64_MAX;
  }
  uint64_t level(Bdd a) const { return levelOf(nodes[a].var); }
  enum Op : uint8_t { AndOp, OrOp, XorOp, NotOp, RestrictOp };
  Bdd apply(Op op, Bdd a, Bdd b);

  std::vector<Node> nodes;

  // The unique table: open addressing over node ids (0, the False terminal,
  // marks an empty slot; terminals are never stored). Keys are read from
  // `nodes`, so a slot is 4 bytes; the table stays at most half full.
  std::vector<Bdd> uniqueSlots;
  size_t uniqueMask = 0;
  void growUnique();

  // The computed table: direct mapped and lossy, as in CUDD or Sylvan. A
  // collision overwrites; a lost result is recomputed, never wrong. Sized to
  // the node table (up to a cap), so memory stays proportional to the
  // diagrams rather than to the number of operations ever made.
  struct CacheEntry {
    Bdd a = 0, b = 0;
    uint32_t op = 0;
    Bdd result = 0;
  };
  std::vector<CacheEntry> cache;
  size_t cacheMask = 0;
  CacheEntry &cacheSlot(Op op, Bdd a, Bdd b);
  void growCache();
  unsigned varCount = 0;
  /// Order key per variable, unique: newVar() steps by NewVarGap past the
  /// last, leaving room for the copies newVarAfter() puts between two
  /// variables; `order` holds the keys sorted.
  std::vector<uint64_t> levels;
  std::set<uint64_t> order;
  static constexpr uint64_t NewVarGap = uint64_t(1) << 32;
  static constexpr uint64_t GroupStep = uint64_t(1) << 20;
  unsigned addVar(uint64_t level);
  BddBudget budget;
  BddSpent spentOn = BddSpent::None;
  uint64_t ops = 0;
  uint64_t peak = 0;
};

} // namespace memlint

#endif
