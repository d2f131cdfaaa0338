//===- AnalysisResult.cpp - Findings and buffers moved by whole lines -----===//
#include "server/AnalysisResult.h"

#include <algorithm>

namespace memlint {

void moveRange(SourceRange &r, int delta) {
  if (!r.isValid())
    return;
  r.start.line += delta;
  r.end.line += delta;
}

void moveFinding(Finding &f, int delta) {
  moveRange(f.range, delta);
  // Only the positions the analysis quoted move (see Message).
  f.message.shiftLines(delta);
  for (RelatedLocation &r : f.related) {
    moveRange(r.range, delta);
    r.message.shiftLines(delta);
  }
  for (Fix &fix : f.fixes)
    for (TextEdit &e : fix.edits)
      moveRange(e.range, delta);
}

const std::vector<Finding> &AnalysisResult::findings() const {
  if (findingGroups.empty())
    return ungroupedFindings;
  std::call_once(allFindingsOnce, [this] {
    allFindings.reserve(findingCount());
    for (const FindingGroup &g : findingGroups)
      for (const Finding &f : *g.findings) {
        Finding &copy = allFindings.emplace_back();
        copy.check = f.check;
        copy.severity = f.severity;
        copy.message = f.message;
        copy.range = f.range;
        copy.related = f.related;
        if (g.lineDelta)
          moveFinding(copy, g.lineDelta);
      }
    allFindings.insert(allFindings.end(), ungroupedFindings.begin(),
                       ungroupedFindings.end());
    std::stable_sort(allFindings.begin(), allFindings.end(), findingLess);
  });
  return allFindings;
}

size_t AnalysisResult::findingCount() const {
  size_t n = ungroupedFindings.size();
  for (const FindingGroup &g : findingGroups)
    n += g.findings->size();
  return n;
}

} // namespace memlint
