//===- FreePlacement.cpp - Where a free can go, as text edits -------------===//
#include "fixes/FreePlacement.h"

#include "analysis/Ownership.h"
#include "fixes/TextEdits.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>

using namespace mlir;

namespace memlint {

//===----------------------------------------------------------------------===//
// SourceText
//===----------------------------------------------------------------------===//

std::optional<std::pair<size_t, size_t>>
SourceText::opRange(Operation *op) const {
  if (!doc.parserState().getOpDef(op))
    return std::nullopt;
  SourceRange r = doc.fullRangeOf(op);
  if (!r.isValid())
    return std::nullopt;
  size_t s = doc.offsetOf(r.start), e = doc.offsetOf(r.end);
  if (s >= e || e > text.size())
    return std::nullopt;
  return std::make_pair(s, e);
}

size_t SourceText::lineStart(size_t off) const {
  size_t nl = text.take_front(off).rfind('\n');
  return nl == llvm::StringRef::npos ? 0 : nl + 1;
}

size_t SourceText::lineEnd(size_t off) const {
  size_t nl = text.find('\n', off);
  return nl == llvm::StringRef::npos ? text.size() : nl;
}

bool SourceText::onlySpaceBefore(size_t off) const {
  return text.slice(lineStart(off), off).trim(" \t").empty();
}

bool SourceText::onlySpaceOrCommentAfter(size_t off) const {
  llvm::StringRef rest = text.slice(off, lineEnd(off)).trim(" \t\r");
  return rest.empty() || rest.starts_with("//");
}

std::string SourceText::indentAt(size_t off) const {
  size_t s = lineStart(off), e = s;
  while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
    ++e;
  return text.slice(s, e).str();
}

size_t SourceText::skipSpaceAndComments(size_t off) const {
  while (off < text.size()) {
    char c = text[off];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++off;
      continue;
    }
    if (text.substr(off).starts_with("//")) {
      off = lineEnd(off);
      continue;
    }
    break;
  }
  return off;
}

TextEdit SourceText::edit(size_t start, size_t end, std::string newText) const {
  LineTable lines(text);
  TextEdit e;
  e.range.start = lines.posOf(start);
  e.range.end = lines.posOf(end);
  e.newText = std::move(newText);
  return e;
}

//===----------------------------------------------------------------------===//
// Free statements
//===----------------------------------------------------------------------===//

std::string freeOpNameFor(Operation *allocOp, Value buffer) {
  if (auto gpuAlloc = dyn_cast<gpu::AllocOp>(allocOp))
    // An async allocation is freed asynchronously, in its stream: memlint
    // does not guess the dependencies.
    return gpuAlloc.getAsyncToken() ? "" : "gpu.dealloc";
  if (isa<memref::AllocOp, memref::ReallocOp>(allocOp))
    return "memref.dealloc";
  if (auto call = dyn_cast<CallOpInterface>(allocOp)) {
    // A call returning a fresh buffer: free it the way the callee
    // allocated it, when the callee says.
    auto callee = dyn_cast_or_null<FunctionOpInterface>(
        call.resolveCallable());
    unsigned idx = cast<OpResult>(buffer).getResultNumber();
    std::string name;
    if (callee && !callee.isExternal())
      callee->walk([&](Operation *op) {
        if (!op->hasTrait<OpTrait::ReturnLike>() ||
            op->getParentOp() != callee.getOperation() ||
            idx >= op->getNumOperands())
          return;
        Value v = op->getOperand(idx);
        bool interior;
        while (Value src = viewSource(v, interior))
          v = src;
        if (Operation *def = v.getDefiningOp(); def && def != allocOp &&
                                                !isa<CallOpInterface>(def)) {
          std::string n = freeOpNameFor(def, v);
          if (!n.empty() && (name.empty() || name == n))
            name = n;
          else if (!n.empty())
            name = "?";
        }
      });
    if (name == "?")
      return "";
    return name.empty() ? "memref.dealloc" : name;
  }
  return "";
}

std::string freeStatement(Document &doc, llvm::StringRef opName, Value v) {
  std::string name = doc.nameOf(v);
  if (name.empty() || name[0] != '%' || name == "%<value>")
    return "";
  std::string type;
  llvm::raw_string_ostream os(type);
  v.getType().print(os);
  return opName.str() + " " + name + " : " + type;
}

bool isPlainFree(Operation *op) {
  if (op->getNumResults() != 0 || op->getNumRegions() != 0)
    return false;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  if (effects.empty())
    return false;
  for (auto &e : effects)
    if (!isa<MemoryEffects::Free>(e.getEffect()))
      return false;
  return freedOperands(op).size() == 1;
}

//===----------------------------------------------------------------------===//
// Removing and replacing ops
//===----------------------------------------------------------------------===//

