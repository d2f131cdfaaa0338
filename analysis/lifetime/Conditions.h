//===- Conditions.h - Branch conditions as boolean atoms --------*- C++ -*-===//
//
// Every condition a path can depend on becomes a BDD variable ("atom"): an
// i1 SSA value that memlint cannot simplify, or an opaque choice (a loop
// that may run zero times, a branch of an op without a visible condition).
// i1 values built with arith.xori/andi/ori/select/cmpi from other i1 values
// and constants are not atoms: they get the formula of their definition, so
// `scf.if %c {dealloc}` with `%c = arith.xori %x, %true` is understood as
// "when %x is false".
//
// Integer comparisons (arith.cmpi) are not independent atoms either.
// IntegerFacts says which outcomes (equal, below, above) their two values
// may have: ranges, an scf.for's induction variable below its bound. The
// comparisons of one pair of values met so far cut those outcomes into
// *cells*, each a condition over their atoms and the outcomes left on it
// (the cells' conditions are disjoint and cover every path). A new
// comparison of the pair is true on the cells whose outcomes all satisfy
// it, false on those where none does, and splits each remaining cell by
// one fresh atom of its own. So a comparison the facts decide is a
// constant, `%x sge %n` is `not (%x slt %n)`, and `%x eq %n` under
// `%x slt %n` is false: its atom only splits the cells where `%x slt %n`
// is false. Every assignment of the atoms is an outcome the values may
// have, and every such outcome has an assignment, so no path is lost and
// no constraint has to travel along with the paths; the first comparison
// of a pair the facts leave open is an atom of its own, as before.
//
// A comparison with a constant is a question about one value instead: its
// cells hold the sets of values it may have (ValueSet), so comparisons
// with different constants relate (`%k == 1` and `%k == 2` exclude each
// other, so do `%k ult 5` and `%k uge 10`), and so do the cases of a switch
// on the value (cf.switch, scf.index_switch: EdgeConditions asks valueIn).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_CONDITIONS_H
#define MEMLINT_ANALYSIS_LIFETIME_CONDITIONS_H

#include "analysis/Message.h"
#include "analysis/lifetime/Bdd.h"
#include "analysis/lifetime/IntegerFacts.h"
#include "analysis/lifetime/SameValues.h"
#include "analysis/lifetime/ValueSet.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace memlint {

using ValueNamer = std::function<std::string(mlir::Value)>;

/// "line:column" of an op (a quoted position), or "?".
Message positionOf(mlir::Operation *op);

class ConditionTable {
public:
  ConditionTable(BddManager &bdd, ValueNamer namer, IntegerFacts &facts)
      : bdd(bdd), namer(std::move(namer)), facts(facts) {}

