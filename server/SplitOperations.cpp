//===- SplitOperations.cpp - What the incremental linter asks of a split --===//
#include "server/SplitOperations.h"

#include "analysis/Document.h"
#include "analysis/PositionSlice.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>

using namespace mlir;

namespace memlint {

static uint64_t hashWords(llvm::ArrayRef<uint64_t> words) {
  return llvm::xxh3_64bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(words.data()),
                              words.size() * sizeof(uint64_t)));
}

//===----------------------------------------------------------------------===//
// Moving results by whole lines
//===----------------------------------------------------------------------===//

/// Whether `msg` quotes a position outside lines `first`..`last`.
static bool quotesLinesOutside(const Message &msg, unsigned first,
                               unsigned last) {
  return llvm::any_of(msg.quotes(), [&](const Message::Quote &q) {
    return q.pos.line < first || q.pos.line > last;
  });
}

bool isSelfContained(unsigned first, unsigned last,
                     const std::vector<Finding> &findings,
                     const std::vector<BufferFacts> &buffers) {
  auto inside = [&](const SourceRange &r) {
    if (!r.isValid())
      return true;
    bool endOk =
        r.end.line <= last || (r.end.line == last + 1 && r.end.column <= 1);
    return r.start.line >= first && endOk;
  };
  for (const Finding &f : findings) {
    if (!inside(f.range) || quotesLinesOutside(f.message, first, last))
      return false;
    for (const RelatedLocation &r : f.related)
      if (!inside(r.range) || quotesLinesOutside(r.message, first, last))
        return false;
    for (const Fix &fix : f.fixes)
      for (const TextEdit &e : fix.edits)
        if (!inside(e.range))
          return false;
  }
  for (const BufferFacts &b : buffers) {
    if (!inside(b.opRange) || !inside(b.nameRange))
      return false;
    for (const SourceRange &u : b.uses)
      if (!inside(u))
        return false;
    for (const FreeSite &f : b.frees)
      if (!inside(f.range))
        return false;
  }
  return true;
}

