//===- FreePlacement.cpp - Where a free can go, as text edits -------------===//
#include "fixes/FreePlacement.h"

#include "analysis/Ownership.h"
#include "fixes/BufferAliases.h"
#include "fixes/BufferUses.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>

using namespace mlir;

namespace memlint {

//===----------------------------------------------------------------------===//
// Reachability
//===----------------------------------------------------------------------===//

namespace {

/// The ops that may run after a program point, following blocks, region
/// branches and loops, but never past where the freed value is defined
/// again (its defining op, or the entry of the block owning it as an
/// argument): past that, the name stands for another buffer.
class Reach {
public:
  explicit Reach(Value v)
      : barrierOp(v.getDefiningOp()),
        barrierBlock(isa<BlockArgument>(v) ? cast<BlockArgument>(v).getOwner()
                                           : nullptr) {}

  void from(Block *block, Block::iterator it) {
    push(block, it, /*initial=*/true);
    run();
  }
  bool contains(Operation *op) const { return ops.count(op); }
  /// Stop as soon as one of `ops` is reached (then sawStop()): a point
  /// from which a use can follow is a poor place for a free, and most
  /// points tried are such, so most walks end early.
  void stopAt(const DenseSet<Operation *> *at) { stops = at; }
  bool sawStop() const { return stopped; }

private:
  void push(Block *block, Block::iterator it, bool initial = false) {
    if (!initial && block == barrierBlock && it == block->begin())
      return;
    Operation *at = it == block->end() ? nullptr : &*it;
    if (started.insert({block, at}).second)
      work.push_back({block, it});
  }

  static SmallVector<Attribute> unknownOperands(Operation *op) {
    return SmallVector<Attribute>(op->getNumOperands());
  }

  void enterRegion(Region *r) {
    if (!r->empty())
      push(&r->front(), r->front().begin());
  }

  void enterRegions(Operation *op) {
    if (auto rb = dyn_cast<RegionBranchOpInterface>(op)) {
      SmallVector<RegionSuccessor> succs;
      rb.getEntrySuccessorRegions(unknownOperands(op), succs);
      for (const RegionSuccessor &s : succs)
        if (!s.isParent())
          enterRegion(s.getSuccessor());
      return;
    }
    for (Region &r : op->getRegions())
      enterRegion(&r);
  }

  void continueAfter(Operation *op) {
    push(op->getBlock(), std::next(op->getIterator()));
  }

  void exitRegion(Region *region, Operation *term) {
    Operation *parent = region->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      return;
    auto rt = dyn_cast_or_null<RegionBranchTerminatorOpInterface>(term);
    if (rt && isa<RegionBranchOpInterface>(parent)) {
      SmallVector<RegionSuccessor> succs;
      rt.getSuccessorRegions(unknownOperands(term), succs);
      for (const RegionSuccessor &s : succs) {
        if (s.isParent())
          continueAfter(parent);
        else
          enterRegion(s.getSuccessor());
      }
      return;
    }
    // Nothing says where control goes: anywhere in the parent, then on.
    enterRegions(parent);
    continueAfter(parent);
  }

  void run() {
    while (!work.empty()) {
      auto [block, it] = work.pop_back_val();
      bool atBarrier = false;
      for (; it != block->end(); ++it) {
        Operation &op = *it;
        if (&op == barrierOp) {
          atBarrier = true;
          break;
        }
        ops.insert(&op);
        if (stops && stops->count(&op)) {
          stopped = true;
          work.clear();
          return;
        }
        if (op.getNumRegions() > 0)
          enterRegions(&op);
      }
      if (atBarrier)
        continue;
      Operation *last = block->empty() ? nullptr : &block->back();
      if (last && last->getNumSuccessors() > 0) {
        for (Block *succ : last->getSuccessors())
          push(succ, succ->begin());
        continue;
      }
      exitRegion(block->getParent(), last);
    }
  }

