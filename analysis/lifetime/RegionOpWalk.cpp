//===- RegionOpWalk.cpp - The fixpoint walk over a region op's regions ----===//
//
// A RegionBranchOpInterface op: its entry edges go to regions or straight
// to its results (a loop that runs zero times), each region's exits go on
// to other regions or to the results, and a region an exit of the same or a
// later region branches to is a loop head. The parent's results are treated
// as one more successor: an Incoming whose arguments are the results.
// An op that runs its bodies again and again without that interface
// (RepeatedBodies.h) is walked the same way: its entry goes to each region
// (and, if it may run none, to its results), each region's exits back to
// its start or to the results, and nothing is passed along those edges.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/FlowWalker.h"

#include "analysis/BufferCarriers.h"
#include "analysis/Ownership.h"
#include "analysis/RepeatedBodies.h"
#include "analysis/lifetime/LiftedForms.h"
#include "analysis/lifetime/QuestionSource.h"
#include "analysis/lifetime/TripCount.h"
#include "analysis/lifetime/ValueSet.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace memlint::lifetime {

namespace {
SmallVector<Attribute> constantOperands(Operation *op) {
  SmallVector<Attribute> out;
  for (Value v : op->getOperands()) {
    Attribute a;
    matchPattern(v, m_Constant(&a));
    out.push_back(a);
  }
  return out;
}
} // namespace

class RegionOpWalk {
public:
  RegionOpWalk(FlowWalker &w, RegionBranchOpInterface op)
      : w(w), op(op), raw(op.getOperation()),
        loop(LoopScope::regionOp(raw, w.ctx.nesting)) {}
  /// An op that repeats its bodies without saying so (RepeatedBodies.h).
  RegionOpWalk(FlowWalker &w, Operation *raw, RepeatedBody repeated)
      : w(w), raw(raw), repeated(repeated),
        loop(LoopScope::regionOp(raw, w.ctx.nesting)) {}

  void run(PathState &st) {
    enter(st);
    findLoopHeads();
    if (loopHeads.empty()) {
      // One round: the exits to the results are joined together at its
      // end (PathLattice::joinMany), not one by one.
      bool outHadState = out.any;
      deferredExits.emplace();
      runRound();
      bool first = !outHadState;
      w.ctx.lattice.joinMany(out.st, first, *deferredExits, st);
      deferredExits.reset();
      leave(st);
      return;
    }
    bool lockstep = w.visitsInLockstep();
    if (lockstep)
      for (Region *head : loopHeads)
        if (auto it = w.regionBackIn.find(head); it != w.regionBackIn.end())
          backIn[head] = it->second;
    w.iterateLoop(raw, 0, [&](unsigned) { return runRound(); });
    if (lockstep)
      for (auto &[region, carried] : backIn)
        w.regionBackIn[region] = carried;
    leave(st);
  }

private:
  void enter(const PathState &st);
  /// A loop whose body's terminator says nothing of where control goes
  /// (scf.forall's scf.forall.in_parallel): the body runs again, or the
  /// loop ends.
  bool repeatsSilently(Region &region) const {
    if (repeated)
      return !region.empty();
    if (!isa<LoopLikeOpInterface>(raw) || region.empty() ||
        region.front().empty())
      return false;
    Operation *term = &region.front().back();
    return term->hasTrait<OpTrait::IsTerminator>() &&
           term->getNumSuccessors() == 0 &&
           !isa<RegionBranchTerminatorOpInterface>(term);
  }
  void findLoopHeads();
  bool runRound();
  /// Walks `region` from what reaches it this round. `toParentOnly`: a
  /// testing head's second run in a round (see runRound), whose edges into
  /// the loop its first run took.
  void runRegion(Region &region, bool toParentOnly = false);
  /// Whether `head` holds no region op (its second run in a round then
  /// walks no loop twice, nor records what a nested walk would).
  bool flatRegion(Region &head) const;
  void followExit(Exit &x, Region &region, bool toParentOnly = false);
  /// The edge from `term` back to the start of `target`.
  void backEdge(const PathState &es, Region &target, ValueRange operands,
                ValueRange inputs, Operation *term);
  /// An edge to the parent's results: operand j goes to the result that is
  /// successor input j (async.execute's first result is its token, made by
  /// the op; the yielded values go to the results after it).
  void toParent(const PathState &es, ValueRange operands, ValueRange inputs) {
    bool first = !out.any;
    out.any = true;
    if (deferredExits)
      deferredExits->push_back(es);
    else
      w.ctx.lattice.join(out.st, es, first);
    if (inputs.empty()) {
      // No inputs named: operand j is result j.
      w.flow.passOperands(operands, es.path, out);
      return;
    }
    SmallVector<bool> passed(out.argCases.size(), false);
    for (auto [operand, input] : llvm::zip(operands, inputs)) {
      auto r = dyn_cast<OpResult>(input);
      if (!r || r.getOwner() != raw)
        continue;
      unsigned j = r.getResultNumber();
      w.flow.pass(operand, es.path, out, j);
      passed[j] = true;
    }
    // A result this edge does not pass (made by the op) has no cases.
    for (unsigned j = 0; j < passed.size(); ++j)
      if (!passed[j])
        out.argCases[j].reset();
  }
  /// An edge into a region's inputs.
  bool toRegion(Incoming &acc, const PathState &es, ValueRange operands,
                ValueRange inputs) {
    return w.flow.merge(acc, w.flow.toInputs(es, operands, inputs.size()));
  }
  void leave(PathState &st);
  /// The first-iteration atom of the loop head `head`.
  Bdd firstIteration(Region *head);
  /// For an scf.for or affine.for with constant bounds whose body asks of
  /// its induction variable whether it is the value it takes last (an
  /// arith.cmpi, a switch case, an affine.if constraint): the paths on which
  /// the body runs its last iteration.
  std::optional<Bdd> lastIteration();
  /// The constant lastIteration compares with, found in the IR once per
  /// walk (not per exit and round); nullopt where there is none.
  std::optional<APInt> lastValueAsked();

