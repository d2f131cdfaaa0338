//===- MergeBuffers.cpp - The missed-reuse fix: one buffer for two --------===//
#include "fixes/MergeBuffers.h"

#include "analysis/LiveRanges.h"
#include "analysis/Ownership.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace memlint {

/// The text edits renaming every use of `from` to `toName`, except those
/// inside the bytes `skip` (ops that other edits remove; sorted, disjoint);
/// nullopt when the parser did not record exactly one source range per
/// use.
static std::optional<std::vector<TextEdit>>
renameUses(const SourceText &src, Value from, const std::string &toName,
           llvm::ArrayRef<std::pair<size_t, size_t>> skip) {
  Document &doc = src.document();
  auto res = dyn_cast<OpResult>(from);
  if (!res || res.getOwner()->getNumResults() != 1)
    return std::nullopt;
  const auto *def = doc.opDef(res.getOwner());
  if (!def || def->resultGroups.size() != 1)
    return std::nullopt;
  const auto &uses = def->resultGroups.front().definition.uses;
  // A use the parser did not record (or recorded twice) would keep the old
  // name, or be renamed twice: then no fix.
  if (uses.size() != static_cast<size_t>(llvm::range_size(from.getUses())))
    return std::nullopt;
  std::string fromName = doc.nameOf(from);
  std::vector<TextEdit> edits;
  for (llvm::SMRange use : uses) {
    SourceRange r = doc.rangeOf(use);
    if (!r.isValid())
      return std::nullopt;
    size_t s = doc.offsetOf(r.start), e = doc.offsetOf(r.end);
    if (s >= e || src.str().substr(s, e - s) != fromName)
      return std::nullopt;
    // `skip` is sorted and its ranges disjoint: only the last one to start
    // at or before `s` can hold the use.
    auto after = llvm::upper_bound(
        skip, s, [](size_t at, const std::pair<size_t, size_t> &gone) {
          return at < gone.first;
        });
    if (after != skip.begin() && e <= std::prev(after)->second)
      continue;
    edits.push_back(src.edit(s, e, toName));
  }
  return edits;
}

/// The op frees `buffer` itself and nothing else.
static bool freesOnly(Operation *free, Value buffer) {
  if (!isPlainFree(free))
    return false;
  SmallVector<OpOperand *> freed = freedOperands(free);
  return freed.size() == 1 && freed.front()->get() == buffer;
}

/// Whether the later allocation of `pair` may take its earlier buffer as
/// it is (mergeBufferEdits' conditions).
static bool mergeable(LifetimeAnalysis &la, const LiveRanges &ranges,
                      llvm::function_ref<DominanceInfo &()> dom,
                      const MergePair &pair) {
  Operation *earlierOp = pair.earlierAlloc, *laterOp = pair.laterAlloc;
  if (!earlierOp || !laterOp || !pair.earlierFree ||
      earlierOp->getNumResults() != 1 || laterOp->getNumResults() != 1)
    return false;
  Value earlier = earlierOp->getResult(0), later = laterOp->getResult(0);
  // The later buffer becomes the earlier one as it is: same type (so the
  // same size, dynamic sizes included, since the check matched their SSA
  // operands), allocated the same way (a gpu.alloc is not freed by
  // memref.dealloc; an alignment must still hold).
  // (The attributes as stored and the properties compared in place: a
  // dictionary of both, built per pair, was a fifth of the merges' edits.)
  if (earlier.getType() != later.getType() ||
      earlierOp->getName() != laterOp->getName() ||
      earlierOp->getRawDictionaryAttrs() != laterOp->getRawDictionaryAttrs() ||
      !earlierOp->getName().compareOpProperties(
          earlierOp->getPropertiesStorage(), laterOp->getPropertiesStorage()))
    return false;
  // The earlier name must be in scope wherever the later one is used: the
  // later allocation dominates its uses, so it is enough that the earlier
  // allocation dominates the later one.
  // (Earlier in one block, it does; DominanceInfo built only otherwise.)
  bool inScope = (earlierOp->getBlock() == laterOp->getBlock() &&
                  earlierOp->isBeforeInBlock(laterOp)) ||
                 dom().properlyDominates(earlierOp, laterOp);
  if (!inScope)
    return false;
  const LiveRange *er = ranges.rangeOf(earlier), *lr = ranges.rangeOf(later);
  if (!er || !lr || !er->tracked || !lr->tracked)
    return false;
  // Its one free is the one the check found; the later buffer's frees take
  // its place. A later buffer nobody frees would leave the earlier one
  // unfreed: no merge.
  return er->frees.size() == 1 && er->frees.front() == pair.earlierFree &&
         freesOnly(pair.earlierFree, earlier) && !lr->frees.empty();
}

std::optional<std::vector<TextEdit>> mergeBufferEdits(const SourceText &src,
                                                      LifetimeAnalysis &la,
                                                      const LiveRanges &ranges,
                                                      const MergePair &pair) {
  return mergeChainEdits(src, la, ranges, pair);
}

