//===- IntegerFacts.h - What integer values certainly satisfy ---*- C++ -*-===//
//
// Facts about integers that make some branches impossible, so that memlint
// does not report a bug on a path that cannot run:
//  * ranges from upstream's IntegerRangeAnalysis (with DeadCodeAnalysis in
//    one DataFlowSolver), computed once per function, on the first question
//    that needs them, and not at all for huge functions;
//  * inside an scf.for body its induction variable is below its upper bound
//    (signed, or unsigned with `unsignedCmp`), which no range can say when
//    the bound is dynamic;
//  * a value is equal to itself.
// A comparison is answered with the outcomes its two operands may have
// (equal, or apart and ordered either way in the signed and in the unsigned
// order), so that ConditionTable can relate comparisons of the same two
// values; an affine.if with whether its integer set always or never holds.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_INTEGERFACTS_H
#define MEMLINT_ANALYSIS_LIFETIME_INTEGERFACTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Value.h"
#include <memory>
#include <optional>

namespace mlir {
class ConstantIntRanges;
class DataFlowSolver;
class DominanceInfo;
namespace affine {
class AffineIfOp;
}
namespace scf {
class ForOp;
}
} // namespace mlir

namespace memlint {

/// How two integers a and b of one type compare, one bit per outcome: equal,
/// or different with a below or above b in the signed order (first letter)
/// and in the unsigned order (second letter). Every comparison predicate
/// holds on a union of these, and all five can happen (for more than 1
/// bit): e.g. -1 and 0 are LtGt.
using Outcomes = unsigned;
namespace outcome {
constexpr Outcomes Eq = 1, LtLt = 2, LtGt = 4, GtLt = 8, GtGt = 16;
constexpr Outcomes All = 31;
} // namespace outcome

enum class Extension { None, Sign, Zero };
/// Whether `op` casts an integer to a wider one, and how. An index is 32 or
/// 64 bits depending on the target: a cast from index widens only to 64
/// bits or more, one to index only from 32 bits or fewer.
Extension extensionOf(mlir::Operation *op);

/// The scf.for whose induction variable `v` is. (Upstream's
/// scf::getForInductionVarOwner answers for every argument of the body,
/// the iter_args too: read as the induction variable, a carried value
/// equal to the lower bound looked true in the first iteration alone.)
mlir::scf::ForOp inductionVarOwner(mlir::Value v);

/// Whether the induction variable of `f` cannot wrap back past a value it
/// took: its last value is below the upper bound, so it can where the
/// bound plus the step overflows (an i8 loop to 127 by 100). The ranges
/// upstream's analysis gives such a variable assume it does not.
bool forLoopCannotWrap(mlir::scf::ForOp f);

/// The outcomes of (a, b) in which `cmpi pred, a, b` is true.
Outcomes outcomesWhere(mlir::arith::CmpIPredicate pred);
/// `o` seen from the other side: the outcomes of (b, a).
Outcomes swapOutcomes(Outcomes o);
/// The outcomes two integers in ranges `l` and `r` may have (All where the
/// ranges rule every one out: code that never runs).
Outcomes outcomesBetween(const mlir::ConstantIntRanges &l,
                         const mlir::ConstantIntRanges &r);
/// The range of a constant integer or index value.
std::optional<mlir::ConstantIntRanges> constantRange(mlir::Value v);
/// The predicate that holds of (b, a) where `pred` holds of (a, b).
mlir::arith::CmpIPredicate swapPredicate(mlir::arith::CmpIPredicate pred);

/// A comparison as a question about two values: `cmpi pred, x, y` is true
/// exactly in the outcomes `holds` of (lhs, rhs). lhs and rhs are x and y
/// without casts that keep order (sign or zero extension), in a fixed order
/// whichever way the comparison is written, so comparisons of the same two
/// values have the same pair.
struct ComparedPair {
  mlir::Value lhs, rhs;
  Outcomes holds;
};

/// The outcomes a pair may have in the first iteration of a loop and in
/// every later one: for a pair that compares an scf.for's induction
/// variable with its lower bound, or, in the loop's own test, a value the
/// loop carries (an scf.while's or a CFG loop header's argument) that it
/// is entered with as a constant. `head`: the first op of the loop's head,
/// which keys its first-iteration atom. Or, in the loop's own test, a
/// value the loop carries that every entry passes as one value fixed
/// before the loop (`%lb`, no constant) against another such value: then
/// `carried` is the carried one and `enteredAs` what it is in the first
/// iteration, whose test asks of the two values before the loop
/// (ConditionTable::firstIterationAnswer); first and later are All.
struct IterationSplit {
  mlir::Operation *head;
  Outcomes first, later;
  mlir::Value carried = {}, enteredAs = {};
};

/// An integer comparison a loop tests: `arith.cmpi`, `index.cmp` or
/// `llvm.icmp` (integerComparison), as `lhs predicate rhs`.
struct LoopCompare {
  mlir::Operation *op = nullptr;
  mlir::Value lhs, rhs;
  mlir::arith::CmpIPredicate predicate = mlir::arith::CmpIPredicate::eq;
  explicit operator bool() const { return op != nullptr; }
};

class IntegerFacts {
public:
  /// Above this many ops a function gets no ranges (the other facts stay):
  /// the solver's cost grows with the function (about 25 us and 2.5 KB per
  /// op, so up to a quarter of a second here) and memlint must stay cheap
  /// on huge generated functions.
  static constexpr unsigned MaxOpsForRanges = 10000;
  /// Nor on a function with an op of more regions than this.
  static constexpr unsigned MaxRegionsForRanges = 256;

