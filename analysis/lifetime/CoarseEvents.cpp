//===- CoarseEvents.cpp - Certain bugs of a function too big to trace -----===//
#include "analysis/lifetime/CoarseEvents.h"

#include "analysis/Ownership.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include <cassert>
#include <map>

using namespace mlir;

namespace memlint::lifetime {
namespace {

/// A value that is (a view of) one of the function's allocations.
struct Alias {
  unsigned buffer;
  /// The view starts at the buffer's first byte: freeing it frees the
  /// buffer.
  bool whole;
};

/// Every view of every allocation, by forward closure over viewSource.
DenseMap<Value, Alias> mapViews(const std::vector<BufferInfo> &buffers) {
  DenseMap<Value, Alias> aliases;
  SmallVector<Value> work;
  for (auto [b, info] : llvm::enumerate(buffers)) {
    if (info.earlierOf >= 0 ||
        !aliases.try_emplace(info.value, Alias{unsigned(b), true}).second)
      continue;
    work.push_back(info.value);
    while (!work.empty()) {
      Value v = work.pop_back_val();
      Alias from = aliases.lookup(v);
      for (Operation *user : distinctUsers(v))
        for (OpResult r : user->getResults()) {
          bool interior;
          if (viewSource(r, interior) != v)
            continue;
          bool whole = !interior && (from.whole || placedFromAllocation(r));
          if (aliases.try_emplace(r, Alias{from.buffer, whole}).second)
            work.push_back(r);
        }
    }
  }
  return aliases;
}

/// The kinds of effects `op` has on `v` (Read, Write, Free, Allocate), and
/// whether it has an effect that names no value (it may touch anything).
struct EffectsOn {
  bool read = false, write = false, freeOrAlloc = false, unnamed = false;
};
EffectsOn effectsOn(Operation *op, Value v) {
  EffectsOn out;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface) {
    out.unnamed = true;
    return out;
  }
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  for (auto &e : effects) {
    Value ev = e.getValue();
    if (!ev) {
      out.unnamed = true;
      continue;
    }
    if (ev != v)
      continue;
    if (isa<MemoryEffects::Read>(e.getEffect()))
      out.read = true;
    else if (isa<MemoryEffects::Write>(e.getEffect()))
      out.write = true;
    else
      out.freeOrAlloc = true;
  }
  return out;
}

/// `use` certainly reads or writes the memory behind its value (an effect
/// naming the value), or returns it to the caller.
bool certainlyUses(OpOperand &use) {
  Operation *op = use.getOwner();
  if (returnsFromFunction(op))
    return isa<FunctionOpInterface>(op->getParentOp());
  EffectsOn e = effectsOn(op, use.get());
  return e.read || e.write;
}

/// `use` only reads or writes the buffer, takes its size, or makes a view
/// of it: nothing that could hand it to anyone else.
bool staysInside(OpOperand &use) {
  Operation *op = use.getOwner();
  Value v = use.get();
  if (returnsFromFunction(op) ||
      isa<BranchOpInterface, RegionBranchOpInterface,
          RegionBranchTerminatorOpInterface, CallOpInterface>(op))
    return false;
  bool viewsOnly = true;
  for (OpResult r : op->getResults()) {
    bool interior;
    if (viewSource(r, interior) == v)
      continue;
    viewsOnly = false;
    if (isMemRef(r))
      return false;
  }
  if (isa<memref::DimOp>(op))
    return true;
  // An op memlint cannot see into (no effects interface; an unregistered
  // `"npu.fill"(%a)`) uses what it is given and never frees it, as the
  // path-sensitive analysis reads it (the ownership model's uses); one
  // with regions or successors may bind the buffer where it frees it, one
  // with results may pack it into one (then it is no longer tracked).
  if (!isa<MemoryEffectOpInterface>(op) && op->getNumRegions() == 0 &&
      op->getNumSuccessors() == 0 && op->getNumResults() == 0)
    return true;
  EffectsOn e = effectsOn(op, v);
  if (e.freeOrAlloc || e.unnamed)
    return false;
  // Other results are values read from the buffer (a load); an op that
  // neither reads nor writes it and is no view (a pointer extraction)
  // may let it out.
  if (e.read)
    return true;
  return e.write ? viewsOnly : (viewsOnly && op->getNumResults() > 0);
}

/// Frees seen so far in the blocks being walked, per block, innermost last.
/// A free made in a block holds for the ops after it in that block and for
/// everything nested in them; it says nothing once the block is left.
class FreesInScope {
public:
  unsigned enterBlock(unsigned parent) {
    // (DenseMap's default constructor is explicit: no `{parent, {}}`.)
    frames.emplace_back();
    frames.back().parent = parent;
    return frames.size() - 1;
  }
  void leaveBlock(unsigned frame) {
    for (auto &[b, op] : frames[frame].freed) {
      assert(active[b] > 0 && "a block leaves frees it did not make");
      --active[b];
    }
    frames[frame].freed.clear();
  }
  /// The free of `buffer` in `frame` or a block around it, or null.
  Operation *freeOf(unsigned buffer, unsigned frame) const {
    auto n = active.find(buffer);
    if (n == active.end() || n->second == 0)
      return nullptr;
    for (unsigned f = frame; f != NoFrame; f = frames[f].parent)
      if (Operation *op = frames[f].freed.lookup(buffer))
        return op;
    return nullptr;
  }
  void record(unsigned buffer, Operation *op, unsigned frame) {
    if (frames[frame].freed.try_emplace(buffer, op).second)
      ++active[buffer];
  }