  FlowWalker &w;
  /// Null for an op walked by what `repeated` says of it.
  RegionBranchOpInterface op;
  Operation *raw;
  std::optional<RepeatedBody> repeated;
  LoopScope loop;
  bool singleTrip = false;
  /// An scf.for or affine.for whose constant bounds give it two iterations
  /// or more. (Its exits are not restricted to "not the first iteration":
  /// one earlier instance cannot follow what the count decides, a swap's
  /// parity, and the path for "at most once" keeps those buffers;
  /// after-constant-loops.mlir.)
  bool severalTrips = false;
  bool hasLoop = false;
  std::optional<std::optional<APInt>> lastValue;
  DenseMap<Region *, Incoming> entryIn, backIn;
  /// What reaches the results; `outEntryOnly` straight from the entry.
  Incoming out, outEntryOnly;
  /// While set, the states of exits to the results, joined into `out` at
  /// the end of the op's one round.
  std::optional<std::vector<PathState>> deferredExits;
  /// Regions some terminator of the op branches back to.
  DenseSet<Region *> loopHeads;
  /// Loop heads that only decide whether the body runs (scf.while's
  /// `before`): every edge back to them comes from another region, which
  /// never leaves the op. After the loop, "not the first iteration" then
  /// means the body ran.
  DenseSet<Region *> testingHeads;
  // Of the current round.
  DenseMap<Region *, Incoming> in;
  bool changed = false;
  /// The loop heads whose back edges changed in this round.
  SmallPtrSet<Region *, 2> changedHeads;
};

