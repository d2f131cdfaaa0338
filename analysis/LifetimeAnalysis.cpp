//===- LifetimeAnalysis.cpp - Path-sensitive buffer states ----------------===//
//
// State: for each buffer, `live` and `freed` conditions. They are relative
// to the state's path condition (only their conjunction with it matters), so
// a branch restricts a state by narrowing the path alone, and a join only
// computes for the buffers whose conditions differ on the two sides: the
// cost of a branch does not grow with the number of buffers the function
// has. Loops iterate to a fixpoint, renaming atoms defined inside the loop
// to earlier-iteration copies when crossing a back edge (their value belongs
// to the previous iteration).
//
//===----------------------------------------------------------------------===//
#include "analysis/LifetimeAnalysis.h"

#include "analysis/Parallel.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include <condition_variable>
#include <deque>
#include <map>
#include <optional>
#include <thread>

using namespace mlir;

namespace memlint {

namespace {

constexpr unsigned MaxRounds = 24;

struct AliasEntry {
  unsigned origin;
  Bdd cond;
  bool interior = false;
};
using AliasSet = SmallVector<AliasEntry, 2>;

struct FreeSite {
  Operation *op;
  Bdd cond;
};

using FreeList = SmallVector<FreeSite, 1>;

/// One buffer in a state. `freers` indexes an immutable list of the frees
/// that may have freed it (0: none), shared between states.
struct Entry {
  Bdd live = BddManager::False, freed = BddManager::False;
  unsigned freers = 0;
  bool operator==(const Entry &o) const {
    return live == o.live && freed == o.freed && freers == o.freers;
  }
};

/// The entries of all buffers, in chunks that states share until one of
/// them writes: a branch copies a few pointers, not an entry per buffer,
/// and a join skips every chunk both sides still share.
class EntryTable {
public:
  static constexpr unsigned ChunkBits = 6;
  static constexpr unsigned ChunkSize = 1u << ChunkBits;

  void assign(unsigned n) {
    count = n;
    chunks.assign((n + ChunkSize - 1) / ChunkSize, nullptr);
  }
  unsigned size() const { return count; }
  unsigned numChunks() const { return chunks.size(); }
  /// Chunk `c` is the same object in both tables (so are its entries).
  bool shares(const EntryTable &o, unsigned c) const {
    return chunks[c] == o.chunks[c];
  }
  bool chunkEmpty(unsigned c) const { return !chunks[c]; }
  const Entry &operator[](unsigned b) const {
    static const Entry none;
    const Chunk *c = chunks[b >> ChunkBits].get();
    return c ? c->entries[b & (ChunkSize - 1)] : none;
  }
  /// The entry, for writing (copies its chunk if another table shares it).
  Entry &mut(unsigned b) {
    llvm::IntrusiveRefCntPtr<Chunk> &c = chunks[b >> ChunkBits];
    if (!c)
      c = new Chunk();
    else if (c->UseCount() > 1)
      c = new Chunk(*c);
    return c->entries[b & (ChunkSize - 1)];
  }
  bool operator==(const EntryTable &o) const {
    if (count != o.count)
      return false;
    for (unsigned c = 0; c < chunks.size(); ++c) {
      if (shares(o, c))
        continue;
      for (unsigned b = c * ChunkSize, e = std::min(count, b + ChunkSize);
           b < e; ++b)
        if (!((*this)[b] == o[b]))
          return false;
    }
    return true;
  }
  bool operator!=(const EntryTable &o) const { return !(*this == o); }

private:
  // Not thread-safe reference counts: one function's analysis runs on one
  // thread.
  struct Chunk : llvm::RefCountedBase<Chunk> {
    Entry entries[ChunkSize];
  };
  std::vector<llvm::IntrusiveRefCntPtr<Chunk>> chunks;
  unsigned count = 0;
};

struct State {
  Bdd path = BddManager::False;
  EntryTable buf;
};

/// What flows into a block or region: a state and the block arguments.
struct Incoming {
  State st;
  std::vector<AliasSet> argAliases;
  std::vector<Bdd> argFormulas;
  bool any = false;
};

struct Exit {
  Operation *term; // null when the block has no terminator
  State st;
};

std::string positionOf(Operation *op) {
  if (auto fl = dyn_cast<FileLineColLoc>(op->getLoc()))
    return std::to_string(fl.getLine()) + ":" + std::to_string(fl.getColumn());
  return "?";
}

} // namespace

struct LifetimeAnalysis::Impl {
  LifetimeAnalysis &self;
  ModuleLifetimes &module;
  BddManager bdd;
  ConditionTable conds;
  unsigned numBuffers = 0;
  DenseMap<Value, AliasSet> aliases;
  DenseMap<Value, int> bufferIndex;
  DenseMap<Operation *, Bdd> pathAt;
  DenseMap<std::pair<Operation *, unsigned>, Bdd> choices;
  DenseSet<Value> loopCarriedAtoms;
  std::vector<int> twin;                   // buffer -> earlier-instance twin
  DenseMap<unsigned, unsigned> twinOrigin; // buffer -> origin of its twin
  DenseMap<Region *, bool> cyclicRegions;
  SetVector<Value> loopCarriedMemrefs;
  // Events keyed by (kind, op, buffer-or-origin); a later visit of the same
  // op (a later fixpoint round) replaces the earlier one.
  std::map<std::tuple<int, Operation *, int>, Event> events;
  std::vector<bool> fresh;
  std::vector<int> constant;
  DenseMap<Value, int> constantCallResults;
  bool sawReturn = false;
  DenseMap<Value, unsigned> originOfValue;
  unsigned unknownOrigin = 0;
  /// Immutable free-site lists referenced by Entry::freers; [0] is empty.
  std::vector<FreeList> freeLists{FreeList()};
  /// quantify() results per (condition, back edge); BDD ids never change,
  /// and a condition cannot mention atoms created after it, so entries stay
  /// valid. Keyed by the back edge's terminator, which fixes both the loop
  /// and which atoms are local to it.
  DenseMap<std::pair<Bdd, Operation *>, Bdd> quantified;
  DenseMap<std::pair<unsigned, Operation *>, unsigned> renamedVar;
  /// Buffers allocated inside the loop a back edge closes, per (edge, loop).
  DenseMap<std::pair<Operation *, const void *>, std::vector<unsigned>>
      loopAllocs;

  Impl(LifetimeAnalysis &self, ModuleLifetimes &module, ValueNamer namer)
      : self(self), module(module), conds(bdd, std::move(namer)) {}

  // ---- Origins and aliases -------------------------------------------------
  unsigned originFor(OriginKind kind, Value v, int buffer = -1) {
    auto it = originOfValue.find(v);
    if (it != originOfValue.end())
      return it->second;
    unsigned id = self.originTable.size();
    self.originTable.push_back({kind, v, buffer});
    originOfValue[v] = id;
    return id;
  }

  /// Counts changes to what values alias or which formula an i1 holds:
  /// a block that changed one must let every later block run again.
  uint64_t epoch = 0;
  void setAliases(Value v, AliasSet s) {
    auto [it, inserted] = aliases.try_emplace(v, s);
    if (inserted) {
      ++epoch;
      return;
    }
    AliasSet &old = it->second;
    if (old.size() != s.size() || !llvm::all_of(llvm::zip(old, s), [](auto p) {
          const AliasEntry &a = std::get<0>(p), &b = std::get<1>(p);
          return a.origin == b.origin && a.cond == b.cond &&
                 a.interior == b.interior;
        }))
      ++epoch;
    old = std::move(s);
  }
  void pinFormula(Value v, Bdd f) {
    if (!conds.hasFormula(v) || conds.formulaOf(v) != f)
      ++epoch;
    conds.setFormula(v, f);
  }

  const AliasSet &aliasOf(Value v) {
    auto it = aliases.find(v);
    if (it != aliases.end())
      return it->second;
    // Values defined before the walk saw them (should not happen in SSA
    // order) or produced by ops we skipped: unknown memory.
    AliasSet s{{unknownOrigin, BddManager::True}};
    return aliases[v] = s;
  }

  static void addAlias(AliasSet &set, AliasEntry e, BddManager &bdd) {
    if (e.cond == BddManager::False)
      return;
    for (AliasEntry &x : set)
      if (x.origin == e.origin && x.interior == e.interior) {
        x.cond = bdd.disj(x.cond, e.cond);
        return;
      }
    set.push_back(e);
  }

  // ---- State helpers -------------------------------------------------------
  State emptyState() {
    State s;
    s.buf.assign(numBuffers);
    return s;
  }

  const FreeList &freers(const State &st, unsigned b) const {
    return freeLists[st.buf[b].freers];
  }
  unsigned internFreers(FreeList list) {
    if (list.empty())
      return 0;
    freeLists.push_back(std::move(list));
    return freeLists.size() - 1;
  }

  /// Absolute conditions of a buffer in a state.
  Bdd liveIn(const State &st, unsigned b) {
    return bdd.conj(st.buf[b].live, st.path);
  }
  Bdd freedIn(const State &st, unsigned b) {
    return bdd.conj(st.buf[b].freed, st.path);
  }

  State restrict(const State &in, Bdd c) {
    State s = in;
    s.path = bdd.conj(in.path, c);
    return s;
  }

