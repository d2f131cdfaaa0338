//===- FunctionSlice.cpp - The part of a module one function needs --------===//
#include "fixes/FunctionSlice.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace memlint {

/// The ancestor of `op` that sits directly in the body of `top`.
static Operation *topLevelAncestor(Operation *op, Operation *top) {
  while (op && op->getParentOp() != top)
    op = op->getParentOp();
  return op;
}

/// Top-level ops that symbol references inside `op` name.
static void referencedTopLevel(Operation *op, SymbolTable &table,
                               llvm::SmallVectorImpl<Operation *> &out) {
  op->walk([&](Operation *inner) {
    for (NamedAttribute attr : inner->getAttrs())
      attr.getValue().walk([&](SymbolRefAttr ref) {
        if (Operation *target = table.lookup(ref.getRootReference()))
          out.push_back(target);
      });
  });
}

/// `func.func private @name(T...) -> (R...)`: what a caller's analysis
/// needs of a function whose summary is known.
static std::string declarationOf(func::FuncOp fn) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "func.func private ";
  SymbolRefAttr::get(fn.getContext(), fn.getName()).print(os);
  FunctionType type = fn.getFunctionType();
  os << "(";
  llvm::interleaveComma(type.getInputs(), os);
  os << ") -> (";
  llvm::interleaveComma(type.getResults(), os);
  os << ")";
  return out;
}

std::optional<std::string> sliceForFunction(Document &doc,
                                            FunctionOpInterface fn) {
  Operation *top = doc.module();
  Operation *start = topLevelAncestor(fn, top);
  if (!top || !start || top->getNumRegions() != 1 || top->getRegion(0).empty())
    return std::nullopt;
  // The function and what it references keep their text (a callee's body
  // tells how to free what it returns); what those reference in turn only
  // needs to exist: a func.func becomes a declaration (its summary is
  // known to the analysis, see ModuleLifetimes::useSummaries), any other
  // op stays whole, and then what it references is needed the same way.
  SymbolTable table(top);
  llvm::DenseSet<Operation *> whole{start}, declared;
  llvm::SmallVector<Operation *> refs;
  referencedTopLevel(start, table, refs);
  for (Operation *r : refs)
    whole.insert(r);
  llvm::SmallVector<Operation *> work(whole.begin(), whole.end());
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    llvm::SmallVector<Operation *> next;
    referencedTopLevel(op, table, next);
    for (Operation *t : next) {
      if (whole.count(t) || declared.count(t))
        continue;
      if (isa<func::FuncOp>(t)) {
        declared.insert(t);
        continue;
      }
      whole.insert(t);
      work.push_back(t);
    }
  }
  // Copy the text, leaving out the blanked ranges: their lines become
  // empty (a declaration, if any, takes the first), except that the part
  // of the last line a range covers becomes spaces, so whatever follows on
  // that line keeps its column.
  llvm::StringRef full = doc.text();
  std::string text;
  text.reserve(full.size());
  size_t copied = 0;
  bool blanked = false;
  for (Operation &op : top->getRegion(0).front()) {
    auto other = dyn_cast<FunctionOpInterface>(op);
    if (!other || other.isExternal() || whole.count(&op))
      continue;
    SourceRange r = doc.fullRangeOf(&op);
    if (!r.isValid())
      return std::nullopt;
    size_t b = doc.offsetOf(r.start), e = doc.offsetOf(r.end);
    if (b < copied || b >= e || e > full.size())
      return std::nullopt;
    text.append(full.data() + copied, b - copied);
    if (declared.count(&op))
      text += declarationOf(cast<func::FuncOp>(op));
    if (r.end.line == r.start.line) {
      if (!declared.count(&op))
        text.append(e - b, ' '); // a one-line function
    } else {
      text.append(r.end.line - r.start.line, '\n');
      text.append(r.end.column - 1, ' ');
    }
    copied = e;
    blanked = true;
  }
  if (!blanked)
    return std::nullopt;
  text.append(full.data() + copied, full.size() - copied);
  return text;
}

} // namespace memlint