/// True if `block` holds nothing but `except` and a terminator without
/// operands.
static bool onlyHolds(Block &block, Operation *except) {
  for (Operation &op : block) {
    if (&op == except)
      continue;
    if (op.hasTrait<OpTrait::IsTerminator>() && op.getNumOperands() == 0)
      continue;
    return false;
  }
  return true;
}

std::optional<std::vector<TextEdit>> removeOpEdits(const SourceText &src,
                                                   Operation *op) {
  // Take an scf.if that would be left empty along.
  Operation *target = op;
  while (auto ifOp = dyn_cast_or_null<scf::IfOp>(target->getParentOp())) {
    if (ifOp.getNumResults() != 0)
      break;
    bool empty = true;
    for (Region &r : ifOp->getRegions())
      if (!r.empty() && !onlyHolds(r.front(), target))
        empty = false;
    if (!empty || !src.opRange(ifOp))
      break;
    target = ifOp;
  }
  auto range = src.opRange(target);
  if (!range)
    return std::nullopt;
  auto [s, e] = *range;
  llvm::StringRef text = src.str();
  if (src.onlySpaceBefore(s) && src.onlySpaceOrCommentAfter(e)) {
    size_t from = src.lineStart(s), to = src.lineEnd(e);
    if (to < text.size())
      ++to; // the newline
    return std::vector<TextEdit>{src.edit(from, to, "")};
  }
  // Sharing its line: delete the op and the blanks after it.
  while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
    ++e;
  return std::vector<TextEdit>{src.edit(s, e, "")};
}

std::optional<std::vector<TextEdit>>
replaceOpEdits(const SourceText &src, Operation *op,
               const std::string &newText) {
  auto range = src.opRange(op);
  if (!range)
    return std::nullopt;
  return std::vector<TextEdit>{src.edit(range->first, range->second, newText)};
}

std::vector<Value> viewClosure(Value v) {
  std::vector<Value> out{v};
  for (size_t i = 0; i < out.size(); ++i)
    for (Operation *user : out[i].getUsers())
      for (OpResult r : user->getResults()) {
        bool interior;
        if (viewSource(r, interior) == out[i] &&
            !llvm::is_contained(out, Value(r)))
          out.push_back(r);
      }
  return out;
}

//===----------------------------------------------------------------------===//
// Reachability
//===----------------------------------------------------------------------===//

namespace {

/// The ops that may run after a program point, following blocks, region
/// branches and loops, but never past `barrier` (the allocation: past it,
/// the buffer is a new one).
class Reach {
public:
  explicit Reach(Operation *barrier) : barrier(barrier) {}

  void from(Block *block, Block::iterator it) { push(block, it); run(); }
  bool contains(Operation *op) const { return ops.count(op); }

private:
  void push(Block *block, Block::iterator it) {
    Operation *at = it == block->end() ? nullptr : &*it;
    if (started.insert({block, at}).second)
      work.push_back({block, it});
  }

  static SmallVector<Attribute> unknownOperands(Operation *op) {
    return SmallVector<Attribute>(op->getNumOperands());
  }

  void enterRegions(Operation *op) {
    if (auto rb = dyn_cast<RegionBranchOpInterface>(op)) {
      SmallVector<RegionSuccessor> succs;
      rb.getEntrySuccessorRegions(unknownOperands(op), succs);
      for (const RegionSuccessor &s : succs)
        if (!s.isParent() && !s.getSuccessor()->empty())
          push(&s.getSuccessor()->front(), s.getSuccessor()->front().begin());
      return;
    }
    for (Region &r : op->getRegions())
      if (!r.empty())
        push(&r.front(), r.front().begin());
  }

  void continueAfter(Operation *op) {
    push(op->getBlock(), std::next(op->getIterator()));
  }

  void exitRegion(Region *region, Operation *term) {
    Operation *parent = region->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      return;
    if (auto rt = dyn_cast_or_null<RegionBranchTerminatorOpInterface>(term)) {
      SmallVector<RegionSuccessor> succs;
      rt.getSuccessorRegions(unknownOperands(term), succs);
      for (const RegionSuccessor &s : succs) {
        if (s.isParent())
          continueAfter(parent);
        else if (!s.getSuccessor()->empty())
          push(&s.getSuccessor()->front(), s.getSuccessor()->front().begin());
      }
      return;
    }
    // Nothing says where control goes: anywhere in the parent, then on.
    enterRegions(parent);
    continueAfter(parent);
  }

