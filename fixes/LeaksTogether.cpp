//===- LeaksTogether.cpp - Leak fixes proven at one analysis --------------===//
//
// `memlint fix` takes the fixes of a function together and proves what it
// takes (FixRun.cpp). A function with many leaks used to pay one analysis
// of the whole function per leak before that, to prove each leak's free on
// its own: forty times the lint on a function of 12,000 ops. Here every
// leaked buffer's first place for a free (the one its own search tries
// first, FreePlacement.h) is inserted at once and one analysis proves the
// lot; buffers that fare worse are dropped and the rest proven again.
//
// The JSON/SARIF output and the editor offer each fix alone, so each must
// hold alone. It does when every free in the group names its allocation's
// own value: a free changes only the entry of the buffers its value may
// hold, and an allocation's result holds only that allocation's buffer
// (this iteration's instance; what its earlier instances become follows
// from it alone). So each buffer's events with the group's frees are its
// events with its own free alone, and a group that leaves every buffer's
// events no worse and ends each one's leaks proves each free by itself
// (what names no buffer, such as the callers' view, splits the group until
// it does not). A free on a branch edge adds a block that holds only the
// free and a branch on: proven with a label of its own, it is offered
// with the label its own search gives it. Frees of a block argument a
// buffer is forwarded to may hold other buffers: those buffers take their
// own search from that place on, in their search's order.
//
//===----------------------------------------------------------------------===//
#include "fixes/FixFinder.h"

#include "fixes/FreePlacement.h"
#include "fixes/SourceText.h"
#include "fixes/TextEdits.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <numeric>
#include <set>

using namespace mlir;

