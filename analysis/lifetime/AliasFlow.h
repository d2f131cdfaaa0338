//===- AliasFlow.h - Which buffers values hold, and along edges -*- C++ -*-===//
//
// Every memref value has an alias set (the origins it may be, each under a
// condition) and every i1 value a formula. Along an edge (branch successor,
// region entry, yield to a region or to the parent's results) operand j
// becomes input j on the edge's paths; this file is the one place that
// mapping is written. What reaches a block or region is an Incoming: the
// state and the aliases and formulas of its arguments.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_ALIASFLOW_H
#define MEMLINT_ANALYSIS_LIFETIME_ALIASFLOW_H

#include "analysis/lifetime/Context.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseSet.h"

namespace memlint::lifetime {

struct AliasEntry {
  unsigned origin;
  Bdd cond;
  /// The value points into the buffer, not at its start.
  bool interior = false;
  bool operator==(const AliasEntry &o) const {
    return origin == o.origin && cond == o.cond && interior == o.interior;
  }
  bool operator!=(const AliasEntry &o) const { return !(*this == o); }
};
using AliasSet = llvm::SmallVector<AliasEntry, 2>;

/// Adds `e` to `set`, or widens the condition of its entry there.
inline void addAlias(AliasSet &set, AliasEntry e, BddManager &bdd) {
  if (e.cond == BddManager::False)
    return;
  for (AliasEntry &x : set)
    if (x.origin == e.origin && x.interior == e.interior) {
      x.cond = bdd.disj(x.cond, e.cond);
      return;
    }
  set.push_back(e);
}

/// What flows into a block or region (or, for a region op, to its
/// results): a state and the values of the arguments.
struct Incoming {
  PathState st;
  std::vector<AliasSet> argAliases;
  std::vector<Bdd> argFormulas;
  /// Per integer argument (not i1), the constants the edges pass and on
  /// which paths (ConditionTable::pinCases); nullopt once an edge passes
  /// something else.
  std::vector<std::optional<ConditionTable::Cases>> argCases;
  /// Per argument: some edge does not say what it passes there (an
  /// unregistered branch, an operand its op produces): an i1 there is an
  /// atom of its own, not the other edges' values.
  std::vector<bool> argUnknown;
  /// Some edge reached it.
  bool any = false;
  /// Room for `n` arguments (none reached yet).
  void resizeArgs(unsigned n) {
    argAliases.resize(n);
    argFormulas.assign(n, BddManager::False);
    argCases.assign(n, ConditionTable::Cases());
    argUnknown.assign(n, false);
  }
};

class AliasFlow {
public:
  explicit AliasFlow(FunctionContext &ctx) : ctx(ctx) {}

  /// The alias set of a memref value (unknown memory if the walk has not
  /// defined it: an op the analysis skipped).
  const AliasSet &aliasOf(mlir::Value v) {
    auto it = aliases.find(v);
    if (it != aliases.end())
      return it->second;
    return aliases[v] = unknown(BddManager::True);
  }
  /// The alias set, if the walk defined one.
  const AliasSet *find(mlir::Value v) const {
    auto it = aliases.find(v);
    return it == aliases.end() ? nullptr : &it->second;
  }
  AliasSet unknown(Bdd cond) const { return {{ctx.unknownOrigin, cond}}; }
  void setAliases(mlir::Value v, AliasSet s);
  /// Pins the formula of an i1 value the control flow determines.
  void pinFormula(mlir::Value v, Bdd f);
  /// Counts changes to what values alias or which formula an i1 holds: a
  /// block that changed one must let every later block run again.
  uint64_t epoch() const { return changes; }

  /// Pins the cases of an integer the control flow determines (nullopt:
  /// none).
  void pinCases(mlir::Value v,
                const std::optional<ConditionTable::Cases> &cases);
  /// Passes `v` along an edge taken on `path` into input `j` of `in`,
  /// whose aliases, formula and cases accumulate there.
  void pass(mlir::Value v, Bdd path, Incoming &in, unsigned j);
  /// Passes operand j to input j, for j below both counts.
  void passOperands(mlir::ValueRange operands, Bdd path, Incoming &in);
  /// A branch to `succ` in state `es`: the first `produced` arguments are
  /// made by the terminator, the next ones are `forwarded`.
  Incoming toBlock(const PathState &es, mlir::Block *succ,
                   llvm::ArrayRef<mlir::Value> forwarded, unsigned produced);
  /// A region edge in state `es` into `numInputs` successor inputs.
  Incoming toInputs(const PathState &es, mlir::ValueRange operands,
                    unsigned numInputs);
  /// Successor inputs are the trailing arguments of a region's entry block
  /// (scf.for: the iv comes first, made by the op): the same Incoming with
  /// one slot per block argument.
  Incoming shapeForBlock(mlir::Block *block, const Incoming &cur);

  /// Joins `x` into `acc`; whether `acc` changed.
  bool merge(Incoming &acc, const Incoming &x);
  static bool same(const Incoming &a, const Incoming &b);
  /// `in` on the paths where `c` holds.
  void restrict(Incoming &in, Bdd c);
  /// `in`'s aliases, formulas and cases as the least that agrees with them
  /// on `path` (restrict): they no longer name the atoms of `path` that do
  /// not tell apart what the arguments hold.
  void relativeTo(Incoming &in, Bdd path);
  /// Adds the variables `f` mentions to `vars`.
  void addSupport(llvm::DenseSet<unsigned> &vars, Bdd f);

private:
  /// Each condition of `in`'s arguments (aliases, formulas, cases) made
  /// `f` of itself; entries and cases that become False go.
  void mapConditions(Incoming &in, llvm::function_ref<Bdd(Bdd)> f);

  FunctionContext &ctx;
  llvm::DenseMap<mlir::Value, AliasSet> aliases;
  uint64_t changes = 0;
};

} // namespace memlint::lifetime

#endif