void RegionOpWalk::enter(const PathState &st) {
  SmallVector<RegionSuccessor> entrySuccs;
  if (op) {
    op.getEntrySuccessorRegions(constantOperands(raw), entrySuccs);
  } else {
    for (Region &region : raw->getRegions())
      if (!region.empty())
        entrySuccs.push_back(RegionSuccessor(&region));
    if (repeated->mayRunZeroTimes || entrySuccs.empty())
      entrySuccs.push_back(RegionSuccessor(raw, raw->getResults()));
  }
  std::optional<APInt> trips;
  if (auto loopOp = dyn_cast<LoopLikeOpInterface>(raw))
    trips = staticTripCount(loopOp);
  else if (repeated && repeated->runs)
    trips = APInt(64, *repeated->runs);
  if (trips) {
    // A loop with constant bounds runs (or not) for sure.
    SmallVector<RegionSuccessor> kept;
    for (const RegionSuccessor &s : entrySuccs)
      if (s.isParent() == trips->isZero())
        kept.push_back(s);
    if (!kept.empty())
      entrySuccs = kept;
  }
  singleTrip = trips && trips->isOne();
  severalTrips =
      trips && trips->uge(2) && isa<scf::ForOp, affine::AffineForOp>(raw);
  hasLoop = !op || op.hasLoop();
  std::vector<Bdd> ec = w.edges.ofRegionEntry(raw, entrySuccs);
  out.resizeArgs(raw->getNumResults());
  for (auto [i, s] : llvm::enumerate(entrySuccs)) {
    PathState es = w.ctx.lattice.restrict(st, ec[i]);
    if (es.unreachable())
      continue;
    // A repeated body is given nothing its arguments are bound to.
    OperandRange operands =
        op ? op.getEntrySuccessorOperands(s) : raw->getOperands().take_front(0);
    if (s.isParent())
      toParent(es, operands, s.getSuccessorInputs());
    else
      toRegion(entryIn[s.getSuccessor()], es, operands, s.getSuccessorInputs());
  }
  outEntryOnly = out;
}

void RegionOpWalk::findLoopHeads() {
  if (singleTrip)
    return;
  DenseMap<Region *, SmallVector<Region *, 1>> backFrom;
  DenseSet<Region *> leaving;
  for (Region &region : raw->getRegions())
    for (Block &block : region) {
      Operation *term = block.empty() ? nullptr : &block.back();
      // (A repeated body's terminator leads where the op says, whatever
      // its own interface would ask of a parent that has none.)
      auto rt = op ? dyn_cast_or_null<RegionBranchTerminatorOpInterface>(term)
                   : nullptr;
      if (!rt) {
        if (!term || term->getNumSuccessors() == 0)
          leaving.insert(&region); // goes on to the results
        if (repeatsSilently(region)) {
          loopHeads.insert(&region);
          backFrom[&region].push_back(&region);
        }
        continue;
      }
      SmallVector<RegionSuccessor> succs;
      rt.getSuccessorRegions(constantOperands(rt), succs);
      for (const RegionSuccessor &s : succs) {
        if (s.isParent()) {
          leaving.insert(&region);
          continue;
        }
        if (s.getSuccessor()->getRegionNumber() <= region.getRegionNumber()) {
          loopHeads.insert(s.getSuccessor());
          backFrom[s.getSuccessor()].push_back(&region);
        }
      }
    }
  for (auto &[head, sources] : backFrom)
    if (llvm::none_of(sources, [&, head = head](Region *r) {
          return r == head || leaving.count(r);
        }))
      testingHeads.insert(head);
}

Bdd RegionOpWalk::firstIteration(Region *head) {
  return w.edges.firstIteration(&head->front().front(), [&] {
    ConditionTable::LoopPlace place;
    place.where = raw;
    place.name = repeated && !repeated->isLoop
                     ? "the " + raw->getName().getStringRef().str() + " at " +
                           positionOf(raw)
                     : "the loop at " + positionOf(raw);
    place.regionLoop = raw;
    place.testFirst = testingHeads.count(head);
    place.runsSeveralTimes = severalTrips;
    return place;
  });
}

