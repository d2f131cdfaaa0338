//===- FreeRepairs.cpp - Fixes of a free that frees wrongly ---------------===//
//
// The candidates FixFinder::fixFor tries for a double free, a use after
// free or an invalid free, smallest edit first: the free removed (with
// frees placed where its buffer is last used, if removing it leaks),
// replaced by the free its buffer's allocation needs, guarded by the
// condition under which it is right, or given an ownership flag. Each is
// proven by analysing the edited function (accept).
//
//===----------------------------------------------------------------------===//
#include "fixes/FixFinder.h"

#include "fixes/FreePlacement.h"
#include "fixes/OpEdits.h"
#include "fixes/OwnershipFlag.h"
#include "fixes/SourceText.h"
#include "fixes/TextEdits.h"

using namespace mlir;

namespace memlint {
namespace fixsearch {

std::optional<std::string> FixFinder::byRemoval(const Group &g,
                                                ArrayRef<Operation *> frees,
                                                ArrayRef<int> buffers) {
  SourceText src(*base.doc);
  std::vector<std::unique_ptr<Snapshot>> removed;
  // Plain removal first: it is the smallest edit. A realloc stops freeing
  // when written as alloc + copy.
  for (Operation *free : frees) {
    if (!free)
      continue;
    std::optional<std::vector<TextEdit>> edits =
        isPlainFree(free) ? removeOpEdits(src, free)
                          : reallocAsAllocEdits(src, free);
    if (!edits)
      continue;
    std::unique_ptr<Snapshot> s = analyzeEdits(base, *edits);
    if (!s)
      continue;
    if (accept(*s, g))
      return s->text().str();
    removed.push_back(std::move(s));
  }
  // Then removal plus frees where the buffer is last used.
  for (std::unique_ptr<Snapshot> &s : removed) {
    bool clean;
    std::unique_ptr<Snapshot> r = repairAll(*s, g.fn, buffers, clean);
    if (r && accept(*r, g))
      return r->text().str();
  }
  return std::nullopt;
}

std::optional<std::string> FixFinder::replaceFree(const Group &g,
                                                  Operation *free, Value v,
                                                  StringRef opName) {
  std::string stmt = freeStatement(*base.doc, opName, v);
  if (stmt.empty())
    return std::nullopt;
  SourceText src(*base.doc);
  std::optional<std::vector<TextEdit>> edits = replaceOpEdits(src, free, stmt);
  if (!edits)
    return std::nullopt;
  std::unique_ptr<Snapshot> s = analyzeEdits(base, *edits);
  if (s && accept(*s, g))
    return s->text().str();
  return std::nullopt;
}

std::optional<std::string> FixFinder::byGuard(const Group &g,
                                              ArrayRef<Operation *> frees) {
  SourceText src(*base.doc);
  for (Operation *free : frees) {
    if (!free)
      continue;
    for (const std::vector<TextEdit> &edits :
         guardFreeCandidates(src, base.function(g.fn), free)) {
      std::unique_ptr<Snapshot> s = analyzeEdits(base, edits);
      if (s && accept(*s, g))
        return s->text().str();
      if (budget == 0)
        return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<std::string> FixFinder::byOwnershipFlag(const Group &g,
                                                      Operation *free,
                                                      bool &borrowsArgument) {
  SourceText src(*base.doc);
  std::optional<OwnershipFlagEdits> flag =
      ownershipFlagEdits(src, base.analysis(g.fn), free);
  if (!flag)
    return std::nullopt;
  std::unique_ptr<Snapshot> s = analyzeEdits(base, flag->edits);
  if (!s || !accept(*s, g))
    return std::nullopt;
  borrowsArgument = flag->borrowsArgument;
  return s->text().str();
}

} // namespace fixsearch
} // namespace memlint