  static constexpr unsigned NoFrame = ~0u;

private:
  struct Frame {
    unsigned parent;
    DenseMap<unsigned, Operation *> freed;
  };
  std::vector<Frame> frames;
  /// Per buffer, the frames on the current walk path that free it.
  DenseMap<unsigned, unsigned> active;
};

class FreeOrderWalk {
public:
  FreeOrderWalk(const DenseMap<Value, Alias> &aliases, std::vector<Event> &out)
      : aliases(aliases), out(out) {}

  /// Walks `body` in program order without recursion (nesting may be
  /// thousands deep).
  void run(Region &body) {
    struct Item {
      Block *block; // resume this block (finish: null)
      Block::iterator next;
      Operation *finish; // record this op's frees once its regions ran
      unsigned frame;
    };
    std::vector<Item> stack;
    auto pushRegions = [&](Operation *op, unsigned frame) {
      for (Region &r : llvm::reverse(op->getRegions()))
        for (Block &b : llvm::reverse(r))
          stack.push_back({&b, b.begin(), nullptr, scope.enterBlock(frame)});
    };
    for (Block &b : llvm::reverse(body))
      stack.push_back(
          {&b, b.begin(), nullptr, scope.enterBlock(FreesInScope::NoFrame)});
    while (!stack.empty()) {
      Item &top = stack.back();
      if (top.finish) {
        recordFrees(top.finish, top.frame);
        stack.pop_back();
        continue;
      }
      if (top.next == top.block->end()) {
        scope.leaveBlock(top.frame);
        stack.pop_back();
        continue;
      }
      Operation *op = &*top.next++;
      unsigned frame = top.frame;
      checkUses(op, frame);
      stack.push_back({nullptr, {}, op, frame});
      // Nested functions and isolated ops cannot see this function's
      // values.
      if (!isa<FunctionOpInterface>(op) &&
          !op->hasTrait<OpTrait::IsIsolatedFromAbove>())
        pushRegions(op, frame);
    }
  }

private:
  void checkUses(Operation *op, unsigned frame) {
    SmallVector<OpOperand *> frees = freedOperands(op);
    for (OpOperand &use : op->getOpOperands()) {
      auto alias = aliases.find(use.get());
      if (alias == aliases.end())
        continue;
      unsigned b = alias->second.buffer;
      Operation *first = scope.freeOf(b, frame);
      if (!first)
        continue;
      EventKind kind;
      if (llvm::is_contained(frees, &use) && alias->second.whole)
        kind = EventKind::DoubleFree;
      else if (certainlyUses(use))
        kind = EventKind::UseAfterFree;
      else
        continue;
      if (!reported.insert({op, b}).second)
        continue;
      Event e{kind, op, static_cast<int>(b)};
      e.cond = BddManager::True;
      e.firstFree = first;
      e.via = use.get();
      out.push_back(e);
    }
  }

