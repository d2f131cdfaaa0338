//===- CfgLoopExit.cpp - What leaving a CFG loop lets go ------------------===//
//
// An edge out of a region's loops: the loop model drops their bookkeeping
// atoms (LoopModel::leaveLoop), and with them the atoms of a loop's own
// values that no code after the loop can ask again, which are bookkeeping
// from there on. A region loop's values are out of scope after it; a CFG
// loop's stay in scope (its head dominates its exits), so the loop must
// show that nothing after it names them. Kept, every loop's exit test
// (`%i < %n` is false, on every iteration after the first) stayed in the
// path of all the code after it: N loops lowered to `cf` one after
// another cost N^2 (1,000: past the budget).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/CfgWalk.h"

using namespace mlir;

namespace memlint::lifetime {

void CfgWalk::leaveLoops(Block *block, Block *succ, ValueRange forwarded,
                         PathState &es) {
  // The loops left, innermost first up to one that holds `succ` (each
  // edge looks at its own loops, not at all of the region's).
  SmallVector<unsigned, 4> left;
  for (Block *h = innermostHeader.lookup(block); h;
       h = enclosingHeader.lookup(h)) {
    unsigned hi = index.lookup(h);
    if (naturalLoops.at(hi)->contains(succ))
      break;
    left.push_back(hi);
  }
  // Outermost first: by head index, the order the loop model was given
  // when every loop of the region was looked at (kept: same results).
  for (unsigned h : llvm::reverse(left)) {
    const DenseSet<Block *> *blocks = naturalLoops.at(h);
    auto entryIt = headerEntry.find(order[h]);
    const LoopLocals &locals = localsOf(h);
    // Values of the loop used after it (its exit test, asked again) name
    // atoms that must stay, as those its blocks' arguments name do.
    DenseSet<unsigned> exported = w.loops.exportedBy(*blocks);
    for (Value v : locals.usedAfter)
      addNamedAtoms(v, exported);
    // An integer the loop varies that code after it asks about (the exit
    // test asked again, a second loop entered at the exit count, passed
    // on this edge or named after the loop) has its first iteration told
    // apart by the loop's first-iteration atom, which split its cells:
    // the atom stays. Dropped, the exit on the first test (the loop ran
    // zero times) no longer decided the question asked again, and a free
    // under it looked reachable: a false double free.
    auto variedInteger = [&](Value v) {
      return isa<IntegerType, IndexType>(v.getType()) &&
             locals.varying.contains(v);
    };
    if (llvm::any_of(locals.usedAfter, variedInteger) ||
        llvm::any_of(forwarded, variedInteger))
      if (std::optional<unsigned> first =
              w.ctx.conds.firstIterationVar(&order[h]->front()))
        exported.insert(*first);
    // What the edge passes on names atoms through its aliases and formulas
    // (a buffer chosen by the exit test): those stay, as the loop model
    // keeps the atoms its blocks' arguments name.
    DenseSet<unsigned> passedOn;
    if (locals.closed)
      for (Value v : forwarded)
        addNamedAtoms(v, passedOn);
    auto unaskedAfter = [&](unsigned var) {
      Value v = w.ctx.conds.valueOf(var);
      return v && locals.varying.contains(v) && !passedOn.contains(var);
    };
    w.loops.leaveLoop(
        es, entryIt == headerEntry.end() ? nullptr : &entryIt->second,
        LoopScope::cfg(&region, *blocks, order[h]), exported,
        locals.closed ? function_ref<bool(unsigned)>(unaskedAfter) : nullptr);
  }
}

void CfgWalk::addNamedAtoms(Value v, DenseSet<unsigned> &atoms) {
  if (const AliasSet *s = w.flow.find(v))
    for (const AliasEntry &e : *s)
      w.flow.addSupport(atoms, e.cond);
  if (v.getType().isInteger(1) && w.ctx.conds.hasFormula(v))
    w.flow.addSupport(atoms, w.ctx.conds.formulaOf(v));
}

const CfgWalk::LoopLocals &CfgWalk::localsOf(unsigned h) {
  auto [it, fresh] = loopLocals.try_emplace(h);
  LoopLocals &locals = it->second;
  if (!fresh)
    return locals;
  const DenseSet<Block *> &blocks = *naturalLoops.at(h);
  // In the walk's order, an op's operands come before it (but through
  // block arguments, which vary anyway).
  SmallVector<Block *> inOrder;
  for (Block *b : blocks)
    if (index.count(b))
      inOrder.push_back(b);
  llvm::sort(inOrder,
             [&](Block *a, Block *b) { return index.at(a) < index.at(b); });
  for (Block *b : inOrder)
    for (BlockArgument arg : b->getArguments())
      locals.varying.insert(arg);
  // Values an op computes from varying ones vary. (An op whose operands do
  // not vary may compute what an op after the loop computes alike, and
  // SameValues makes them one value: such atoms stay.)
  for (Block *b : inOrder)
    for (Operation &op : *b) {
      bool varies = llvm::any_of(op.getOperands(), [&](Value v) {
        return locals.varying.contains(v);
      });
      if (varies)
        for (Value r : op.getResults())
          locals.varying.insert(r);
    }
  auto inLoop = [&](Operation *user) {
    Operation *top = region.findAncestorOpInRegion(*user);
    return top && blocks.contains(top->getBlock());
  };
  // Whether `use` passes its value on an edge out of the loop.
  auto passedOut = [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (user->getNumSuccessors() == 0 || !blocks.contains(user->getBlock()))
      return false;
    auto br = dyn_cast<BranchOpInterface>(user);
    if (!br)
      return true; // it passes its operands where it likes
    for (unsigned i = 0, e = user->getNumSuccessors(); i < e; ++i) {
      if (blocks.contains(user->getSuccessor(i)))
        continue;
      OperandRange passed = br.getSuccessorOperands(i).getForwardedOperands();
      unsigned at = use.getOperandNumber();
      if (!passed.empty() && at >= passed.getBeginOperandIndex() &&
          at < passed.getBeginOperandIndex() + passed.size())
        return true;
    }
    return false;
  };
  auto check = [&](Value v) {
    bool varies = locals.varying.contains(v);
    bool integer = isa<IntegerType, IndexType>(v.getType());
    bool escapes = false;
    for (OpOperand &use : v.getUses()) {
      escapes |= !inLoop(use.getOwner());
      if (varies && integer && passedOut(use))
        locals.closed = false;
    }
    if (escapes)
      locals.usedAfter.push_back(v);
    if (escapes && varies)
      locals.closed = false;
  };
  for (Block *b : inOrder) {
    for (BlockArgument arg : b->getArguments())
      check(arg);
    for (Operation &op : *b)
      for (Value r : op.getResults())
        check(r);
  }
  // One edge out of the loop. Where there are more (a break beside the
  // head's exit), its atoms tell them apart: dropped on each, the paths of
  // two exits that pass different buffers on to one block overlapped, and
  // a correct free of the one passed was a false double free.
  unsigned exits = 0;
  for (Block *b : inOrder)
    for (Block *succ : b->getSuccessors())
      exits += !blocks.contains(succ);
  if (exits != 1)
    locals.closed = false;
  return locals;
}

} // namespace memlint::lifetime
