//===- DocumentRanges.cpp - Positions, ranges and names of a Document -----===//
//
// The range queries of Document.h: positions in the text, the ranges of
// ops, results and block arguments, and SSA names as written. They read
// what the parser recorded of each op and block (OpSpans), from its record
// while the document keeps it, else from the span index that replaced it
// (SourceSpans.h), so both answer alike. Attached views answer from op
// locations instead (AttachedDocument.cpp).
//
//===----------------------------------------------------------------------===//
#include "analysis/Document.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace memlint {

std::optional<OpSpans> Document::opSpans(Operation *op) const {
  if (spanIndex)
    return spanIndex->op(op);
  if (const auto *def = opDef(op))
    return spansOf(*def, [this](SMLoc l) { return fileOffset(l); });
  return std::nullopt;
}

std::optional<OffsetSpan> Document::argumentSpan(BlockArgument arg) const {
  unsigned n = arg.getArgNumber();
  if (spanIndex)
    return spanIndex->blockArgument(arg.getOwner(), n);
  if (const auto *def = blockDef(arg.getOwner()))
    if (n < def->arguments.size())
      return offsetsOf(def->arguments[n].loc,
                       [this](SMLoc l) { return fileOffset(l); });
  return std::nullopt;
}

SourcePos Document::posOf(SMLoc loc) const {
  std::optional<size_t> at = fileOffset(loc);
  if (!at)
    return {};
  return posAtOffset(*at);
}

SourcePos Document::posAtOffset(size_t offset) const {
  size_t off = std::min(offset, contents.size());
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), off);
  unsigned line = it - lineStarts.begin();
  return textOrigin.toFile(
      line, static_cast<unsigned>(off - lineStarts[line - 1] + 1));
}

SourceRange Document::rangeOf(SMRange r) const {
  return {posOf(r.Start), posOf(r.End)};
}

SourcePos Document::posAtOffsetOrNone(size_t offset) const {
  if (offset == OffsetSpan::npos)
    return {};
  return posAtOffset(offset);
}

SourceRange Document::rangeOf(OffsetSpan s) const {
  return {posAtOffsetOrNone(s.start), posAtOffsetOrNone(s.end)};
}

size_t Document::offsetOf(SourcePos pos) const {
  SourcePos at = textOrigin.toText(pos);
  if (at.line == 0)
    return 0;
  unsigned line = at.line;
  if (line > lineStarts.size())
    return contents.size();
  size_t off = lineStarts[line - 1] + (at.column ? at.column - 1 : 0);
  return std::min(off, contents.size());
}

std::string Document::indentationOfLine(unsigned line) const {
  size_t off = offsetOf({line, 1});
  size_t end = off;
  while (end < contents.size() &&
         (contents[end] == ' ' || contents[end] == '\t'))
    ++end;
  return contents.substr(off, end - off);
}

SourceRange Document::nameRangeOf(Operation *op) const {
  if (attached)
    return attachedRangeOf(op, /*symbol=*/false);
  if (std::optional<OpSpans> spans = opSpans(op))
    return rangeOf(spans->name);
  if (auto fl = dyn_cast<FileLineColLoc>(op->getLoc())) {
    SourcePos at = textOrigin.toFile(fl.getLine(), fl.getColumn());
    return {at, {at.line, at.column + 1}};
  }
  return {};
}

SourceRange Document::symbolNameRangeOf(Operation *op) const {
  if (attached)
    return attachedRangeOf(op, /*symbol=*/true);
  SourceRange whole = fullRangeOf(op);
  auto sym = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  if (!whole.isValid() || !sym)
    return nameRangeOf(op);
  size_t from = offsetOf(whole.start);
  size_t eol = contents.find('\n', from);
  std::string name = "@" + sym.getValue().str();
  size_t at = contents.find(name, from);
  if (at == std::string::npos || (eol != std::string::npos && at > eol))
    return nameRangeOf(op);
  return rangeOf(OffsetSpan{at, at + name.size()});
}

SourceRange Document::fullRangeOf(Operation *op) const {
  std::optional<OpSpans> spans = opSpans(op);
  if (!spans)
    return nameRangeOf(op);
  SourceRange r = rangeOf(spans->scope);
  if (!spans->groups.empty())
    r.start = posAtOffsetOrNone(spans->groups.front().name.start);
  return r;
}

SourceRange Document::rangeOf(Operation *op) const {
  std::optional<OpSpans> spans = opSpans(op);
  if (!spans)
    return nameRangeOf(op);
  SourceRange r = rangeOf(spans->scope);
  if (r.start.line != r.end.line)
    return rangeOf(spans->name);
  return r;
}

SourceRange Document::definitionRangeOf(Value v) const {
  if (auto res = dyn_cast<OpResult>(v)) {
    std::optional<OpSpans> spans = opSpans(res.getOwner());
    if (!spans)
      return nameRangeOf(res.getOwner());
    unsigned idx = res.getResultNumber();
    for (auto it = spans->groups.rbegin(); it != spans->groups.rend(); ++it)
      if (it->startIndex <= idx)
        return rangeOf(it->name);
    return rangeOf(spans->name);
  }
  auto arg = cast<BlockArgument>(v);
  if (attached)
    return attachedRangeOf(arg);
  if (std::optional<OffsetSpan> span = argumentSpan(arg))
    return rangeOf(*span);
  return {};
}

std::string Document::nameOf(Value v) const {
  if (attached)
    return attachedNameOf(v);
  SourceRange r = definitionRangeOf(v);
  std::string base;
  if (r.isValid() && r.start.line == r.end.line) {
    size_t b = offsetOf(r.start), e = offsetOf(r.end);
    base = contents.substr(b, e - b);
  }
  if (base.empty() || base[0] != '%') {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return "%arg" + std::to_string(arg.getArgNumber());
    return "%<value>";
  }
  // A result group "%x:2" names results as "%x#i".
  if (auto res = dyn_cast<OpResult>(v)) {
    if (std::optional<OpSpans> spans = opSpans(res.getOwner())) {
      unsigned idx = res.getResultNumber();
      for (auto it = spans->groups.rbegin(); it != spans->groups.rend(); ++it) {
        if (it->startIndex > idx)
          continue;
        size_t colon = base.find(':');
        unsigned groupSize = 1;
        auto next = it.base();
        unsigned groupEnd = next == spans->groups.end()
                                ? res.getOwner()->getNumResults()
                                : next->startIndex;
        groupSize = groupEnd - it->startIndex;
        if (colon != std::string::npos)
          base = base.substr(0, colon);
        if (groupSize > 1)
          return base + "#" + std::to_string(idx - it->startIndex);
        return base;
      }
    }
  }
  return base;
}

} // namespace memlint
