//===- PlanView.cpp - One function's memory plan for the editor -----------===//
#include "server/PlanView.h"

#include "analysis/MemoryPlan.h"
#include "analysis/planner/Planner.h"
#include <algorithm>

namespace memlint {

std::vector<BufferFacts> planFunctions(const AnalysisResult &result) {
  std::vector<BufferFacts> out;
  for (const AnalysisResult::BufferGroup &g : result.bufferGroups) {
    if (!g.facts)
      continue;
    for (const BufferFacts &b : *g.facts) {
      if (b.kind != BufferFacts::Kind::Function)
        continue;
      out.push_back(b);
      if (g.lineDelta)
        moveLines(out.back(), g.lineDelta);
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const BufferFacts &a, const BufferFacts &b) {
                     return a.liveFrom < b.liveFrom;
                   });
  return out;
}

const BufferFacts *pickPlanFunction(const std::vector<BufferFacts> &functions,
                                    const std::string &name, unsigned line) {
  if (!name.empty()) {
    std::string want = name[0] == '@' ? name : "@" + name;
    for (const BufferFacts &f : functions)
      if (f.name == want)
        return &f;
    return nullptr;
  }
  for (const BufferFacts &f : functions)
    if (line >= f.liveFrom && line <= f.liveTo)
      return &f;
  return functions.empty() ? nullptr : &functions.front();
}

PlanView planView(const BufferFacts &function,
                  std::optional<int64_t> searchNodeBudget) {
  PlanView view;
  view.name = function.name.rfind('@', 0) == 0 ? function.name.substr(1)
                                                : function.name;
  view.range = function.opRange;
  view.alignment = function.planAlignment;
  MemoryPlanOptions options;
  options.alignment = function.planAlignment;
  if (searchNodeBudget)
    options.searchNodeBudget = *searchNodeBudget;
  planner::PlanOptions po = plannerOptions(options);
  for (const BufferFacts::SpaceSummary &s : function.spaces) {
    PlanViewSpace space;
    space.space = s.space;
    space.maxLiveBytes = s.maxLiveBytes;
    space.maxLiveLine = s.maxLiveLine;
    std::vector<planner::Buffer> input;
    std::vector<size_t> inArena;
    for (const BufferFacts::SpaceSummary::Entry &e : s.entries) {
      space.buffers.push_back({e, std::nullopt});
      if (e.arenaBytes) {
        input.push_back({e.name, e.lower, e.upper, *e.arenaBytes});
        inArena.push_back(space.buffers.size() - 1);
      }
    }
    // As MemoryPlan's planSpace: an empty arena is not planned.
    if (!input.empty()) {
      planner::Plan plan = planner::planMemory(input, po);
      if (!plan.error.empty()) {
        space.error = plan.error;
      } else {
        for (size_t i = 0; i < inArena.size(); ++i)
          space.buffers[inArena[i]].offset = plan.offsets[i];
        space.peakBytes = plan.peak;
        space.lowerBoundBytes = plan.lowerBound;
        space.noReuseBytes = plan.noReuse;
        space.optimal = plan.optimal;
        space.method = plan.method;
      }
    }
    view.spaces.push_back(std::move(space));
  }
  return view;
}

} // namespace memlint