  Operation *barrierOp;
  Block *barrierBlock;
  const DenseSet<Operation *> *stops = nullptr;
  bool stopped = false;
  DenseSet<Operation *> ops;
  DenseSet<std::pair<Block *, Operation *>> started;
  SmallVector<std::pair<Block *, Block::iterator>> work;
};

//===----------------------------------------------------------------------===//
// Braces of scf.if regions
//===----------------------------------------------------------------------===//

/// The braces around region `idx` (0: then, 1: else) of `ifOp` as written.
std::optional<std::pair<size_t, size_t>>
ifRegionBraces(const SourceText &src, scf::IfOp ifOp, unsigned idx) {
  auto range = src.opRange(ifOp);
  const auto *def = src.document().opDef(ifOp);
  if (!range || !def)
    return std::nullopt;
  llvm::StringRef text = src.str();
  std::optional<size_t> nameEnd = src.document().fileOffset(def->loc.End);
  if (!nameEnd)
    return std::nullopt;
  size_t open = text.find('{', *nameEnd);
  if (open == llvm::StringRef::npos || open >= range->second)
    return std::nullopt;
  std::optional<size_t> close = matchingBrace(text, open, range->second);
  if (!close)
    return std::nullopt;
  if (idx == 0)
    return std::make_pair(open, *close);
  size_t p = src.skipSpaceAndComments(*close + 1);
  if (!text.substr(p).starts_with("else"))
    return std::nullopt;
  p = src.skipSpaceAndComments(p + 4);
  if (p >= range->second || text[p] != '{')
    return std::nullopt;
  close = matchingBrace(text, p, range->second);
  if (!close)
    return std::nullopt;
  return std::make_pair(p, *close);
}

bool hasWrittenOps(const SourceText &src, Block &block) {
  return llvm::any_of(
      block, [&](Operation &op) { return src.opRange(&op).has_value(); });
}

//===----------------------------------------------------------------------===//
// Program points
//===----------------------------------------------------------------------===//

struct Point {
  enum Kind {
    BeforeOp,    // before `op`, a written op
    EndOfBlock,  // before `op`, an implicit terminator
    ElseOf,      // a new else region of the scf.if `op`
    EmptyRegion, // inside region `index` of the scf.if `op`, written empty
    Edge,        // a new block on the edge to successor `index` of `op`
  } kind;
  Operation *op;
  unsigned index = 0;
  size_t order = 0; // text offset, for sorting

  /// An op of the IR where the free would run (for dominance).
  Operation *anchor() const {
    if (kind == EmptyRegion)
      return cast<scf::IfOp>(op)->getRegion(index).front().getTerminator();
    return op;
  }

  /// Whether control can come here after running one of `ran` (the ops a
  /// Reach from them saw): a new else region runs where its scf.if does,
  /// a new block on an edge where its branch does.
  bool follows(const Reach &ran) const { return ran.contains(anchor()); }

  void reachFrom(Reach &reach) const {
    switch (kind) {
    case BeforeOp:
    case EndOfBlock:
      reach.from(op->getBlock(), op->getIterator());
      return;
    case ElseOf:
      reach.from(op->getBlock(), std::next(op->getIterator()));
      return;
    case EmptyRegion: {
      Block &b = op->getRegion(index).front();
      reach.from(&b, b.begin());
      return;
    }
    case Edge: {
      Block *succ = op->getSuccessor(index);
      reach.from(succ, succ->begin());
      return;
    }
    }
  }
};

unsigned numPredecessorEdges(Block *b) {
  return std::distance(b->pred_begin(), b->pred_end());
}

std::vector<Point> programPoints(const SourceText &src,
                                 FunctionOpInterface fn) {
  std::vector<Point> points;
  fn->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == fn.getOperation())
      return;
    auto r = src.opRange(op);
    if (r)
      points.push_back({Point::BeforeOp, op, 0, r->first});
    else if (op->hasTrait<OpTrait::IsTerminator>() && op->getPrevNode())
      if (auto pr = src.opRange(op->getPrevNode()))
        points.push_back({Point::EndOfBlock, op, 0, pr->second});
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (unsigned i = 0; i < 2; ++i) {
        Region &region = ifOp->getRegion(i);
        if (region.empty() || hasWrittenOps(src, region.front()))
          continue;
        if (auto braces = ifRegionBraces(src, ifOp, i))
          points.push_back({Point::EmptyRegion, op, i, braces->first + 1});
      }
      if (ifOp.getNumResults() == 0 && ifOp.getElseRegion().empty())
        if (auto braces = ifRegionBraces(src, ifOp, 0))
          points.push_back({Point::ElseOf, op, 0, braces->second});
    }
    if (r)
      for (unsigned i = 0; i < op->getNumSuccessors(); ++i)
        if (numPredecessorEdges(op->getSuccessor(i)) > 1)
          points.push_back({Point::Edge, op, i, r->first + 1 + i});
  });
  std::stable_sort(
      points.begin(), points.end(),
      [](const Point &a, const Point &b) { return a.order < b.order; });
  return points;
}

