//===- UsesAfterFreeTogether.cpp - Moved frees proven at three analyses ---===//
//
// A use after free's fix moves the free after the buffer's last use: its
// own search removes the free (one analysis), then repairs the leak that
// leaves (one more at least). A function with N such findings paid 2N
// analyses of the whole function: 400 took 7 s to fix, 70 times its lint.
// Here the frees of all of them go at once (one analysis), the leaks that
// leaves are repaired together (LeaksTogether.cpp, one analysis or a few),
// and the whole is proven against the base (one more).
//
// Each fix holds alone by the argument LeaksTogether.cpp makes: the free
// removed names its allocation's own value, as does the free put back, so
// each changes only its own buffer's entry, and a group that leaves every
// buffer's events no worse and ends each one's use after free and leak
// proves each by itself.
//
// The frees are first blanked, not cut: lines stay where they are, so the
// places the leak repair finds in the blanked text are places in the file.
//
//===----------------------------------------------------------------------===//
#include "fixes/FixFinder.h"

#include "fixes/OpEdits.h"
#include "fixes/SourceText.h"
#include "fixes/TextEdits.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace memlint {
namespace fixsearch {

namespace {
/// One use after free to fix together with the others.
struct MovedFree {
  size_t group;
  int buffer;
  /// The free cut from the file, and the same lines left blank.
  std::vector<TextEdit> removal, blank;
  /// The free put back where the leak repair found its place.
  std::vector<TextEdit> insertion;
};

/// `edits`, one edit that removes whole lines, as the same number of
/// empty lines; nullopt for anything else.
std::optional<std::vector<TextEdit>>
blankLines(llvm::StringRef text, const std::vector<TextEdit> &edits,
           const LineTable &lines, TextOrigin origin) {
  if (edits.size() != 1 || !edits[0].newText.empty())
    return std::nullopt;
  const SourceRange &r = edits[0].range;
  if (r.start.column != 1 || r.end.column != 1 || r.end.line <= r.start.line)
    return std::nullopt;
  std::optional<std::vector<TextEdit>> norm =
      normalizedEdits(text, edits, lines, origin);
  if (!norm)
    return std::nullopt;
  TextEdit e = edits[0];
  e.newText.assign(r.end.line - r.start.line, '\n');
  return std::vector<TextEdit>{e};
}
} // namespace

std::vector<std::optional<Fix>>
FixFinder::usesAfterFreeTogether(unsigned fn, ArrayRef<const Group *> groups,
                                 bool alone) {
  std::vector<std::optional<Fix>> out(groups.size());
  targetFn = fn;
  LifetimeAnalysis &la = base.analysis(fn);
  Document &doc = *base.doc;
  SourceText src(doc);
  LineTable lines(base.text(), base.origin());
  EditSpans spans(base.text(), base.origin());
  std::vector<MovedFree> moved;
  llvm::DenseSet<int> buffers;
  for (auto [i, g] : llvm::enumerate(groups)) {
    // One buffer's uses after one plain free of the allocation's own
    // value; a loop allocation with its earlier iterations' instance, a
    // realloc, memory a callee returned, take the search of their own.
    Operation *free = nullptr;
    int b = soleOwnFree(
        fn, *g, EventKind::UseAfterFree, &Event::firstFree,
        {EventKind::Leak, EventKind::DoubleFree, EventKind::InvalidFree},
        &free);
    if (b < 0)
      continue;
    const BufferInfo &buf = la.buffers()[b];
    // (One free per buffer: each frees its allocation's own value.)
    if (buf.ownershipFlag || freeOpOf(buf).empty() || !buffers.insert(b).second)
      continue;
    std::optional<std::vector<TextEdit>> removal = removeOpEdits(src, free);
    if (!removal)
      continue;
    std::optional<std::vector<TextEdit>> blank =
        blankLines(base.text(), *removal, lines, base.origin());
    if (!blank || !spans.tryAdd(*removal))
      continue;
    moved.push_back({i, b, std::move(*removal), std::move(*blank), {}});
  }
  // One alone is what its own search tries, at the same cost.
  if (moved.size() < 2 || outOfWork())
    return out;
  budget = 3;
  // The frees gone: each buffer leaks where it used to be freed too early.
  std::vector<TextEdit> blanks;
  for (const MovedFree &m : moved)
    llvm::append_range(blanks, m.blank);
  std::optional<std::string> blanked =
      applyEdits(base.text(), blanks, base.origin());
  if (!blanked || !spend())
    return out;
  std::unique_ptr<Snapshot> gone = analyzeSpent(*blanked);
  if (!gone)
    return out;
  std::optional<std::set<EventKey>> worse = worseKeys(base.sig, gone->sig);
  if (!worse)
    return out;
  for (const EventKey &k : *worse)
    if (std::get<1>(k) != static_cast<int>(EventKind::Leak) ||
        !buffers.count(std::get<2>(k)))
      return out;
  // Its leaks, repaired together in the blanked text, whose lines are the
  // file's. The buffers are the same: blanking a free adds or drops none.
  std::map<std::pair<std::string, SourceRange>, Group> leakGroups =
      groupEvents(*gone, fn);
  std::vector<const Group *> leaks;
  std::vector<size_t> movedOf;
  for (auto [k, m] : llvm::enumerate(moved))
    for (auto &[key, g] : leakGroups)
      if (key.first == "leak" && g.events.front().buffer == m.buffer) {
        leaks.push_back(&g);
        movedOf.push_back(k);
        break;
      }
  FixFinder repair(*gone, budgetPerFinding, work, fileSymbols);
  std::vector<std::optional<Fix>> repaired =
      repair.leaksTogether(fn, leaks, alone);
  tried += repair.candidatesTried();
  parsed += repair.candidatesParsed();
  refused |= repair.starved();
  std::vector<TextEdit> all;
  EditSpans taken(base.text(), base.origin());
  std::vector<size_t> kept;
  for (auto [j, fix] : llvm::enumerate(repaired)) {
    MovedFree &m = moved[movedOf[j]];
    if (!fix)
      continue;
    std::vector<TextEdit> edits = m.removal;
    llvm::append_range(edits, fix->edits);
    if (!taken.tryAdd(edits))
      continue;
    m.insertion = fix->edits;
    llvm::append_range(all, edits);
    kept.push_back(movedOf[j]);
  }
  if (kept.size() < 2 || !spend())
    return out;
  // The whole against the base: nothing worse, and each moved free's
  // buffer neither used after a free nor leaked.
  std::optional<std::string> text = applyEdits(base.text(), all, base.origin());
  std::unique_ptr<Snapshot> fixed = text ? analyzeSpent(*text) : nullptr;
  if (!fixed || !noWorse(base.sig, fixed->sig))
    return out;
  for (size_t k : kept) {
    int b = moved[k].buffer;
    for (EventKind kind : {EventKind::UseAfterFree, EventKind::Leak})
      if (fixed->sig.count({fn, static_cast<int>(kind), b}) > 0 ||
          fixed->sig.massOf({fn, static_cast<int>(kind), b}) > Eps)
        return out;
  }
  for (size_t k : kept) {
    MovedFree &m = moved[k];
    std::vector<TextEdit> edits = m.removal;
    llvm::append_range(edits, m.insertion);
    Fix fix;
    fix.title = "Move the free of " + doc.nameOf(la.buffers()[m.buffer].value) +
                " after its last use";
    if (setEdits(fix, edits, lines))
      out[m.group] = std::move(fix);
  }
  return out;
}

} // namespace fixsearch
} // namespace memlint