  /// Joins `in` into `acc`; returns true if `acc` changed (as conditions,
  /// not as representations).
  bool join(State &acc, const State &in, bool &first) {
    if (first) {
      acc = in;
      first = false;
      return true;
    }
    if (in.path == BddManager::False)
      return false;
    Bdd pa = acc.path, pb = in.path;
    Bdd path = bdd.disj(pa, pb);
    bool changed = path != pa;
    acc.path = path;
    for (unsigned b = 0; b < numBuffers; ++b) {
      if ((b & (EntryTable::ChunkSize - 1)) == 0 &&
          acc.buf.shares(in.buf, b >> EntryTable::ChunkBits)) {
        b += EntryTable::ChunkSize - 1; // a whole chunk both sides share
        continue;
      }
      const Entry &y = in.buf[b];
      if (acc.buf[b] == y)
        continue; // the same relative conditions on both sides
      Entry &x = acc.buf.mut(b);
      // Only `cond AND path` matters: kept relative to the joined path
      // (restrict), a condition does not drag along the atoms of the
      // branches around it, which would make it grow with every join.
      auto joinCond = [&](Bdd &a, Bdd bc) {
        if (a == bc)
          return;
        Bdd old = bdd.conj(a, pa);
        Bdd r = bdd.disj(old, bdd.conj(bc, pb));
        changed |= r != old;
        a = bdd.restrict(r, path);
      };
      joinCond(x.live, y.live);
      joinCond(x.freed, y.freed);
      if (x.freers == y.freers)
        continue;
      FreeList merged;
      for (const FreeSite &f : freeLists[x.freers])
        merged.push_back({f.op, bdd.conj(f.cond, pa)});
      for (const FreeSite &f : freeLists[y.freers]) {
        Bdd c = bdd.conj(f.cond, pb);
        auto it = llvm::find_if(
            merged, [&](const FreeSite &g) { return g.op == f.op; });
        if (it == merged.end()) {
          if (c != BddManager::False) {
            merged.push_back({f.op, c});
            changed = true;
          }
          continue;
        }
        Bdd r = bdd.disj(it->cond, c);
        changed |= r != it->cond;
        it->cond = r;
      }
      for (FreeSite &f : merged)
        f.cond = bdd.restrict(f.cond, path);
      x.freers = internFreers(std::move(merged));
    }
    return changed;
  }

  /// Crossing a back edge, an atom defined in the loop now stands for its
  /// value in an earlier iteration: rename it to that (data) atom, whose
  /// value memlint treats as unknown.
  /// `local`: the atoms to rename (see crossBackEdge).
  Bdd quantify(Bdd x, const std::function<bool(unsigned)> &local,
               const void *loop, Operation *loopOp, Operation *edge) {
    if (x <= BddManager::True)
      return x;
    auto it = quantified.find({x, edge});
    if (it != quantified.end())
      return it->second;
    Bdd r = bdd.rename(x, [&](unsigned v) -> unsigned {
      auto [rv, fresh] = renamedVar.try_emplace({v, edge}, v);
      if (fresh && local(v)) {
        unsigned copy = conds.earlierIteration(v, loop, loopOp);
        renamedVar[{v, edge}] = copy; // the map may have grown
        return copy;
      }
      return rv->second;
    });
    quantified[{x, edge}] = r;
    return r;
  }

  void quantifyState(State &s, const std::function<bool(unsigned)> &local,
                     const void *loop, Operation *loopOp, Operation *edge) {
    s.path = quantify(s.path, local, loop, loopOp, edge);
    for (unsigned b = 0; b < numBuffers; ++b) {
      if ((b & (EntryTable::ChunkSize - 1)) == 0 &&
          s.buf.chunkEmpty(b >> EntryTable::ChunkBits)) {
        b += EntryTable::ChunkSize - 1; // all False: nothing to rename
        continue;
      }
      const Entry &e = s.buf[b];
      Bdd live = quantify(e.live, local, loop, loopOp, edge);
      Bdd freed = quantify(e.freed, local, loop, loopOp, edge);
      unsigned freers = e.freers;
      if (freers != 0) {
        FreeList list = freeLists[freers];
        bool same = true;
        for (FreeSite &f : list) {
          Bdd q = quantify(f.cond, local, loop, loopOp, edge);
          same &= q == f.cond;
          f.cond = q;
        }
        if (!same)
          freers = internFreers(std::move(list));
      }
      if (live != e.live || freed != e.freed || freers != e.freers)
        s.buf.mut(b) = Entry{live, freed, freers};
    }
  }

  // ---- Events --------------------------------------------------------------
  void record(Event e, int key) {
    if (e.cond == BddManager::False)
      return;
    events[{static_cast<int>(e.kind), e.op, key}] = e;
  }

  Operation *freerFor(const State &st, unsigned b, Bdd cond) {
    const FreeList &list = freers(st, b);
    for (const FreeSite &f : list)
      if (bdd.conj(f.cond, cond) != BddManager::False)
        return f.op;
    return list.empty() ? nullptr : list.front().op;
  }

  // ---- Transfer functions --------------------------------------------------
  void doFree(Operation *op, Value v, State &st, Bdd extra) {
    for (const AliasEntry &e : AliasSet(aliasOf(v))) {
      Bdd c = bdd.conj(bdd.conj(st.path, e.cond), extra);
      if (c == BddManager::False)
        continue;
      const Origin &o = self.originTable[e.origin];
      switch (o.kind) {
      case OriginKind::Owned: {
        unsigned b = o.buffer;
        Bdd twice = bdd.conj(c, st.buf[b].freed);
        if (twice != BddManager::False) {
          Event ev{EventKind::DoubleFree, op, (int)b};
          ev.cond = twice;
          ev.firstFree = freerFor(st, b, twice);
          ev.via = v;
          record(ev, b);
        }
        if (e.interior) {
          Event ev{EventKind::InvalidFree, op, (int)b, e.origin};
          ev.cond = c;
          ev.via = v;
          ev.interiorView = true;
          record(ev, (int)e.origin);
        }
        Entry &en = st.buf.mut(b);
        en.freed = bdd.disj(en.freed, c);
        en.live = bdd.conj(en.live, bdd.negate(c));
        FreeList list = freeLists[en.freers];
        bool found = false;
        for (FreeSite &f : list)
          if (f.op == op) {
            f.cond = bdd.disj(f.cond, c);
            found = true;
          }
        if (!found)
          list.push_back({op, c});
        en.freers = internFreers(std::move(list));
        break;
      }
      case OriginKind::Argument:
      case OriginKind::Alloca:
      case OriginKind::Global: {
        Event ev{EventKind::InvalidFree, op, -1, e.origin};
        ev.cond = c;
        ev.via = v;
        record(ev, (int)e.origin);
        break;
      }
      case OriginKind::Unknown:
        break;
      }
    }
  }

  void checkUse(Operation *op, Value v, State &st) {
    for (const AliasEntry &e : aliasOf(v)) {
      const Origin &o = self.originTable[e.origin];
      if (o.kind != OriginKind::Owned)
        continue;
      Bdd c = bdd.conj(bdd.conj(st.path, e.cond), st.buf[o.buffer].freed);
      if (c == BddManager::False)
        continue;
      Event ev{EventKind::UseAfterFree, op, o.buffer};
      ev.cond = c;
      ev.via = v;
      ev.firstFree = freerFor(st, o.buffer, c);
      record(ev, o.buffer);
    }
  }

  void doAlloc(unsigned b, State &st) {
    // On every path of the state the buffer is now a new, live one.
    st.buf.mut(b) = Entry{BddManager::True, BddManager::False, 0};
  }

  void freeBufferizationDealloc(bufferization::DeallocOp op, State &st) {
    // Each memref is freed when its condition holds, unless it is also
    // retained (statically: shares an origin with a retained value).
    for (auto [memref, cond] : llvm::zip(op.getMemrefs(), op.getConditions())) {
      Bdd c = conds.formulaOf(cond);
      Bdd retained = BddManager::False;
      for (Value r : op.getRetained())
        retained = bdd.disj(retained, mayAlias(memref, r));
      doFree(op, memref, st, bdd.conj(c, bdd.negate(retained)));
    }
    // Updated ownership of each retained value: some freed-candidate
    // memref with a true condition aliases it.
    for (auto [i, r] : llvm::enumerate(op.getRetained())) {
      Bdd own = BddManager::False;
      for (auto [memref, cond] : llvm::zip(op.getMemrefs(), op.getConditions()))
        own =
            bdd.disj(own, bdd.conj(conds.formulaOf(cond), mayAlias(memref, r)));
      pinFormula(op.getUpdatedConditions()[i], own);
    }
  }

  /// Condition under which two values are the same buffer, when both are
  /// made of owned allocations; an atom otherwise.
  Bdd mayAlias(Value a, Value b) {
    Bdd same = BddManager::False;
    for (const AliasEntry &x : aliasOf(a)) {
      if (self.originTable[x.origin].kind != OriginKind::Owned)
        return BddManager::True; // unknown: assume it may
      for (const AliasEntry &y : aliasOf(b)) {
        if (self.originTable[y.origin].kind != OriginKind::Owned)
          return BddManager::True;
        if (x.origin == y.origin)
          same = bdd.disj(same, bdd.conj(x.cond, y.cond));
      }
    }
    return same;
  }