/// The first `count` block labels no block of `scope` has (a label names a
/// block only within its region, so the function holding the edit is
/// enough; a null scope: the whole document). Only the scope's blocks are
/// looked at: a search per leak over every block of the file made
/// `lint --format=json` on 40,000 one-leak functions quadratic (469 s).
std::vector<std::string> labelsNotTaken(const SourceText &src,
                                        Operation *scope, unsigned count) {
  llvm::StringRef text = src.str();
  llvm::StringSet<> taken;
  const Document &doc = src.document();
  auto take = [&](const AsmParserState::BlockDefinition &def) {
    std::optional<size_t> s = doc.fileOffset(def.definition.loc.Start);
    std::optional<size_t> e = doc.fileOffset(def.definition.loc.End);
    if (s && e)
      taken.insert(text.slice(*s, *e));
  };
  if (scope)
    scope->walk([&](Block *block) {
      if (const auto *def = doc.blockDef(block))
        take(*def);
    });
  else
    doc.forEachBlockDef(take);
  std::vector<std::string> out;
  for (unsigned n = 0; out.size() < count; ++n) {
    std::string label = "^memlint_free" + std::to_string(n);
    if (!taken.contains(label))
      out.push_back(std::move(label));
  }
  return out;
}

std::optional<std::vector<TextEdit>>
renderEdge(const SourceText &src, const Point &pt, const std::string &stmt) {
  llvm::StringRef text = src.str();
  Operation *term = pt.op;
  Block *succ = term->getSuccessor(pt.index);
  auto tr = src.opRange(term);
  const auto *def = src.document().blockDef(succ);
  if (!tr || !def || !src.onlySpaceOrCommentAfter(tr->second))
    return std::nullopt;
  auto br = dyn_cast<BranchOpInterface>(term);
  if (!br || br.getSuccessorOperands(pt.index).getProducedOperandCount())
    return std::nullopt;
  std::optional<SuccessorText> where = successorText(src, term, pt.index);
  if (!where)
    return std::nullopt;
  size_t ls = where->labelBegin, le = where->labelEnd;
  size_t groupEnd = where->groupEnd;
  // The forwarded operands, `(%a : memref<4xf32>)`, move to the new branch.
  std::string args = text.slice(where->groupBegin, groupEnd).str();
  std::string label =
      labelsNotTaken(src, term->getParentOfType<FunctionOpInterface>(), 1)
          .front();
  std::optional<size_t> labelDef =
      src.document().fileOffset(def->definition.loc.Start);
  if (!labelDef)
    return std::nullopt;
  std::string labelIndent = src.indentAt(*labelDef);
  std::string opIndent = src.indentAt(tr->first);
  std::string block = labelIndent + label + ":\n" + opIndent + stmt + "\n" +
                      opIndent + "cf.br " + text.slice(ls, le).str() + args +
                      "\n";
  size_t nl = src.lineEnd(tr->second);
  std::vector<TextEdit> edits{src.edit(ls, groupEnd, label)};
  if (nl == text.size())
    edits.push_back(src.edit(nl, nl, "\n" + block));
  else
    edits.push_back(src.edit(nl + 1, nl + 1, block));
  return edits;
}

std::optional<std::vector<TextEdit>>
render(const SourceText &src, const Point &pt, const std::string &stmt) {
  llvm::StringRef text = src.str();
  switch (pt.kind) {
  case Point::BeforeOp: {
    auto r = src.opRange(pt.op);
    if (!r)
      return std::nullopt;
    size_t s = r->first;
    if (src.onlySpaceBefore(s))
      return std::vector<TextEdit>{src.edit(src.lineStart(s), src.lineStart(s),
                                            src.indentAt(s) + stmt + "\n")};
    return std::vector<TextEdit>{src.edit(s, s, stmt + " ")};
  }
  case Point::EndOfBlock: {
    Operation *last = pt.op->getPrevNode();
    auto r = last ? src.opRange(last) : std::nullopt;
    if (!r)
      return std::nullopt;
    size_t e = r->second;
    if (src.onlySpaceOrCommentAfter(e)) {
      size_t nl = src.lineEnd(e);
      std::string line = src.indentAt(r->first) + stmt + "\n";
      if (nl == text.size())
        return std::vector<TextEdit>{src.edit(nl, nl, "\n" + line)};
      return std::vector<TextEdit>{src.edit(nl + 1, nl + 1, line)};
    }
    return std::vector<TextEdit>{src.edit(e, e, " " + stmt)};
  }
  case Point::ElseOf: {
    auto ifOp = cast<scf::IfOp>(pt.op);
    auto braces = ifRegionBraces(src, ifOp, 0);
    if (!braces)
      return std::nullopt;
    size_t p = braces->second;
    if (!src.onlySpaceBefore(p))
      return std::vector<TextEdit>{
          src.edit(p + 1, p + 1, " else { " + stmt + " }")};
    std::string outer = src.indentAt(p);
    std::string inner = outer + "  ";
    // Indent like the then region's ops when they stand on their own lines.
    for (Operation &op : ifOp.getThenRegion().front())
      if (auto r = src.opRange(&op); r && src.onlySpaceBefore(r->first)) {
        inner = src.indentAt(r->first);
        break;
      }
    return std::vector<TextEdit>{src.edit(
        p + 1, p + 1, " else {\n" + inner + stmt + "\n" + outer + "}")};
  }
  case Point::EmptyRegion: {
    auto braces = ifRegionBraces(src, cast<scf::IfOp>(pt.op), pt.index);
    if (!braces)
      return std::nullopt;
    auto [open, close] = *braces;
    if (text.slice(open, close).contains('\n'))
      return std::vector<TextEdit>{src.edit(
          open + 1, open + 1, "\n" + src.indentAt(open) + "  " + stmt)};
    return std::vector<TextEdit>{src.edit(open + 1, close, " " + stmt + " ")};
  }
  case Point::Edge:
    return renderEdge(src, pt, stmt);
  }
  return std::nullopt;
}

} // namespace

