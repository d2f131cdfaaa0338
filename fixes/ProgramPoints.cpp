//===- ProgramPoints.cpp - Where a statement can go in a function ---------===//
#include "fixes/ProgramPoints.h"

#include "fixes/OpEdits.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>

using namespace mlir;

namespace memlint {

namespace {

//===----------------------------------------------------------------------===//
// Braces of scf.if regions
//===----------------------------------------------------------------------===//

/// Where the text of `op` goes on after its name, and where it ends.
std::optional<std::pair<size_t, size_t>> afterOpName(const SourceText &src,
                                                     Operation *op) {
  auto range = src.opRange(op);
  const auto *def = src.document().opDef(op);
  if (!range || !def)
    return std::nullopt;
  std::optional<size_t> nameEnd = src.document().fileOffset(def->loc.End);
  if (!nameEnd)
    return std::nullopt;
  return std::make_pair(*nameEnd, range->second);
}

/// The braces around region `idx` (0: then, 1: else) of `ifOp` as written.
std::optional<std::pair<size_t, size_t>>
ifRegionBraces(const SourceText &src, scf::IfOp ifOp, unsigned idx) {
  auto span = afterOpName(src, ifOp);
  if (!span)
    return std::nullopt;
  auto [nameEnd, end] = *span;
  llvm::StringRef text = src.str();
  size_t open = text.find('{', nameEnd);
  if (open == llvm::StringRef::npos || open >= end)
    return std::nullopt;
  std::optional<size_t> close = matchingBrace(text, open, end);
  if (!close)
    return std::nullopt;
  if (idx == 0)
    return std::make_pair(open, *close);
  size_t p = src.skipSpaceAndComments(*close + 1);
  if (!text.substr(p).starts_with("else"))
    return std::nullopt;
  p = src.skipSpaceAndComments(p + 4);
  if (p >= end || text[p] != '{')
    return std::nullopt;
  close = matchingBrace(text, p, end);
  if (!close)
    return std::nullopt;
  return std::make_pair(p, *close);
}

/// The braces around region `idx` of the scf.index_switch `sw` as written:
/// `case 0 { ... } case 1 { ... } default { ... }`, the default being
/// region 0 and case k region k + 1. A brace group after something else
/// (an attribute dictionary) is no region.
std::optional<std::pair<size_t, size_t>>
switchRegionBraces(const SourceText &src, scf::IndexSwitchOp sw, unsigned idx) {
  auto span = afterOpName(src, sw);
  if (!span)
    return std::nullopt;
  auto [nameEnd, end] = *span;
  llvm::StringRef text = src.str();
  unsigned caseIndex = 0;
  for (size_t at = nameEnd; at < end;) {
    size_t open = text.find('{', at);
    if (open == llvm::StringRef::npos || open >= end)
      return std::nullopt;
    std::optional<size_t> close = matchingBrace(text, open, end);
    if (!close)
      return std::nullopt;
    // The word before the brace: `default`, or a case's value after `case`.
    llvm::StringRef before = text.slice(nameEnd, open).rtrim();
    llvm::StringRef word =
        before.substr(before.find_last_of(" \t\n") == llvm::StringRef::npos
                          ? 0
                          : before.find_last_of(" \t\n") + 1);
    std::optional<unsigned> region;
    if (word == "default") {
      region = 0;
    } else if (!word.empty() && (llvm::isDigit(word.back()))) {
      llvm::StringRef rest = before.drop_back(word.size()).rtrim();
      if (rest.ends_with("case"))
        region = 1 + caseIndex++;
    }
    if (region && *region == idx)
      return std::make_pair(open, *close);
    at = *close + 1;
  }
  return std::nullopt;
}

/// The braces around region `idx` of `op` (an scf.if or scf.index_switch).
std::optional<std::pair<size_t, size_t>>
regionBraces(const SourceText &src, Operation *op, unsigned idx) {
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return ifRegionBraces(src, ifOp, idx);
  if (auto sw = dyn_cast<scf::IndexSwitchOp>(op))
    return switchRegionBraces(src, sw, idx);
  return std::nullopt;
}

bool hasWrittenOps(const SourceText &src, Block &block) {
  return llvm::any_of(
      block, [&](Operation &op) { return src.opRange(&op).has_value(); });
}

unsigned numPredecessorEdges(Block *b) {
  return std::distance(b->pred_begin(), b->pred_end());
}

std::optional<std::vector<TextEdit>> renderEdge(const SourceText &src,
                                                const ProgramPoint &pt,
                                                const std::string &stmt) {
  llvm::StringRef text = src.str();
  Operation *term = pt.op;
  Block *succ = term->getSuccessor(pt.index);
  auto tr = src.opRange(term);
  const auto *def = src.document().blockDef(succ);
  if (!tr || !def || !src.onlySpaceOrCommentAfter(tr->second))
    return std::nullopt;
  auto br = dyn_cast<BranchOpInterface>(term);
  if (!br || br.getSuccessorOperands(pt.index).getProducedOperandCount())
    return std::nullopt;
  std::optional<SuccessorText> where = successorText(src, term, pt.index);
  if (!where)
    return std::nullopt;
  size_t ls = where->labelBegin, le = where->labelEnd;
  size_t groupEnd = where->groupEnd;
  // The forwarded operands, `(%a : memref<4xf32>)`, move to the new branch.
  std::string args = text.slice(where->groupBegin, groupEnd).str();
  const std::string &label =
      src.firstFreeLabel(term->getParentOfType<FunctionOpInterface>());
  std::optional<size_t> labelDef =
      src.document().fileOffset(def->definition.loc.Start);
  if (!labelDef)
    return std::nullopt;
  std::string labelIndent = src.indentAt(*labelDef);
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

} // namespace

//===----------------------------------------------------------------------===//
// Program points
//===----------------------------------------------------------------------===//

Operation *ProgramPoint::anchor() const {
  if (kind == EmptyRegion)
    return op->getRegion(index).front().getTerminator();
  return op;
}

std::pair<Block *, Block::iterator> ProgramPoint::continuation() const {
  switch (kind) {
  case BeforeOp:
  case EndOfBlock:
    return {op->getBlock(), op->getIterator()};
  case ElseOf:
    return {op->getBlock(), std::next(op->getIterator())};
  case EmptyRegion: {
    Block &b = op->getRegion(index).front();
    return {&b, b.begin()};
  }
  case Edge: {
    Block *succ = op->getSuccessor(index);
    return {succ, succ->begin()};
  }
  }
  llvm_unreachable("a point of each kind is handled");
}

std::vector<ProgramPoint> programPoints(const SourceText &src,
                                        FunctionOpInterface fn) {
  std::vector<ProgramPoint> points;
  fn->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == fn.getOperation())
      return;
    auto r = src.opRange(op);
    if (r)
      points.push_back({ProgramPoint::BeforeOp, op, 0, r->first});
    else if (op->hasTrait<OpTrait::IsTerminator>() && op->getPrevNode())
      if (auto pr = src.opRange(op->getPrevNode()))
        points.push_back({ProgramPoint::EndOfBlock, op, 0, pr->second});
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (unsigned i = 0; i < 2; ++i) {
        Region &region = ifOp->getRegion(i);
        if (region.empty() || hasWrittenOps(src, region.front()))
          continue;
        if (auto braces = ifRegionBraces(src, ifOp, i))
          points.push_back(
              {ProgramPoint::EmptyRegion, op, i, braces->first + 1});
      }
      if (ifOp.getNumResults() == 0 && ifOp.getElseRegion().empty())
        if (auto braces = ifRegionBraces(src, ifOp, 0))
          points.push_back({ProgramPoint::ElseOf, op, 0, braces->second});
    }
    // A case or default written empty (`default {}`: its yield implicit).
    if (auto sw = dyn_cast<scf::IndexSwitchOp>(op))
      for (unsigned i = 0; i < sw->getNumRegions(); ++i) {
        Region &region = sw->getRegion(i);
        if (region.empty() || hasWrittenOps(src, region.front()))
          continue;
        if (auto braces = switchRegionBraces(src, sw, i))
          points.push_back(
              {ProgramPoint::EmptyRegion, op, i, braces->first + 1});
      }
    if (r)
      for (unsigned i = 0; i < op->getNumSuccessors(); ++i)
        if (numPredecessorEdges(op->getSuccessor(i)) > 1)
          points.push_back({ProgramPoint::Edge, op, i, r->first + 1 + i});
  });
  std::stable_sort(points.begin(), points.end(),
                   [](const ProgramPoint &a, const ProgramPoint &b) {
                     return a.order < b.order;
                   });
  return points;
}