std::optional<std::vector<TextEdit>>
mergeChainEdits(const SourceText &src, LifetimeAnalysis &la,
                const LiveRanges &ranges, llvm::ArrayRef<MergePair> chain) {
  if (chain.empty())
    return std::nullopt;
  std::optional<DominanceInfo> dominance;
  auto dom = [&]() -> DominanceInfo & {
    if (!dominance)
      dominance.emplace(la.function());
    return *dominance;
  };
  for (auto [i, pair] : llvm::enumerate(chain))
    if (!mergeable(la, ranges, dom, pair) ||
        (i > 0 && pair.earlierAlloc != chain[i - 1].laterAlloc))
      return std::nullopt;
  Document &doc = src.document();
  std::string rootName = doc.nameOf(chain.front().earlierAlloc->getResult(0));
  if (rootName.empty() || rootName[0] != '%' || rootName == "%<value>")
    return std::nullopt;
  // Every later allocation and every earlier free goes; a later value's
  // uses inside them (the next link's free) go with them.
  std::vector<TextEdit> edits;
  std::vector<std::pair<size_t, size_t>> gone;
  for (const MergePair &pair : chain)
    for (Operation *op : {pair.laterAlloc, pair.earlierFree}) {
      std::optional<std::vector<TextEdit>> removal = removeOpEdits(src, op);
      std::optional<std::pair<size_t, size_t>> extent = src.opRange(op);
      if (!removal || !extent)
        return std::nullopt;
      edits.insert(edits.end(), removal->begin(), removal->end());
      gone.push_back(*extent);
    }
  llvm::sort(gone);
  for (const MergePair &pair : chain) {
    std::optional<std::vector<TextEdit>> renames =
        renameUses(src, pair.laterAlloc->getResult(0), rootName, gone);
    if (!renames)
      return std::nullopt;
    edits.insert(edits.end(), renames->begin(), renames->end());
  }
  return edits;
}

MergeProofState mergeProofStateOf(LifetimeAnalysis &la, const Document &doc) {
  return mergeProofStateOf(la, [&doc](Value v) { return doc.nameOf(v); });
}

MergeProofState mergeProofStateOf(LifetimeAnalysis &la,
                                  const ValueNamer &nameOf) {
  MergeProofState s;
  s.gaveUp = la.gaveUp() || la.lostPaths();
  s.fresh = la.summary().fresh;
  s.constant = la.summary().constant;
  for (const BufferInfo &b : la.buffers()) {
    // A loop allocation's instance from an earlier iteration is a second
    // entry of the same allocation.
    if (b.earlierOf < 0)
      ++s.buffers;
    if (!b.tracked)
      s.untracked.insert(nameOf(b.value));
  }
  // What happens only for some memory contents too: a merge must not add
  // it (FixSnapshot's signatures count it as well).
  for (const Event &e : la.possibleEvents()) {
    // Events of memory that is no buffer (an invalid free, stack memory
    // returned) are named by where that memory comes from.
    Value named = e.kind == EventKind::InvalidFree || e.buffer < 0
                      ? la.origins()[e.origin].value
                      : la.buffers()[e.buffer].value;
    std::pair<int, std::string> key{static_cast<int>(e.kind),
                                    named ? nameOf(named) : ""};
    ++s.counts[key];
    s.mass[key] += la.pathShare(e.cond);
  }
  return s;
}

bool mergeKeeps(const MergeProofState &before, const MergeProofState &after,
                unsigned merged) {
  std::optional<std::set<std::string>> worse =
      mergeWorsened(before, after, merged);
  return worse && worse->empty();
}

std::optional<std::set<std::string>>
mergeWorsened(const MergeProofState &before, const MergeProofState &after,
              unsigned merged) {
  constexpr double Eps = 1e-9;
  if (after.gaveUp || before.gaveUp || after.fresh != before.fresh ||
      after.constant != before.constant ||
      after.buffers + merged != before.buffers)
    return std::nullopt;
  std::set<std::string> names;
  for (const std::string &name : after.untracked)
    if (!before.untracked.count(name))
      names.insert(name);
  for (auto &[key, n] : after.counts) {
    auto c = before.counts.find(key);
    if (c == before.counts.end() || n > c->second ||
        after.mass.at(key) > before.mass.at(key) + Eps)
      names.insert(key.second);
  }
  return names;
}

void proveMergesTogether(
    llvm::ArrayRef<size_t> group,
    llvm::function_ref<std::optional<std::set<std::string>>(
        llvm::ArrayRef<size_t>)>
        worsened,
    llvm::function_ref<void(llvm::ArrayRef<size_t>)> accept,
    llvm::function_ref<std::pair<std::string, std::string>(size_t)> namesOf,
    llvm::function_ref<bool()> stop) {
  // Dropping merges loops (it may take one per merge); only halving
  // recurses, as deep as the log of the group.
  std::vector<size_t> part(group.begin(), group.end());
  while (!part.empty() && !(stop && stop())) {
    std::optional<std::set<std::string>> worse = worsened(part);
    if (worse && worse->empty()) {
      accept(part);
      return;
    }
    if (part.size() == 1)
      return;
    if (worse) {
      std::vector<size_t> rest;
      for (size_t i : part) {
        auto [earlier, later] = namesOf(i);
        if (!worse->count(earlier) && !worse->count(later))
          rest.push_back(i);
      }
      if (rest.size() < part.size()) {
        part = std::move(rest);
        continue;
      }
    }
    llvm::ArrayRef<size_t> all(part);
    proveMergesTogether(all.take_front(all.size() / 2), worsened, accept,
                        namesOf, stop);
    proveMergesTogether(all.drop_front(all.size() / 2), worsened, accept,
                        namesOf, stop);
    return;
  }
}

} // namespace memlint
