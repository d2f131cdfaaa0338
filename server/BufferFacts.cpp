//===- BufferFacts.cpp - Size, space, frees and live range of a buffer ----===//
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/LiveRanges.h"
#include "analysis/MemoryPlan.h"
#include "analysis/Ownership.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include "server/AnalysisResult.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>

using namespace mlir;

namespace memlint {

std::string formatBytes(uint64_t bytes) {
  static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  unsigned u = 0;
  double v = bytes;
  while (v >= 1024 && u + 1 < std::size(units)) {
    v /= 1024;
    ++u;
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  if (u == 0 || v == static_cast<uint64_t>(v))
    os << static_cast<uint64_t>(v) << " " << units[u];
  else
    os << llvm::format("%.1f", v) << " " << units[u];
  return s;
}

static std::string withThousands(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

/// Sizes as analysis/LiveRanges (and so `memlint plan`) counts them.
static void sizeOf(Document &doc, Value allocated, MemRefType type,
                   BufferFacts &facts) {
  std::optional<int64_t> elem = elementByteSize(type.getElementType());
  if (!elem) {
    facts.sizeText = "unknown (element type " + [&] {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << type.getElementType();
      return s;
    }() + " has no known size)";
    return;
  }
  uint64_t coefficient = static_cast<uint64_t>(*elem);
  std::vector<std::string> symbolic;
  llvm::SmallVector<Value> indexOperands = dynamicSizeOperands(allocated);
  unsigned dyn = 0;
  for (int64_t d : type.getShape()) {
    if (!ShapedType::isDynamic(d)) {
      coefficient *= d;
      continue;
    }
    symbolic.push_back(dyn < indexOperands.size()
                           ? doc.nameOf(indexOperands[dyn])
                           : std::string("?"));
    ++dyn;
  }
  if (symbolic.empty()) {
    // The size the plan counts, from the function LiveRanges uses; null
    // when it overflows 64 bits.
    std::optional<int64_t> bytes = staticByteSize(type);
    if (!bytes) {
      facts.sizeText = "more than 2^63 bytes";
      return;
    }
    facts.bytes = static_cast<uint64_t>(*bytes);
    facts.sizeText = withThousands(*facts.bytes) + " bytes";
    if (*facts.bytes >= 1024)
      facts.sizeText += " (" + formatBytes(*facts.bytes) + ")";
    return;
  }
  std::string s = std::to_string(coefficient);
  for (const std::string &d : symbolic)
    s += " × " + d;
  facts.sizeText = s + " bytes";
}

/// The allocation a value is a view or cast of, following view chains.
static Value rootOf(Value v) {
  for (unsigned guard = 0; guard < 64; ++guard) {
    bool interior = false;
    Value src = viewSource(v, interior);
    if (!src)
      return v;
    v = src;
  }
  return v;
}

namespace {
/// The ops under a scope that free each buffer (its views' root), in walk
/// order: one walk of the scope for all its buffers, where a walk per
/// buffer made a file of 5,000 allocations take a minute to open in the
/// editor (helper-102).
class FreesByRoot {
public:
  explicit FreesByRoot(Operation *scope) {
    scope->walk([&](Operation *op) {
      for (OpOperand *freed : freedOperands(op))
        byRoot[rootOf(freed->get())].push_back(op);
    });
  }
  llvm::ArrayRef<Operation *> of(Value root) const {
    auto it = byRoot.find(root);
    return it == byRoot.end() ? llvm::ArrayRef<Operation *>() : it->second;
  }

private:
  llvm::DenseMap<Value, llvm::SmallVector<Operation *, 2>> byRoot;
};
} // namespace

static void usesAndFrees(Document &doc, const FreesByRoot &frees, Value buffer,
                         BufferFacts &facts) {
  unsigned last = facts.liveFrom;
  llvm::SmallVector<Value> work{buffer};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      SourceRange r = doc.rangeOf(user);
      if (r.isValid())
        last = std::max(last, r.start.line);
      if (!seen.insert(user).second)
        continue;
      for (Value result : user->getResults()) {
        bool interior = false;
        if (viewSource(result, interior) == v)
          work.push_back(result);
      }
    }
  }
  for (Operation *op : frees.of(buffer)) {
    SourceRange r = doc.rangeOf(op);
    facts.frees.push_back({r, op->getName().getStringRef().str()});
    if (r.isValid())
      last = std::max(last, r.start.line);
  }
  facts.liveTo = last;
}

static std::vector<SourceRange> usesOf(Document &doc, Value v) {
  std::vector<SourceRange> out;
  auto res = dyn_cast<OpResult>(v);
  if (!res)
    return out;
  const auto *def = doc.opDef(res.getOwner());
  if (!def)
    return out;
  for (auto it = def->resultGroups.rbegin(); it != def->resultGroups.rend();
       ++it) {
    if (it->startIndex > res.getResultNumber())
      continue;
    for (llvm::SMRange use : it->definition.uses)
      out.push_back(doc.rangeOf(use));
    break;
  }
  return out;
}

static const char *unplannedReason(Unplanned u) {
  switch (u) {
  case Unplanned::DynamicSize:
    return "dynamic size";
  case Unplanned::SeveralInstances:
    return "several instances live at once";
  case Unplanned::OverAligned:
    return "aligned beyond the arena's alignment";
  case Unplanned::No:
    break;
  }
  return "";
}

/// The function's plan per memory space, and its memref arguments with
/// the frees of them (the ownership model: an argument is the caller's).
static void functionFacts(Document &doc, LifetimeAnalysis &analysis,
                          const LintOptions &options,
                          std::vector<BufferFacts> &out) {
  FunctionOpInterface fn = analysis.function();
  BufferFacts f;
  f.kind = BufferFacts::Kind::Function;
  f.name = "@" + fn.getName().str();
  f.opName = fn->getName().getStringRef().str();
  f.opRange = doc.rangeOf(fn);
  SourceRange full = doc.fullRangeOf(fn);
  // Hovering anywhere on the header line (before an argument) names it.
  f.nameRange = {full.start, {full.start.line, ~0u >> 1}};
  f.liveFrom = full.start.line;
  f.liveTo = full.end.line;
  MemoryPlanOptions planOptions;
  planOptions.alignment = options.alignment;
  planOptions.timeBudgetMs = 0; // heuristics: hover must stay cheap
  planOptions.assumptions = options.assumptions;
  LiveRanges ranges(analysis);
  FunctionPlan plan = planFunction(doc, analysis, ranges, planOptions);
  f.planAlignment = planOptions.alignment;
  for (const SpacePlan &sp : plan.spaces) {
    BufferFacts::SpaceSummary s;
    s.space = sp.space;
    s.peakBytes = sp.peakBytes;
    s.lowerBoundBytes = sp.lowerBoundBytes;
    s.noReuseBytes = sp.noReuseBytes;
    s.maxLiveBytes = sp.maxLiveBytes;
    if (sp.maxLiveOp)
      s.maxLiveLine = doc.rangeOf(sp.maxLiveOp).start.line;
    s.error = sp.error;
    for (const PlannedBuffer &b : sp.buffers) {
      ++s.buffers;
      s.unplanned += !b.inArena();
      BufferFacts::SpaceSummary::Entry e;
      e.name = b.name;
      e.range = doc.rangeOf(b.allocOp);
      e.startLine = b.startLine;
      e.endLine = b.endLine;
      e.lower = b.lower;
      e.upper = b.upper;
      e.bytes = b.bytes;
      if (b.inArena())
        e.arenaBytes = b.boundBytes;
      else
        e.unplanned = unplannedReason(b.unplanned);
      s.entries.push_back(std::move(e));
    }
    f.spaces.push_back(std::move(s));
  }
  out.push_back(std::move(f));

  if (fn.isExternal())
    return;
  std::optional<FreesByRoot> frees;
  for (BlockArgument arg : fn.getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type)
      continue;
    BufferFacts a;
    a.kind = BufferFacts::Kind::Argument;
    a.name = doc.nameOf(arg);
    a.opName = "argument of @" + fn.getName().str();
    llvm::raw_string_ostream(a.type) << type;
    a.nameRange = doc.definitionRangeOf(arg);
    a.opRange = a.nameRange;
    a.space = memorySpaceName(type);
    sizeOf(doc, arg, type, a);
    a.liveFrom = a.nameRange.start.line;
    if (!frees)
      frees.emplace(fn);
    usesAndFrees(doc, *frees, arg, a);
    out.push_back(std::move(a));
  }
}

