//===- DoubleFreesTogether.cpp - Second frees removed at one analysis -----===//
//
// A double free's fix removes one of its frees; its own search proves each
// removal by an analysis of the whole function, so N double frees in one
// function cost N analyses of it (400: 6 s to fix). Here the second free
// of every such finding goes at once and one analysis proves the lot.
//
// Each fix holds alone by the argument LeaksTogether.cpp makes: the free
// removed names its allocation's own value, so removing it changes only
// its own buffer's entry, and a group that leaves every buffer's events no
// worse and ends each one's double free proves each removal by itself.
// Where the group does not hold, nothing is given: each finding's own
// search goes on as before.
//
// One buffer may be freed many times over (N frees in a row: N - 1
// findings), each finding's removal of its own second free. Any part of
// such a group holds where the group does: it keeps a superset of the
// group's frees, so it leaks nowhere the group does not, and removing
// frees adds no double free or use after free. Their edits stay the
// removals themselves where, as a diff of the texts, they would be one
// (removing any of N equal lines reads as removing the last): `fix` takes
// fixes whose edits do not overlap, so it took one of them per step and
// stopped after its steps with findings "no safe fix removes".
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

std::vector<std::optional<Fix>>
FixFinder::doubleFreesTogether(unsigned fn, ArrayRef<const Group *> groups) {
  std::vector<std::optional<Fix>> out(groups.size());
  targetFn = fn;
  LifetimeAnalysis &la = base.analysis(fn);
  Document &doc = *base.doc;
  SourceText src(doc);
  LineTable lines(base.text(), base.origin());
  EditSpans spans(base.text(), base.origin());
  struct Removal {
    size_t group;
    int buffer;
    std::vector<TextEdit> edits;
  };
  std::vector<Removal> removals;
  llvm::DenseSet<Operation *> removed;
  for (auto [i, g] : llvm::enumerate(groups)) {
    // One buffer freed twice, the second time by a plain free of its
    // allocation's own value, the same in every event.
    Operation *second = nullptr;
    int b = soleOwnFree(
        fn, *g, EventKind::DoubleFree, &Event::op,
        {EventKind::Leak, EventKind::UseAfterFree, EventKind::InvalidFree},
        &second);
    if (b < 0 || !removed.insert(second).second)
      continue;
    std::optional<std::vector<TextEdit>> edits = removeOpEdits(src, second);
    if (!edits || !spans.tryAdd(*edits))
      continue;
    removals.push_back({i, b, std::move(*edits)});
  }
  // One alone is what its own search tries, at the same cost.
  if (removals.size() < 2 || outOfWork())
    return out;
  budget = 1;
  std::vector<TextEdit> all;
  for (const Removal &r : removals)
    llvm::append_range(all, r.edits);
  std::optional<std::string> text = applyEdits(base.text(), all, base.origin());
  if (!text || !spend())
    return out;
  std::unique_ptr<Snapshot> s = analyzeSpent(*text);
  if (!s || !noWorse(base.sig, s->sig))
    return out;
  for (const Removal &r : removals)
    if (s->sig.count({fn, static_cast<int>(EventKind::DoubleFree), r.buffer}))
      return out;
  std::vector<Fix> fixes(removals.size());
  EditSpans diffSpans(base.text(), base.origin());
  bool asDiffs = true;
  for (auto [r, fix] : llvm::zip(removals, fixes)) {
    fix.title =
        "Free " + doc.nameOf(la.buffers()[r.buffer].value) + " only once";
    asDiffs &= setEdits(fix, r.edits, lines) && diffSpans.tryAdd(fix.edits);
  }
  for (auto [r, fix] : llvm::zip(removals, fixes)) {
    if (!asDiffs)
      fix.edits = r.edits;
    out[r.group] = std::move(fix);
  }
  return out;
}

} // namespace fixsearch
} // namespace memlint