// A testing head (scf.while's `before`) leaves from its run at the start
// of a round, which has not seen what the body sends back in the same
// round: a change travelled out a level per round, and a nest of d such
// loops took d * (d + 1) / 2 rounds (16: 136, each walking the whole nest,
// 72M operations, past the budget). Where the body's back edge changed
// it, the head runs again after the body, for its exits to the results
// only, which replace those of its first run (as CfgWalk's loop heads do:
// joined, the first run's state, of fewer iterations, would claim what
// held only there).
bool RegionOpWalk::runRound() {
  out = outEntryOnly;
  in = entryIn;
  changed = false;
  changedHeads.clear();
  // A testing head whose back edges changed this round runs again for its
  // exits alone, so that what leaves the loop is what came round this
  // round, not last round: with a body nested in another loop going round
  // in lockstep, the exits otherwise lagged a visit behind, and each level
  // of a nest took rounds more than the one around it. Only where that
  // run walks no nested loop again: a head without ops with regions, or a
  // lifted one, whose body under the scf.if on the test is not walked.
  DenseMap<Region *, Incoming> outBefore;
  for (Region &region : raw->getRegions()) {
    bool leavesOnFalse;
    if (testingHeads.count(&region) &&
        (flatRegion(region) || liftedTestIf(region, leavesOnFalse)))
      outBefore[&region] = out;
    runRegion(region);
  }
  for (auto &[head, before] : outBefore) {
    if (!changedHeads.contains(head))
      continue;
    out = std::move(before);
    runRegion(*head, /*toParentOnly=*/true);
  }
  return changed;
}

void RegionOpWalk::runRegion(Region &region, bool toParentOnly) {
  Incoming cur;
  if (auto it = in.find(&region); it != in.end())
    cur = it->second;
  std::optional<Bdd> first;
  if (loopHeads.count(&region) && !region.front().empty())
    first = firstIteration(&region);
  auto back = backIn.find(&region);
  w.joinLoopHead(cur, first, back == backIn.end() ? nullptr : &back->second);
  if (!cur.any || cur.st.unreachable())
    return;
  bool repetitive = !op || op.isRepetitiveRegion(region.getRegionNumber());
  // walkRegion binds the entry block's arguments: give it their shape
  // (inputs may skip produced arguments such as ivs).
  Incoming shaped = w.flow.shapeForBlock(&region.front(), cur);
  bool leavesOnFalse = false;
  scf::IfOp exitOnly =
      toParentOnly ? liftedTestIf(region, leavesOnFalse) : scf::IfOp();
  Operation *outerExitOnly = std::exchange(w.exitOnlyIf, exitOnly);
  Bdd outerWay = w.exitOnlyWay;
  w.exitOnlyWay = leavesOnFalse ? BddManager::False : BddManager::True;
  std::vector<Exit> exits = w.walkRegionOpRegion(region, shaped, repetitive);
  w.exitOnlyIf = outerExitOnly;
  w.exitOnlyWay = outerWay;
  for (Exit &x : exits)
    followExit(x, region, toParentOnly);
}

bool RegionOpWalk::flatRegion(Region &head) const {
  for (Block &block : head)
    for (Operation &op : block)
      if (op.getNumRegions() > 0)
        return false;
  return true;
}