  void defineResults(Operation *op, State &st) {
    for (Value r : heapAllocatedResults(op)) {
      int b = bufferIndex.lookup(r) - 1;
      if (b < 0)
        continue;
      doAlloc(b, st);
    }
    for (OpResult r : op->getResults()) {
      if (!isMemRef(r))
        continue;
      if (int b = bufferIndex.lookup(r); b > 0) {
        if (isa<CallOpInterface>(op))
          doAlloc(b - 1, st);
        setAliases(r, {{originOfValue.lookup(r), BddManager::True}});
        continue;
      }
      if (isStackAllocated(r)) {
        setAliases(r, {{originFor(OriginKind::Alloca, r), BddManager::True}});
        continue;
      }
      if (isGlobalAccess(op)) {
        setAliases(r, {{originFor(OriginKind::Global, r), BddManager::True}});
        continue;
      }
      bool interior = false;
      if (Value src = viewSource(r, interior)) {
        AliasSet s = aliasOf(src);
        if (interior)
          for (AliasEntry &e : s)
            e.interior = true;
        setAliases(r, s);
        continue;
      }
      if (auto sel = dyn_cast<arith::SelectOp>(op)) {
        // The result is one operand or the other, per the condition.
        Bdd c = conds.formulaOf(sel.getCondition());
        AliasSet s;
        for (const AliasEntry &e : aliasOf(sel.getTrueValue()))
          addAlias(s, {e.origin, bdd.conj(e.cond, c), e.interior}, bdd);
        for (const AliasEntry &e : aliasOf(sel.getFalseValue()))
          addAlias(s, {e.origin, bdd.conj(e.cond, bdd.negate(c)), e.interior},
                   bdd);
        setAliases(r, s);
        continue;
      }
      if (isOpaqueOp(op) && !isa<CallOpInterface>(op)) {
        // An op memlint cannot see into that returns a memref derived from
        // memref operands: assume it is a view of them.
        AliasSet s;
        for (Value operand : op->getOperands())
          if (isMemRef(operand))
            for (const AliasEntry &e : aliasOf(operand))
              addAlias(s, e, bdd);
        if (!s.empty()) {
          setAliases(r, s);
          continue;
        }
      }
      setAliases(r, {{unknownOrigin, BddManager::True}});
    }
  }

  void transfer(Operation *op, State &st) {
    pathAt[op] = st.path;
    if (op->getNumRegions() > 0 && !isa<FunctionOpInterface>(op)) {
      if (auto rb = dyn_cast<RegionBranchOpInterface>(op))
        execRegionBranch(rb, st);
      else
        execOpaqueRegions(op, st);
      return;
    }
    SmallVector<OpOperand *> freed;
    if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
      freeBufferizationDealloc(dealloc, st);
      for (OpOperand &o : dealloc.getMemrefsMutable())
        freed.push_back(&o);
    } else {
      freed = freedOperands(op);
      for (OpOperand *o : freed)
        doFree(op, o->get(), st, BddManager::True);
    }
    checkUses(op, st, freed);
    defineResults(op, st);
  }

  void checkUses(Operation *op, State &st, ArrayRef<OpOperand *> freed = {}) {
    if (isa<bufferization::DeallocOp>(op))
      return;
    for (OpOperand &o : op->getOpOperands()) {
      if (!isMemRef(o.get()) || llvm::is_contained(freed, &o))
        continue;
      if (accessesMemory(o))
        checkUse(op, o.get(), st);
    }
  }

  // ---- Conditions of control flow ------------------------------------------
  Bdd choice(Operation *op, unsigned idx, std::string t, std::string f) {
    auto key = std::make_pair(op, idx);
    auto it = choices.find(key);
    if (it != choices.end())
      return it->second;
    Bdd a = conds.choiceAtom(op, std::move(t), std::move(f));
    choices[key] = a;
    return a;
  }

  /// Conditions for n alternatives nobody tells us how to choose between.
  std::vector<Bdd> opaqueChoices(Operation *op, unsigned n) {
    std::vector<Bdd> out;
    Bdd rest = BddManager::True;
    std::string where =
        op->getName().getStringRef().str() + " at " + positionOf(op);
    for (unsigned i = 0; i + 1 < n; ++i) {
      Bdd a = choice(
          op, i, "the " + where + " takes its branch " + std::to_string(i),
          "the " + where + " does not take its branch " + std::to_string(i));
      out.push_back(bdd.conj(rest, a));
      rest = bdd.conj(rest, bdd.negate(a));
    }
    out.push_back(rest);
    return out;
  }

  std::vector<Bdd> branchConditions(Operation *term) {
    unsigned n = term->getNumSuccessors();
    if (n == 1)
      return {BddManager::True};
    if (auto cb = dyn_cast<cf::CondBranchOp>(term)) {
      Bdd c = conds.formulaOf(cb.getCondition());
      return {c, bdd.negate(c)};
    }
    if (auto sw = dyn_cast<cf::SwitchOp>(term)) {
      std::vector<Bdd> out(n, BddManager::False);
      auto caseValues = sw.getCaseValues();
      APInt cst;
      if (matchPattern(sw.getFlag(), m_ConstantInt(&cst)) && caseValues) {
        unsigned hit = 0; // default
        for (auto [i, v] : llvm::enumerate(caseValues->getValues<APInt>()))
          if (v == cst)
            hit = i + 1;
        out[hit] = BddManager::True;
        return out;
      }
      // Successor 0 is the default; successor i+1 is case i.
      Bdd rest = BddManager::True;
      if (caseValues)
        for (auto [i, v] : llvm::enumerate(caseValues->getValues<APInt>())) {
          std::string text = "the switch at " + positionOf(term) +
                             " takes case " + std::to_string(v.getSExtValue());
          Bdd a = choice(term, i, text,
                         "the switch at " + positionOf(term) +
                             " does not take case " +
                             std::to_string(v.getSExtValue()));
          out[i + 1] = bdd.conj(rest, a);
          rest = bdd.conj(rest, bdd.negate(a));
        }
      out[0] = rest;
      return out;
    }
    return opaqueChoices(term, n);
  }

  // ---- Unstructured control flow --------------------------------------------
  /// Atoms defined in `blocks` (of `region`) or nested under them.
  std::function<bool(unsigned)> localTo(Region *region,
                                        const DenseSet<Block *> &blocks) {
    return [this, region, &blocks](unsigned var) {
      Block *b = conds.definingBlock(var);
      while (b && b->getParent() != region) {
        Operation *p = b->getParentOp();
        b = p ? p->getBlock() : nullptr;
      }
      return b && blocks.count(b);
    };
  }

  static bool isWithin(Operation *op, Region *region,
                       const DenseSet<Block *> &blocks) {
    Block *b = op->getBlock();
    while (b && b->getParent() != region) {
      Operation *p = b->getParentOp();
      b = p ? p->getBlock() : nullptr;
    }
    return b && blocks.count(b);
  }

  /// Crossing a back edge: buffers allocated inside the loop that are still
  /// live leak (a new one is allocated next time) unless the edge carries
  /// them, in which case memlint stops tracking them; atoms of the loop
  /// lose their meaning.
  void crossBackEdge(Operation *term, Incoming &contrib, ValueRange carried,
                     const std::function<bool(Operation *)> &insideLoop,
                     const std::function<bool(unsigned)> &local,
                     const void *loop, Operation *loopOp) {
    State &st = contrib.st;
    // Under which conditions the edge carries each buffer to the next
    // iteration.
    std::vector<Bdd> carriedCond(numBuffers, BddManager::False);
    for (Value v : carried)
      if (isMemRef(v))
        for (const AliasEntry &e : aliasOf(v)) {
          const Origin &o = self.originTable[e.origin];
          if (o.kind == OriginKind::Owned)
            carriedCond[o.buffer] =
                bdd.disj(carriedCond[o.buffer], bdd.conj(e.cond, st.path));
        }
    auto leakAt = [&](unsigned b, Bdd cond) {
      if (cond == BddManager::False)
        return;
      Event ev{EventKind::Leak, term, (int)b};
      ev.cond = cond;
      ev.backEdge = true;
      record(ev, b);
    };
    auto [cached, missing] = loopAllocs.try_emplace({term, loop});
    if (missing)
      for (unsigned b = 0; b < numBuffers; ++b)
        if (self.bufferInfos[b].earlierOf < 0 &&
            insideLoop(self.bufferInfos[b].allocOp))
          cached->second.push_back(b);
    for (unsigned b : cached->second) {
      int t = twin[b];
      if (t < 0) {
        // No twin (should not happen): give up on carried instances.
        if (carriedCond[b] != BddManager::False)
          self.bufferInfos[b].tracked = false;
        else
          leakAt(b, liveIn(st, b));
        st.buf.mut(b) = Entry();
        continue;
      }
      // The instance allocated in this iteration and the one carried into
      // it: whichever the edge does not carry on is dropped, and leaks if
      // still allocated. The carried one becomes the earlier instance.
      Bdd keepCur = carriedCond[b], keepOld = carriedCond[t];
      leakAt(b, bdd.conj(liveIn(st, b), bdd.negate(keepCur)));
      leakAt(t, bdd.conj(liveIn(st, t), bdd.negate(keepOld)));
      Entry cur = st.buf[b];
      Entry &old = st.buf.mut(t);
      // keepCur/keepOld imply the path: these are absolute conditions.
      old.live =
          bdd.disj(bdd.conj(old.live, keepOld), bdd.conj(cur.live, keepCur));
      old.freed =
          bdd.disj(bdd.conj(old.freed, keepOld), bdd.conj(cur.freed, keepCur));
      FreeList freers;
      for (const FreeSite &f : freeLists[old.freers])
        if (Bdd c = bdd.conj(f.cond, keepOld); c != BddManager::False)
          freers.push_back({f.op, c});
      for (const FreeSite &f : freeLists[cur.freers])
        if (Bdd c = bdd.conj(f.cond, keepCur); c != BddManager::False)
          freers.push_back({f.op, c});
      old.freers = internFreers(std::move(freers));
      st.buf.mut(b) = Entry();
      // Arguments of the next iteration hold the earlier instance.
      for (AliasSet &s : contrib.argAliases) {
        AliasSet renamed;
        for (const AliasEntry &e : s) {
          AliasEntry x = e;
          if (self.originTable[e.origin].buffer == (int)b &&
              self.originTable[e.origin].kind == OriginKind::Owned)
            x.origin = twinOrigin[b];
          addAlias(renamed, x, bdd);
        }
        s = renamed;
      }
    }
    // Rename the loop's atoms, and copies made for loops nested in it
    // (their "earlier iteration" is within this iteration of this loop);
    // copies made for this loop or loops around it keep their meaning.
    auto renamed = [&](unsigned v) {
      if (!local(v))
        return false;
      if (!conds.isEarlierCopy(v))
        return true;
      return conds.copyLoop(v) != loop && insideLoop(conds.copyLoopOp(v));
    };
    quantifyState(st, renamed, loop, loopOp, term);
    for (AliasSet &s : contrib.argAliases)
      for (AliasEntry &a : s)
        a.cond = quantify(a.cond, renamed, loop, loopOp, term);
    for (Bdd &f : contrib.argFormulas)
      f = quantify(f, renamed, loop, loopOp, term);
  }

