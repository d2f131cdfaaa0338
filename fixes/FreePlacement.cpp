//===- FreePlacement.cpp - Where a free can go, as text edits -------------===//
#include "fixes/FreePlacement.h"

#include "analysis/Ownership.h"
#include "fixes/BufferAliases.h"
#include "fixes/BufferUses.h"
#include "fixes/ProgramPoints.h"
#include "fixes/ReachAfter.h"
#include "fixes/RegionOrder.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>

using namespace mlir;
using memlint::placement::Reach;
using memlint::placement::straightToExit;
using memlint::placement::WalkOutcome;

namespace memlint {

PlacementWork &placementWork() {
  static thread_local PlacementWork work;
  return work;
}

/// Names of i1 values of `fn` in scope at `at` (dominating it), those that
/// steer branches first, at most `limit`.
static std::vector<std::string>
conditionsInScope(const SourceText &src, FunctionOpInterface fn,
                  DominanceInfo &dom, Operation *at, ArrayRef<Value> first,
                  size_t limit = 6) {
  std::vector<Value> conds, others;
  auto consider = [&](Value c) {
    // Not a condition read from memory: the re-analysis takes findings
    // under it for "some contents" and stays silent (the ownership
    // model's rule), so a guard on it would pass its proof whatever it
    // frees.
    if (!c.getType().isInteger(1) || !dom.properlyDominates(c, at) ||
        llvm::is_contained(conds, c) || llvm::is_contained(others, c) ||
        dependsOnMemoryContents(c))
      return;
    bool steers = llvm::any_of(c.getUsers(), [](Operation *u) {
      return isa<scf::IfOp, BranchOpInterface, scf::ConditionOp>(u);
    });
    (steers ? conds : others).push_back(c);
  };
  // Those that decide the paths to free on go first: with more i1
  // values in scope than the limit, the one a guard needs may come late.
  for (Value c : first)
    consider(c);
  for (BlockArgument a : fn.getArguments())
    consider(a);
  fn->walk([&](Operation *op) {
    for (Value r : op->getResults())
      consider(r);
  });
  conds.insert(conds.end(), others.begin(), others.end());
  std::stable_partition(conds.begin(), conds.end(),
                        [&](Value c) { return llvm::is_contained(first, c); });
  std::vector<std::string> names;
  for (Value c : conds) {
    std::string name = src.document().nameOf(c);
    if (name.empty() || name[0] != '%' || name == "%<value>")
      continue;
    names.push_back(name);
    if (names.size() >= limit)
      break;
  }
  return names;
}

/// Whether `at` lies in a region, within `v`'s own, of an op whose control
/// flow memlint cannot see (no RegionBranchOpInterface: `gpu.launch`, whose
/// body runs once per thread, a custom op's region): how often a free of
/// `v` there runs is unknown, and the re-analysis, which walks such a
/// region once, could not tell a free per run from one in all.
static bool inOpaqueRegion(Operation *at, Value v) {
  Region *own = v.getParentRegion();
  for (Region *r = at->getParentRegion(); r && r != own;
       r = r->getParentOp()->getParentRegion()) {
    Operation *parent = r->getParentOp();
    // scf.forall says it is a region branch, but its body's terminator
    // leads only out: the re-analysis walks the body once, though it runs
    // once per iteration, side by side. An OpenACC parallel or kernels
    // region says it runs once too, but every gang runs it (gang-redundant
    // mode) until a loop splits the work (helper-113: a leak's free put in
    // an acc.parallel body). By name: the package build has no OpenACC.
    StringRef name = parent->getName().getStringRef();
    if (!isa<RegionBranchOpInterface>(parent) || isa<scf::ForallOp>(parent) ||
        name == "acc.parallel" || name == "acc.kernels")
      return true;
  }
  return false;
}

/// A text offset before which no point is in `v`'s scope: its defining
/// op's, where that op's block is its region's only one and has SSA
/// dominance (then whatever `v` dominates comes after the op's text: later
/// ops of the block and their regions), or where it lies in the function
/// body of many blocks `order` says are each written after their
/// immediate dominator. Other regions print blocks in any order, so a
/// block `v` dominates can come first.
static std::optional<size_t> scopeStart(const SourceText &src,
                                        DominanceInfo &dom, RegionOrder *order,
                                        Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || !dom.hasSSADominance(def->getBlock()))
    return std::nullopt;
  Region *region = def->getParentRegion();
  if (!region->hasOneBlock() && !(order && region == &order->region() &&
                                  order->dominatorsWrittenFirst(dom)))
    return std::nullopt;
  if (auto range = src.opRange(def))
    return range->first;
  return std::nullopt;
}

