//===- PathState.h - The lattice: buffer conditions on a path ---*- C++ -*-===//
//
// A PathState is what the analysis knows at one program point: the path
// condition and, per buffer, the conditions under which it is live and
// freed. Buffer conditions are relative to the path (only their conjunction
// with it matters), so a branch restricts a state by narrowing the path
// alone, and a join only computes for the buffers whose conditions differ on
// the two sides. Entries live in copy-on-write chunks shared between states.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_PATHSTATE_H
#define MEMLINT_ANALYSIS_LIFETIME_PATHSTATE_H

#include "analysis/lifetime/Bdd.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <cassert>
#include <vector>

namespace memlint::lifetime {

/// A free that may have freed a buffer, and on which paths it did.
struct FreeSite {
  mlir::Operation *op;
  Bdd cond;
};
using FreeList = llvm::SmallVector<FreeSite, 1>;

/// Immutable free-site lists, interned so states share them by index.
/// Index 0 is the empty list.
class FreeListPool {
public:
  static constexpr unsigned None = 0;
  const FreeList &operator[](unsigned id) const {
    assert(id < lists.size() && "free list id out of range");
    return lists[id];
  }
  unsigned intern(FreeList list) {
    if (list.empty())
      return None;
    lists.push_back(std::move(list));
    return lists.size() - 1;
  }

private:
  std::vector<FreeList> lists{FreeList()};
};

/// One buffer in a state. `freers` indexes the FreeListPool.
struct Entry {
  Bdd live = BddManager::False, freed = BddManager::False;
  unsigned freers = FreeListPool::None;
  bool operator==(const Entry &o) const {
    return live == o.live && freed == o.freed && freers == o.freers;
  }
  bool operator!=(const Entry &o) const { return !(*this == o); }
  /// The entry of a buffer the state never touched.
  bool untouched() const {
    return live <= BddManager::False && freed <= BddManager::False &&
           freers == FreeListPool::None;
  }
};

/// The entries of all buffers, in chunks that tables share until one of
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
  /// Chunk `c` was never written: all its entries are untouched.
  bool chunkEmpty(unsigned c) const { return !chunks[c]; }
  const Entry &operator[](unsigned b) const {
    static const Entry none;
    assert(b < count && "buffer index out of range");
    const Chunk *c = chunks[b >> ChunkBits].get();
    return c ? c->entries[b & (ChunkSize - 1)] : none;
  }
  /// The entry, for writing (copies its chunk if another table shares it).
  Entry &mut(unsigned b) {
    assert(b < count && "buffer index out of range");
    llvm::IntrusiveRefCntPtr<Chunk> &c = chunks[b >> ChunkBits];
    if (!c)
      c = new Chunk();
    else if (c->UseCount() > 1)
      c = new Chunk(*c);
    return c->entries[b & (ChunkSize - 1)];
  }
  /// Chunks made minus chunks freed on this thread: an analysis, which runs
  /// on one thread, takes the difference over its run as the memory its
  /// states hold (see FunctionContext::chargeStates).
  static int64_t chunksOnThisThread() { return liveChunks; }
  static constexpr uint64_t BytesPerChunk = sizeof(Entry) * ChunkSize + 16;

  /// Makes entry `b` untouched; a chunk left with only untouched entries
  /// goes (chunkEmpty then skips it).
  void reset(unsigned b) {
    mut(b) = Entry();
    llvm::IntrusiveRefCntPtr<Chunk> &c = chunks[b >> ChunkBits];
    if (llvm::all_of(c->entries, [](const Entry &e) { return e == Entry(); }))
      c = nullptr;
  }
  /// Calls `visit(b)` for every buffer of every chunk `skip(c)` rejects.
  /// `skip` is asked once per chunk, before its first buffer is visited.
  template <typename Skip, typename Visit>
  void forEachBuffer(Skip skip, Visit visit) const {
    for (unsigned c = 0, n = numChunks(); c < n; ++c) {
      if (skip(c))
        continue;
      for (unsigned b = c * ChunkSize, e = std::min(count, b + ChunkSize);
           b < e; ++b)
        visit(b);
    }
  }
  bool operator==(const EntryTable &o) const;
  bool operator!=(const EntryTable &o) const { return !(*this == o); }

private:
  // Not thread-safe reference counts: one function's analysis runs on one
  // thread.
  struct Chunk : llvm::RefCountedBase<Chunk> {
    Chunk() { ++liveChunks; }
    Chunk(const Chunk &o) : llvm::RefCountedBase<Chunk>(), entries() {
      std::copy(std::begin(o.entries), std::end(o.entries), entries);
      ++liveChunks;
    }
    ~Chunk() { --liveChunks; }
    Entry entries[ChunkSize];
  };
  std::vector<llvm::IntrusiveRefCntPtr<Chunk>> chunks;
  unsigned count = 0;
  static thread_local int64_t liveChunks;
};

