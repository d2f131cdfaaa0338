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
  llvm::DenseSet<int> buffers;
  for (auto [i, g] : llvm::enumerate(groups)) {
    // One buffer freed twice, the second time by a plain free of its
    // allocation's own value, the same in every event.
    Operation *second = nullptr;
    int b = soleOwnFree(
        fn, *g, EventKind::DoubleFree, &Event::op,
        {EventKind::Leak, EventKind::UseAfterFree, EventKind::InvalidFree},
        &second);
    if (b < 0 || !buffers.insert(b).second)
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
  for (const Removal &r : removals) {
    Fix fix;
    fix.title =
        "Free " + doc.nameOf(la.buffers()[r.buffer].value) + " only once";
    if (setEdits(fix, r.edits, lines))
      out[r.group] = std::move(fix);
  }
  return out;
}

} // namespace fixsearch
} // namespace memlint
