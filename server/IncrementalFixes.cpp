//===- IncrementalFixes.cpp - The fixes of a changing document, on demand ===//
//
// IncrementalLinter's code actions: the fixes of the operations a request
// asks about, searched per batch of operations (each parsed with what it
// references) or once for the whole file, and kept per operation.
//
//===----------------------------------------------------------------------===//
#include "server/IncrementalLinter.h"

#include "server/SplitOperations.h"

#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "fixes/Fixes.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <deque>
#include <set>

namespace memlint {

namespace {
/// Operations linted together when computing fixes. Each batch is parsed
/// as a copy of the whole file with the other lines blank, so small batches
/// cost a scan of the file each (16: fix-all on 100k lines 1.9 s; 256:
/// 1.15 s); the fix search itself proves candidates on a window of one
/// function (FunctionSlicer), whatever the batch holds.
constexpr size_t fixBatchOps = 256;
} // namespace

std::map<size_t, std::vector<Finding>>
IncrementalLinter::computeFixes(const AnalysisResult &result,
                                const std::vector<size_t> &indices,
                                uint64_t &work, std::set<size_t> &cutShort) {
  std::map<size_t, std::vector<Finding>> out;
  if (indices.empty())
    return out;
  TopLevelLayout layout = computeLayout(*result.text);
  if (!layout.ok)
    return out;
  std::vector<std::vector<int>> deps;
  std::vector<uint64_t> keys = operationKeys(layout, deps);
  const auto &items = layout.items;
  size_t n = items.size();
  std::map<unsigned, int> itemByLine;
  for (size_t i = 0; i < n; ++i)
    if (items[i].kind == LayoutItem::Kind::Op)
      itemByLine[items[i].firstLine] = i;

  // The items a batch of `indices` from `b` parses: the preludes, its
  // operations (`wanted`: item -> index into result.ops) and what they
  // reference.
  auto batchItems = [&](size_t b, size_t size, std::vector<char> &included,
                        std::map<int, size_t> &wanted) {
    std::deque<int> todo;
    included.assign(n, 0);
    for (size_t i = 0; i < n; ++i)
      included[i] = items[i].kind == LayoutItem::Kind::Prelude;
    for (size_t k = b; k < std::min(indices.size(), b + size); ++k) {
      const AnalysisResult::OpSpan &span = result.ops[indices[k]];
      auto it = itemByLine.find(span.firstLine);
      if (it == itemByLine.end() || keys[it->second] != span.key)
        continue;
      wanted[it->second] = indices[k];
      included[it->second] = 1;
      todo.push_back(it->second);
    }
    includeReferenced(todo, deps, included);
  };
  // Batches of fixBatchOps operations, unless what they reference makes
  // them parse more than the file in all (a deep call graph, where each
  // batch took in nearly every function below it: 4,000 leaking functions
  // calling each other, 16 batches, 9 s): then one batch of them all.
  size_t batch = fixBatchOps;
  if (indices.size() > batch) {
    size_t parsed = 0;
    for (size_t b = 0; b < indices.size() && parsed <= n; b += batch) {
      std::vector<char> included;
      std::map<int, size_t> wanted;
      batchItems(b, batch, included, wanted);
      parsed += std::count(included.begin(), included.end(), 1);
    }
    if (parsed > n)
      batch = indices.size();
  }

  for (size_t b = 0; b < indices.size() && !isCancelled(); b += batch) {
    std::vector<char> included;
    std::map<int, size_t> wanted;
    batchItems(b, batch, included, wanted);
    ++fixParses;
    std::unique_ptr<Document> doc =
        Document::parse(blankedText(*result.text, layout, included), fileName);
    if (!doc->isValid())
      continue;
    std::map<int, std::vector<Finding>> found;
    bool complete = true;
    for (Finding &f : lintWithFixes(*doc, opts, &work, &complete)) {
      int idx = f.range.isValid() ? layout.itemAtLine(f.range.start.line) : -1;
      if (wanted.count(idx))
        found[idx].push_back(std::move(f));
    }
    for (auto [idx, spanIndex] : wanted) {
      std::vector<Finding> &fixed = found[idx];
      // Keep it with the operation, buffers moved to where it is now.
      auto old = cache.find(keys[idx]);
      // Cut short by the bound or a newer version: shown, not kept (a
      // finding without a fix may only not have been searched).
      if (complete && old != cache.end() && old->second.op) {
        auto c = std::make_shared<CachedOp>();
        c->firstLine = items[idx].firstLine;
        c->lastLine = items[idx].lastLine;
        c->findings = std::make_shared<const std::vector<Finding>>(fixed);
        int delta = static_cast<int>(c->firstLine) -
                    static_cast<int>(old->second.op->firstLine);
        if (delta) {
          auto moved = std::make_shared<std::vector<BufferFacts>>(
              *old->second.op->buffers);
          for (BufferFacts &bf : *moved)
            moveLines(bf, delta);
          c->buffers = std::move(moved);
        } else {
          c->buffers = old->second.op->buffers;
        }
        c->withFixes = true;
        if (isSelfContained(c->firstLine, c->lastLine, *c->findings,
                            *c->buffers))
          old->second.op = c;
      }
      if (!complete)
        cutShort.insert(spanIndex);
      out[spanIndex] = std::move(fixed);
    }
    if (!complete)
      break;
  }
  return out;
}

std::vector<Finding>
IncrementalLinter::findingsWithFixes(const AnalysisResult &result,
                                     SourceRange range) {
  std::vector<Finding> out;
  if (!result.errors.empty() && result.ops.empty())
    return out;
  auto touches = [&](const SourceRange &r) { return touchesRange(range, r); };
  // Bounded as `memlint lint --format=json` bounds its fixes, the file's
  // lines standing for its operations (about one a line): a fix-all on a
  // huge file answers in about the time of a few analyses of it.
  uint64_t work = defaultFixWork(result.lines ? result.lines->numLines() : 0);
  if (result.ops.empty()) {
    // A whole-file result: its fixes, once found, are kept on it.
    if (std::optional<std::vector<Finding>> kept = result.keptFixes(range))
      return std::move(*kept);
    ++fixParses;
    std::unique_ptr<Document> doc = Document::parse(*result.text, fileName);
    if (!doc->isValid())
      return out;
    bool complete = true;
    std::vector<Finding> all = lintWithFixes(*doc, opts, &work, &complete);
    for (const Finding &f : all)
      if (touches(f.range))
        out.push_back(f);
    if (complete) // else not kept: a later request may search further
      result.keepFixes(std::string::npos, std::move(all));
    return out;
  }

  std::vector<size_t> wanted, missing;
  for (auto [i, span] : llvm::enumerate(result.ops)) {
    if (range.isValid() &&
        (span.lastLine < range.start.line || span.firstLine > range.end.line))
      continue;
    if (span.broken)
      continue;
    wanted.push_back(i);
    auto it = cache.find(span.key);
    // An operation without findings has no fix to search for: searching
    // parsed and linted it with everything it calls, one batch after
    // another (a call graph of 8,000 functions: 8 s for no code action).
    bool cached = it != cache.end() && it->second.op;
    if (cached && it->second.op->findings->empty())
      continue;
    if (!cached || !it->second.op->withFixes)
      missing.push_back(i);
  }
  std::set<size_t> cutShort;
  std::map<size_t, std::vector<Finding>> computed =
      computeFixes(result, missing, work, cutShort);
  for (size_t i : wanted) {
    const AnalysisResult::OpSpan &span = result.ops[i];
    const std::vector<Finding> *source = nullptr;
    int delta = 0;
    bool searched = true;
    if (auto c = computed.find(i); c != computed.end()) {
      source = &c->second;
      searched = !cutShort.count(i);
    } else if (auto it = cache.find(span.key);
               it != cache.end() && it->second.op) {
      source = it->second.op->findings.get();
      delta = static_cast<int>(span.firstLine) -
              static_cast<int>(it->second.op->firstLine);
      searched = it->second.op->withFixes;
    }
    if (!source)
      continue;
    std::vector<Finding> all;
    for (const Finding &f : *source) {
      Finding &moved = all.emplace_back(f);
      if (delta)
        moveFinding(moved, delta);
      if (touches(moved.range))
        out.push_back(moved);
    }
    // Later code actions on this version find them without the worker.
    if (searched)
      result.keepFixes(i, std::move(all));
  }
  std::stable_sort(out.begin(), out.end(), findingLess);
  return out;
}

} // namespace memlint