  /// Leaving a loop, its bookkeeping atoms (first iteration, earlier
  /// iterations' values) no longer matter for whether later ops run: drop
  /// them from the path so paths do not grow with every loop passed.
  /// Conditions of buffers the loop changed may still mention them; they
  /// are made absolute first, so narrowing by the path stays exact. Those
  /// the loop did not change do not mention them. Atoms that conditions
  /// visible after the loop mention (which buffer a loop result or a block
  /// argument holds) stay: a later free through such a value relies on the
  /// path to rule out the combinations no iteration produces.
  /// Only atoms of this loop and loops nested in it go: earlier copies
  /// made for loops around it may already be in the path before the loop.
  void leaveLoop(State &st, const State *before,
                 const std::function<bool(unsigned)> &local, const void *loop,
                 const std::function<bool(Operation *)> &insideLoop,
                 const DenseSet<unsigned> &exported) {
    auto drop = [&](unsigned v) {
      if (!conds.isBookkeeping(v) || !local(v) || exported.count(v))
        return false;
      return !conds.isEarlierCopy(v) || conds.copyLoop(v) == loop ||
             insideLoop(conds.copyLoopOp(v));
    };
    if (st.path <= BddManager::True ||
        llvm::none_of(bdd.support(st.path), drop))
      return;
    for (unsigned b = 0; b < numBuffers; ++b) {
      if ((b & (EntryTable::ChunkSize - 1)) == 0 && before &&
          st.buf.shares(before->buf, b >> EntryTable::ChunkBits)) {
        b += EntryTable::ChunkSize - 1; // untouched by the loop
        continue;
      }
      if ((before && st.buf[b] == before->buf[b]) ||
          (st.buf[b].live <= BddManager::False &&
           st.buf[b].freed <= BddManager::False && st.buf[b].freers == 0))
        continue;
      Entry &e = st.buf.mut(b);
      e.live = bdd.conj(e.live, st.path);
      e.freed = bdd.conj(e.freed, st.path);
      if (e.freers == 0)
        continue;
      FreeList list = freeLists[e.freers];
      for (FreeSite &f : list)
        f.cond = bdd.conj(f.cond, st.path);
      e.freers = internFreers(std::move(list));
    }
    st.path = bdd.exists(st.path, drop);
  }

  void addSupport(DenseSet<unsigned> &vars, Bdd f) {
    if (f > BddManager::True)
      for (unsigned v : bdd.support(f))
        vars.insert(v);
  }

  /// Variables that conditions of values defined in `blocks` (block
  /// arguments, and so every value derived from them) mention.
  DenseSet<unsigned> exportedBy(const DenseSet<Block *> &blocks) {
    DenseSet<unsigned> vars;
    for (Block *b : blocks)
      for (BlockArgument arg : b->getArguments()) {
        if (auto it = aliases.find(arg); it != aliases.end())
          for (const AliasEntry &e : it->second)
            addSupport(vars, e.cond);
        if (arg.getType().isInteger(1) && conds.hasFormula(arg))
          addSupport(vars, conds.formulaOf(arg));
      }
    return vars;
  }

  /// Conditions an incoming edge into a loop header with "this is the first
  /// iteration" (entries) or "a later one" (back edges), so what a header
  /// argument holds in the first iteration is not confused with what later
  /// iterations carry.
  void restrictIncoming(Incoming &in, Bdd c) {
    if (!in.any)
      return;
    in.st = restrict(in.st, c);
    for (AliasSet &s : in.argAliases) {
      AliasSet kept;
      for (AliasEntry e : s) {
        e.cond = bdd.conj(e.cond, c);
        addAlias(kept, e, bdd);
      }
      s = kept;
    }
    for (Bdd &f : in.argFormulas)
      f = bdd.conj(f, c);
  }

  Bdd firstIteration(Operation *keyOp) {
    std::string where = positionOf(keyOp);
    Bdd a =
        choice(keyOp, 1000, "in the first iteration of the loop at " + where,
               "after the first iteration of the loop at " + where);
    conds.hideFromDescriptions(a);
    return a;
  }