  IntegerFacts();
  ~IntegerFacts();
  /// The function whose values are asked about. Its ranges are computed
  /// when first needed.
  void setFunction(mlir::Operation *fn);

  /// Whether `c` is true or false wherever it runs, by the ranges of its
  /// operands.
  std::optional<bool> decide(mlir::arith::CmpIOp c) {
    return decide(c.getLhs(), c.getPredicate(), c.getRhs());
  }
  /// Whether `cmpi pred, lhs, rhs` would be (a comparison no op makes:
  /// an scf.for's bounds).
  std::optional<bool> decide(mlir::Value lhs, mlir::arith::CmpIPredicate pred,
                             mlir::Value rhs);
  /// `c` as a question about two values.
  ComparedPair pairOf(mlir::arith::CmpIOp c) {
    return pairOf(c.getLhs(), c.getPredicate(), c.getRhs());
  }
  ComparedPair pairOf(mlir::Value x, mlir::arith::CmpIPredicate pred,
                      mlir::Value y);
  /// The outcomes (lhs, rhs) may have wherever both are defined.
  Outcomes possible(mlir::Value lhs, mlir::Value rhs);
  /// For (lhs, rhs) an scf.for's induction variable and its lower bound (in
  /// either order): equal in the first iteration, above it (in the loop's
  /// order) in every later one. For a loop-carried value entered as a
  /// constant and compared in the loop's test: that constant against the
  /// other value's range in the first iteration, anything later.
  std::optional<IterationSplit> iterationSplit(mlir::Value lhs,
                                               mlir::Value rhs);
  /// For the induction variable of an scf.for or affine.for with a
  /// constant lower bound: the first op of the loop's body (the head
  /// iterationSplit names) and that bound, the variable's value in the
  /// loop's first iteration and in no later one (the step is positive).
  /// Also for a counter a CFG loop or an scf.while carries (what
  /// -convert-scf-to-cf and -scf-for-to-while make of an scf.for): entered
  /// as a constant, passed on plus a positive constant on every back edge,
  /// and tested against a bound by the loop's own test, which keeps it
  /// from wrapping back to its first value.
  std::optional<std::pair<mlir::Operation *, llvm::APInt>>
  firstIterationValue(mlir::Value iv);
  /// For a counter a CFG loop or scf.while carries (firstIterationValue):
  /// the values it may take in the iterations after the first, which the
  /// loop's test bounds (so the counter is its first value or in this).
  std::optional<mlir::ConstantIntRanges> laterIterationRange(mlir::Value iv);
  /// Whether `v` is defined before the loop whose head block is `header`
  /// is entered, so that one run of the loop sees one value of it: in a
  /// region around the loop's, or (a CFG loop) in a block that properly
  /// dominates the header.
  bool fixedBeforeLoop(mlir::Value v, mlir::Block *header);
  /// Whether the integer set of `op` holds always (true) or never (false).
  std::optional<bool> holds(mlir::affine::AffineIfOp op);