/// The first `count` block labels no block of `scope` has (a label names a
/// block only within its region, so the function holding the edit is
/// enough; a null scope: the whole document). Only the scope's blocks are
/// looked at: a search per leak over every block of the file made
/// `lint --format=json` on 40,000 one-leak functions quadratic (469 s).
std::vector<std::string> labelsNotTaken(const SourceText &src, Operation *scope,
                                        unsigned count) {
  llvm::StringRef text = src.str();
  llvm::StringSet<> taken;
  const Document &doc = src.document();
  auto take = [&](const AsmParserState::BlockDefinition &def) {
    std::optional<size_t> s = doc.fileOffset(def.definition.loc.Start);
    std::optional<size_t> e = doc.fileOffset(def.definition.loc.End);
    if (s && e)
      taken.insert(text.slice(*s, *e));
  };
  if (scope)
    scope->walk([&](Block *block) {
      if (const auto *def = doc.blockDef(block))
        take(*def);
    });
  else
    doc.forEachBlockDef(take);
  std::vector<std::string> out;
  for (unsigned n = 0; out.size() < count; ++n) {
    std::string label = "^memlint_free" + std::to_string(n);
    if (!taken.contains(label))
      out.push_back(std::move(label));
  }
  return out;
}

const std::string &SourceText::firstFreeLabel(Operation *fn) const {
  auto [it, fresh] = freeLabels.try_emplace(fn);
  if (fresh)
    it->second = labelsNotTaken(*this, fn, 1).front();
  return it->second;
}