  /// Runs a region's CFG from `entry`, returning the states at its exits
  /// (terminators without block successors).
  std::vector<Exit> execRegion(Region &region, const Incoming &entry) {
    std::vector<Exit> exits;
    if (region.empty())
      return exits;
    // Reverse post order; a retreating edge (to a block not later in RPO)
    // is a back edge.
    std::vector<Block *> order;
    DenseMap<Block *, unsigned> index;
    {
      llvm::ReversePostOrderTraversal<Block *> rpot(&region.front());
      for (Block *b : rpot) {
        index[b] = order.size();
        order.push_back(b);
      }
    }
    DenseSet<Block *> headers;
    for (Block *b : order)
      for (Block *s : b->getSuccessors())
        if (index.count(s) && index[s] <= index[b])
          headers.insert(s);

    DenseMap<Block *, Incoming> backIn;
    std::map<std::pair<Block *, Block *>, DenseSet<Block *>> loopBlocksCache;
    auto loopBlocks = [&](Block *src, Block *hdr) -> DenseSet<Block *> & {
      auto key = std::make_pair(src, hdr);
      auto it = loopBlocksCache.find(key);
      if (it != loopBlocksCache.end())
        return it->second;
      DenseSet<Block *> &set = loopBlocksCache[key];
      set.insert(hdr);
      SmallVector<Block *> work{src};
      while (!work.empty()) {
        Block *b = work.pop_back_val();
        if (!set.insert(b).second)
          continue;
        for (Block *p : b->getPredecessors())
          work.push_back(p);
      }
      return set;
    };
    // Natural loop of each header (all its back edges), to see which loops
    // a forward edge leaves.
    std::map<unsigned, DenseSet<Block *>> naturalLoops; // by header index
    for (Block *b : order)
      for (Block *s : b->getSuccessors())
        if (index.count(s) && index[s] <= index[b]) {
          DenseSet<Block *> &l = naturalLoops[index[s]];
          for (Block *x : loopBlocks(b, s))
            l.insert(x);
        }
    DenseMap<Block *, State> headerEntry;

    // Rounds over the blocks in reverse post order, like a plain
    // round-robin iteration (nested loops advance in lockstep, so rounds
    // add up rather than multiply), except that a block whose inputs did
    // not change since it last ran replays what it contributed then
    // instead of running again: the forward part of a region does not
    // re-run while a loop further down converges.
    struct Ran {
      bool valid = false;
      SmallVector<std::pair<Block *, Incoming>, 2> forward;
      std::optional<Exit> exit;
    };
    std::vector<Ran> ran(order.size());
    DenseSet<Block *> backChanged;
    for (unsigned round = 0;; ++round) {
      if (round >= MaxRounds || bdd.exhausted()) {
        self.stopped = true;
        return exits;
      }
      exits.clear();
      DenseMap<Block *, Incoming> in;
      in[&region.front()] = entry;
      DenseSet<Block *> dirty{&region.front()};
      DenseSet<Block *> nextBackChanged;
      for (auto [bi, block] : llvm::enumerate(order)) {
        Ran &r = ran[bi];
        if (round > 0 && r.valid && !dirty.count(block) &&
            !backChanged.count(block)) {
          for (auto &[succ, contrib] : r.forward)
            mergeIncoming(in[succ], contrib);
          if (r.exit)
            exits.push_back(*r.exit);
          continue;
        }
        Ran previous = std::move(r);
        r = Ran();
        r.valid = true;
        uint64_t epochBefore = epoch;
        Incoming cur;
        auto fw = in.find(block);
        if (fw != in.end())
          cur = fw->second;
        if (headers.count(block) && !block->empty()) {
          headerEntry[block] = cur.st;
          restrictIncoming(cur, firstIteration(&block->front()));
        }
        if (auto bk = backIn.find(block); bk != backIn.end())
          mergeIncoming(cur, bk->second);
        if (!cur.any || cur.st.path == BddManager::False)
          continue;
        bindArguments(block, cur, headers.count(block));
        State st = cur.st;
        for (Operation &op : block->without_terminator())
          transfer(&op, st);
        Operation *term = block->empty() ? nullptr : &block->back();
        if (term && !term->hasTrait<OpTrait::IsTerminator>()) {
          transfer(term, st);
          term = nullptr;
        }
        if (!term || term->getNumSuccessors() == 0) {
          if (term) {
            pathAt[term] = st.path;
            checkUses(term, st);
          }
          r.exit = Exit{term, st};
          exits.push_back({term, st});
          continue;
        }
        pathAt[term] = st.path;
        checkUses(term, st);
        std::vector<Bdd> bc = branchConditions(term);
        auto br = dyn_cast<BranchOpInterface>(term);
        for (unsigned i = 0, e = term->getNumSuccessors(); i < e; ++i) {
          Block *succ = term->getSuccessor(i);
          State es = restrict(st, bc[i]);
          if (es.path == BddManager::False)
            continue;
          SmallVector<Value> forwarded;
          unsigned produced = 0;
          if (br) {
            SuccessorOperands so = br.getSuccessorOperands(i);
            produced = so.getProducedOperandCount();
            for (Value v : so.getForwardedOperands())
              forwarded.push_back(v);
          }
          bool back = index.count(succ) && index[succ] <= index[block];
          if (!back)
            for (auto &[h, blocks] : naturalLoops)
              if (blocks.count(block) && !blocks.count(succ)) {
                auto entryIt = headerEntry.find(order[h]);
                leaveLoop(
                    es,
                    entryIt == headerEntry.end() ? nullptr : &entryIt->second,
                    localTo(&region, blocks), order[h],
                    [&](Operation *op) {
                      return isWithin(op, &region, blocks);
                    },
                    exportedBy(blocks));
              }
          Incoming contrib = makeIncoming(es, succ, forwarded, produced);
          if (!back) {
            mergeIncoming(in[succ], contrib);
            // Unchanged input from here, and nothing this block defines
            // changed: the successor need not run again for this edge.
            bool same =
                previous.valid && epoch == epochBefore &&
                llvm::any_of(previous.forward, [&](auto &p) {
                  return p.first == succ && sameIncoming(p.second, contrib);
                });
            if (!same)
              dirty.insert(succ);
            r.forward.push_back({succ, std::move(contrib)});
            continue;
          }
          DenseSet<Block *> &lb = loopBlocks(block, succ);
          auto local = localTo(&region, lb);
          crossBackEdge(
              term, contrib, forwarded,
              [&](Operation *op) { return isWithin(op, &region, lb); }, local,
              succ, &succ->front());
          if (!succ->empty())
            restrictIncoming(contrib,
                             bdd.negate(firstIteration(&succ->front())));
          if (mergeIncoming(backIn[succ], contrib))
            nextBackChanged.insert(succ);
        }
      }
      if (nextBackChanged.empty())
        return exits;
      backChanged = std::move(nextBackChanged);
    }
  }

  static bool sameIncoming(const Incoming &a, const Incoming &b) {
    if (a.any != b.any || a.st.path != b.st.path || a.st.buf != b.st.buf ||
        a.argFormulas != b.argFormulas ||
        a.argAliases.size() != b.argAliases.size())
      return false;
    for (auto [x, y] : llvm::zip(a.argAliases, b.argAliases)) {
      if (x.size() != y.size())
        return false;
      for (auto [e, f] : llvm::zip(x, y))
        if (e.origin != f.origin || e.cond != f.cond ||
            e.interior != f.interior)
          return false;
    }
    return true;
  }

  Incoming makeIncoming(const State &es, Block *succ, ArrayRef<Value> forwarded,
                        unsigned produced) {
    Incoming c;
    c.any = true;
    c.st = es;
    unsigned n = succ->getNumArguments();
    c.argAliases.resize(n);
    c.argFormulas.assign(n, BddManager::False);
    for (unsigned j = 0; j < n; ++j) {
      BlockArgument arg = succ->getArgument(j);
      if (j < produced || j - produced >= forwarded.size()) {
        if (isMemRef(arg))
          c.argAliases[j] = {{unknownOrigin, es.path}};
        continue;
      }
      Value v = forwarded[j - produced];
      if (isMemRef(v))
        for (const AliasEntry &e : aliasOf(v))
          addAlias(c.argAliases[j],
                   {e.origin, bdd.conj(e.cond, es.path), e.interior}, bdd);
      if (v.getType().isInteger(1))
        c.argFormulas[j] = bdd.conj(conds.formulaOf(v), es.path);
    }
    return c;
  }

  bool mergeIncoming(Incoming &acc, const Incoming &x) {
    if (!x.any)
      return false;
    bool first = !acc.any;
    acc.any = true;
    bool changed = join(acc.st, x.st, first);
    if (acc.argAliases.size() < x.argAliases.size()) {
      acc.argAliases.resize(x.argAliases.size());
      acc.argFormulas.resize(x.argFormulas.size(), BddManager::False);
      changed = true;
    }
    for (unsigned j = 0; j < x.argAliases.size(); ++j) {
      for (const AliasEntry &e : x.argAliases[j]) {
        AliasSet before = acc.argAliases[j];
        addAlias(acc.argAliases[j], e, bdd);
        if (before.size() != acc.argAliases[j].size() ||
            llvm::any_of(llvm::zip(before, acc.argAliases[j]), [](auto p) {
              return std::get<0>(p).cond != std::get<1>(p).cond;
            }))
          changed = true;
      }
      Bdd f = bdd.disj(acc.argFormulas[j], x.argFormulas[j]);
      changed |= f != acc.argFormulas[j];
      acc.argFormulas[j] = f;
    }
    return changed;
  }

  /// Gives block arguments their aliases and i1 formulas. At loop headers an
  /// i1 argument changes every iteration: it is an atom of its own.
  void bindArguments(Block *block, const Incoming &cur, bool header) {
    for (BlockArgument arg : block->getArguments()) {
      unsigned j = arg.getArgNumber();
      if (isMemRef(arg)) {
        if (header)
          loopCarriedMemrefs.insert(arg);
        if (j < cur.argAliases.size() && !cur.argAliases[j].empty())
          setAliases(arg, cur.argAliases[j]);
        else
          setAliases(arg, {{unknownOrigin, BddManager::True}});
      }
      if (arg.getType().isInteger(1) && !loopCarriedAtoms.count(arg)) {
        if (header || j >= cur.argFormulas.size()) {
          if (!loopCarriedAtoms.count(arg)) {
            loopCarriedAtoms.insert(arg);
            conds.freshValueAtom(arg, /*loopCarried=*/header);
          }
        } else {
          pinFormula(arg, cur.argFormulas[j]);
        }
      }
    }
  }

  // ---- Region control flow --------------------------------------------------
  static SmallVector<Attribute> constantOperands(Operation *op) {
    SmallVector<Attribute> out;
    for (Value v : op->getOperands()) {
      Attribute a;
      matchPattern(v, m_Constant(&a));
      out.push_back(a);
    }
    return out;
  }

  std::vector<Bdd> entryConditions(RegionBranchOpInterface op,
                                   ArrayRef<RegionSuccessor> succs) {
    unsigned n = succs.size();
    if (n == 1)
      return {BddManager::True};
    if (auto ifOp = dyn_cast<scf::IfOp>(op.getOperation())) {
      Bdd c = conds.formulaOf(ifOp.getCondition());
      std::vector<Bdd> out;
      for (const RegionSuccessor &s : succs)
        out.push_back(
            s.getSuccessor() == &ifOp.getThenRegion() ? c : bdd.negate(c));
      return out;
    }
    if (isa<LoopLikeOpInterface>(op.getOperation()) && n == 2) {
      Operation *loop = op.getOperation();
      Bdd runs = choice(loop, 0, "the loop at " + positionOf(loop) + " runs",
                        "the loop at " + positionOf(loop) + " runs zero times");
      std::vector<Bdd> out;
      for (const RegionSuccessor &s : succs)
        out.push_back(s.isParent() ? bdd.negate(runs) : runs);
      return out;
    }
    if (auto sw = dyn_cast<scf::IndexSwitchOp>(op.getOperation())) {
      std::vector<Bdd> out(n, BddManager::False);
      Bdd rest = BddManager::True;
      DenseMap<Region *, Bdd> byRegion;
      for (auto [i, caseRegion] : llvm::enumerate(sw.getCaseRegions())) {
        int64_t v = sw.getCases()[i];
        Operation *raw = op.getOperation();
        Bdd a = choice(raw, i,
                       "the index_switch at " + positionOf(raw) +
                           " takes case " + std::to_string(v),
                       "the index_switch at " + positionOf(raw) +
                           " does not take case " + std::to_string(v));
        byRegion[&caseRegion] = bdd.conj(rest, a);
        rest = bdd.conj(rest, bdd.negate(a));
      }
      for (auto [i, s] : llvm::enumerate(succs))
        out[i] = byRegion.count(s.getSuccessor()) ? byRegion[s.getSuccessor()]
                                                  : rest;
      return out;
    }
    return opaqueChoices(op.getOperation(), n);
  }