  /// Whether the solver ran (for tests of its cost).
  bool rangesComputed() const { return solver != nullptr; }
  /// The range of an integer or index value, if the analysis knows one.
  std::optional<mlir::ConstantIntRanges> rangeOf(mlir::Value v);

private:
  /// Runs the solver over the function unless it did already or must not.
  bool ensureRanges();

  /// The loop-carried value case of iterationSplit, `x` the carried one;
  /// `laterOut` receives x's first value and its range in later
  /// iterations where the loop's test bounds those.
  std::optional<IterationSplit> entryValueFact(
      mlir::Value x, mlir::Value y,
      std::optional<std::pair<llvm::APInt, mlir::ConstantIntRanges>> *laterOut =
          nullptr);
  /// entryValueFact for a counter entered as `y` itself (no constant):
  /// equal to it in the first iteration, past it in every later one where
  /// the loop adds one per iteration and goes on only below a bound.
  std::optional<IterationSplit>
  enteredValueSplit(mlir::Value x, mlir::Value y, mlir::Block *header,
                    mlir::Operation *head, const LoopCompare &cmp, bool negated,
                    std::optional<bool> onlyIf,
                    llvm::ArrayRef<llvm::APInt> increments,
                    llvm::ArrayRef<mlir::Block *> latches);
  /// entryValueFact for a value x the loop carries, entered as `entered`
  /// (no constant, not y) on every edge in, in the loop's test against y:
  /// the split that lets the first iteration's test be asked of `entered`
  /// and y.
  std::optional<IterationSplit> enteredOtherSplit(mlir::Value x, mlir::Value y,
                                                  mlir::Value entered,
                                                  mlir::Block *header,
                                                  mlir::Operation *head);
  /// firstIterationValue of a counter a loop carries.
  std::optional<std::pair<mlir::Operation *, llvm::APInt>>
  carriedFirstValue(mlir::Value x,
                    std::optional<mlir::ConstantIntRanges> *laterRange);
  /// The values a loop-carried x, entered as `entry`, takes in the
  /// iterations after the first, when every back edge passes x + c (c in
  /// `increments`, each > 0) and the loop goes on only while `x < y` or
  /// `x <= y` (`goesOn`, signed or unsigned), y in `yRange`.
  static std::optional<mlir::ConstantIntRanges>
  laterIterations(const llvm::APInt &entry, mlir::arith::CmpIPredicate goesOn,
                  const mlir::ConstantIntRanges &yRange,
                  llvm::ArrayRef<llvm::APInt> increments);
  /// Whether the branch from `pred` to `header` is a back edge: `header`
  /// dominates `pred`. A block with one is a CFG loop's header; its other
  /// predecessors are the ways into the loop.
  bool isBackEdge(mlir::Block *pred, mlir::Block *header);
  /// Whether every predecessor of `header` that is not a back edge lies
  /// outside its loop (cannot be reached from `header` but through a block
  /// that dominates it, an outer loop's): false for an irreducible loop,
  /// whose side entry may pass anything again.
  bool entersOnlyFromOutside(mlir::Block *header);
  llvm::DenseMap<mlir::Block *, bool> entersFromOutside;
  /// The strongly connected component of each block of a region (made
  /// when one of its headers is first asked about).
  llvm::DenseMap<mlir::Region *, llvm::DenseMap<mlir::Block *, unsigned>>
      componentOf;

  mlir::Operation *fn = nullptr;
  std::unique_ptr<mlir::DominanceInfo> dominance;
  /// carriedFirstValue by value: asked for every question on the value,
  /// and a header may have many predecessors to look at.
  llvm::DenseMap<mlir::Value,
                 std::optional<std::pair<mlir::Operation *, llvm::APInt>>>
      carriedFirstValues;
  /// For those with a first value: the values of later iterations.
  llvm::DenseMap<mlir::Value, mlir::ConstantIntRanges> carriedLaterRanges;
  /// Ranges were asked for and cannot be had (huge function, loops whose
  /// induction variables upstream's analysis gets wrong).
  bool noRanges = false;
  std::unique_ptr<mlir::DataFlowSolver> solver;
};

} // namespace memlint

#endif
