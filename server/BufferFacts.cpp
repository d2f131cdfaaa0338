//===- BufferFacts.cpp - Size, space, frees and live range of a buffer ----===//
#include "analysis/Document.h"
#include "analysis/Ownership.h"
#include "server/AnalysisResult.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

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

/// Bytes one element of `t` takes in memory (default data layout), when
/// memlint knows: integers and floats round up to whole bytes, index is 64
/// bits, vectors and complex numbers multiply out.
static std::optional<uint64_t> elementBytes(Type t) {
  if (t.isIndex())
    return 8;
  if (t.isIntOrFloat())
    return (t.getIntOrFloatBitWidth() + 7) / 8;
  if (auto c = dyn_cast<ComplexType>(t)) {
    if (auto e = elementBytes(c.getElementType()))
      return 2 * *e;
    return std::nullopt;
  }
  if (auto v = dyn_cast<VectorType>(t)) {
    if (v.isScalable())
      return std::nullopt;
    if (auto e = elementBytes(v.getElementType()))
      return v.getNumElements() * *e;
  }
  return std::nullopt;
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

static void sizeOf(Document &doc, Operation *op, MemRefType type,
                   BufferFacts &facts) {
  std::optional<uint64_t> elem = elementBytes(type.getElementType());
  if (!elem) {
    facts.sizeText = "unknown (element type " +
                     [&] {
                       std::string s;
                       llvm::raw_string_ostream os(s);
                       os << type.getElementType();
                       return s;
                     }() +
                     " has no known size)";
    return;
  }
  uint64_t coefficient = *elem;
  std::vector<std::string> symbolic;
  // Dynamic sizes are the first index operands of the allocating op, in
  // dimension order (memref.alloc, memref.alloca, gpu.alloc all agree).
  llvm::SmallVector<Value> indexOperands;
  for (Value v : op->getOperands())
    if (v.getType().isIndex())
      indexOperands.push_back(v);
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
    facts.bytes = coefficient;
    facts.sizeText = withThousands(coefficient) + " bytes";
    if (coefficient >= 1024)
      facts.sizeText += " (" + formatBytes(coefficient) + ")";
    return;
  }
  std::string s = std::to_string(coefficient);
  for (const std::string &d : symbolic)
    s += " × " + d;
  facts.sizeText = s + " bytes";
}

static std::string spaceOf(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return "default";
  if (auto i = dyn_cast<IntegerAttr>(space))
    return i.getValue().isZero() ? "default"
                                 : std::to_string(i.getInt());
  std::string s;
  llvm::raw_string_ostream os(s);
  os << space;
  return s;
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

static void usesAndFrees(Document &doc, Operation *scope, Value buffer,
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
  scope->walk([&](Operation *op) {
    for (OpOperand *freed : freedOperands(op)) {
      if (rootOf(freed->get()) != buffer)
        continue;
      SourceRange r = doc.rangeOf(op);
      facts.frees.push_back({r, op->getName().getStringRef().str()});
      if (r.isValid())
        last = std::max(last, r.start.line);
    }
  });
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

void collectBufferFacts(Document &doc, Operation *root,
                        std::vector<BufferFacts> &out) {
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
      facts.space = spaceOf(type);
      sizeOf(doc, op, type, facts);
      facts.liveFrom = facts.opRange.start.line;
      usesAndFrees(doc, root, v, facts);
      out.push_back(std::move(facts));
    }
  });
}

static void moveRange(SourceRange &r, int delta) {
  if (!r.isValid())
    return;
  r.start.line += delta;
  r.end.line += delta;
}

void moveLines(BufferFacts &b, int delta) {
  moveRange(b.opRange, delta);
  moveRange(b.nameRange, delta);
  for (SourceRange &r : b.uses)
    moveRange(r, delta);
  if (b.hintPos.line)
    b.hintPos.line += delta;
  for (FreeSite &f : b.frees)
    moveRange(f.range, delta);
  if (b.liveFrom)
    b.liveFrom += delta;
  if (b.liveTo)
    b.liveTo += delta;
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
    n += g.facts ? g.facts->size() : 0;
  return n;
}

} // namespace memlint