  /// Which call ops call pure functions (SameValues::setPureCalls).
  void setPureCalls(std::function<bool(mlir::Operation *)> isPureCall) {
    same.setPureCalls(std::move(isPureCall));
  }
  /// The formula of an i1 value. Values without a known formula become
  /// atoms the first time they are asked for.
  Bdd formulaOf(mlir::Value v);
  /// Pins the formula of `v` (block arguments and region results, whose
  /// value the control flow determines).
  void setFormula(mlir::Value v, Bdd f) { formulas[v] = f; }
  bool hasFormula(mlir::Value v) const { return formulas.count(v); }
  /// Whether the formula of `v` is built from other values' formulas
  /// (constants, arith.xori/andi/ori/select, i1 cmpi eq/ne): it must be
  /// rebuilt when theirs change (a loop header's i1 arguments get a new
  /// formula in each fixpoint round).
  bool isDerived(mlir::Value v) const;
  /// Rebuilds the formula of a derived value from its operands' current
  /// formulas.
  Bdd recomputeDerived(mlir::Value v) {
    formulas.erase(v);
    return formulaOf(v);
  }
  /// An integer that is one of a few constants, each on the paths of a
  /// formula: a constant, an i1, an extension, truncation or index_cast of
  /// one, a select between them, a value the control flow chose among
  /// such (pinCases).
  using Cases = llvm::SmallVector<std::pair<Bdd, llvm::APInt>, 4>;
  /// Bounds the cases kept: enough for a C condition or a lifted CFG's
  /// "which block" flag, no cost on long chains.
  static constexpr unsigned MaxCases = 8;
  /// Pins the cases of an integer block argument or region result that
  /// each edge into it sets to one of a few constants (the "which
  /// successor" flag -lift-cf-to-scf makes), or forgets them (nullopt:
  /// an edge passes something else). Whether they changed.
  bool pinCases(mlir::Value v, std::optional<Cases> cases);
  std::optional<Cases> casesOf(mlir::Value v, unsigned depth = 0);
  /// What casesOf accepts, by structure (and the cases pinned) only:
  /// whether `v` has cases, and whether one rests on an i1 that is not a
  /// constant.
  bool hasCases(mlir::Value v, unsigned depth, bool &onBoolean) const;
  /// The cases pinned on `v`, if any.
  const Cases *pinnedCasesOf(mlir::Value v) const {
    auto it = pinnedCases.find(v);
    return it == pinnedCases.end() ? nullptr : &it->second;
  }
  /// The paths on which the integer `x` is in `set` (a comparison of `x`
  /// with a constant, a switch case on `x`): one more question on the
  /// cells of `x`'s comparisons with constants (see the file comment);
  /// `atom` makes the atom that splits a cell where the answer is open.
  Bdd valueIn(mlir::Value x, const ValueSet &set,
              llvm::function_ref<Bdd()> atom);
  /// The paths on which `cmpi pred, lhs, rhs` holds: a question on the
  /// cells of the pair, or of `lhs` against a constant `rhs` (see the file
  /// comment); `atom` makes the atom that splits a cell where the answer
  /// is open (the i1 of an arith.cmpi or index.cmp, "the loop runs" for an
  /// scf.for's `lb < ub`).
  Bdd comparison(mlir::Value lhs, mlir::arith::CmpIPredicate pred,
                 mlir::Value rhs, llvm::function_ref<Bdd()> atom);
  /// Calls `fn` with the paths on which an integer `x` equals one
  /// constant (a cell of its values left with one value; `y` null) or a
  /// compared `y` (a pair's cell left with equality alone), for each such
  /// cell: what a counter that never repeats a value makes hold in one
  /// iteration of its loop at most.
  void forEachEquality(
      llvm::function_ref<void(mlir::Value x, mlir::Value y, Bdd cond)> fn)
      const;
  /// The same, for the equalities that compare one of `values` only.
  void forEachEqualityOf(
      llvm::ArrayRef<mlir::Value> values,
      llvm::function_ref<void(mlir::Value x, mlir::Value y, Bdd cond)> fn);
  /// A fresh atom standing for the value of `v` (e.g. a loop-carried i1);
  /// a data atom where `data` says so or `v` is computed from memory.
  Bdd freshValueAtom(mlir::Value v, bool data = false);
  /// A fresh atom for a choice made by `op`, worded for either outcome
  /// ("the loop at 3:5 runs" / "the loop at 3:5 runs zero times"); a data
  /// atom (see isDataAtom) where `op` may decide it from memory contents.
  Bdd choiceAtom(mlir::Operation *op, Message whenTrue, Message whenFalse,
                 bool data = false);
  /// A data atom standing for "`a` and `b` hold the same buffer" where
  /// memlint cannot tell, as decided at `op` (made once per op and pair).
  Bdd sameBufferAtom(mlir::Operation *op, mlir::Value a, mlir::Value b);
  /// Marks the choice atom `atom` as "the loop op `loop` runs at all", so
  /// that a description can word it together with the loop's
  /// first-iteration atom ("runs exactly once").
  void markLoopRuns(Bdd atom, mlir::Operation *loop);
  /// Marks the choice atom `atom` as "switch `op` takes one of its
  /// `numCases` cases", so that a path taking none of them is worded as
  /// one phrase, `whenDefault`, not as one negation per case (with one
  /// case, "does not take case 0" says it as well: not marked).
  void markCase(Bdd atom, mlir::Operation *op, unsigned numCases,
                Message whenDefault);
  /// The cases of a switch on `selector` with the values `cases`, read
  /// together (SwitchCodes.cpp): per case, then for the default, the
  /// paths on which the switch takes it, splitting the cells of the value
  /// its questions are asked of by a binary code (a few atoms for any
  /// number of cases, where an atom per case makes each case's formula a
  /// chain as long as the cases before it). `where` names the switch in
  /// words ("the switch at 3:5"). nullopt where valueIn reads the
  /// selector's questions another way (an i1, a select, a truncation, a
  /// loop's counter), where two cases are one value, or where the cells
  /// would grow past MaxCodedCells.
  std::optional<llvm::SmallVector<Bdd>>
  casesOfSwitch(mlir::Operation *sw, mlir::Value selector,
                llvm::ArrayRef<llvm::APInt> cases, const Message &where);
  static constexpr unsigned MaxCodedCells = 1u << 16;
  /// How partsOf reads a truncation that may not fit: as valueIn does
  /// (partsOfTruncation), by its own cells (what valueInTruncation asks
  /// where the wide value does not fit), or not at all (nullopt).
  enum class Truncation { Follow, OwnCells, Refuse };
  /// casesOfSwitch's reading of disjoint `sets` of `v`'s values that
  /// cover them all, named by `labels`: per set, the paths on which `v` is
  /// in it.
  std::optional<llvm::SmallVector<Bdd>>
  partsOf(mlir::Operation *sw, mlir::Value v, llvm::ArrayRef<ValueSet> sets,
          llvm::ArrayRef<Message> labels, const Message &where,
          Truncation truncation);
  std::optional<llvm::SmallVector<Bdd>>
  partsOfTruncation(mlir::Operation *sw, mlir::Value x, mlir::Value wide,
                    llvm::ArrayRef<ValueSet> parts,
                    llvm::ArrayRef<Message> labels, const Message &where);

