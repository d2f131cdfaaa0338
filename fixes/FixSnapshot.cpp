//===- FixSnapshot.cpp - Parsed texts, their analyses and signatures ------===//
#include "fixes/FixSnapshot.h"

#include "analysis/checks/Check.h"

using namespace mlir;

namespace memlint {
namespace fixsearch {

EventKey keyOf(unsigned fn, const Event &e) {
  return {fn, static_cast<int>(e.kind),
          e.kind == EventKind::InvalidFree ? static_cast<int>(e.origin)
                                           : e.buffer};
}

bool isReported(const LifetimeAnalysis &la, const Event &e) {
  // A function the analysis gave up on has only coarse events, and one
  // that lost paths misses what happens on them: no edit is proven against
  // their events.
  if (la.gaveUp() || la.lostPaths())
    return false;
  return e.kind != EventKind::InvalidFree ||
         la.origins()[e.origin].kind != OriginKind::Unknown;
}

void addFunction(Signature &s, ModuleLifetimes &ml, unsigned fn,
                 unsigned as) {
  LifetimeAnalysis &la = ml.get(ml.functions()[fn]);
  FunctionState &st = s.functions[as];
  st.gaveUp = la.gaveUp() || la.lostPaths();
  for (const BufferInfo &b : la.buffers())
    st.tracked.push_back(b.tracked);
  st.fresh = la.summary().fresh;
  st.constant = la.summary().constant;
  // Also what happens only for some memory contents: the checks do not
  // report it, but a fix must not add it.
  for (const Event &e : la.possibleEvents())
    if (isReported(la, e)) {
      ++s.counts[keyOf(as, e)];
      s.mass[keyOf(as, e)] += la.pathShare(e.cond);
    }
}

Signature signatureOf(ModuleLifetimes &ml, std::optional<unsigned> only) {
  Signature s;
  if (only) {
    if (*only < ml.functions().size())
      addFunction(s, ml, *only, *only);
    return s;
  }
  for (unsigned fn = 0; fn < ml.functions().size(); ++fn)
    addFunction(s, ml, fn, fn);
  return s;
}

bool noWorse(const Signature &before, const Signature &after,
             std::optional<EventKey> except) {
  for (auto &[fn, state] : after.functions) {
    auto it = before.functions.find(fn);
    if (it == before.functions.end() || it->second != state)
      return false;
  }
  for (auto &[k, c] : after.counts)
    if ((!except || k != *except) &&
        (c > before.count(k) || after.massOf(k) > before.massOf(k) + Eps))
      return false;
  return true;
}

std::optional<std::set<EventKey>> worseKeys(const Signature &before,
                                            const Signature &after) {
  for (auto &[fn, state] : after.functions) {
    auto it = before.functions.find(fn);
    if (it == before.functions.end() || it->second != state)
      return std::nullopt;
  }
  std::set<EventKey> out;
  for (auto &[k, c] : after.counts)
    if (c > before.count(k) || after.massOf(k) > before.massOf(k) + Eps)
      out.insert(k);
  return out;
}

bool better(const Signature &before, const Signature &after) {
  return noWorse(before, after) &&
         (after.total() < before.total() ||
          after.totalMass() < before.totalMass() - Eps);
}

ValueNamer namerFor(Document *doc) {
  return [doc](Value v) { return doc->nameOf(v); };
}

std::unique_ptr<Snapshot>
parseSnapshot(std::string text, const std::string &fileName,
              std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
              std::shared_ptr<MLIRContext> context, unsigned threads,
              TextOrigin origin) {
  auto s = std::make_unique<Snapshot>();
  s->ownedDoc =
      Document::parse(std::move(text), fileName, threads,
                      /*minChunkedBytes=*/256 * 1024, context, origin);
  s->context = std::move(context);
  if (!s->ownedDoc->isValid())
    return nullptr;
  s->doc = s->ownedDoc.get();
  s->ownedLifetimes =
      std::make_unique<ModuleLifetimes>(s->doc->module(), namerFor(s->doc));
  s->lifetimes = s->ownedLifetimes.get();
  s->summaries = summaries;
  if (summaries)
    s->lifetimes->useSummaries(std::move(summaries));
  return s;
}

std::unique_ptr<Snapshot>
analyzeText(std::string text, const std::string &fileName,
            std::optional<unsigned> only,
            std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
            std::shared_ptr<MLIRContext> context, TextOrigin origin) {
  std::unique_ptr<Snapshot> s =
      parseSnapshot(std::move(text), fileName, std::move(summaries),
                    std::move(context), /*threads=*/1, origin);
  if (!s || (only && *only >= s->lifetimes->functions().size()))
    return nullptr;
  s->sig = signatureOf(*s->lifetimes, only);
  return s;
}

std::unique_ptr<Snapshot>
viewThroughWindow(Document &file, ModuleLifetimes &lifetimes, unsigned fn,
                  std::string text, TextOrigin origin, uint64_t ops,
                  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
                  std::shared_ptr<MLIRContext> context) {
  auto s = std::make_unique<Snapshot>();
  s->doc = &file;
  s->lifetimes = &lifetimes;
  s->window = std::move(text);
  s->windowOrigin = origin;
  s->firstFunction = fn;
  s->ops = ops;
  s->summaries = std::move(summaries);
  s->context = std::move(context);
  addFunction(s->sig, lifetimes, fn, /*as=*/0);
  return s;
}

std::map<std::pair<std::string, SourceRange>, Group>
groupEvents(Snapshot &s, std::optional<unsigned> only) {
  std::map<std::pair<std::string, SourceRange>, Group> out;
  for (unsigned fn = 0; fn < s.functionCount(); ++fn) {
    if (only && fn != *only)
      continue;
    LifetimeAnalysis &la = s.analysis(fn);
    if (la.gaveUp() || la.lostPaths())
      continue;
    for (const auto &check : allChecks())
      for (EventGroup &eg : check->eventGroups(*s.doc, la)) {
        Group &g = out[{check->name(), eg.anchor}];
        g.check = check->name();
        g.range = eg.anchor;
        g.fn = fn;
        g.events.insert(g.events.end(), eg.events.begin(), eg.events.end());
      }
  }
  return out;
}

} // namespace fixsearch
} // namespace memlint