/// Names of i1 values of `fn` in scope at `at` (dominating it), those that
/// steer branches first, at most `limit`.
static std::vector<std::string>
conditionsInScope(const SourceText &src, FunctionOpInterface fn,
                  DominanceInfo &dom, Operation *at, size_t limit = 6) {
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
  for (BlockArgument a : fn.getArguments())
    consider(a);
  fn->walk([&](Operation *op) {
    for (Value r : op->getResults())
      consider(r);
  });
  conds.insert(conds.end(), others.begin(), others.end());
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
       r = r->getParentOp()->getParentRegion())
    // scf.forall says it is a region branch, but its body's terminator
    // leads only out: the re-analysis walks the body once, though it runs
    // once per iteration, side by side.
    if (!isa<RegionBranchOpInterface>(r->getParentOp()) ||
        isa<scf::ForallOp>(r->getParentOp()))
      return true;
  return false;
}

std::vector<std::vector<TextEdit>>
freeInsertionCandidates(const SourceText &src, FunctionOpInterface fn, Value v,
                        Operation *exit, llvm::StringRef freeOpName,
                        bool guarded, size_t maxCandidates, size_t *likely,
                        std::vector<Value> *freed) {
  std::vector<std::vector<TextEdit>> out;
  // The value each candidate of `out` (and of `later`) frees.
  std::vector<Value> outFreed, laterFreed;
  DominanceInfo dom(fn);
  struct Operand {
    Value value;
    std::string stmt;
    DenseSet<Operation *> uses;
  };
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
  Reach afterFrees(v);
  for (Value w : aliases) {
    std::string stmt = freeStatement(src.document(), freeOpName, w);
    if (stmt.empty() || operands.size() >= 4)
      continue;
    SmallVector<Operation *> users = memoryUsers(w, untraced);
    operands.push_back({w, stmt, {users.begin(), users.end()}});
    operands.back().uses.insert(aliasUses.begin(), aliasUses.end());
    for (Operation *user : users)
      if (!freedOperands(user).empty())
        afterFrees.from(user->getBlock(), std::next(user->getIterator()));
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
  for (const Point &pt : programPoints(src, fn)) {
    for (const Operand &o : operands) {
      if (!dom.properlyDominates(o.value, pt.anchor()) ||
          inOpaqueRegion(pt.anchor(), o.value))
        continue;
      Reach reach(o.value);
      reach.stopAt(&o.uses);
      pt.reachFrom(reach);
      // The walk ends at the first use of the value it meets: a point is
      // proposed when the exit came before it. A use may still follow the
      // point: one on a path the analysis knows cannot be taken (a branch
      // on `%i == %ub` inside a loop to %ub), a branch that forwards the
      // buffer to an argument nothing reads; the re-analysis judges,
      // after the points where no use can follow.
      if (!reach.contains(exit))
        continue;
      bool unlikely = reach.sawStop();
      std::vector<std::string> stmts;
      if (!guarded) {
        stmts.push_back(o.stmt);
      } else {
        // The free only on the paths where an i1 in scope is true (or
        // false): for a buffer freed elsewhere on the other paths.
        for (const std::string &c :
             conditionsInScope(src, fn, dom, pt.anchor())) {
          stmts.push_back("scf.if " + c + " { " + o.stmt + " }");
          stmts.push_back("scf.if " + c + " {} else { " + o.stmt + " }");
        }
      }
      for (const std::string &stmt : stmts) {
        if (auto edits = render(src, pt, stmt)) {
          bool last = unlikely || (!guarded && pt.follows(afterFrees));
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
  for (const std::string &name : conditionsInScope(src, fn, dom, free)) {
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