  /// Where a loop is, for wording its first-iteration atom.
  struct LoopPlace {
    /// The op whose position names the loop: the region op, or the first
    /// op of a CFG loop's header.
    mlir::Operation *where = nullptr;
    Message name; // "the loop at 3:5"
    /// A region loop: the op. A CFG loop: the blocks of `region` in it.
    mlir::Operation *regionLoop = nullptr;
    mlir::Region *region = nullptr;
    llvm::SmallPtrSet<mlir::Block *, 8> blocks;
    /// The loop's head only decides whether the body runs, and the body
    /// always goes back to it (scf.while's `before`, a CFG loop's test
    /// block without breaks): outside the loop, "not the first iteration"
    /// is "the body ran". Otherwise it is "the head ran more than once".
    bool testFirst = false;
    /// Its constant bounds give it two iterations or more: after it, how
    /// often it ran says nothing (ConditionWords.cpp).
    bool runsSeveralTimes = false;
    /// `op` is in the loop (nested ops included).
    bool contains(mlir::Operation *op) const;
  };
  /// Orders the atoms made from now on (but earlier-iteration copies,
  /// which join the group of the loop they are made for) with those of the
  /// loop `where` (its LoopPlace::where; null: last), once its
  /// first-iteration atom exists; returns the loop set before. A CFG
  /// region's loops advance together, one round each, so every loop's
  /// first-iteration atom is made in the first round and the atoms of
  /// later iterations long after: appended last, they sat far from the
  /// atoms they are read with (a lifted loop nest: 5x the operations).
  mlir::Operation *orderWithLoop(mlir::Operation *where) {
    return std::exchange(orderingLoop, where);
  }

  /// The bookkeeping atom "this is the first iteration of the loop whose
  /// head starts with `keyOp`" (the atom's value is set in that block).
  /// Descriptions word it by where they are placed: inside the loop, which
  /// iteration it is; outside, how often the loop ran.
  /// Made once per loop: `place` is asked for when it is made.
  Bdd firstIterationAtom(mlir::Operation *keyOp,
                         llvm::function_ref<LoopPlace()> place);
  /// That atom's variable, where it was made.
  std::optional<unsigned> firstIterationVar(mlir::Operation *keyOp) const;