std::optional<APInt> RegionOpWalk::lastValueAsked() {
  if (lastValue)
    return *lastValue;
  lastValue.emplace();
  // Loops whose iterations run one after another, the last one leaving
  // (not scf.forall or scf.parallel, whose iterations all "end" it).
  if (!isa<scf::ForOp, affine::AffineForOp>(raw))
    return std::nullopt;
  // (A counter that wraps past its bound may leave from any value.)
  if (auto f = dyn_cast<scf::ForOp>(raw);
      f && (f.getUnsignedCmp() || !forLoopCannotWrap(f)))
    return std::nullopt;
  auto loopLike = cast<LoopLikeOpInterface>(raw);
  std::optional<Value> iv = loopLike.getSingleInductionVar();
  std::optional<OpFoldResult> lbFold = loopLike.getSingleLowerBound(),
                              ubFold = loopLike.getSingleUpperBound(),
                              stepFold = loopLike.getSingleStep();
  if (!iv || !lbFold || !ubFold || !stepFold)
    return std::nullopt;
  std::optional<int64_t> lb = getConstantIntValue(*lbFold),
                         ub = getConstantIntValue(*ubFold),
                         step = getConstantIntValue(*stepFold);
  if (!lb || !ub || !step || *step <= 0 || *ub <= *lb)
    return std::nullopt;
  // lb + (trips - 1) * step, in 128 bits: a 64-bit loop near its limits
  // must not wrap into a value it never takes.
  __int128 span = (__int128)*ub - *lb;
  __int128 trips = (span + *step - 1) / *step;
  __int128 last = (__int128)*lb + (trips - 1) * *step;
  auto indexValue = [](__int128 v) {
    return APInt(IndexType::kInternalStorageBitWidth, (int64_t)v,
                 /*isSigned=*/true);
  };
  // Only where the body asks a question of the variable whose answer the
  // last iteration decides (no atom made where nobody asks), in the width
  // of its own comparison: then an exit holds the last iteration's answer
  // (`i >= 2` in a loop to 4 holds at its exit; `i == 2` does not).
  for (Operation *user : iv->getUsers()) {
    if (auto sw = dyn_cast<scf::IndexSwitchOp>(user)) {
      if (sw.getArg() == *iv) {
        *lastValue = indexValue(last);
        break;
      }
      continue;
    }
    if (auto aif = dyn_cast<affine::AffineIfOp>(user)) {
      for (unsigned c = 0, e = aif.getIntegerSet().getNumConstraints(); c < e;
           ++c) {
        std::optional<AffineConstraint> fc = flattenedConstraint(aif, c);
        std::optional<std::pair<unsigned, ValueSet>> q =
            fc ? singleOperandQuestion(*fc) : std::nullopt;
        if (q && fc->operands[q->first] == *iv) {
          *lastValue = indexValue(last);
          break;
        }
      }
      if (*lastValue)
        break;
      continue;
    }
    auto cmp = dyn_cast<arith::CmpIOp>(user);
    if (!cmp)
      continue;
    Value other = cmp.getLhs() == *iv ? cmp.getRhs() : cmp.getLhs();
    APInt k;
    if (matchPattern(other, m_ConstantInt(&k)) && k.getBitWidth() <= 64) {
      *lastValue = APInt(k.getBitWidth(), (int64_t)last, /*isSigned=*/true);
      break;
    }
  }
  return *lastValue;
}

std::optional<Bdd> RegionOpWalk::lastIteration() {
  std::optional<APInt> k = lastValueAsked();
  if (!k)
    return std::nullopt;
  Value iv = *cast<LoopLikeOpInterface>(raw).getSingleInductionVar();
  return w.ctx.conds.valueIn(
      iv, ValueSet::where(arith::CmpIPredicate::eq, *k), [&] {
        return w.ctx.conds.choiceAtom(
            &cast<BlockArgument>(iv).getOwner()->front(),
            "the loop at " + positionOf(raw) + " is in its last iteration",
            "the loop at " + positionOf(raw) + " is not in its last iteration");
      });
}

void RegionOpWalk::followExit(Exit &x, Region &region, bool toParentOnly) {
  auto rt = op ? dyn_cast_or_null<RegionBranchTerminatorOpInterface>(x.term)
               : nullptr;
  if (!rt) {
    toParent(x.st, {}, {});
    if (repeatsSilently(region) && !singleTrip && !toParentOnly)
      backEdge(x.st, region, {}, {}, x.term);
    return;
  }
  SmallVector<RegionSuccessor> succs;
  rt.getSuccessorRegions(constantOperands(x.term), succs);
  std::vector<Bdd> tc = w.edges.ofRegionTerminator(x.term, hasLoop, succs);
  std::optional<Bdd> last = lastIteration();
  for (auto [i, s] : llvm::enumerate(succs)) {
    PathState es = w.ctx.lattice.restrict(x.st, tc[i]);
    // The body goes on to the results from its last iteration only, and
    // back from every other one.
    if (last && !singleTrip)
      es = w.ctx.lattice.restrict(es, s.isParent() ? *last
                                                   : w.ctx.bdd.negate(*last));
    if (es.unreachable() || (toParentOnly && !s.isParent()))
      continue;
    OperandRange operands = rt.getSuccessorOperands(s);
    if (s.isParent()) {
      toParent(es, operands, s.getSuccessorInputs());
      continue;
    }
    Region *target = s.getSuccessor();
    bool back = target->getRegionNumber() <= region.getRegionNumber();
    if (!back) {
      toRegion(in[target], es, operands, s.getSuccessorInputs());
      continue;
    }
    if (singleTrip)
      continue;
    backEdge(es, *target, operands, s.getSuccessorInputs(), x.term);
  }
}

