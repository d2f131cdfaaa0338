//===- AnalysisResult.cpp - Findings and buffers moved by whole lines -----===//
#include "server/AnalysisResult.h"

#include "llvm/ADT/STLExtras.h"
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

bool touchesRange(const SourceRange &range, const SourceRange &r) {
  return !range.isValid() ||
         (r.isValid() && !(r.end < range.start) && !(range.end < r.start));
}

void AnalysisResult::keepFixes(size_t op, std::vector<Finding> findings) const {
  std::lock_guard<std::mutex> lock(fixesMutex);
  fixesByOp[op] = std::move(findings);
}

std::optional<std::vector<Finding>>
AnalysisResult::keptFixes(SourceRange range) const {
  std::vector<Finding> out;
  std::lock_guard<std::mutex> lock(fixesMutex);
  auto take = [&](size_t op) {
    auto it = fixesByOp.find(op);
    if (it == fixesByOp.end())
      return false;
    for (const Finding &f : it->second)
      if (touchesRange(range, f.range))
        out.push_back(f);
    return true;
  };
  if (ops.empty()) {
    if (!take(std::string::npos))
      return std::nullopt;
  } else {
    for (auto [i, span] : llvm::enumerate(ops)) {
      if (span.broken || (range.isValid() && (span.lastLine < range.start.line ||
                                              span.firstLine > range.end.line)))
        continue;
      if (!take(i))
        return std::nullopt;
    }
  }
  std::stable_sort(out.begin(), out.end(), findingLess);
  return out;
}

size_t AnalysisResult::findingCount() const {
  size_t n = ungroupedFindings.size();
  for (const FindingGroup &g : findingGroups)
    n += g.findings->size();
  return n;
}

} // namespace memlint