  /// An atom standing for the value atom `var` had in an earlier
  /// iteration of `loop` (created once per pair). `loopOp` is an op of the
  /// loop that tells where it is: the loop op, or the first op of a CFG
  /// loop's header.
  unsigned earlierIteration(unsigned var, const void *loop,
                            mlir::Operation *loopOp);
  /// The earlier-iteration copy of `var` for `loop`, if one was made.
  std::optional<unsigned> findEarlierIteration(unsigned var,
                                               const void *loop) const {
    auto it = earlier.find({var, loop});
    if (it == earlier.end())
      return std::nullopt;
    return it->second;
  }
  /// For an earlier-iteration copy: the loop it was made for.
  const void *copyLoop(unsigned var) const {
    return isEarlierCopy(var) ? atoms[var].copyLoop : nullptr;
  }
  mlir::Operation *copyLoopOp(unsigned var) const {
    return isEarlierCopy(var) ? atoms[var].copyLoopOp : nullptr;
  }
  /// For an earlier-iteration copy: the atom it is a copy of.
  std::optional<unsigned> copiedFrom(unsigned var) const {
    return var < atoms.size() ? atoms[var].earlierOf : std::nullopt;
  }
  bool isEarlierCopy(unsigned var) const {
    return var < atoms.size() && atoms[var].earlierOf.has_value();
  }
  /// Atoms only the analysis itself refers to (which iteration a loop is
  /// in, values of earlier iterations): no SSA value a later op uses
  /// stands for them.
  bool isBookkeeping(unsigned var) const {
    return var < atoms.size() && (atoms[var].loopPlace || atoms[var].earlierOf);
  }
  /// The block where atom `var` gets its value (null: outside any block).
  mlir::Block *definingBlock(unsigned var) const;
  /// The SSA value a value atom stands for (null for other atoms).
  mlir::Value valueOf(unsigned var) const {
    return var < atoms.size() ? atoms[var].value : mlir::Value();
  }
  /// True for atoms whose value comes from memory contents (loads, pointer
  /// comparisons) or changes every loop iteration: memlint cannot know
  /// which values they take, so findings must hold for all of them.
  bool isDataAtom(unsigned var) const;
  /// Human wording of one path on which `cond` holds: "%c is false and the
  /// loop at 12:3 runs". It is worded as seen at `at`, reached on the
  /// paths `reach`: what holds on every path reaching `at` says nothing and
  /// is left out (empty: `cond` holds on every such path), and a loop's
  /// first iteration is worded as inside or after that loop. Values of
  /// earlier iterations are named only when the event needs them.
  Message describe(Bdd cond, Bdd reach = BddManager::True,
                   mlir::Operation *at = nullptr);

  /// Hook to compute i1 formulas that depend on buffer aliasing (pointer
  /// comparisons). Returns false to fall back to an atom.
  std::function<bool(mlir::Value, Bdd &)> extraFormula;
  /// Hook: the question a call's i1 result asks of one of the call's
  /// operands (a predicate helper's summary), for the scan of what a loop
  /// body asks its induction variable (asksFirstValueAlone).
  std::function<std::optional<std::pair<mlir::Value, ValueSet>>(mlir::Value)>
      callQuestion;