std::optional<std::vector<TextEdit>> renderAt(const SourceText &src,
                                              const ProgramPoint &pt,
                                              const std::string &stmt) {
  llvm::StringRef text = src.str();
  switch (pt.kind) {
  case ProgramPoint::BeforeOp: {
    auto r = src.opRange(pt.op);
    if (!r)
      return std::nullopt;
    size_t s = r->first;
    if (src.onlySpaceBefore(s))
      return std::vector<TextEdit>{src.edit(src.lineStart(s), src.lineStart(s),
                                            src.indentAt(s) + stmt + "\n")};
    return std::vector<TextEdit>{src.edit(s, s, stmt + " ")};
  }
  case ProgramPoint::EndOfBlock: {
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
  case ProgramPoint::ElseOf: {
    auto ifOp = cast<scf::IfOp>(pt.op);
    auto braces = ifRegionBraces(src, ifOp, 0);
    if (!braces)
      return std::nullopt;
    size_t p = braces->second;
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
  case ProgramPoint::EmptyRegion: {
    auto braces = regionBraces(src, pt.op, pt.index);
    if (!braces)
      return std::nullopt;
    auto [open, close] = *braces;
    if (text.slice(open, close).contains('\n'))
      return std::vector<TextEdit>{src.edit(
          open + 1, open + 1, "\n" + src.indentAt(open) + "  " + stmt)};
    return std::vector<TextEdit>{src.edit(open + 1, close, " " + stmt + " ")};
  }
  case ProgramPoint::Edge:
    return renderEdge(src, pt, stmt);
  }
  return std::nullopt;
}

} // namespace memlint