  void run() {
    while (!work.empty()) {
      auto [block, it] = work.pop_back_val();
      bool stopped = false;
      for (; it != block->end(); ++it) {
        Operation &op = *it;
        if (&op == barrier) {
          stopped = true;
          break;
        }
        ops.insert(&op);
        if (op.getNumRegions() > 0)
          enterRegions(&op);
      }
      if (stopped)
        continue;
      Operation *last = block->empty() ? nullptr : &block->back();
      if (last && last->getNumSuccessors() > 0) {
        for (Block *succ : last->getSuccessors())
          push(succ, succ->begin());
        continue;
      }
      exitRegion(block->getParent(), last);
    }
  }

  Operation *barrier;
  DenseSet<Operation *> ops;
  DenseSet<std::pair<Block *, Operation *>> started;
  SmallVector<std::pair<Block *, Block::iterator>> work;
};

struct Point {
  enum Kind { BeforeOp, EndOfBlock, ElseOf, Edge } kind;
  Operation *op;
  unsigned succ = 0;
  size_t order = 0; // text offset, for sorting
};

unsigned numPredecessorEdges(Block *b) {
  return std::distance(b->pred_begin(), b->pred_end());
}

/// Offset just past the closing brace of `ifOp`'s then region, found from
/// the last op written in it.
std::optional<size_t> thenClosingBrace(const SourceText &src,
                                       scf::IfOp ifOp) {
  Block &thenBlock = ifOp.getThenRegion().front();
  Operation *last = nullptr;
  for (Operation &op : llvm::reverse(thenBlock))
    if (src.opRange(&op)) {
      last = &op;
      break;
    }
  auto ifRange = src.opRange(ifOp);
  if (!last || !ifRange)
    return std::nullopt;
  size_t p = src.skipSpaceAndComments(src.opRange(last)->second);
  if (p >= ifRange->second || src.str()[p] != '}')
    return std::nullopt;
  return p;
}

std::optional<std::vector<TextEdit>>
render(const SourceText &src, const Point &pt, const std::string &stmt) {
  llvm::StringRef text = src.str();
  switch (pt.kind) {
  case Point::BeforeOp: {
    auto r = src.opRange(pt.op);
    if (!r)
      return std::nullopt;
    size_t s = r->first;
    if (src.onlySpaceBefore(s))
      return std::vector<TextEdit>{src.edit(
          src.lineStart(s), src.lineStart(s), src.indentAt(s) + stmt + "\n")};
    return std::vector<TextEdit>{src.edit(s, s, stmt + " ")};
  }
  case Point::EndOfBlock: {
    Operation *last = pt.op->getPrevNode();
    auto r = last ? src.opRange(last) : std::nullopt;
    if (!r)
      return std::nullopt;
    size_t e = r->second;
    if (src.onlySpaceOrCommentAfter(e)) {
      size_t nl = src.lineEnd(e);
      std::string line = src.indentAt(r->first) + stmt + "\n";
      if (nl == text.size())
        return std::vector<TextEdit>{src.edit(nl, nl, "\n" + line)};
      return std::vector<TextEdit>{src.edit(nl + 1, nl + 1, line)};
    }
    return std::vector<TextEdit>{src.edit(e, e, " " + stmt)};
  }
  case Point::ElseOf: {
    auto ifOp = cast<scf::IfOp>(pt.op);
    std::optional<size_t> brace = thenClosingBrace(src, ifOp);
    if (!brace)
      return std::nullopt;
    size_t p = *brace;
    if (!src.onlySpaceBefore(p))
      return std::vector<TextEdit>{
          src.edit(p + 1, p + 1, " else { " + stmt + " }")};
    std::string outer = src.indentAt(p);
    std::string inner = outer + "  ";
    // Indent like the then region's ops when they stand on their own lines.
    for (Operation &op : ifOp.getThenRegion().front())
      if (auto r = src.opRange(&op); r && src.onlySpaceBefore(r->first)) {
        inner = src.indentAt(r->first);
        break;
      }
    return std::vector<TextEdit>{src.edit(
        p + 1, p + 1, " else {\n" + inner + stmt + "\n" + outer + "}")};
  }
  case Point::Edge: {
    Operation *term = pt.op;
    Block *succ = term->getSuccessor(pt.succ);
    auto tr = src.opRange(term);
    const auto *def = src.document().parserState().getBlockDef(succ);
    if (!tr || !def || !src.onlySpaceOrCommentAfter(tr->second))
      return std::nullopt;
    // Which textual use of the label is this successor.
    unsigned nth = 0;
    for (unsigned i = 0; i < pt.succ; ++i)
      nth += term->getSuccessor(i) == succ;
    std::vector<std::pair<size_t, size_t>> uses;
    for (const llvm::SMRange &u : def->definition.uses) {
      size_t s = u.Start.getPointer() - text.data();
      size_t e = u.End.getPointer() - text.data();
      if (s >= tr->first && e <= tr->second)
        uses.push_back({s, e});
    }
    llvm::sort(uses);
    if (nth >= uses.size())
      return std::nullopt;
    auto [ls, le] = uses[nth];
    // The forwarded operands, `(%a : memref<4xf32>)`, go to the new branch.
    size_t q = le;
    while (q < tr->second && (text[q] == ' ' || text[q] == '\t'))
      ++q;
    size_t groupEnd = le;
    std::string args;
    if (q < tr->second && text[q] == '(') {
      int depth = 0;
      size_t k = q;
      for (; k < tr->second; ++k) {
        if (text[k] == '(')
          ++depth;
        else if (text[k] == ')' && --depth == 0)
          break;
      }
      if (k >= tr->second)
        return std::nullopt;
      groupEnd = k + 1;
      args = text.slice(q, groupEnd).str();
    }
    std::string label;
    for (unsigned n = 0;; ++n) {
      label = "^memlint_free" + std::to_string(n);
      if (!text.contains(label))
        break;
    }
    size_t labelDef = def->definition.loc.Start.getPointer() - text.data();
    std::string labelIndent = src.indentAt(labelDef);
    std::string opIndent = src.indentAt(tr->first);
    std::string block = labelIndent + label + ":\n" + opIndent + stmt + "\n" +
                        opIndent + "cf.br " + text.slice(ls, le).str() + args +
                        "\n";
    size_t nl = src.lineEnd(tr->second);
    std::vector<TextEdit> edits{src.edit(ls, groupEnd, label)};
    if (nl == text.size())
      edits.push_back(src.edit(nl, nl, "\n" + block));
    else
      edits.push_back(src.edit(nl + 1, nl + 1, block));
    return edits;
  }
  }
  return std::nullopt;
}

} // namespace

