//===- AttachedDocument.cpp - A Document over IR that has no text ---------===//
//
// A pass sees a module that was parsed (and perhaps rewritten) elsewhere:
// there is no AsmParserState, so the ranges a check asks for come from op
// locations (the first file:line:col inside a fused, named or call-site
// location; an op without one reports at its nearest ancestor's), and
// value names come from the printer, the names `mlir-opt` prints.
//
//===----------------------------------------------------------------------===//
#include "analysis/AttachedDocument.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace memlint {

/// The first file:line:col inside `loc`, if any.
static std::optional<FileLineColLoc> firstFileLoc(Location loc) {
  std::optional<FileLineColLoc> found;
  loc->walk([&](Location l) {
    if (auto fl = dyn_cast<FileLineColLoc>(l)) {
      found = fl;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// The range for `fl`: the origin's range of what its parser put there,
/// else one column at the location.
static SourceRange rangeAt(FileLineColLoc fl, const LocationRanges *origin,
                           const std::map<LocationRanges::Key, SourceRange>
                               LocationRanges::*table) {
  LocationRanges::Key key{fl.getLine(), fl.getColumn()};
  if (origin && fl.getFilename() == origin->file) {
    auto it = (origin->*table).find(key);
    if (it != (origin->*table).end())
      return it->second;
  }
  return {{key.first, key.second}, {key.first, key.second + 1}};
}

std::unique_ptr<Document>
Document::attach(ModuleOp module, std::shared_ptr<const LocationRanges> origin) {
  std::unique_ptr<Document> doc(new Document());
  doc->borrowed = module;
  doc->attached = std::make_unique<Attached>();
  if (origin) {
    // The origin's text carries the suppression comments of its lines.
    doc->name = origin->file;
    doc->contents = origin->text;
    doc->lineStarts.push_back(0);
    for (size_t i = 0, e = doc->contents.size(); i < e; ++i)
      if (doc->contents[i] == '\n')
        doc->lineStarts.push_back(i + 1);
  }
  doc->attached->origin = std::move(origin);
  doc->valid = true;
  return doc;
}

SourceRange Document::attachedRangeOf(Operation *op, bool symbol) const {
  for (Operation *at = op; at; at = at->getParentOp()) {
    std::optional<FileLineColLoc> fl = firstFileLoc(at->getLoc());
    if (!fl)
      continue;
    // Only the op itself has the origin's range; an ancestor standing in
    // for it is pointed at, as with any location of another file.
    SourceRange r = rangeAt(*fl, at == op ? attached->origin.get() : nullptr,
                            symbol ? &LocationRanges::symbols
                                   : &LocationRanges::ops);
    std::lock_guard<std::mutex> guard(attached->lock);
    attached->locations.emplace(
        LocationRanges::Key{r.start.line, r.start.column}, *fl);
    return r;
  }
  return {};
}

SourceRange Document::attachedRangeOf(BlockArgument arg) const {
  std::optional<FileLineColLoc> fl = firstFileLoc(arg.getLoc());
  if (!fl)
    return attachedRangeOf(arg.getOwner()->getParentOp(), /*symbol=*/false);
  SourceRange r =
      rangeAt(*fl, attached->origin.get(), &LocationRanges::arguments);
  std::lock_guard<std::mutex> guard(attached->lock);
  attached->locations.emplace(
      LocationRanges::Key{r.start.line, r.start.column}, *fl);
  return r;
}

std::string Document::attachedNameOf(Value v) const {
  std::lock_guard<std::mutex> guard(attached->lock);
  if (!attached->names)
    attached->names =
        std::make_unique<AsmState>(ModuleOp(borrowed).getOperation());
  std::string name;
  llvm::raw_string_ostream os(name);
  v.printAsOperand(os, *attached->names);
  return name;
}

Location Document::locationOf(const SourceRange &range) const {
  if (attached) {
    std::lock_guard<std::mutex> guard(attached->lock);
    auto it = attached->locations.find({range.start.line, range.start.column});
    if (it != attached->locations.end())
      return it->second;
  }
  ModuleOp m = mod ? *mod : borrowed;
  return m.getLoc();
}

std::shared_ptr<const LocationRanges> LocationRanges::of(const Document &doc) {
  auto out = std::make_shared<LocationRanges>();
  out->file = doc.fileName();
  out->text = doc.text().str();
  auto *self = const_cast<Document *>(&doc);
  self->module()->walk([&](Operation *op) {
    if (auto fl = dyn_cast<FileLineColLoc>(op->getLoc())) {
      Key key{fl.getLine(), fl.getColumn()};
      out->ops.emplace(key, doc.rangeOf(op));
      out->symbols.emplace(key, doc.symbolNameRangeOf(op));
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (auto fl = dyn_cast<FileLineColLoc>(arg.getLoc()))
            out->arguments.emplace(Key{fl.getLine(), fl.getColumn()},
                                   doc.definitionRangeOf(arg));
  });
  return out;
}

} // namespace memlint