/// Adds the frees the analysis found for `v` (through block arguments,
/// selects, calls... not only views of it), with their paths; keeps those
/// found by name that it does not list.
static void
addSemanticFrees(Document &doc,
                 const std::vector<std::pair<Operation *, Message>> &frees,
                 BufferFacts &facts) {
  std::vector<FreeSite> sites;
  for (const auto &[op, when] : frees) {
    SourceRange r = doc.rangeOf(op);
    sites.push_back({r, op->getName().getStringRef().str(), when});
    if (r.isValid())
      facts.liveTo = std::max(facts.liveTo, r.start.line);
  }
  if (sites.empty())
    return;
  for (FreeSite &f : facts.frees)
    if (llvm::none_of(sites,
                      [&](const FreeSite &s) { return s.range == f.range; }))
      sites.push_back(std::move(f));
  facts.frees = std::move(sites);
}

FunctionSemantics functionSemantics(Document &doc, LifetimeAnalysis &la,
                                    const LintOptions &options) {
  FunctionSemantics out;
  functionFacts(doc, la, options, out.functionFacts);
  if (la.gaveUp())
    return out;
  // What each free frees, by allocating value (all instances of it in
  // loops), in program order: one walk of the function, not one per
  // buffer.
  llvm::DenseMap<Value, std::vector<std::pair<Operation *, std::vector<Bdd>>>>
      byValue;
  la.function()->walk([&](Operation *op) {
    if (freedOperands(op).empty())
      return;
    for (auto [b, cond] : la.freedBy(op)) {
      auto &sites = byValue[la.buffers()[b].value];
      if (sites.empty() || sites.back().first != op)
        sites.push_back({op, {}});
      sites.back().second.push_back(cond);
    }
  });
  for (auto &[value, sites] : byValue) {
    auto &words = out.freesOf[value];
    for (auto &[op, conds] : sites)
      words.push_back({op, la.describePath(conds, op)});
  }
  return out;
}