  std::vector<Bdd> terminatorConditions(Operation *term, bool inLoop,
                                        ArrayRef<RegionSuccessor> succs) {
    unsigned n = succs.size();
    if (n == 1)
      return {BddManager::True};
    if (auto cond = dyn_cast<scf::ConditionOp>(term)) {
      Bdd c = conds.formulaOf(cond.getCondition());
      std::vector<Bdd> out;
      for (const RegionSuccessor &s : succs)
        out.push_back(s.isParent() ? bdd.negate(c) : c);
      return out;
    }
    // A loop body's end both repeats and exits: neither excludes the other
    // over the whole loop, so both keep the full state.
    if (inLoop)
      return std::vector<Bdd>(n, BddManager::True);
    return opaqueChoices(term, n);
  }

  void execRegionBranch(RegionBranchOpInterface op, State &st) {
    Operation *raw = op.getOperation();
    SmallVector<RegionSuccessor> entrySuccs;
    op.getEntrySuccessorRegions(constantOperands(raw), entrySuccs);
    std::optional<APInt> trips;
    if (auto loop = dyn_cast<LoopLikeOpInterface>(raw))
      trips = loop.getStaticTripCount();
    if (trips) {
      // A loop with constant bounds runs (or not) for sure.
      SmallVector<RegionSuccessor> kept;
      for (const RegionSuccessor &s : entrySuccs)
        if (s.isParent() == trips->isZero())
          kept.push_back(s);
      if (!kept.empty())
        entrySuccs = kept;
    }
    bool singleTrip = trips && trips->isOne();
    bool hasLoop = op.hasLoop();
    std::vector<Bdd> ec = entryConditions(op, entrySuccs);

    DenseMap<Region *, Incoming> entryIn, backIn;
    Incoming out;
    SmallVector<AliasSet> resultAliases(raw->getNumResults());
    SmallVector<Bdd> resultFormulas(raw->getNumResults(), BddManager::False);

    auto contribute = [&](Incoming &acc, const State &es, ValueRange operands,
                          ValueRange inputs) {
      Incoming c;
      c.any = true;
      c.st = es;
      // Inputs may be fewer than operands (e.g. loop induction variables
      // are produced, not forwarded): align from the front of the inputs.
      unsigned n = inputs.size();
      c.argAliases.resize(n);
      c.argFormulas.assign(n, BddManager::False);
      for (unsigned j = 0; j < n && j < operands.size(); ++j) {
        Value v = operands[j];
        if (isMemRef(v))
          for (const AliasEntry &e : aliasOf(v))
            addAlias(c.argAliases[j],
                     {e.origin, bdd.conj(e.cond, es.path), e.interior}, bdd);
        if (v.getType().isInteger(1))
          c.argFormulas[j] = bdd.conj(conds.formulaOf(v), es.path);
      }
      return mergeIncoming(acc, c);
    };
    auto contributeParent = [&](const State &es, ValueRange operands) {
      bool first = !out.any;
      out.any = true;
      join(out.st, es, first);
      for (unsigned j = 0; j < raw->getNumResults() && j < operands.size();
           ++j) {
        Value v = operands[j];
        if (isMemRef(v))
          for (const AliasEntry &e : aliasOf(v))
            addAlias(resultAliases[j],
                     {e.origin, bdd.conj(e.cond, es.path), e.interior}, bdd);
        if (v.getType().isInteger(1))
          resultFormulas[j] = bdd.disj(resultFormulas[j],
                                       bdd.conj(conds.formulaOf(v), es.path));
      }
    };

    for (auto [i, s] : llvm::enumerate(entrySuccs)) {
      State es = restrict(st, ec[i]);
      if (es.path == BddManager::False)
        continue;
      OperandRange operands = op.getEntrySuccessorOperands(s);
      if (s.isParent())
        contributeParent(es, operands);
      else
        contribute(entryIn[s.getSuccessor()], es, operands,
                   s.getSuccessorInputs());
    }
    Incoming outEntryOnly = out;
    SmallVector<AliasSet> resultAliasesEntry = resultAliases;
    SmallVector<Bdd> resultFormulasEntry = resultFormulas;

    // Regions some terminator of the op branches back to.
    DenseSet<Region *> loopHeads;
    for (Region &region : raw->getRegions())
      for (Block &block : region)
        if (auto rt = dyn_cast_or_null<RegionBranchTerminatorOpInterface>(
                block.empty() ? nullptr : &block.back())) {
          SmallVector<RegionSuccessor> succs;
          rt.getSuccessorRegions(constantOperands(rt), succs);
          for (const RegionSuccessor &s : succs)
            if (!s.isParent() &&
                s.getSuccessor()->getRegionNumber() <= region.getRegionNumber())
              loopHeads.insert(s.getSuccessor());
        }
    if (singleTrip)
      loopHeads.clear();
    auto insideOp = [raw](Operation *o) { return raw->isProperAncestor(o); };
    auto local = [this, raw](unsigned var) {
      Block *b = conds.definingBlock(var);
      return b && b->getParentOp() &&
             (b->getParentOp() == raw ||
              raw->isProperAncestor(b->getParentOp()));
    };

    for (unsigned round = 0;; ++round) {
      if (round >= MaxRounds || bdd.exhausted()) {
        self.stopped = true;
        break;
      }
      out = outEntryOnly;
      resultAliases = resultAliasesEntry;
      resultFormulas = resultFormulasEntry;
      DenseMap<Region *, Incoming> in = entryIn;
      bool changed = false;
      for (Region &region : raw->getRegions()) {
        Incoming cur;
        if (auto it = in.find(&region); it != in.end())
          cur = it->second;
        if (loopHeads.count(&region) && !region.front().empty())
          restrictIncoming(cur, firstIteration(&region.front().front()));
        if (auto it = backIn.find(&region); it != backIn.end())
          mergeIncoming(cur, it->second);
        if (!cur.any || cur.st.path == BddManager::False)
          continue;
        bool repetitive = op.isRepetitiveRegion(region.getRegionNumber());
        Block &entryBlock = region.front();
        // execRegion binds the entry block's arguments; give it the
        // right shape (inputs may skip produced arguments such as ivs).
        Incoming shaped = shapeForBlock(&entryBlock, cur, region, op);
        shaped.st = cur.st;
        shaped.any = true;
        std::vector<Exit> exits =
            execRegionWithHeader(region, shaped, repetitive);
        for (Exit &x : exits) {
          if (!x.term) {
            contributeParent(x.st, {});
            continue;
          }
          auto rt = dyn_cast<RegionBranchTerminatorOpInterface>(x.term);
          if (!rt) {
            contributeParent(x.st, {});
            continue;
          }
          SmallVector<RegionSuccessor> succs;
          rt.getSuccessorRegions(constantOperands(x.term), succs);
          std::vector<Bdd> tc = terminatorConditions(x.term, hasLoop, succs);
          for (auto [i, s] : llvm::enumerate(succs)) {
            State es = restrict(x.st, tc[i]);
            if (es.path == BddManager::False)
              continue;
            OperandRange operands = rt.getSuccessorOperands(s);
            if (s.isParent()) {
              contributeParent(es, operands);
              continue;
            }
            Region *target = s.getSuccessor();
            bool back = target->getRegionNumber() <= region.getRegionNumber();
            if (!back) {
              contribute(in[target], es, operands, s.getSuccessorInputs());
              continue;
            }
            if (singleTrip)
              continue;
            SmallVector<Value> carried(operands.begin(), operands.end());
            Incoming c;
            contribute(c, es, operands, s.getSuccessorInputs());
            crossBackEdge(x.term, c, carried, insideOp, local, raw, raw);
            if (!target->empty() && !target->front().empty())
              restrictIncoming(
                  c, bdd.negate(firstIteration(&target->front().front())));
            changed |= mergeIncoming(backIn[target], c);
          }
        }
      }
      if (!changed)
        break;
    }
    if (out.any) {
      if (!loopHeads.empty()) {
        DenseSet<unsigned> exported;
        for (const AliasSet &s : resultAliases)
          for (const AliasEntry &e : s)
            addSupport(exported, e.cond);
        for (Bdd f : resultFormulas)
          addSupport(exported, f);
        leaveLoop(out.st, &st, local, raw, insideOp, exported);
      }
      st = out.st;
    } else {
      st = restrict(st, BddManager::False);
    }
    for (OpResult r : raw->getResults()) {
      unsigned j = r.getResultNumber();
      if (isMemRef(r))
        setAliases(r, resultAliases[j].empty()
                          ? AliasSet{{unknownOrigin, BddManager::True}}
                          : resultAliases[j]);
      if (r.getType().isInteger(1))
        pinFormula(r, resultFormulas[j]);
    }
  }