  /// Where a switch's selector has cases that come from i1 values (a
  /// constant an scf.if yields per branch, an extended flag): the paths on
  /// which it is `value`. Built from formulas a loop may change: not to be
  /// cached.
  std::optional<Bdd> caseOfCases(mlir::Value selector,
                                 const llvm::APInt &value);

private:
  struct Atom {
    mlir::Value value;             // set for value atoms
    mlir::Operation *op = nullptr; // set for choice atoms
    Message whenTrue, whenFalse;
    bool data = false;
    /// The var of the atom this one is an earlier-iteration copy of.
    std::optional<unsigned> earlierOf;
    const void *copyLoop = nullptr;
    mlir::Operation *copyLoopOp = nullptr;
    /// First-iteration atoms: their loop, an index into `places`.
    std::optional<unsigned> loopPlace;
    mlir::Operation *runsOf = nullptr; // "the loop runs" choices: the loop
    mlir::Operation *caseOf = nullptr; // "the switch takes case k": the switch
    /// Bit `codeBit` (0: the highest) of the code of `codes[*codeSet]`.
    std::optional<unsigned> codeSet;
    unsigned codeBit = 0;
  };
  /// The code casesOfSwitch gave one cell of a switch's selector: code c
  /// is the switch taking `labels[c]` ("case 3", "its default case"), the
  /// last label also every code past it.
  struct SwitchCode {
    Message where;
    llvm::SmallVector<Message> labels;
    llvm::SmallVector<unsigned> vars; // the highest bit first
  };
  std::vector<SwitchCode> codes;
  /// The labels of `code` taken on some path of `paths`.
  llvm::BitVector labelsTaken(const SwitchCode &code, Bdd paths);
  /// `taken` labels of `code` in words ("the switch at 3:5 takes case 1
  /// or case 4"); empty where they are all of them.
  Message wordCode(const SwitchCode &code, const llvm::BitVector &taken) const;
  /// Per switch of markCase: how many cases it has, and its default's words.
  llvm::DenseMap<mlir::Operation *, std::pair<unsigned, Message>> switchCases;
  llvm::DenseMap<std::pair<unsigned, const void *>, unsigned> earlier;
  llvm::DenseMap<std::tuple<mlir::Operation *, mlir::Value, mlir::Value>, Bdd>
      sameBufferAtoms;
  Bdd newAtom(Atom a) { return bdd.var(newAtomVar(std::move(a))); }
  /// The variable of a new atom. (Not the support of newAtom's diagram:
  /// once the budget is spent that is a constant, with no variable.)
  /// `group`: the loop (its LoopPlace::where) whose group it joins, if
  /// that group exists; null: orderingLoop's, unless it is a copy.
  unsigned newAtomVar(Atom a, mlir::Operation *group = nullptr);
  /// Per loop (its LoopPlace::where), the last of the variables grouped
  /// with it in the order: its own first-iteration atom, the
  /// earlier-iteration copies made for it, and the atoms made while the
  /// walk was in its blocks (orderWithLoop).
  llvm::DenseMap<mlir::Operation *, unsigned> loopGroups;
  mlir::Operation *orderingLoop = nullptr;