void collectBufferFacts(Document &doc, Operation *root,
                        std::vector<BufferFacts> &out,
                        ModuleLifetimes *lifetimes,
                        const LintOptions *options) {
  SemanticsByFunction semantics;
  if (lifetimes && options)
    root->walk([&](FunctionOpInterface fn) {
      if (!fn.isExternal())
        semantics[fn] = functionSemantics(doc, lifetimes->get(fn), *options);
    });
  collectBufferFacts(doc, root, out,
                     lifetimes && options ? &semantics : nullptr);
}

void collectBufferFacts(Document &doc, Operation *root,
                        std::vector<BufferFacts> &out,
                        const SemanticsByFunction *semantics) {
  if (semantics)
    root->walk([&](FunctionOpInterface fn) {
      if (fn.isExternal())
        return;
      if (auto it = semantics->find(fn.getOperation()); it != semantics->end())
        out.insert(out.end(), it->second.functionFacts.begin(),
                   it->second.functionFacts.end());
    });
  std::optional<FreesByRoot> frees;
  root->walk([&](Operation *op) {
    llvm::SmallVector<Value> allocated = heapAllocatedResults(op);
    bool stack = false;
    if (allocated.empty())
      for (Value r : op->getResults()) {
        bool interior = false;
        if (isMemRef(r) && isStackAllocated(r) && !viewSource(r, interior)) {
          allocated.push_back(r);
          stack = true;
        }
      }
    for (Value v : allocated) {
      auto type = dyn_cast<MemRefType>(v.getType());
      if (!type)
        continue;
      BufferFacts facts;
      facts.name = doc.nameOf(v);
      facts.opName = op->getName().getStringRef().str();
      llvm::raw_string_ostream(facts.type) << type;
      facts.opRange = doc.rangeOf(op);
      facts.nameRange = doc.definitionRangeOf(v);
      facts.uses = usesOf(doc, v);
      facts.hintPos = doc.fullRangeOf(op).end;
      facts.stack = stack;
      facts.space = memorySpaceName(type);
      sizeOf(doc, v, type, facts);
      facts.liveFrom = facts.opRange.start.line;
      if (!frees)
        frees.emplace(root);
      usesAndFrees(doc, *frees, v, facts);
      if (semantics && !stack)
        if (auto fn = op->getParentOfType<FunctionOpInterface>())
          if (auto it = semantics->find(fn.getOperation());
              it != semantics->end())
            if (auto frees = it->second.freesOf.find(v);
                frees != it->second.freesOf.end())
              addSemanticFrees(doc, frees->second, facts);
      out.push_back(std::move(facts));
    }
  });
}

void moveLines(BufferFacts &b, int delta) {
  moveRange(b.opRange, delta);
  moveRange(b.nameRange, delta);
  for (SourceRange &r : b.uses)
    moveRange(r, delta);
  if (b.hintPos.line)
    b.hintPos.line += delta;
  for (FreeSite &f : b.frees) {
    moveRange(f.range, delta);
    f.when.shiftLines(delta);
  }
  if (b.liveFrom)
    b.liveFrom += delta;
  if (b.liveTo)
    b.liveTo += delta;
  for (BufferFacts::SpaceSummary &s : b.spaces) {
    if (s.maxLiveLine)
      s.maxLiveLine += delta;
    for (BufferFacts::SpaceSummary::Entry &e : s.entries) {
      moveRange(e.range, delta);
      if (e.startLine)
        e.startLine += delta;
      if (e.endLine)
        e.endLine += delta;
    }
  }
}

std::vector<BufferFacts> AnalysisResult::buffersIn(unsigned from,
                                                   unsigned to) const {
  std::vector<BufferFacts> out;
  for (const BufferGroup &g : bufferGroups) {
    if (g.lastLine < from || g.firstLine > to || !g.facts)
      continue;
    for (const BufferFacts &b : *g.facts) {
      out.push_back(b);
      if (g.lineDelta)
        moveLines(out.back(), g.lineDelta);
    }
  }
  return out;
}

size_t AnalysisResult::bufferCount() const {
  size_t n = 0;
  for (const BufferGroup &g : bufferGroups)
    if (g.facts)
      for (const BufferFacts &b : *g.facts)
        n += b.kind == BufferFacts::Kind::Buffer;
  return n;
}

} // namespace memlint
