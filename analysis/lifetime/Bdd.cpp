//===- Bdd.cpp - Reduced ordered binary decision diagrams -----------------===//
#include "analysis/lifetime/Bdd.h"

#include "llvm/Support/ErrorHandling.h"
#include <algorithm>
#include <limits>

namespace memlint {

static constexpr unsigned TerminalVar = std::numeric_limits<unsigned>::max();

/// Mixes a node's or an operation's three words into a table index.
static uint64_t hash3(uint64_t x, uint64_t y, uint64_t z) {
  uint64_t h = x * 0x9E3779B97F4A7C15ull;
  h = (h ^ y) * 0xC2B2AE3D27D4EB4Full;
  h = (h ^ z) * 0x165667B19E3779F9ull;
  return h ^ (h >> 32);
}

static constexpr size_t InitialSlots = 64;
/// 2^20 entries of 16 bytes: 16 MiB, reached only by diagrams of a million
/// nodes (the cache tracks the node table's size).
static constexpr size_t MaxCacheEntries = size_t(1) << 20;

BddManager::BddManager() {
  nodes.push_back({TerminalVar, 0, 0}); // False
  nodes.push_back({TerminalVar, 1, 1}); // True
  uniqueSlots.assign(InitialSlots, False);
  uniqueMask = InitialSlots - 1;
  cache.resize(InitialSlots);
  cacheMask = InitialSlots - 1;
}

uint64_t BddManager::bytesHeld() const {
  return nodes.capacity() * sizeof(Node) +
         uniqueSlots.capacity() * sizeof(Bdd) +
         cache.capacity() * sizeof(CacheEntry) +
         (memoValue.capacity() + memoStamp.capacity() + varValue.capacity() +
          varStamp.capacity()) *
             sizeof(uint32_t);
}

bool BddManager::mayGrow(uint64_t more) {
  if (spentOn != BddSpent::None)
    return false;
  uint64_t after = bytesHeld() + more;
  if (after > budget.bytes) {
    spentOn = BddSpent::Memory;
    return false;
  }
  peak = std::max(peak, after);
  return true;
}

void BddManager::growUnique() {
  std::vector<Bdd> slots(uniqueSlots.size() * 2, False);
  size_t mask = slots.size() - 1;
  for (Bdd id = 2, e = nodes.size(); id < e; ++id) {
    const Node &n = nodes[id];
    size_t i = hash3(n.var, n.lo, n.hi) & mask;
    while (slots[i] != False)
      i = (i + 1) & mask;
    slots[i] = id;
  }
  uniqueSlots = std::move(slots);
  uniqueMask = mask;
}

BddManager::CacheEntry &BddManager::cacheSlot(Op op, Bdd a, Bdd b) {
  return cache[hash3(a, b, op) & cacheMask];
}

void BddManager::growCache() {
  if (!mayGrow(cache.size() * 2 * sizeof(CacheEntry)))
    return; // a smaller cache only loses more results
  std::vector<CacheEntry> old = std::move(cache);
  cache.assign(old.size() * 2, CacheEntry());
  cacheMask = cache.size() - 1;
  for (const CacheEntry &e : old)
    if (e.a != False)
      cacheSlot(static_cast<Op>(e.op), e.a, e.b) = e;
}

unsigned BddManager::newVar() {
  uint64_t last = order.empty() ? 0 : *order.rbegin();
  return addVar(last + NewVarGap);
}

unsigned BddManager::newVarAfter(unsigned v) {
  // Halfway to whatever follows v: a copy of a copy goes right after the
  // copy, never where another copy of the original already is (two
  // variables of one level are taken for one by the operations).
  uint64_t at = levels[v];
  auto next = order.upper_bound(at);
  uint64_t room = next == order.end() ? NewVarGap : *next - at;
  if (room < 2)
    return newVar(); // Out of room: still correct, only less compact.
  return addVar(at + room / 2);
}

unsigned BddManager::newVarAtGroupEnd(unsigned last) {
  uint64_t at = levels[last];
  auto next = order.upper_bound(at);
  uint64_t room = next == order.end() ? NewVarGap : *next - at;
  if (room < 2)
    return newVar();
  return addVar(at + std::min(room / 2, GroupStep));
}

unsigned BddManager::addVar(uint64_t level) {
  levels.push_back(level);
  order.insert(level);
  return varCount++;
}

Bdd BddManager::var(unsigned v) { return make(v, False, True); }

Bdd BddManager::make(unsigned v, Bdd lo, Bdd hi) {
  if (lo == hi || spentOn != BddSpent::None)
    return lo;
  size_t i = hash3(v, lo, hi) & uniqueMask;
  for (Bdd id; (id = uniqueSlots[i]) != False; i = (i + 1) & uniqueMask) {
    const Node &n = nodes[id];
    if (n.var == v && n.lo == lo && n.hi == hi)
      return id;
  }
  // Each table is checked before it doubles, so the budget bounds what is
  // allocated, not just what is used.
  if (nodes.size() >= budget.nodes) {
    spentOn = BddSpent::Nodes;
    return lo;
  }
  if (nodes.size() == nodes.capacity() &&
      !mayGrow(std::max<size_t>(nodes.capacity(), 16) * sizeof(Node)))
    return lo;
  if ((nodes.size() + 1) * 2 > uniqueSlots.size() &&
      !mayGrow(uniqueSlots.size() * 2 * sizeof(Bdd)))
    return lo;
  Bdd id = nodes.size();
  nodes.push_back({v, lo, hi});
  uniqueSlots[i] = id;
  if (nodes.size() * 2 > uniqueSlots.size())
    growUnique();
  if (nodes.size() > cache.size() && cache.size() < MaxCacheEntries)
    growCache();
  return id;
}

Bdd BddManager::negate(Bdd a) {
  if (a == False)
    return True;
  if (a == True)
    return False;
  if (tick())
    return a;
  if (const CacheEntry &e = cacheSlot(NotOp, a, False);
      e.a == a && e.op == NotOp)
    return e.result;
  Node n = nodes[a];
  Bdd r = make(n.var, negate(n.lo), negate(n.hi));
  // The slot is looked up again: make() may have grown the cache.
  cacheSlot(NotOp, a, False) = {a, False, NotOp, r};
  return r;
}

Bdd BddManager::apply(Op op, Bdd a, Bdd b) {
  // Terminal cases.
  switch (op) {
  case AndOp:
    if (a == False || b == False)
      return False;
    if (a == True)
      return b;
    if (b == True || a == b)
      return a;
    break;
  case OrOp:
    if (a == True || b == True)
      return True;
    if (a == False)
      return b;
    if (b == False || a == b)
      return a;
    break;
  case XorOp:
    if (a == b)
      return False;
    if (a == False)
      return b;
    if (b == False)
      return a;
    if (a == True)
      return negate(b);
    if (b == True)
      return negate(a);
    break;
  case NotOp:
  case RestrictOp:
    llvm_unreachable("negate() and restrict() have their own recursions");
  }
  if (tick())
    return a;
  if (a > b)
    std::swap(a, b); // All three operators commute.
  if (const CacheEntry &e = cacheSlot(op, a, b);
      e.a == a && e.b == b && e.op == op)
    return e.result;
  uint64_t la = level(a), lb = level(b);
  unsigned v = la <= lb ? topVar(a) : topVar(b);
  uint64_t lv = std::min(la, lb);
  Bdd aLo = la == lv ? nodes[a].lo : a, aHi = la == lv ? nodes[a].hi : a;
  Bdd bLo = lb == lv ? nodes[b].lo : b, bHi = lb == lv ? nodes[b].hi : b;
  Bdd lo = apply(op, aLo, bLo);
  Bdd hi = apply(op, aHi, bHi);
  Bdd r = make(v, lo, hi);
  cacheSlot(op, a, b) = {a, b, op, r};
  return r;
}

Bdd BddManager::restrict(Bdd f, Bdd care) {
  if (care == True || f <= True)
    return f;
  if (care == False)
    return False; // nothing to agree with
  if (f == care)
    return True;
  if (tick())
    return f;
  if (const CacheEntry &e = cacheSlot(RestrictOp, f, care);
      e.a == f && e.b == care && e.op == RestrictOp)
    return e.result;
  uint64_t lf = level(f), lc = level(care);
  Node nf = nodes[f], nc = nodes[care];
  Bdd r;
  if (lc < lf) {
    // `f` does not test care's top variable: any value of it will do.
    r = restrict(f, disj(nc.lo, nc.hi));
  } else {
    Bdd cLo = lc == lf ? nc.lo : care, cHi = lc == lf ? nc.hi : care;
    if (cLo == False)
      r = restrict(nf.hi, cHi); // only the high branch matters
    else if (cHi == False)
      r = restrict(nf.lo, cLo);
    else
      r = make(nf.var, restrict(nf.lo, cLo), restrict(nf.hi, cHi));
  }
  cacheSlot(RestrictOp, f, care) = {f, care, RestrictOp, r};
  return r;
}

Bdd BddManager::conj(Bdd a, Bdd b) { return apply(AndOp, a, b); }
Bdd BddManager::disj(Bdd a, Bdd b) { return apply(OrOp, a, b); }
Bdd BddManager::xorOf(Bdd a, Bdd b) { return apply(XorOp, a, b); }

uint32_t BddManager::newStamp() {
  if (++stamp == 0) { // wrapped around: no entry may look current
    std::fill(memoStamp.begin(), memoStamp.end(), 0);
    std::fill(varStamp.begin(), varStamp.end(), 0);
    stamp = 1;
  }
  return stamp;
}

bool BddManager::growMemo() {
  if (memoStamp.size() >= nodes.size())
    return true;
  if (!mayGrow((nodes.size() - memoStamp.size()) * 2 * sizeof(uint32_t)))
    return false;
  memoValue.resize(nodes.size());
  memoStamp.resize(nodes.size());
  return true;
}

template <typename NodeFn> Bdd BddManager::rebuild(Bdd a, NodeFn &node) {
  uint32_t own = newStamp();
  if (!growMemo())
    return a;
  // Every node reachable from `a` is older than this call: the new nodes
  // the callback makes are never visited, so the memo's size is enough.
  auto rec = [&](auto &self, Bdd x) -> Bdd {
    if (x <= True)
      return x;
    if (memoStamp[x] == own)
      return memoValue[x];
    if (tick())
      return x;
    Node n = nodes[x];
    Bdd lo = self(self, n.lo);
    Bdd hi = self(self, n.hi);
    Bdd r = node(x, lo, hi);
    memoStamp[x] = own;
    memoValue[x] = r;
    return r;
  };
  return rec(rec, a);
}

Bdd BddManager::exists(Bdd a, const std::function<bool(unsigned)> &drop) {
  auto node = [&](Bdd x, Bdd lo, Bdd hi) {
    Node n = nodes[x]; // a copy: disj and make may grow `nodes`
    if (drop(n.var))
      return disj(lo, hi);
    return lo == n.lo && hi == n.hi ? x : make(n.var, lo, hi);
  };
  return rebuild(a, node);
}

Bdd BddManager::compose(Bdd a, unsigned v, Bdd g) {
  auto [f0, f1] = cofactors(a, v);
  return ite(g, f1, f0);
}

std::pair<Bdd, Bdd> BddManager::cofactors(Bdd a, unsigned v) {
  llvm::DenseMap<Bdd, std::pair<Bdd, Bdd>> memo;
  std::function<std::pair<Bdd, Bdd>(Bdd)> cof =
      [&](Bdd x) -> std::pair<Bdd, Bdd> {
    if (x <= True || level(x) > levelOf(v))
      return {x, x};
    auto it = memo.find(x);
    if (it != memo.end())
      return it->second;
    if (tick())
      return {x, x};
    Node n = nodes[x];
    std::pair<Bdd, Bdd> r;
    if (n.var == v) {
      r = {n.lo, n.hi};
    } else {
      auto [lo0, lo1] = cof(n.lo);
      auto [hi0, hi1] = cof(n.hi);
      r = {make(n.var, lo0, hi0), make(n.var, lo1, hi1)};
    }
    memo[x] = r;
    return r;
  };
  return cof(a);
}

Bdd BddManager::rename(Bdd a, const std::function<unsigned(unsigned)> &to) {
  // `to` is asked once per variable, not once per node.
  uint32_t own = newStamp();
  if (varValue.size() < varCount) {
    varValue.resize(varCount);
    varStamp.resize(varCount);
  }
  auto image = [&](unsigned v) {
    if (varStamp[v] != own) {
      unsigned w = to(v);
      varStamp[v] = own; // `to` may add variables, never reorder these
      varValue[v] = w;
    }
    return varValue[v];
  };
  auto node = [&](Bdd x, Bdd lo, Bdd hi) {
    Node n = nodes[x]; // a copy: make and ite may grow `nodes`
    unsigned w = image(n.var);
    if (w == n.var && lo == n.lo && hi == n.hi)
      return x; // nothing below changed
    // Children only hold variables ordered after `var`; renamed ones move
    // further down, never above it. So an unrenamed node can be rebuilt
    // directly; a renamed one may land among its children's variables.
    return w == n.var && (lo <= True || level(lo) > levelOf(w)) &&
                   (hi <= True || level(hi) > levelOf(w))
               ? make(w, lo, hi)
               : ite(var(w), hi, lo);
  };
  return rebuild(a, node);
}

llvm::SmallVector<unsigned> BddManager::support(Bdd a) {
  // Called at every loop exit and back edge on whole paths: stamps mark
  // the nodes and variables seen (no hashing), an explicit stack walks.
  llvm::SmallVector<unsigned> vars;
  if (a <= True)
    return vars;
  uint32_t own = newStamp();
  if (!growMemo())
    return vars;
  if (varStamp.size() < varCount)
    varStamp.resize(varCount);
  // Variables in the order of a depth-first walk, low branch first.
  llvm::SmallVector<Bdd, 64> stack{a};
  while (!stack.empty()) {
    Bdd x = stack.pop_back_val();
    if (memoStamp[x] == own)
      continue;
    memoStamp[x] = own;
    const Node &n = nodes[x];
    if (varStamp[n.var] != own) {
      varStamp[n.var] = own;
      vars.push_back(n.var);
    }
    for (Bdd c : {n.hi, n.lo})
      if (c > True && memoStamp[c] != own)
        stack.push_back(c);
  }
  return vars;
}

llvm::SmallVector<std::pair<unsigned, bool>> BddManager::shortestCube(Bdd a) {
  llvm::SmallVector<std::pair<unsigned, bool>> cube;
  if (a == False)
    return cube;
  // Distance (in decisions) from each node to True.
  llvm::DenseMap<Bdd, unsigned> dist;
  const unsigned inf = std::numeric_limits<unsigned>::max() / 2;
  std::function<unsigned(Bdd)> d = [&](Bdd x) -> unsigned {
    if (x == True)
      return 0;
    if (x == False)
      return inf;
    auto it = dist.find(x);
    if (it != dist.end())
      return it->second;
    unsigned r = 1 + std::min(d(nodes[x].lo), d(nodes[x].hi));
    dist[x] = r;
    return r;
  };
  Bdd x = a;
  while (x > True) {
    const Node &n = nodes[x];
    bool takeHi = d(n.hi) <= d(n.lo);
    cube.push_back({n.var, takeHi});
    x = takeHi ? n.hi : n.lo;
  }
  return cube;
}

Bdd BddManager::cubeOf(llvm::ArrayRef<std::pair<unsigned, bool>> cube) {
  Bdd c = True;
  for (auto [v, val] : cube)
    c = conj(c, val ? var(v) : negate(var(v)));
  return c;
}

llvm::SmallVector<std::pair<unsigned, bool>> BddManager::cubeWithin(Bdd f,
                                                                    Bdd care) {
  if (f == False)
    return {};
  // The care set may leave out what restrict() keeps: start from its
  // shortest cube if some path of `care` satisfies it, else from f's own
  // (which implies care).
  llvm::SmallVector<std::pair<unsigned, bool>> cube =
      shortestCube(restrict(f, care));
  if (conj(cubeOf(cube), care) == False)
    cube = shortestCube(f);
  // Drop every literal the rest of the cube and the care set make
  // redundant; dropping only widens the cube, so a path of care stays in.
  for (size_t i = cube.size(); i-- > 0;) {
    auto rest = cube;
    rest.erase(rest.begin() + i);
    if (implies(conj(cubeOf(rest), care), f))
      cube = std::move(rest);
  }
  return cube;
}

double BddManager::satFraction(Bdd a) const {
  llvm::DenseMap<Bdd, double> memo;
  std::function<double(Bdd)> rec = [&](Bdd x) -> double {
    if (x == False)
      return 0.0;
    if (x == True)
      return 1.0;
    auto it = memo.find(x);
    if (it != memo.end())
      return it->second;
    // Variables a path skips are free (both values lead on the same way),
    // so each node just averages its two children.
    double f = 0.5 * rec(nodes[x].lo) + 0.5 * rec(nodes[x].hi);
    memo[x] = f;
    return f;
  };
  return rec(a);
}

} // namespace memlint