  void recordFrees(Operation *op, unsigned frame) {
    for (OpOperand *use : freedOperands(op)) {
      auto alias = aliases.find(use->get());
      if (alias != aliases.end() && alias->second.whole &&
          !scope.freeOf(alias->second.buffer, frame))
        scope.record(alias->second.buffer, op, frame);
    }
  }

  const DenseMap<Value, Alias> &aliases;
  std::vector<Event> &out;
  FreesInScope scope;
  llvm::DenseSet<std::pair<Operation *, unsigned>> reported;
};

/// Per block of the body, the function-level returns reachable from it,
/// in program order, at most MaxExitsPerLeak of them: a walk back from each
/// return (one walk per block per allocation made this quadratic, 20,000
/// allocating blocks in a CFG of loops). A block that holds that many
/// already has predecessors that do too (each walk that reached it went on
/// to them): the walk stops there.
constexpr unsigned MaxExitsPerLeak = 8;

DenseMap<Block *, SmallVector<Operation *, 2>> returnsAfter(Region &body) {
  DenseMap<Block *, SmallVector<Operation *, 2>> out;
  for (Block &ret : body) {
    if (ret.empty() || !returnsFromFunction(&ret.back()))
      continue;
    Operation *exit = &ret.back();
    SmallVector<Block *> work{&ret};
    DenseSet<Block *> seen{&ret};
    while (!work.empty()) {
      Block *b = work.pop_back_val();
      SmallVector<Operation *, 2> &exits = out[b];
      if (exits.size() >= MaxExitsPerLeak)
        continue;
      exits.push_back(exit);
      for (Block *p : b->getPredecessors())
        if (seen.insert(p).second)
          work.push_back(p);
    }
  }
  return out;
}

/// Leaks of allocations that never leave the function's hands.
void confinedLeaks(FunctionOpInterface fn,
                   const std::vector<BufferInfo> &buffers,
                   const DenseMap<Value, Alias> &aliases,
                   std::vector<Event> &out) {
  // Per buffer: every use of every view stays inside.
  std::vector<bool> confined(buffers.size(), true);
  for (auto &[v, alias] : aliases)
    for (OpOperand &use : v.getUses())
      if (!staysInside(use))
        confined[alias.buffer] = false;
  Region &body = fn.getFunctionBody();
  std::optional<DenseMap<Block *, SmallVector<Operation *, 2>>> exitsFrom;
  for (auto [b, info] : llvm::enumerate(buffers)) {
    if (info.earlierOf >= 0 || !confined[b] || info.takenArgument ||
        isa<CallOpInterface>(info.allocOp))
      continue;
    Operation *top = body.findAncestorOpInRegion(*info.allocOp);
    if (!top)
      continue;
    if (!exitsFrom)
      exitsFrom = returnsAfter(body);
    for (Operation *ret : exitsFrom->lookup(top->getBlock())) {
      Event e{EventKind::Leak, ret, static_cast<int>(b)};
      e.cond = BddManager::True;
      out.push_back(e);
    }
  }
}

} // namespace

std::vector<Event> coarseEvents(FunctionOpInterface fn,
                                const std::vector<BufferInfo> &buffers) {
  std::vector<Event> out;
  if (fn.getFunctionBody().empty())
    return out;
  DenseMap<Value, Alias> aliases = mapViews(buffers);
  FreeOrderWalk(aliases, out).run(fn.getFunctionBody());
  confinedLeaks(fn, buffers, aliases, out);
  // Program order, as the full analysis orders its events.
  DenseMap<Operation *, unsigned> order;
  fn->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { order.try_emplace(op, order.size()); });
  auto key = [&](const Event &e) {
    return std::make_tuple(order.lookup(e.op), static_cast<int>(e.kind),
                           e.buffer);
  };
  std::stable_sort(out.begin(), out.end(), [&](const Event &a, const Event &b) {
    return key(a) < key(b);
  });
  return out;
}

} // namespace memlint::lifetime
