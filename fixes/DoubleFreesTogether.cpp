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
    // One buffer freed twice by plain frees of its allocation's own value,
    // the second of them the same in every event.
    const Event &first = g->events.front();
    int b = first.buffer;
    Operation *second = first.op;
    if (b < 0 || !second || llvm::any_of(g->events, [&](const Event &e) {
          return e.kind != EventKind::DoubleFree || e.buffer != b ||
                 e.op != second;
        }))
      continue;
    const BufferInfo &buf = la.buffers()[b];
    if (buf.foreign || !isPlainFree(second) || second->getNumOperands() != 1 ||
        second->getOperand(0) != buf.value)
      continue;
    // A buffer with other findings: their fixes move its frees too.
    if (hasFindingsOf(
            fn, b,
            {EventKind::Leak, EventKind::UseAfterFree, EventKind::InvalidFree}))
      continue;
    if (!buffers.insert(b).second)
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
    std::optional<std::vector<TextEdit>> norm =
        normalizedEdits(base.text(), r.edits, lines, base.origin());
    if (!norm || norm->empty())
      continue;
    Fix fix;
    fix.title =
        "Free " + doc.nameOf(la.buffers()[r.buffer].value) + " only once";
    fix.edits = std::move(*norm);
    out[r.group] = std::move(fix);
  }
  return out;
}

} // namespace fixsearch
} // namespace memlint