std::vector<std::vector<TextEdit>>
freeInsertionCandidates(const SourceText &src, FunctionOpInterface fn,
                        Value v, Operation *allocOp, Operation *exit,
                        llvm::StringRef freeOpName) {
  std::vector<std::vector<TextEdit>> out;
  std::string stmt = freeStatement(src.document(), freeOpName, v);
  if (stmt.empty())
    return out;
  DominanceInfo dom(fn);

  // Every use of the buffer's memory through `v` or a view of it.
  std::vector<Value> views = viewClosure(v);
  SmallVector<Operation *> uses;
  for (Value w : views)
    for (OpOperand &use : w.getUses()) {
      Operation *user = use.getOwner();
      bool isView = llvm::any_of(user->getResults(), [&](OpResult r) {
        bool interior;
        return viewSource(r, interior) == w;
      });
      if (!isView)
        uses.push_back(user);
    }

  std::vector<Point> points;
  auto offsetOf = [&](Operation *op) -> size_t {
    auto r = src.opRange(op);
    return r ? r->first : 0;
  };
  fn->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == fn.getOperation() || !dom.properlyDominates(v, op))
      return;
    bool written = src.opRange(op).has_value();
    if (written)
      points.push_back({Point::BeforeOp, op, 0, offsetOf(op)});
    else if (op->hasTrait<OpTrait::IsTerminator>() && op->getPrevNode())
      if (auto r = src.opRange(op->getPrevNode()))
        points.push_back({Point::EndOfBlock, op, 0, r->second});
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      if (ifOp.getNumResults() == 0 && ifOp.getElseRegion().empty())
        if (std::optional<size_t> brace = thenClosingBrace(src, ifOp))
          points.push_back({Point::ElseOf, op, 0, *brace});
    if (written)
      for (unsigned i = 0; i < op->getNumSuccessors(); ++i)
        if (numPredecessorEdges(op->getSuccessor(i)) > 1)
          points.push_back({Point::Edge, op, i, offsetOf(op) + 1 + i});
  });
  std::stable_sort(points.begin(), points.end(),
                   [](const Point &a, const Point &b) {
                     return a.order < b.order;
                   });

  for (const Point &pt : points) {
    Reach reach(allocOp);
    switch (pt.kind) {
    case Point::BeforeOp:
    case Point::EndOfBlock:
      reach.from(pt.op->getBlock(), pt.op->getIterator());
      break;
    case Point::ElseOf:
      reach.from(pt.op->getBlock(), std::next(pt.op->getIterator()));
      break;
    case Point::Edge: {
      Block *succ = pt.op->getSuccessor(pt.succ);
      reach.from(succ, succ->begin());
      break;
    }
    }
    if (!reach.contains(exit))
      continue;
    if (llvm::any_of(uses, [&](Operation *u) { return reach.contains(u); }))
      continue;
    if (auto edits = render(src, pt, stmt))
      out.push_back(std::move(*edits));
  }
  return out;
}

} // namespace memlint