namespace memlint {
namespace fixsearch {

namespace {
/// `edits` with block label `from` (a whole label, not a prefix of a
/// longer one) written `to`.
void relabel(std::vector<TextEdit> &edits, llvm::StringRef from,
             llvm::StringRef to) {
  auto partOfName = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  };
  for (TextEdit &e : edits) {
    std::string &t = e.newText;
    for (size_t at = t.find(from.str()); at != std::string::npos;
         at = t.find(from.str(), at + to.size())) {
      size_t end = at + from.size();
      if (end < t.size() && partOfName(t[end])) {
        at += 1;
        continue;
      }
      t.replace(at, from.size(), to.str());
    }
  }
}

/// The places for a free tried per leaked buffer, in rounds: plain frees,
/// then frees under a guard on a value that decides the leak (a buffer
/// freed on some paths already: by a `bufferization.dealloc` under a
/// condition, through a select), as its own search tries them.
constexpr unsigned PlacesTried = 4;
constexpr unsigned GuardedPlacesTried = 2;
constexpr unsigned RoundsTried = PlacesTried + GuardedPlacesTried;

/// One leaked buffer's candidate: the free at one of its places.
struct LeakCandidate {
  size_t group;
  int buffer;
  /// As proven together: a block it adds named with a label of its own.
  std::vector<TextEdit> edits;
  /// As offered alone: its block named as its own search names it.
  std::vector<TextEdit> alone;
};

/// What one analysis of a part of the candidates says: the buffers whose
/// events (any kind) got worse than the base's, and whether something got
/// worse that names no buffer (an invalid free's origin, what callers see,
/// a buffer no longer tracked).
struct Verdict {
  std::set<int> worse;
  bool unattributed = false;
};

Verdict judge(const Signature &before, const Signature &after) {
  Verdict v;
  std::optional<std::set<EventKey>> worse = worseKeys(before, after);
  if (!worse) {
    v.unattributed = true;
    return v;
  }
  for (const EventKey &k : *worse) {
    if (std::get<1>(k) == static_cast<int>(EventKind::InvalidFree) ||
        std::get<2>(k) < 0)
      v.unattributed = true;
    else
      v.worse.insert(std::get<2>(k));
  }
  return v;
}
} // namespace

std::vector<std::optional<Fix>>
FixFinder::leaksTogether(unsigned fn, ArrayRef<const Group *> groups,
                         bool alone) {
  std::vector<std::optional<Fix>> out(groups.size());
  targetFn = fn;
  LifetimeAnalysis &la = base.analysis(fn);
  SourceText src(*base.doc);
  // Per leaked buffer, its places for a free in the order its own search
  // tries them.
  struct Leaked {
    size_t group;
    int buffer;
    std::vector<std::vector<TextEdit>> places;
    /// Per place, whether its free names the allocation's own value.
    std::vector<bool> ownValue;
    /// The values a guard on its free tests, for the guarded places that
    /// follow the plain ones: made once a round reaches them (each walks
    /// the function; most buffers never need them).
    std::vector<Value> guards;
    Operation *exit = nullptr;
    std::string freeOp;
    /// Appends `more` places, whose frees name `freed` (per place, where
    /// known), of the allocation `value`.
    void add(std::vector<std::vector<TextEdit>> more,
             const std::vector<Value> &freed, Value value) {
      for (auto [k, edits] : llvm::enumerate(more)) {
        ownValue.push_back(k < freed.size() && freed[k] == value);
        places.push_back(std::move(edits));
      }
    }
  };
  std::vector<Leaked> leaked;
  llvm::DenseSet<int> buffers;
  // (The function's places, dominance and block order once for all its
  // leaks: each search finding them again walked the whole function,
  // quadratic in the leaks, helper-105.)
  PlacementScope scope(src, base.function(fn));
  for (auto [i, g] : llvm::enumerate(groups)) {
    // One buffer's leaks only: a loop allocation with its earlier
    // iterations' instance takes the search of its own (fixFor).
    int b = g->events.front().buffer;
    if (b < 0 || llvm::any_of(g->events, [&](const Event &e) {
          return e.kind != EventKind::Leak || e.buffer != b;
        }))
      continue;
    if (!buffers.insert(b).second)
      continue;
    const BufferInfo &buf = la.buffers()[b];
    std::string freeOp = freeOpOf(buf);
    // As repairLeaksBy: no free of a call result owned under a flag.
    if (freeOp.empty() || buf.ownershipFlag)
      continue;
    // The exit repairLeaksBy starts from: the buffer's first leak.
    const Event *leak = nullptr;
    for (const Event &e : la.possibleEvents())
      if (e.kind == EventKind::Leak && e.buffer == b) {
        leak = &e;
        break;
      }
    if (!leak)
      continue;
    // The places its own search tries, in its order (repairLeaksBy).
    std::vector<Value> freed;
    std::vector<std::vector<TextEdit>> places = freeInsertionCandidates(
        scope, buf.value, leak->op, freeOp, /*guarded=*/false,
        /*maxCandidates=*/16, &freed);
    places.resize(std::min<size_t>(places.size(), PlacesTried));
    // Guarded frees where its own search would try them: not for a buffer
    // with other findings (their fixes move or remove its frees, fixFor).
    bool otherFindings =
        hasFindingsOf(fn, b, {EventKind::DoubleFree, EventKind::UseAfterFree});
    std::vector<Value> guards =
        otherFindings ? std::vector<Value>() : la.valuesDeciding(leak->cond);
    leaked.push_back({i, b, {}, {}, std::move(guards), leak->op, freeOp});
    leaked.back().add(std::move(places), freed, buf.value);
  }
  LineTable lines(base.text(), base.origin());
  // Labels for the blocks candidates add, one each across the rounds: the
  // fixes of several rounds are taken together. The first is what every
  // candidate names its block.
  std::vector<std::string> labels =
      freshBlockLabels(src, base.function(fn), leaked.size() * RoundsTried + 1);
  unsigned nextLabel = 0;
  // Rounds: each leaked buffer not fixed yet offers its next place.
  for (unsigned rank = 0; rank < RoundsTried; ++rank) {
    EditSpans spans(base.text(), base.origin());
    std::vector<LeakCandidate> candidates;
    for (auto [k, l] : llvm::enumerate(leaked)) {
      if (out[l.group])
        continue;
      // Past its plain places: the guarded ones, made now.
      if (rank == l.places.size() && !l.guards.empty()) {
        Value value = la.buffers()[l.buffer].value;
        std::vector<Value> freed;
        std::vector<std::vector<TextEdit>> guarded = freeInsertionCandidates(
            scope, value, l.exit, l.freeOp, /*guarded=*/true,
            GuardedPlacesTried, &freed, l.guards);
        l.add(std::move(guarded), freed, value);
        l.guards.clear();
      }
      if (rank >= l.places.size() || l.places[rank].empty())
        continue;
      std::vector<TextEdit> edits = l.places[rank];
      bool addsBlock = llvm::any_of(edits, [&](const TextEdit &e) {
        return llvm::StringRef(e.newText).contains(labels.front());
      });
      if (alone && !l.ownValue[rank]) {
        l.places.resize(rank); // its own search goes on from here
        continue;
      }
      // A candidate that adds a block (a free on a branch edge) names it
      // with the first fresh label: together, each takes one of its own.
      // Alone it keeps the first: the block holds its free and a branch
      // on, which is the same free on the same edge whatever its name.
      std::vector<TextEdit> offered = edits;
      if (addsBlock)
        if (unsigned k = nextLabel++)
          relabel(edits, labels.front(), labels[k]);
      if (spans.tryAdd(edits))
        candidates.push_back(
            {l.group, l.buffer, std::move(edits), std::move(offered)});
    }
    // One candidate alone is what its own search tries, at the same cost.
    if (candidates.size() < 2)
      break;
    budget = 2 * candidates.size() + 1;
    auto takeAll = [&](ArrayRef<size_t> part) {
      for (size_t c : part) {
        const LeakCandidate &cand = candidates[c];
        Fix fix = leakFixLabel(fn, la.buffers()[cand.buffer]);
        if (setEdits(fix, alone ? cand.alone : cand.edits, lines))
          out[cand.group] = std::move(fix);
      }
    };
    // A part is proven when its frees together end each of its buffers'
    // leaks and leave no event of any buffer worse. Candidates whose
    // buffers fare worse, or still leak, are dropped and the rest proven
    // again; what names no buffer splits the part in halves. A single
    // candidate is left to its own search.
    std::function<void(std::vector<size_t>)> prove =
        [&](std::vector<size_t> part) {
          while (part.size() > 1) {
            if (!spend())
              return;
            std::vector<TextEdit> edits;
            for (size_t c : part)
              llvm::append_range(edits, candidates[c].edits);
            std::optional<std::string> text =
                applyEdits(base.text(), edits, base.origin());
            std::unique_ptr<Snapshot> s = text ? analyzeSpent(*text) : nullptr;
            Verdict v;
            if (s)
              v = judge(base.sig, s->sig);
            std::vector<size_t> rest;
            for (size_t c : part) {
              int b = candidates[c].buffer;
              bool ended =
                  s && leakCount(*s, fn, b) == 0 && leakMass(*s, fn, b) < Eps;
              if (ended && !v.worse.count(b))
                rest.push_back(c);
            }
            // Worse buffers that are not the part's: the frees of the part
            // hurt another buffer (an alias), but which free does not show.
            bool others = llvm::any_of(v.worse, [&](int b) {
              return llvm::none_of(
                  part, [&](size_t c) { return candidates[c].buffer == b; });
            });
            if (s && !v.unattributed && !others) {
              if (rest.size() == part.size()) {
                takeAll(part);
                return;
              }
              part = std::move(rest);
              continue;
            }
            ArrayRef<size_t> all(part);
            prove(all.take_front(all.size() / 2).vec());
            prove(all.drop_front(all.size() / 2).vec());
            return;
          }
        };
    std::vector<size_t> all(candidates.size());
    std::iota(all.begin(), all.end(), 0);
    prove(std::move(all));
    if (budget == 0 || outOfWork())
      break;
  }
  return out;
}

} // namespace fixsearch
} // namespace memlint