bool splitMatchesParse(Document &doc, const TopLevelLayout &layout,
                       const std::vector<char> &included, std::string &why) {
  std::vector<unsigned> count(layout.items.size());
  for (Operation &op : doc.module().getBody()->getOperations()) {
    SourceRange r = doc.fullRangeOf(&op);
    int idx = r.isValid() ? layout.itemAtLine(r.start.line) : -1;
    if (idx < 0) {
      why = "a top-level operation has no position";
      return false;
    }
    const LayoutItem &item = layout.items[idx];
    if (item.kind != LayoutItem::Kind::Op || !included[idx] ||
        r.end.line > item.lastLine) {
      why = "the operation at line " + std::to_string(r.start.line) +
            " does not match the split";
      return false;
    }
    ++count[idx];
    if (auto sym =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      if (sym.getValue() != item.symbol) {
        why = "symbol @" + sym.getValue().str() + " was not seen by the split";
        return false;
      }
  }
  for (auto [idx, item] : llvm::enumerate(layout.items))
    if (item.kind == LayoutItem::Kind::Op && included[idx] && count[idx] != 1) {
      why = "lines " + std::to_string(item.firstLine) + "-" +
            std::to_string(item.lastLine) + " hold " +
            std::to_string(count[idx]) + " operations";
      return false;
    }
  return true;
}

void markDependents(const std::vector<char> &broken,
                    const std::vector<std::vector<int>> &deps,
                    std::vector<char> &blocked) {
  bool changed = true;
  for (size_t i = 0; i < broken.size(); ++i)
    blocked[i] |= broken[i];
  while (changed) {
    changed = false;
    for (size_t i = 0; i < deps.size(); ++i)
      if (!blocked[i] &&
          llvm::any_of(deps[i], [&](int d) { return blocked[d]; }))
        blocked[i] = changed = true;
  }
}

void includeReferenced(std::deque<int> &work,
                       const std::vector<std::vector<int>> &deps,
                       std::vector<char> &included) {
  while (!work.empty()) {
    int i = work.front();
    work.pop_front();
    for (int d : deps[i])
      if (!included[d]) {
        included[d] = 1;
        work.push_back(d);
      }
  }
}

std::string blankedText(llvm::StringRef text, const TopLevelLayout &layout,
                        const std::vector<char> &included) {
  PositionSlicer slicer(text, layout.lineStarts);
  for (auto [idx, item] : llvm::enumerate(layout.items))
    if (included[idx])
      slicer.keep(item.begin, item.end);
  return slicer.build(/*allLines=*/true).text;
}

std::vector<uint64_t> operationKeys(const TopLevelLayout &layout,
                                    std::vector<std::vector<int>> &deps) {
  const auto &items = layout.items;
  size_t n = items.size();
  deps.assign(n, {});
  std::vector<std::vector<uint64_t>> unresolved(n);
  llvm::StringMap<int> definedBy;
  std::vector<uint64_t> preludeWords;
  for (auto [idx, item] : llvm::enumerate(items)) {
    if (item.kind == LayoutItem::Kind::Prelude)
      preludeWords.push_back(item.hash);
    if (item.kind == LayoutItem::Kind::Op && !item.symbol.empty())
      definedBy.try_emplace(item.symbol, idx);
  }
  uint64_t prelude = hashWords(preludeWords);
  for (auto [idx, item] : llvm::enumerate(items)) {
    if (item.kind != LayoutItem::Kind::Op)
      continue;
    for (const std::string &ref : item.refs) {
      auto it = definedBy.find(ref);
      if (it == definedBy.end())
        unresolved[idx].push_back(llvm::xxh3_64bits(ref));
      else if (it->second != static_cast<int>(idx))
        deps[idx].push_back(it->second);
    }
  }

  // Strongly connected components (iterative Tarjan); a component's key
  // hashes its members' text and the keys of the components it reaches.
  // Tarjan completes components callees first.
  std::vector<int> index(n, -1), low(n, 0), comp(n, -1);
  std::vector<char> onStack(n, 0);
  std::vector<int> stack;
  std::vector<uint64_t> compKey;
  // Reused across components: thousands of one-function components make
  // their allocations show in every edit's time.
  std::vector<std::pair<int, size_t>> frames;
  std::vector<int> members;
  std::vector<uint64_t> own, reached;
  int counter = 0;
  for (size_t root = 0; root < n; ++root) {
    if (items[root].kind != LayoutItem::Kind::Op || index[root] >= 0)
      continue;
    frames.assign(1, {static_cast<int>(root), 0});
    index[root] = low[root] = counter++;
    stack.push_back(root);
    onStack[root] = 1;
    while (!frames.empty()) {
      auto &[v, next] = frames.back();
      if (next < deps[v].size()) {
        int w = deps[v][next++];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          onStack[w] = 1;
          frames.push_back({w, 0});
        } else if (onStack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      int done = v;
      frames.pop_back();
      if (!frames.empty())
        low[frames.back().first] =
            std::min(low[frames.back().first], low[done]);
      if (low[done] != index[done])
        continue;
      int id = compKey.size();
      members.clear();
      while (true) {
        int w = stack.back();
        stack.pop_back();
        onStack[w] = 0;
        comp[w] = id;
        members.push_back(w);
        if (w == done)
          break;
      }
      own.clear();
      reached.clear();
      for (int m : members) {
        own.push_back(items[m].hash);
        own.insert(own.end(), unresolved[m].begin(), unresolved[m].end());
        for (int d : deps[m])
          if (comp[d] != id)
            reached.push_back(compKey[comp[d]]);
      }
      llvm::sort(own);
      llvm::sort(reached);
      reached.erase(std::unique(reached.begin(), reached.end()), reached.end());
      own.push_back(0x6d656d6c696e74); // separator
      own.insert(own.end(), reached.begin(), reached.end());
      compKey.push_back(hashWords(own));
    }
  }

  std::vector<uint64_t> keys(n, 0);
  for (auto [idx, item] : llvm::enumerate(items))
    if (item.kind == LayoutItem::Kind::Op)
      keys[idx] = hashWords({item.hash, compKey[comp[idx]], prelude});
  return keys;
}

} // namespace memlint