  /// Maps successor inputs (a suffix-aligned subset of the entry block's
  /// arguments) to block argument positions.
  Incoming shapeForBlock(Block *block, const Incoming &cur, Region &region,
                         RegionBranchOpInterface op) {
    (void)region;
    (void)op;
    Incoming s;
    unsigned n = block->getNumArguments();
    unsigned m = cur.argAliases.size();
    s.argAliases.resize(n);
    s.argFormulas.assign(n, BddManager::False);
    // Forwarded inputs are the trailing block arguments (scf.for: the iv
    // comes first and is produced by the op).
    unsigned offset = n >= m ? n - m : 0;
    for (unsigned j = 0; j < m && offset + j < n; ++j) {
      s.argAliases[offset + j] = cur.argAliases[j];
      s.argFormulas[offset + j] = cur.argFormulas[j];
    }
    for (unsigned j = 0; j < offset; ++j)
      if (isMemRef(block->getArgument(j)))
        s.argAliases[j] = {{unknownOrigin, BddManager::True}};
    return s;
  }

  std::vector<Exit> execRegionWithHeader(Region &region, const Incoming &in,
                                         bool repetitive) {
    if (repetitive) {
      for (BlockArgument arg : region.front().getArguments())
        if (isMemRef(arg))
          loopCarriedMemrefs.insert(arg);
      // The entry block's i1 arguments are loop-carried: make them atoms
      // by pretending the entry block is a header.
      for (BlockArgument arg : region.front().getArguments())
        if (arg.getType().isInteger(1) && !loopCarriedAtoms.count(arg)) {
          loopCarriedAtoms.insert(arg);
          conds.freshValueAtom(arg, /*loopCarried=*/true);
        }
    }
    return execRegion(region, in);
  }

  /// Ops with regions but no RegionBranchOpInterface (gpu.launch, custom
  /// accelerator ops): each region runs once, in order.
  void execOpaqueRegions(Operation *op, State &st) {
    for (Region &region : op->getRegions()) {
      if (region.empty())
        continue;
      Incoming in;
      in.any = true;
      in.st = st;
      for (BlockArgument arg : region.front().getArguments())
        if (isMemRef(arg))
          in.argAliases.push_back({{unknownOrigin, BddManager::True}});
        else
          in.argAliases.push_back({});
      std::vector<Exit> exits = execRegion(region, in);
      if (exits.empty())
        continue;
      State joined;
      bool first = true;
      for (Exit &x : exits)
        join(joined, x.st, first);
      st = joined;
    }
    checkUses(op, st);
    defineResults(op, st);
  }

  // ---- Function -------------------------------------------------------------
  void collectBuffers(FunctionOpInterface fn) {
    unknownOrigin = self.originTable.size();
    self.originTable.push_back({OriginKind::Unknown, Value(), -1});
    fn->walk([&](Operation *op) {
      if (op != fn.getOperation() && isa<FunctionOpInterface>(op))
        return WalkResult::skip();
      SmallVector<Value> allocated = heapAllocatedResults(op);
      if (auto call = dyn_cast<CallOpInterface>(op)) {
        if (FunctionOpInterface callee = module.calleeOf(call)) {
          FunctionSummary summary = module.summaryOf(callee);
          for (auto [i, r] : llvm::enumerate(op->getResults())) {
            if (i < summary.fresh.size() && summary.fresh[i] && isMemRef(r))
              allocated.push_back(r);
            if (i < summary.constant.size() && summary.constant[i] >= 0)
              constantCallResults[r] = summary.constant[i];
          }
        }
      }
      for (Value v : allocated) {
        unsigned b = self.bufferInfos.size();
        self.bufferInfos.push_back({v, op, true});
        bufferIndex[v] = b + 1;
        originFor(OriginKind::Owned, v, b);
      }
      return WalkResult::advance();
    });
    // Allocations inside loops get a twin: the instance of an earlier
    // iteration, carried into the current one.
    unsigned n = self.bufferInfos.size();
    twin.assign(n, -1);
    for (unsigned b = 0; b < n; ++b) {
      if (!insideAnyLoop(self.bufferInfos[b].allocOp, fn))
        continue;
      unsigned t = self.bufferInfos.size();
      BufferInfo info = self.bufferInfos[b];
      info.earlierOf = b;
      self.bufferInfos.push_back(info);
      twin[b] = t;
      twinOrigin[b] = self.originTable.size();
      self.originTable.push_back({OriginKind::Owned, info.value, (int)t});
    }
    twin.resize(self.bufferInfos.size(), -1);
    numBuffers = self.bufferInfos.size();
  }

  /// Whether `op` may run more than once per call: nested in a region-loop
  /// op, or in a region whose blocks form a cycle.
  bool insideAnyLoop(Operation *op, FunctionOpInterface fn) {
    for (Operation *cur = op; cur && cur != fn.getOperation();
         cur = cur->getParentOp()) {
      if (Region *r = cur->getParentRegion(); r && regionHasCycle(r))
        return true;
      Operation *parent = cur->getParentOp();
      if (auto rb = dyn_cast_or_null<RegionBranchOpInterface>(parent))
        if (rb.hasLoop())
          return true;
      if (isa_and_nonnull<LoopLikeOpInterface>(parent))
        return true;
    }
    return false;
  }

  bool regionHasCycle(Region *r) {
    auto it = cyclicRegions.find(r);
    if (it != cyclicRegions.end())
      return it->second;
    bool cycle = false;
    if (!r->empty() && !r->hasOneBlock()) {
      DenseMap<Block *, unsigned> index;
      unsigned i = 0;
      llvm::ReversePostOrderTraversal<Block *> rpot(&r->front());
      for (Block *b : rpot)
        index[b] = i++;
      for (auto [b, idx] : index)
        for (Block *s : b->getSuccessors())
          if (index.count(s) && index[s] <= idx)
            cycle = true;
    }
    return cyclicRegions[r] = cycle;
  }

  /// A loop-carried value that may be one of several buffers, one of which
  /// memlint stopped tracking, does not say which it is in a given
  /// iteration: stop tracking all of them rather than guess.
  void untrackAmbiguousLoopValues() {
    for (bool changed = true; changed;) {
      changed = false;
      for (Value v : loopCarriedMemrefs) {
        auto it = aliases.find(v);
        if (it == aliases.end())
          continue;
        bool anyUntracked = false;
        for (const AliasEntry &e : it->second) {
          const Origin &o = self.originTable[e.origin];
          anyUntracked |= o.kind == OriginKind::Owned &&
                          !self.bufferInfos[o.buffer].tracked;
        }
        if (!anyUntracked)
          continue;
        for (const AliasEntry &e : it->second) {
          const Origin &o = self.originTable[e.origin];
          if (o.kind == OriginKind::Owned &&
              self.bufferInfos[o.buffer].tracked) {
            self.bufferInfos[o.buffer].tracked = false;
            changed = true;
          }
        }
      }
    }
  }

  void run(FunctionOpInterface fn) {
    collectBuffers(fn);
    Region &body = fn.getFunctionBody();
    fresh.assign(fn.getNumResults(), true);
    constant.assign(fn.getNumResults(), -2); // -2: no return seen yet
    for (auto [r, c] : constantCallResults)
      pinFormula(r, c ? BddManager::True : BddManager::False);
    if (body.empty())
      return;
    Incoming entry;
    entry.any = true;
    entry.st = emptyState();
    entry.st.path = BddManager::True;
    for (BlockArgument arg : body.getArguments()) {
      entry.argAliases.push_back({});
      entry.argFormulas.push_back(BddManager::False);
    }
    // Arguments: memory of the caller; i1 arguments are atoms.
    for (BlockArgument arg : body.getArguments()) {
      if (isMemRef(arg))
        entry.argAliases[arg.getArgNumber()] = {
            {originFor(OriginKind::Argument, arg), BddManager::True}};
      if (arg.getType().isInteger(1)) {
        loopCarriedAtoms.insert(arg); // never re-bound
        conds.freshValueAtom(arg);
      }
    }
    std::vector<Exit> exits = execRegion(body, entry);
    if (self.stopped)
      return;
    for (Exit &x : exits) {
      if (!x.term || !x.term->hasTrait<OpTrait::ReturnLike>())
        continue;
      sawReturn = true;
      std::vector<Bdd> escaped(numBuffers, BddManager::False);
      for (auto [i, v] : llvm::enumerate(x.term->getOperands())) {
        bool allOwned = isMemRef(v);
        Bdd covered = BddManager::False;
        if (isMemRef(v))
          for (const AliasEntry &e : aliasOf(v)) {
            const Origin &o = self.originTable[e.origin];
            Bdd c = bdd.conj(x.st.path, e.cond);
            if (o.kind == OriginKind::Owned) {
              escaped[o.buffer] = bdd.disj(escaped[o.buffer], c);
              covered = bdd.disj(covered, c);
            } else {
              allOwned = false;
            }
          }
        if (i < fresh.size() && (!allOwned || !bdd.implies(x.st.path, covered)))
          fresh[i] = false;
        if (i < constant.size() && v.getType().isInteger(1)) {
          Bdd f = conds.formulaOf(v);
          int c = bdd.implies(x.st.path, f)                     ? 1
                  : bdd.conj(x.st.path, f) == BddManager::False ? 0
                                                                : -1;
          constant[i] = constant[i] == -2 || constant[i] == c ? c : -1;
        }
      }
      for (unsigned b = 0; b < numBuffers; ++b) {
        if (x.st.buf[b].live == BddManager::False)
          continue;
        Bdd leak = bdd.conj(liveIn(x.st, b), bdd.negate(escaped[b]));
        if (leak == BddManager::False)
          continue;
        Event ev{EventKind::Leak, x.term, (int)b};
        ev.cond = leak;
        record(ev, b);
      }
    }
    if (!sawReturn)
      fresh.assign(fresh.size(), false);
    untrackAmbiguousLoopValues();
    for (int &c : constant)
      if (c == -2)
        c = -1;
  }
};