  /// Paths on which the compared values may have `outcomes`.
  struct Cell {
    Bdd cond;
    Outcomes outcomes;
  };
  /// The cells of a pair before any of its comparisons is read: one cell
  /// with what the facts allow, or two when the outcomes differ between a
  /// loop's first iteration and later ones.
  llvm::SmallVector<Cell, 5> initialCells(const ComparedPair &pair);
  /// For a comparison `split` names a loop's first iteration of, between a
  /// counter the loop enters with a constant and a value fixed before the
  /// loop: the loop's first-iteration atom and, under it, the answer that
  /// value's cells already give (a question asked before the loop).
  std::optional<std::pair<Bdd, Bdd>>
  firstIterationAnswer(mlir::Value lhs, mlir::arith::CmpIPredicate pred,
                       mlir::Value rhs, const IterationSplit &split);
  /// firstIterationAnswer for a split whose carried value is entered as
  /// another value (IterationSplit::enteredAs): the same comparison of
  /// that value, asked once per entry of the loop.
  std::optional<std::pair<Bdd, Bdd>>
  enteredAnswer(mlir::Value lhs, mlir::arith::CmpIPredicate pred,
                mlir::Value rhs, const IterationSplit &split, Bdd firstAtom);
  /// The op outside a loop where it is entered (the region op, or the
  /// branch into a CFG loop's header from its one block outside), where
  /// an atom decided once per entry gets its value; null if none.
  static mlir::Operation *loopEntryOp(const LoopPlace &place);
  /// Whether `lhs pred rhs` is the loop's own test, and then whether its
  /// being true runs the body (nullopt: another comparison).
  std::optional<bool> testRuns(const LoopPlace &place, mlir::Value lhs,
                               mlir::arith::CmpIPredicate predicate,
                               mlir::Value rhs);
  /// valueIn where x's cells answer it without a new atom, else nullopt.
  std::optional<Bdd> valueInAnswered(mlir::Value x, ValueSet set);
  /// The paths on which one integer may have `values`: the cells of its
  /// comparisons with constants.
  struct ValueCell {
    Bdd cond;
    ValueSet values;
  };
  /// The cells of `x` before any question: what its range allows, split by
  /// its loop's first iteration for an induction variable whose lower bound
  /// the body asks about alone (asksFirstValueAlone).
  llvm::SmallVector<ValueCell, 4> initialValueCells(mlir::Value x);
  /// Above this many cells a question that would split one gets an atom
  /// of its own, unrelated (as every comparison was before cells): a
  /// switch with thousands of cases asked case by case must not make each
  /// question cost thousands. (A switch's code may make more: questions
  /// they answer whole are still read from them.)
  static constexpr unsigned MaxValueCells = 64;
  /// The paths on which a value with cells `cs` is in `set`, where each
  /// cell is wholly in it or wholly out; nullopt where one is split.
  std::optional<Bdd> unionOfCells(llvm::ArrayRef<ValueCell> cs,
                                  const ValueSet &set);
  /// `x in set` of `x = select(c, a, k)` with `k` a constant: `c ? a in
  /// set : k in set`, so the question is one on `a`'s cells (a clamp
  /// written as a select, `select(i < 5, i, 7) == 0`). Null where `x` is
  /// not such a select, or selects nest deeper than MaxSelectDepth.
  std::optional<Bdd> valueInSelect(mlir::Value x, const ValueSet &set,
                                   llvm::function_ref<Bdd()> atom);
  static constexpr unsigned MaxSelectDepth = 8;
  unsigned selectDepth = 0;
  /// `x in set` of `x = trunc(wide)` where wide may not fit x's type (else
  /// askOfSource asked it of wide): where wide fits, the question on wide
  /// (`%k == 1` decides a switch on `index_cast %k to i32`); where it does
  /// not, x's own cells. Null where `x` is no such truncation, or
  /// truncations nest deeper than MaxTruncationDepth.
  std::optional<Bdd> valueInTruncation(mlir::Value x, const ValueSet &set,
                                       llvm::function_ref<Bdd()> atom);
  /// valueIn past the readings of x's definition: x's own cells.
  Bdd valueInCells(mlir::Value x, const ValueSet &set,
                   llvm::function_ref<Bdd()> atom);
  static constexpr unsigned MaxTruncationDepth = 4;
  unsigned truncationDepth = 0;
  /// First-iteration atoms by the first op of their loop's head.
  llvm::DenseMap<mlir::Operation *, Bdd> firstIterations;
  using Cube = llvm::SmallVector<std::pair<unsigned, bool>>;
  /// The path describe() words (see there).
  Cube pathOf(Bdd cond, Bdd reach);
  /// The words of one literal of `cube` (empty: worded with another).
  Message wordLiteral(const Cube &cube, unsigned var, bool val,
                      mlir::Operation *at);
  Message wordFirstIteration(const Cube &cube, const Atom &a, bool val,
                             mlir::Operation *at);
  /// The value `cube` gives the "runs" choice of the loop op `loop`.
  std::optional<bool> runsLiteral(const Cube &cube,
                                  mlir::Operation *loop) const;
  /// Whether the first-iteration atom `a`, seen from `at` (after its
  /// loop), counts runs of a loop head that is not a mere test.
  bool wordsRunCount(const Atom &a, mlir::Operation *at) const;

  std::vector<LoopPlace> places;