const std::vector<ProgramPoint> &PlacementScope::points() {
  if (!allPoints)
    allPoints = programPoints(src, fn);
  return *allPoints;
}

RegionOrder *PlacementScope::bodyOrder() {
  Region &body = fn.getFunctionBody();
  if (body.empty() || body.hasOneBlock())
    return nullptr;
  if (!order)
    order.emplace(body);
  return &*order;
}

DefinitionCut *PlacementScope::bodyCut() {
  RegionOrder *body = bodyOrder();
  if (!body)
    return nullptr;
  if (!cut)
    cut.emplace(*body, dom);
  return &*cut;
}

namespace {
/// Whether control can come to a place after a free of the buffer `v`:
/// the walk from its frees (blocks taken whole, held back by rank),
/// started when a place first needs it. Inside a loop of many blocks,
/// where ranks hold nothing back and that walk goes round the loop, a
/// place `v`'s definition dominates is answered without it where every
/// way from each free to the place enters the definition's block first
/// (DefinitionCut): 800 buffers each freed on one edge in a loop body
/// walked the loop once each.
class AfterFrees {
public:
  AfterFrees(Value v, RegionOrder *order, DefinitionCut *cut,
             DominanceInfo &dom)
      : walk(v, placementWork().opsAfterFrees), cut(cut), dom(dom), value(v) {
    walk.takeBlocksWhole();
    if (order)
      walk.deferByRank(*order);
  }
  void addFree(Operation *free) { frees.push_back(free); }
  bool reaches(Operation *anchor) {
    if (std::optional<bool> known = knownWithoutWalk(anchor))
      return *known;
    if (!started) {
      started = true;
      for (Operation *free : frees)
        walk.from(free->getBlock(), std::next(free->getIterator()));
    }
    return walk.reaches(anchor);
  }

private:
  /// The walk's answer where it is known without it, in the function body
  /// of many blocks: for an op directly in a block other than the one
  /// that defines the buffer's value (the walk stops on entering that
  /// one), yes if it follows a free in its block, else whether a short
  /// search from the frees' successors reaches its block without entering
  /// the definition's; no for an op the buffer's definition dominates
  /// where no way from a free leads to it without entering the
  /// definition's block (DefinitionCut::meetsNone).
  std::optional<bool> knownWithoutWalk(Operation *anchor) {
    Block *defBlock = value.getParentBlock();
    if (!cut || defBlock->getParent() != &cut->region())
      return std::nullopt;
    Block *at = cut->region().findAncestorBlockInRegion(*anchor->getBlock());
    if (!at || llvm::any_of(frees, [&](Operation *free) {
          return free->getParentRegion() != &cut->region();
        }))
      return std::nullopt;
    if (anchor->getBlock() == at && at != defBlock) {
      for (Operation *free : frees)
        if (free->getBlock() == at && free->isBeforeInBlock(anchor))
          return true;
      if (std::optional<bool> near = reachedNearby(at, defBlock))
        return near;
    }
    Operation *def = value.getDefiningOp();
    if (!def || !dom.properlyDominates(def, anchor))
      return std::nullopt;
    unsigned lowest =
        at == defBlock ? RegionOrder::Unranked : cut->postNumber(at);
    for (Operation *free : frees) {
      // Before the free in its own block, or nested in an op after it.
      if (free->getBlock() == at) {
        Operation *holder = at->findAncestorOpInBlock(*anchor);
        if (!holder || free->isBeforeInBlock(holder))
          return std::nullopt;
      }
      for (Block *succ : free->getBlock()->getSuccessors())
        if (!cut->meetsNone(succ, defBlock, lowest))
          return std::nullopt;
    }
    return false;
  }