LifetimeAnalysis::LifetimeAnalysis(FunctionOpInterface fn,
                                   ModuleLifetimes &module, ValueNamer namer)
    : impl(std::make_unique<Impl>(*this, module, std::move(namer))), fn(fn) {
  impl->conds.extraFormula = nullptr;
  impl->bdd.setMaxNodes(module.nodeBudgetPerFunction());
  impl->run(fn);
  sum.fresh = impl->fresh;
  sum.constant = impl->constant;
  if (stopped) {
    sum.fresh.assign(sum.fresh.size(), false);
    sum.constant.assign(sum.constant.size(), -1);
  }
}

LifetimeAnalysis::~LifetimeAnalysis() = default;

int LifetimeAnalysis::bufferOf(Value v) const {
  return static_cast<int>(impl->bufferIndex.lookup(v)) - 1;
}

const std::vector<Event> &LifetimeAnalysis::events() const {
  if (eventCache)
    return *eventCache;
  std::vector<Event> &out = eventCache.emplace();
  if (stopped)
    return out;
  auto data = [this](unsigned var) { return impl->conds.isDataAtom(var); };
  for (auto &[key, ev] : impl->events) {
    if (ev.buffer >= 0 && !bufferInfos[ev.buffer].tracked)
      continue;
    // Report only what happens whatever memory holds, once the op is
    // reached: a path that needs a loaded value to take one particular
    // value may never run. Formally: some control path reaches the op, and
    // on it every data value that reaches the op shows the bug.
    Event e = ev;
    BddManager &bdd = impl->bdd;
    auto at = impl->pathAt.find(e.op);
    Bdd reach = at == impl->pathAt.end() ? BddManager::True : at->second;
    Bdd always = bdd.forall(bdd.disj(bdd.negate(reach), e.cond), data);
    e.cond = bdd.conj(bdd.conj(always, bdd.exists(reach, data)), e.cond);
    if (e.cond == BddManager::False)
      continue;
    out.push_back(e);
  }
  // Program order, not pointer order: output must not change between runs
  // (locations may be shared or unknown, so number the ops by a walk).
  DenseMap<Operation *, unsigned> order;
  fn->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { order.try_emplace(op, order.size()); });
  auto key = [&](const Event &e) {
    return std::make_tuple(order.lookup(e.op), static_cast<int>(e.kind),
                           e.buffer, e.origin);
  };
  std::stable_sort(out.begin(), out.end(), [&](const Event &a, const Event &b) {
    return key(a) < key(b);
  });
  return out;
}

double LifetimeAnalysis::pathShare(Bdd cond) const {
  return impl->bdd.satFraction(cond);
}

std::string LifetimeAnalysis::describePath(Bdd cond, Operation *at) {
  auto it = impl->pathAt.find(at);
  if (it != impl->pathAt.end() && impl->bdd.implies(it->second, cond))
    return "";
  return impl->conds.describe(cond);
}

ModuleLifetimes::ModuleLifetimes(Operation *module, ValueNamer namer)
    : namer(std::move(namer)) {
  module->walk([&](FunctionOpInterface fn) {
    if (!fn.isExternal())
      funcs.push_back(fn);
  });
}

ModuleLifetimes::~ModuleLifetimes() = default;

LifetimeAnalysis &ModuleLifetimes::get(FunctionOpInterface fn) {
  Operation *key = fn.getOperation();
  {
    std::unique_lock<std::mutex> guard(lock, std::defer_lock);
    if (concurrent)
      guard.lock();
    auto it = done.find(key);
    if (it != done.end() && it->second)
      return *it->second;
    inProgress.insert(key);
  }
  auto analysis = std::make_unique<LifetimeAnalysis>(fn, *this, namer);
  std::unique_lock<std::mutex> guard(lock, std::defer_lock);
  if (concurrent)
    guard.lock();
  inProgress.erase(key);
  return *(done[key] = std::move(analysis));
}

FunctionSummary ModuleLifetimes::summaryOf(FunctionOpInterface callee) {
  // A preset summary first: the fix search's slices turn callees it knows
  // into declarations.
  if (presets && isa_and_nonnull<ModuleOp>(callee->getParentOp()) &&
      !callee->getParentOp()->getParentOp())
    if (auto it = presets->find(callee.getName().str()); it != presets->end())
      return it->second;
  if (callee.isExternal())
    return {};
  {
    std::unique_lock<std::mutex> guard(lock, std::defer_lock);
    if (concurrent)
      guard.lock();
    if (inProgress.count(callee.getOperation()))
      return {};
  }
  return get(callee).summary();
}

std::shared_ptr<const ModuleLifetimes::SummaryMap>
ModuleLifetimes::allSummaries() {
  auto out = std::make_shared<SummaryMap>();
  for (FunctionOpInterface fn : funcs)
    if (isa_and_nonnull<ModuleOp>(fn->getParentOp()) &&
        !fn->getParentOp()->getParentOp())
      (*out)[fn.getName().str()] = get(fn).summary();
  return out;
}

FunctionOpInterface ModuleLifetimes::calleeOf(CallOpInterface call) {
  std::lock_guard<std::mutex> guard(lock);
  return dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&tables));
}

void ModuleLifetimes::analyzeAll(unsigned threads,
                                 const std::function<void(unsigned)> &then) {
  // Direct callees with bodies. A function is ready once all of them are
  // analysed; workers take ready functions as they come (no rounds, so a
  // slow function holds up only its callers), and run `then` on each
  // right after its analysis. Functions left over are in call cycles: the
  // first of them is analysed alone (its get() follows the cycle the way a
  // single thread always does), and the pool starts again.
  size_t n = funcs.size();
  DenseMap<Operation *, unsigned> indexOf;
  for (auto [i, fn] : llvm::enumerate(funcs))
    indexOf[fn.getOperation()] = i;
  std::vector<SmallVector<unsigned>> dependents(n);
  std::vector<unsigned> waiting(n, 0);
  for (auto [i, fn] : llvm::enumerate(funcs)) {
    SmallVector<unsigned> callees;
    fn->walk([&, i = i](CallOpInterface call) {
      if (FunctionOpInterface callee = calleeOf(call))
        if (auto it = indexOf.find(callee.getOperation());
            it != indexOf.end() && it->second != i &&
            !llvm::is_contained(callees, it->second))
          callees.push_back(it->second);
    });
    waiting[i] = callees.size();
    for (unsigned c : callees)
      dependents[c].push_back(i);
  }
  std::vector<bool> finished(n, false), thenDone(n, false);
  std::deque<unsigned> ready;
  std::mutex m;
  std::condition_variable cv;
  unsigned active = 0;
  // Marks i analysed (caller holds `m`): its callers may become ready.
  auto finish = [&](unsigned i) {
    finished[i] = true;
    for (unsigned d : dependents[i])
      if (--waiting[d] == 0 && !finished[d])
        ready.push_back(d);
  };
  auto isDone = [&](unsigned i) {
    std::lock_guard<std::mutex> guard(lock);
    return done.count(funcs[i].getOperation()) != 0;
  };
  for (unsigned i = 0; i < n; ++i)
    if (waiting[i] == 0)
      ready.push_back(i);
  for (;;) {
    concurrent = threads > 1;
    auto worker = [&] {
      std::unique_lock<std::mutex> guard(m);
      for (;;) {
        cv.wait(guard, [&] { return !ready.empty() || active == 0; });
        if (ready.empty())
          return;
        unsigned i = ready.front();
        ready.pop_front();
        if (finished[i])
          continue;
        ++active;
        guard.unlock();
        get(funcs[i]);
        if (then)
          then(i);
        guard.lock();
        thenDone[i] = true;
        --active;
        finish(i);
        cv.notify_all();
      }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
      pool.emplace_back(worker);
    worker();
    for (std::thread &t : pool)
      t.join();
    concurrent = false;
    // Left over: call cycles.
    auto first = llvm::find(finished, false);
    if (first == finished.end())
      break;
    get(funcs[first - finished.begin()]);
    for (unsigned i = 0; i < n; ++i)
      if (!finished[i] && isDone(i))
        finish(i);
  }
  if (then)
    for (unsigned i = 0; i < n; ++i)
      if (!thenDone[i])
        then(i);
}

} // namespace memlint