  BddManager &bdd;
  ValueNamer namer;
  std::vector<Atom> atoms; // indexed by BDD variable
  llvm::DenseMap<mlir::Value, Bdd> formulas;
  IntegerFacts &facts;
  /// Per pair of compared values (ComparedPair), its cells.
  llvm::DenseMap<std::pair<mlir::Value, mlir::Value>,
                 llvm::SmallVector<Cell, 5>>
      cells;
  /// Per integer value compared with constants, its cells.
  llvm::DenseMap<mlir::Value, llvm::SmallVector<ValueCell, 4>> valueCells;
  /// Per value, the pairs of `cells` it is in (forEachEqualityOf).
  llvm::DenseMap<mlir::Value,
                 llvm::SmallVector<std::pair<mlir::Value, mlir::Value>, 1>>
      pairsWith;
  /// A pair of cells of a value against a constant (a loop's own test on
  /// the counter it carries keeps its pair cells): the pair's key, the
  /// constant, whether the value is the pair's lhs.
  struct ConstantPartner {
    std::pair<mlir::Value, mlir::Value> key;
    llvm::APInt constant;
    bool valueIsLhs;
  };
  llvm::DenseMap<mlir::Value, llvm::SmallVector<ConstantPartner, 1>>
      constantPartners;
  /// `f`, what x's value cells answer to "x in set", false where the cells
  /// of x's pairs with a constant leave x no value of the set: `%a == 2`
  /// under a loop test `%a <= 1`.
  Bdd narrowedByConstantPairs(mlir::Value x, const ValueSet &set, Bdd f);
  /// Values that pure ops compute alike (comparisons of recomputed
  /// operands, the same question asked twice).
  SameValues same;
  /// One more question on cells `cs`: the paths on which the outcome is
  /// in `holds`; `makeAtom` splits a cell where the answer is open.
  Bdd readCells(llvm::SmallVectorImpl<Cell> &cs, Outcomes holds,
                llvm::function_ref<Bdd()> makeAtom);

  /// The cases pinCases pinned.
  llvm::DenseMap<mlir::Value, Cases> pinnedCases;
  /// Forgets the formulas of the i1 values read off `v`'s cases.
  void forgetCaseReadings(mlir::Value v);

  /// Per pair of compared floats (representatives in a fixed order) and
  /// fast-math flags, the cells of their comparisons (ComparisonCases.cpp).
  std::map<std::tuple<const void *, const void *, const void *>,
           llvm::SmallVector<Cell, 5>>
      floatCells;
  /// An arith.cmpf or llvm.fcmp on its pair's cells; nullopt for any
  /// other op.
  std::optional<Bdd> floatComparison(mlir::Operation *op);

  /// `cmpi pred, lhs, rhs` read case by case where both sides have cases
  /// and one is not a plain constant; nullopt otherwise.
  std::optional<Bdd> comparisonOfCases(mlir::Value lhs,
                                       mlir::arith::CmpIPredicate pred,
                                       mlir::Value rhs);
  /// Whether comparisonOfCases reads (lhs, rhs): their formulas come from
  /// i1 values (see isDerived).
  bool comparesBooleanCases(mlir::Value lhs, mlir::Value rhs) const;
  /// An i1 cast from an integer with boolean cases (`trunci (extui %c)`):
  /// its formula is the disjunction of the cases it truncates to 1.
  bool isBooleanCast(mlir::Value v) const;
  std::optional<Bdd> booleanOfCast(mlir::Value v);
  /// The lowest bit of an integer asked two ways, `trunci %x to i1` and
  /// `(%x & 1) != 0` (or `== 1`, or negated with 0), is one question: the
  /// formula of that bit, its atom made by the first asking value
  /// (`makeAtom` for a comparison; `negated` where that value is the bit's
  /// negation). nullopt for any other question.
  std::optional<Bdd> lowBitOfTruncation(mlir::Value v);
  std::optional<Bdd> lowBitComparison(mlir::Value lhs,
                                      mlir::arith::CmpIPredicate predicate,
                                      mlir::Value rhs,
                                      llvm::function_ref<Bdd()> makeAtom);
  Bdd lowBitOf(mlir::Value x, bool negated, llvm::function_ref<Bdd()> makeAtom);
  /// `max(a, b) pred a` (or of b; min; signed or unsigned; either side):
  /// a where a wins the clamp, else b, so the question is asked of the
  /// pair (a, b): `maxsi(a, b) == a` is `a >= b`, the question
  /// `cmpi sge, a, b` elsewhere asks. nullopt for any other question.
  std::optional<Bdd> comparisonOfClamp(mlir::Value lhs,
                                       mlir::arith::CmpIPredicate predicate,
                                       mlir::Value rhs,
                                       llvm::function_ref<Bdd()> makeAtom);
  /// Per integer (its SameValues representative), the formula of its
  /// lowest bit, once asked.
  llvm::DenseMap<mlir::Value, Bdd> lowBits;
};

} // namespace memlint

#endif