void RegionOpWalk::backEdge(const PathState &es, Region &target,
                            ValueRange operands, ValueRange inputs,
                            Operation *term) {
  Incoming c;
  toRegion(c, es, operands, inputs);
  w.loops.crossBackEdge(term, c, w.passedToReaders(operands, inputs), loop);
  if (!target.empty() && !target.front().empty())
    w.flow.restrict(c, w.ctx.bdd.negate(firstIteration(&target)));
  if (w.flow.merge(backIn[&target], c)) {
    changed = true;
    changedHeads.insert(&target);
  }
}

void RegionOpWalk::leave(PathState &st) {
  if (out.any) {
    if (!loopHeads.empty()) {
      // What the results hold, said relative to the path: they name only
      // the atoms that tell apart what they hold, not every atom of the
      // path at the exits (the loop's tests, the first iterations of the
      // loops in it), all of which stayed in the path after the loop
      // because a result named them.
      w.flow.relativeTo(out, out.st.path);
      // A value the loop varies (one computed from its regions'
      // arguments) is out of scope after it, and no op after it computes
      // the same value (SameValues): an atom of one goes like bookkeeping
      // (LoopModel::leaveLoop).
      DenseMap<Value, bool> varies;
      auto unaskedAfter = [&](unsigned var) {
        Value v = w.ctx.conds.valueOf(var);
        return v && variesInside(raw, v, varies);
      };
      w.loops.leaveLoop(out.st, &st, loop, w.loops.exportedBy(out),
                        unaskedAfter);
      // (Absolute again, as results are everywhere: exact, the atoms that
      // went are not among those they name.)
      w.flow.restrict(out, out.st.path);
    }
    st = out.st;
  } else {
    st = w.ctx.lattice.restrict(st, BddManager::False);
  }
  for (OpResult r : raw->getResults()) {
    unsigned j = r.getResultNumber();
    if (carriesMemRef(r))
      w.flow.setAliases(r, out.argAliases[j].empty()
                               ? w.flow.unknown(BddManager::True)
                               : out.argAliases[j]);
    if (r.getType().isInteger(1))
      w.flow.pinFormula(r, out.argFormulas[j]);
    else if (r.getType().isIntOrIndex())
      // (A loop's too: what its exits pass, relative to the path after it,
      // as its heads' cases are, LoopModel renaming them per iteration.)
      w.flow.pinCases(r,
                      j < out.argCases.size() ? out.argCases[j] : std::nullopt);
  }
}

void FlowWalker::stepRegions(Operation *op, PathState &st) {
  if (op == exitOnlyIf) {
    // (Its condition's formula holds where the way out is the then way.)
    Bdd c = ctx.conds.formulaOf(cast<scf::IfOp>(op).getCondition());
    st = ctx.lattice.restrict(
        st, exitOnlyWay == BddManager::True ? c : ctx.bdd.negate(c));
  }
  if (auto rb = dyn_cast<RegionBranchOpInterface>(op))
    RegionOpWalk(*this, rb).run(st);
  else if (std::optional<RepeatedBody> repeated = repeatedBody(op)) {
    // Such an op reads and writes its own operands while its bodies run (a
    // linalg op's ins and outs): uses, as any other op's (helper-128: a
    // linalg.fill of a freed buffer went unreported).
    transfer.checkUses(op, st);
    RegionOpWalk(*this, op, *repeated).run(st);
  } else
    walkOpaqueRegions(op, st);
}

std::vector<Exit> FlowWalker::walkRegionOpRegion(Region &region,
                                                 const Incoming &in,
                                                 bool repetitive) {
  // A repeated region's i1 arguments get their formulas from what reaches
  // the region (the entry's first, back edges' later: see bindArguments).
  if (repetitive) {
    repeatedEntries.insert(&region.front());
    for (BlockArgument arg : region.front().getArguments())
      if (carriesMemRef(arg))
        carriedMemrefs.insert(arg);
  }
  return walkRegion(region, in);
}

} // namespace memlint::lifetime