  /// Whether the frees' successors lead to the start of `at` without
  /// entering `defBlock`, found by a search of at most NearbyBlocks
  /// blocks (places are asked of near their buffer's frees); none past it.
  std::optional<bool> reachedNearby(Block *at, Block *defBlock) const {
    constexpr unsigned NearbyBlocks = 64;
    // Breadth first: the nearest blocks first.
    llvm::SmallPtrSet<Block *, 16> seen;
    SmallVector<Block *> queue;
    auto visit = [&](Block *b) {
      if (b != defBlock && seen.insert(b).second)
        queue.push_back(b);
    };
    for (Operation *free : frees)
      for (Block *succ : free->getBlock()->getSuccessors())
        visit(succ);
    for (size_t next = 0; next < queue.size(); ++next) {
      if (queue[next] == at)
        return true;
      if (seen.size() > NearbyBlocks)
        return std::nullopt;
      for (Block *succ : queue[next]->getSuccessors())
        visit(succ);
    }
    return false;
  }

  Reach walk;
  DefinitionCut *cut;
  DominanceInfo &dom;
  Value value;
  std::vector<Operation *> frees;
  bool started = false;
};
} // namespace

/// Where a walk looking for `stops` may be cut at the definition of `v`:
/// the block of its defining op, directly in `cut`'s region, and the
/// lowest post-order number of the other blocks holding a stop. None
/// unless the definition dominates every stop.
static std::optional<std::pair<Block *, unsigned>>
cutForStops(DefinitionCut &cut, DominanceInfo &dom, Value v,
            const DenseSet<Operation *> &stops) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getParentRegion() != &cut.region())
    return std::nullopt;
  Block *defBlock = def->getBlock();
  unsigned lowest = RegionOrder::Unranked;
  for (Operation *stop : stops) {
    if (!dom.properlyDominates(def, stop))
      return std::nullopt;
    Block *holder = cut.region().findAncestorBlockInRegion(*stop->getBlock());
    if (holder && holder != defBlock)
      lowest = std::min(lowest, cut.postNumber(holder));
  }
  return std::make_pair(defBlock, lowest);
}

/// The lowest rank in `order` of the blocks holding one of `stops` or the
/// definition of `v` (its op's, or its block's): a walk from a block
/// ranked lower meets none of them.
static unsigned lowestStopRank(RegionOrder &order, Value v,
                               const DenseSet<Operation *> &stops) {
  unsigned lowest = order.rankOfAncestor(v.getParentBlock());
  for (Operation *stop : stops)
    lowest = std::min(lowest, order.rankOfAncestor(stop));
  return lowest;
}

namespace {
/// A name the buffer goes by that a free can name, what a free of it
/// looks like, and what its places' walks look for.
struct Operand {
  Value value;
  std::string stmt;
  DenseSet<Operation *> uses;
  unsigned lowestStop = RegionOrder::Unranked;
  std::optional<std::pair<Block *, unsigned>> cut;
  /// Points before this text offset are not tried (pastLastUseInLoop).
  size_t skipUntil = 0;
  /// Per loop op holding a use, where its last use's text ends.
  llvm::DenseMap<Operation *, size_t> lastUseEnd;
};
} // namespace

/// Where the outermost loop around `pt` (within `o`'s value's region) that
/// holds a use of it ends in the text, if `pt` lies past the last use
/// there: from such a place a use follows only in the loop's next
/// iteration, as from every later place of the loop.
static std::optional<size_t>
pastLastUseInLoop(const SourceText &src, Operand &o, const ProgramPoint &pt) {
  Operation *loop = nullptr;
  Region *valueRegion = o.value.getParentRegion();
  for (Operation *at = pt.anchor()->getParentOp();
       at && at->getParentRegion() &&
       valueRegion->isAncestor(at->getParentRegion());
       at = at->getParentOp())
    if (isa<LoopLikeOpInterface>(at))
      loop = at;
  if (!loop)
    return std::nullopt;
  auto [it, fresh] = o.lastUseEnd.try_emplace(loop, 0);
  if (fresh)
    for (Operation *use : o.uses)
      if (loop->isProperAncestor(use))
        if (auto range = src.opRange(use))
          it->second = std::max(it->second, range->second);
  auto range = src.opRange(loop);
  if (!it->second || !range || pt.order < it->second)
    return std::nullopt;
  return range->second;
}

