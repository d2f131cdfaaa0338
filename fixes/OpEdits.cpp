//===- OpEdits.cpp - Text edits that remove, replace or guard ops ---------===//
#include "fixes/OpEdits.h"

#include "analysis/Ownership.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include <algorithm>

using namespace mlir;

namespace memlint {

//===----------------------------------------------------------------------===//
// Free statements
//===----------------------------------------------------------------------===//

std::string freeOpNameFor(Operation *allocOp, Value buffer,
                          CalleeLookup lookup) {
  if (auto gpuAlloc = dyn_cast<gpu::AllocOp>(allocOp))
    // An async allocation is freed asynchronously, in its stream: memlint
    // does not guess the dependencies.
    return gpuAlloc.getAsyncToken() ? "" : "gpu.dealloc";
  if (StringRef name = matchingFreeOpName(allocOp); !name.empty())
    return name.str();
  if (auto call = dyn_cast<CallOpInterface>(allocOp)) {
    // A call returning a fresh buffer: free it the way the callee
    // allocated it, when the callee says.
    FunctionOpInterface callee = lookup ? lookup(call) : nullptr;
    if (!callee)
      callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
    unsigned idx = cast<OpResult>(buffer).getResultNumber();
    std::string name;
    if (callee && !callee.isExternal())
      callee->walk([&](Operation *op) {
        if (!op->hasTrait<OpTrait::ReturnLike>() ||
            op->getParentOp() != callee.getOperation() ||
            idx >= op->getNumOperands())
          return;
        Value v = viewRoot(op->getOperand(idx));
        if (Operation *def = v.getDefiningOp();
            def && def != allocOp && !isa<CallOpInterface>(def)) {
          std::string n = freeOpNameFor(def, v);
          if (!n.empty() && (name.empty() || name == n))
            name = n;
          else if (!n.empty() || !heapAllocatedResults(def).empty())
            // Two ways, or an allocation memlint cannot free (an async
            // gpu.alloc): no free statement is right for every return.
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

std::string freshValueName(const SourceText &src, Operation *op,
                           llvm::StringRef stem,
                           const llvm::StringSet<> &reserved) {
  llvm::StringSet<> taken;
  Operation *scope = op->getParentOfType<FunctionOpInterface>();
  auto take = [&](Value v) {
    std::string name = src.document().nameOf(v);
    taken.insert(llvm::StringRef(name).split('#').first);
  };
  (scope ? scope : op)->walk([&](Operation *o) {
    for (Value r : o->getResults())
      take(r);
    for (Region &region : o->getRegions())
      for (Block &b : region)
        for (Value a : b.getArguments())
          take(a);
  });
  for (unsigned n = 0;; ++n) {
    std::string name = "%" + stem.str() + std::to_string(n);
    if (!taken.contains(name) && !reserved.contains(name))
      return name;
  }
}

static std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

std::optional<std::vector<TextEdit>> reallocAsAllocEdits(const SourceText &src,
                                                         Operation *op) {
  auto realloc = dyn_cast<memref::ReallocOp>(op);
  auto range = src.opRange(op);
  if (!realloc || !range || realloc.getDynamicResultSize() ||
      realloc.getAlignment() || !src.onlySpaceBefore(range->first))
    return std::nullopt;
  MemRefType from = realloc.getSource().getType();
  MemRefType to = realloc.getType();
  if (!from.hasStaticShape() || !to.hasStaticShape() || from.getRank() != 1 ||
      to.getRank() != 1 || !from.getLayout().isIdentity() ||
      !to.getLayout().isIdentity())
    return std::nullopt;
  Document &doc = src.document();
  std::string result = doc.nameOf(realloc.getResult());
  std::string source = doc.nameOf(realloc.getSource());
  if (result.empty() || result[0] != '%' || result == "%<value>" ||
      source.empty() || source[0] != '%' || source == "%<value>")
    return std::nullopt;
  // The common prefix: a view of the longer buffer, copied from or into.
  int64_t common = std::min(from.getDimSize(0), to.getDimSize(0));
  std::string indent = src.indentAt(range->first);
  std::string text = result + " = memref.alloc() : " + typeText(to);
  std::string copyFrom = source, copyInto = result;
  std::string fromType = typeText(from), intoType = typeText(to);
  if (from.getDimSize(0) != to.getDimSize(0)) {
    bool grow = to.getDimSize(0) > from.getDimSize(0);
    MemRefType longer = grow ? to : from;
    MemRefType head =
        memref::SubViewOp::inferResultType(longer, {0}, {common}, {1});
    std::string name = freshValueName(src, op, "memlint_head");
    text += "\n" + indent + name + " = memref.subview " +
            (grow ? result : source) + "[0] [" + std::to_string(common) +
            "] [1] : " + typeText(longer) + " to " + typeText(head);
    (grow ? copyInto : copyFrom) = name;
    (grow ? intoType : fromType) = typeText(head);
  }
  text += "\n" + indent + "memref.copy " + copyFrom + ", " + copyInto + " : " +
          fromType + " to " + intoType;
  return std::vector<TextEdit>{src.edit(range->first, range->second, text)};
}

std::optional<std::vector<TextEdit>>
replaceOpEdits(const SourceText &src, Operation *op,
               const std::string &newText) {
  auto range = src.opRange(op);
  if (!range)
    return std::nullopt;
  return std::vector<TextEdit>{src.edit(range->first, range->second, newText)};
}

std::optional<std::vector<TextEdit>> guardOpEdits(const SourceText &src,
                                                  Operation *op,
                                                  llvm::StringRef cond,
                                                  bool whenTrue) {
  auto range = src.opRange(op);
  if (!range)
    return std::nullopt;
  auto [s, e] = *range;
  std::string text = src.str().slice(s, e).str();
  std::string c = cond.str();
  std::string guarded;
  if (src.onlySpaceBefore(s)) {
    std::string indent = src.indentAt(s);
    guarded = whenTrue ? "scf.if " + c + " {\n" + indent + "  " + text + "\n" +
                             indent + "}"
                       : "scf.if " + c + " {\n" + indent + "} else {\n" +
                             indent + "  " + text + "\n" + indent + "}";
  } else {
    // The op shares its line with others: keep it on that line.
    guarded = whenTrue ? "scf.if " + c + " { " + text + " }"
                       : "scf.if " + c + " {} else { " + text + " }";
  }
  return std::vector<TextEdit>{src.edit(s, e, guarded)};
}

std::optional<SuccessorText> successorText(const SourceText &src,
                                           Operation *term, unsigned index) {
  llvm::StringRef text = src.str();
  Block *succ = term->getSuccessor(index);
  auto tr = src.opRange(term);
  const auto *def = src.document().blockDef(succ);
  if (!tr || !def)
    return std::nullopt;
  // Which written use of the label is this successor.
  unsigned nth = 0;
  for (unsigned i = 0; i < index; ++i)
    nth += term->getSuccessor(i) == succ;
  std::vector<std::pair<size_t, size_t>> uses;
  for (const llvm::SMRange &u : def->definition.uses) {
    std::optional<size_t> s = src.document().fileOffset(u.Start);
    std::optional<size_t> e = src.document().fileOffset(u.End);
    if (s && e && *s >= tr->first && *e <= tr->second)
      uses.push_back({*s, *e});
  }
  llvm::sort(uses);
  if (nth >= uses.size())
    return std::nullopt;
  SuccessorText out;
  std::tie(out.labelBegin, out.labelEnd) = uses[nth];
  out.groupBegin = out.groupEnd = out.labelEnd;
  size_t q = out.labelEnd;
  while (q < tr->second && (text[q] == ' ' || text[q] == '\t'))
    ++q;
  if (q < tr->second && text[q] == '(') {
    std::optional<size_t> close = matchingParen(text, q, tr->second);
    if (!close)
      return std::nullopt;
    out.groupBegin = q;
    out.groupEnd = *close + 1;
  }
  return out;
}

std::optional<size_t> blockArgumentsEnd(const SourceText &src, Block *block) {
  llvm::StringRef text = src.str();
  const auto *def = src.document().blockDef(block);
  if (!def || !def->definition.loc.isValid())
    return std::nullopt;
  std::optional<size_t> end =
      src.document().fileOffset(def->definition.loc.End);
  if (!end)
    return std::nullopt;
  size_t q = *end;
  while (q < text.size() && (text[q] == ' ' || text[q] == '\t'))
    ++q;
  if (q >= text.size() || text[q] != '(')
    return std::nullopt;
  return matchingParen(text, q, text.size());
}

} // namespace memlint