/// The state at one program point.
struct PathState {
  /// The paths that reach the point.
  Bdd path = BddManager::False;
  /// Per buffer, conditions relative to `path`.
  EntryTable entries;
  bool unreachable() const { return path == BddManager::False; }
};

/// The operations of the lattice over PathStates of one function.
class PathLattice {
public:
  explicit PathLattice(BddManager &bdd) : bdd(bdd) {}

  void setNumBuffers(unsigned n) { numBuffers = n; }
  unsigned size() const { return numBuffers; }
  FreeListPool &freeLists() { return pool; }
  /// Interns `list`, its sites past the first MaxFreeSites - 1 folded
  /// into one site with no op (freed somewhere else, not named): a
  /// buffer freed in each of a switch's thousand cases must not make
  /// every join copy a thousand sites. The sites only name the first
  /// free in a double free's or use after free's notes.
  unsigned internFreers(FreeList list);
  static constexpr unsigned MaxFreeSites = 16;
  const FreeList &freers(const PathState &st, unsigned b) const {
    return pool[st.entries[b].freers];
  }

  /// The function entry: every path, no buffer allocated yet.
  PathState entry() const {
    PathState s;
    s.path = BddManager::True;
    s.entries.assign(numBuffers);
    return s;
  }
  /// `in` on the paths where `c` also holds (entries are shared).
  PathState restrict(const PathState &in, Bdd c) const {
    PathState s = in;
    s.path = bdd.conj(in.path, c);
    return s;
  }
  /// Absolute conditions of a buffer in a state.
  Bdd liveIn(const PathState &st, unsigned b) const {
    return bdd.conj(st.entries[b].live, st.path);
  }
  Bdd freedIn(const PathState &st, unsigned b) const {
    return bdd.conj(st.entries[b].freed, st.path);
  }
  /// Joins `in` into `acc`, which takes `in` as it is when `first` (then
  /// cleared). Returns whether `acc` changed (as conditions, not as
  /// representations).
  bool join(PathState &acc, const PathState &in, bool &first);
  /// Joins all of `ins` into `acc` (as `join` does one by one; `first`
  /// likewise). `base` is a state the inputs grew from (the state entering
  /// the region op whose exits they are): where each input shares most of
  /// its entries with it and their paths are disjoint, the work is in the
  /// entries some input changed, not in the entries times the inputs (an
  /// scf.index_switch of 8,000 cases each yielding its own buffer joined
  /// 8,000 exits into a state holding all the buffers before them).
  void joinMany(PathState &acc, bool &first, llvm::ArrayRef<PathState> ins,
                const PathState &base);
  /// Below this many inputs joinMany joins one by one.
  static constexpr unsigned MinJoinMany = 8;
  /// Makes a buffer's conditions absolute (conjoined with `path`), so the
  /// path may then lose atoms without changing what the entry says.
  void makeAbsolute(Entry &e, Bdd path);
  /// Replaces atom `var` by `g` in the conditions of `e`.
  void substitute(Entry &e, unsigned var, Bdd g);

private:
  void joinEntry(Entry &x, const Entry &y, Bdd pa, Bdd pb, Bdd path,
                 bool &changed);
  unsigned joinFreers(unsigned x, unsigned y, Bdd pa, Bdd pb, Bdd path,
                      bool &changed);

  BddManager &bdd;
  FreeListPool pool;
  unsigned numBuffers = 0;
};

} // namespace memlint::lifetime

#endif