std::vector<std::vector<TextEdit>>
freeInsertionCandidates(PlacementScope &scope, Value v, Operation *exit,
                        llvm::StringRef freeOpName, bool guarded,
                        size_t maxCandidates, std::vector<Value> *freed,
                        ArrayRef<Value> guards) {
  const SourceText &src = scope.source();
  FunctionOpInterface fn = scope.function();
  DominanceInfo &dom = scope.dominance();
  std::vector<std::vector<TextEdit>> out;
  // The value each candidate of `out` (and of `later`) frees.
  std::vector<Value> outFreed, laterFreed;
  std::vector<Operand> operands;
  // The uses of the buffer under the names it has on every path: a free
  // before a use of a block argument it is always passed as uses it after
  // the free, as one before a use of the value itself does. (Generated
  // code hands a buffer down chains of blocks: each place before the last
  // block's uses would otherwise be proposed, and fill the search's places
  // before the right one.) And where control can go after a free of it.
  std::vector<Value> aliases = forwardedAliases(v);
  bool untraced = false; // some use's end cannot be followed
  DenseSet<Operation *> aliasUses;
  std::vector<Value> must = mustAliases(aliases);
  for (Value w : llvm::drop_begin(must))
    for (Operation *user : memoryUsers(w, untraced))
      aliasUses.insert(user);
  RegionOrder *order = scope.bodyOrder();
  AfterFrees afterFrees(v, order, scope.bodyCut(), dom);
  for (Value w : aliases) {
    std::string stmt = freeStatement(src.document(), freeOpName, w);
    if (stmt.empty() || operands.size() >= 4)
      continue;
    SmallVector<Operation *> users = memoryUsers(w, untraced);
    Operand &o = operands.emplace_back();
    o.value = w;
    o.stmt = stmt;
    o.uses.insert(users.begin(), users.end());
    o.uses.insert(aliasUses.begin(), aliasUses.end());
    for (Operation *user : users)
      if (!freedOperands(user).empty())
        afterFrees.addFree(user);
  }
  // Where a use may go on past its op and its end cannot be followed (an
  // async GPU op's token passed on, a DMA whose wait is elsewhere, an
  // async.execute body), a place for the free cannot be proven after it:
  // no place is proposed (a wrong fix is worse than none).
  if (untraced)
    return out;
  // A free where control can come after another free of the buffer frees
  // it twice on that path, unless the path cannot be taken (the analysis
  // tells), and one where a use can follow uses it after the free: such
  // places go last, each analysed candidate costing a re-analysis of the
  // function. (A guarded free is meant for places after a free.) The walk
  // goes on past them, up to a bound, for `maxCandidates` of the others.
  std::vector<std::vector<TextEdit>> later;
  auto done = [&] {
    return out.size() >= maxCandidates || later.size() >= 4 * maxCandidates;
  };
  // The earliest points come first and the caller takes the first one the
  // analysis accepts: a few are enough, and later ones cost a walk each.
  const std::vector<ProgramPoint> *points = &scope.points();
  // Points before every operand's definition are not in its scope: the
  // search starts at the first that can be. (Asking each point of the
  // function for each leaked buffer made 1,600 buffers freed in an scf.if
  // take 0.8 s to get their fixes, against 0.1 s to lint.)
  size_t firstInScope = SIZE_MAX;
  for (const Operand &o : operands)
    firstInScope = std::min(firstInScope,
                            scopeStart(src, dom, order, o.value).value_or(0));
  if (order)
    for (Operand &o : operands) {
      o.lowestStop = lowestStopRank(*order, o.value, o.uses);
      o.cut = cutForStops(*scope.bodyCut(), dom, o.value, o.uses);
    }
  auto begin = llvm::partition_point(
      *points, [&](const ProgramPoint &pt) { return pt.order < firstInScope; });
  for (const ProgramPoint &pt : llvm::make_range(begin, points->end())) {
    for (Operand &o : operands) {
      if (pt.order < o.skipUntil)
        continue;
      ++placementWork().points;
      if (!dom.properlyDominates(o.value, pt.anchor()) ||
          inOpaqueRegion(pt.anchor(), o.value))
        continue;
      if (std::optional<size_t> loopEnd = pastLastUseInLoop(src, o, pt)) {
        // One place of a loop's body past the buffer's last use there is
        // tried: from each a use follows in the next iteration alike.
        // (All of them went to the places tried last, whose bound then
        // ended the search before the places after the loop: 200 buffers
        // used in a loop and never freed got 31 fixes.)
        o.skipUntil = *loopEnd;
      }
      auto [block, from] = pt.continuation();
      bool unlikely = false;
      if (std::optional<WalkOutcome> known =
              straightToExit(block, from, exit, o.uses)) {
        if (!known->exit)
          continue;
        unlikely = known->use;
      } else {
        Reach reach(o.value, placementWork().opsAfterPlaces);
        reach.stopAt(&o.uses);
        if (order)
          reach.skipBelow(*order, o.lowestStop, exit);
        if (order && o.cut)
          reach.cutAt(*scope.bodyCut(), o.cut->first, o.cut->second);
        reach.from(block, from);
        // The walk ends at the first use of the value it meets: a point is
        // proposed when the exit came before it. A use may still follow
        // the point: one on a path the analysis knows cannot be taken (a
        // branch on `%i == %ub` inside a loop to %ub), a branch that
        // forwards the buffer to an argument nothing reads; the
        // re-analysis judges, after the points where no use can follow.
        if (!reach.contains(exit))
          continue;
        unlikely = reach.sawStop();
      }
      std::vector<std::string> stmts;
      if (!guarded) {
        stmts.push_back(o.stmt);
      } else {
        // The free only on the paths where an i1 in scope is true (or
        // false): for a buffer freed elsewhere on the other paths.
        for (const std::string &c :
             conditionsInScope(src, fn, dom, pt.anchor(), guards)) {
          stmts.push_back("scf.if " + c + " { " + o.stmt + " }");
          stmts.push_back("scf.if " + c + " {} else { " + o.stmt + " }");
        }
      }
      for (const std::string &stmt : stmts) {
        if (auto edits = renderAt(src, pt, stmt)) {
          // Control can come here after a free of the buffer.
          bool last = unlikely || (!guarded && afterFrees.reaches(pt.anchor()));
          (last ? later : out).push_back(std::move(*edits));
          (last ? laterFreed : outFreed).push_back(o.value);
        }
        if (done())
          break;
      }
      if (done())
        break;
    }
    if (done())
      break;
  }
  for (auto [edits, value] : llvm::zip(later, laterFreed)) {
    if (out.size() >= maxCandidates)
      break;
    out.push_back(std::move(edits));
    outFreed.push_back(value);
  }
  if (freed)
    *freed = std::move(outFreed);
  return out;
}

std::vector<std::vector<TextEdit>> guardFreeCandidates(const SourceText &src,
                                                       FunctionOpInterface fn,
                                                       Operation *free) {
  std::vector<std::vector<TextEdit>> out;
  auto range = src.opRange(free);
  if (!range || !isPlainFree(free))
    return out;
  DominanceInfo dom(fn);
  for (const std::string &name : conditionsInScope(src, fn, dom, free, {})) {
    for (bool whenTrue : {true, false})
      if (auto edits = guardOpEdits(src, free, name, whenTrue))
        out.push_back(std::move(*edits));
  }
  return out;
}

std::vector<std::string> freshBlockLabels(const SourceText &src,
                                          FunctionOpInterface fn,
                                          unsigned count) {
  return labelsNotTaken(src, fn, count);
}

} // namespace memlint
