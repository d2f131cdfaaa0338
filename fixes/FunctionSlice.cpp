//===- FunctionSlice.cpp - The part of a module one function needs --------===//
#include "fixes/FunctionSlice.h"

#include "analysis/PositionSlice.h"

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

namespace {
/// The text a slice blanks for an op: file[begin, end), the op's own text
/// starting at `opStart`. Whole lines (`end` one past the last newline)
/// where the op has its lines to itself (blanks and a trailing comment
/// aside); otherwise, when it shares them (minified IR), the op's text
/// alone (`sharesLines`).
struct OwnLines {
  size_t begin, opStart, end;
  bool sharesLines = false;
};
} // namespace

/// The text of `op` to blank, as OwnLines says.
static std::optional<OwnLines> ownLines(Document &doc, Operation *op) {
  SourceRange r = doc.fullRangeOf(op);
  llvm::StringRef full = doc.text();
  if (!r.isValid())
    return std::nullopt;
  size_t b = doc.offsetOf(r.start), e = doc.offsetOf(r.end);
  if (b >= e || e > full.size())
    return std::nullopt;
  // By the line starts, not by scanning: minified IR's one line is
  // megabytes, and this is asked for each of its functions.
  llvm::ArrayRef<size_t> starts = doc.lineStartOffsets();
  size_t lineBegin = *std::prev(llvm::upper_bound(starts, b));
  auto next = llvm::upper_bound(starts, e);
  size_t lineEnd = next == starts.end() ? full.size() : *next - 1;
  llvm::StringRef before = full.slice(lineBegin, b);
  llvm::StringRef after = full.slice(e, lineEnd).ltrim(" \t\r");
  if (!before.ltrim(" \t").empty() ||
      !(after.empty() || after.starts_with("//")))
    return OwnLines{b, b, e, /*sharesLines=*/true};
  return OwnLines{lineBegin, b, std::min(lineEnd + 1, full.size())};
}

struct FunctionSlicer::Function {
  Operation *op;
  bool linesKnown = false;
  std::optional<OwnLines> lines;
};

FunctionSlicer::FunctionSlicer(Document &doc) : doc(doc) {
  Operation *top = doc.module();
  if (!top || top->getNumRegions() != 1 || top->getRegion(0).empty())
    return;
  table = std::make_unique<SymbolTable>(top);
  for (Operation &op : top->getRegion(0).front())
    if (auto fn = dyn_cast<FunctionOpInterface>(op); fn && !fn.isExternal())
      functions.push_back({&op});
}

FunctionSlicer::~FunctionSlicer() = default;

std::optional<std::string> FunctionSlicer::sliceFor(FunctionOpInterface fn) {
  Operation *top = doc.module();
  Operation *start = topLevelAncestor(fn, top);
  if (!table || !start)
    return std::nullopt;
  // The function keeps its text; what it references only needs to exist: a
  // func.func becomes a declaration (its summary is known to the analysis,
  // see ModuleLifetimes::useSummaries; the fix search reads how to free
  // what it returns from the file), any other op stays whole, and then
  // what that references is needed the same way. Each candidate edit
  // parses the slice, so a callee's body would cost it as much as the
  // function's own.
  llvm::DenseSet<Operation *> whole{start}, declared;
  llvm::SmallVector<Operation *> work{start};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    llvm::SmallVector<Operation *> next;
    referencedTopLevel(op, *table, next);
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
  // Every other function's lines are blanked (a declaration, if any, at
  // the column its text started); the rest is kept.
  llvm::StringRef full = doc.text();
  PositionSlicer slicer(full, doc.lineStartOffsets());
  size_t kept = 0; // the file before this is kept or blanked
  bool blanked = false;
  for (Function &f : functions) {
    if (whole.count(f.op))
      continue;
    if (!f.linesKnown) {
      f.lines = ownLines(doc, f.op);
      f.linesKnown = true;
    }
    if (!f.lines || f.lines->begin < kept)
      return std::nullopt;
    slicer.keep(kept, f.lines->begin);
    if (declared.count(f.op)) {
      // Where the function shares its line, its declaration must fit in
      // its text (it may not: types the function writes by alias).
      std::string declaration = declarationOf(cast<func::FuncOp>(f.op));
      if (f.lines->sharesLines &&
          declaration.size() > f.lines->end - f.lines->opStart)
        return std::nullopt;
      slicer.stub(f.lines->opStart, std::move(declaration));
    }
    kept = f.lines->end;
    blanked = true;
  }
  if (!blanked)
    return std::nullopt;
  slicer.keep(kept, full.size());
  return slicer.build(/*allLines=*/true).text;
}

std::optional<FunctionSlicer::Window>
FunctionSlicer::windowFor(FunctionOpInterface fn) {
  Operation *top = doc.module();
  if (!table || !fn || fn->getParentOp() != top)
    return std::nullopt;
  // Only functions referenced, and those only declared.
  std::string declarations;
  bool onlyFunctions = true;
  llvm::SmallVector<Operation *> refs;
  referencedTopLevel(fn, *table, refs);
  llvm::DenseSet<Operation *> seen;
  for (Operation *target : refs) {
    if (target == fn.getOperation() || !seen.insert(target).second)
      continue;
    if (auto callee = dyn_cast<func::FuncOp>(target))
      declarations += " " + declarationOf(callee);
    else
      onlyFunctions = false;
  }
  std::optional<OwnLines> lines = ownLines(doc, fn);
  if (!onlyFunctions || !lines || lines->begin == 0)
    return std::nullopt;
  // The module's header, when the file writes one (else the parser wraps
  // the window's ops in a module of its own, as it did the file's).
  std::string header, footer;
  if (doc.opDef(top)) {
    llvm::raw_string_ostream os(header);
    os << "module";
    if (auto name = cast<ModuleOp>(top).getSymName())
      os << " @" << *name;
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute a : top->getAttrs())
      if (a.getName() != SymbolTable::getSymbolAttrName())
        attrs.push_back(a);
    if (!attrs.empty())
      os << " attributes " << DictionaryAttr::get(top->getContext(), attrs);
    os << " {";
    footer = "}\n";
  }
  // The file's aliases first, each written out on the one line (the
  // function may use any of them); printed once per slicer.
  std::call_once(aliasesRead, [&] {
    for (const std::string &alias : doc.aliasDefinitions())
      aliases += alias + " ";
  });
  std::string line = aliases + header + declarations;
  if (line.find('\n') != std::string::npos)
    return std::nullopt;
  llvm::StringRef full = doc.text();
  // Where the window's text starts, in the file's lines and columns (the
  // document may itself be a window of the file, its first function line
  // shifted): the columns of that line the window leaves out are none
  // where the function has its lines to itself.
  SourcePos start = doc.posAtOffset(lines->begin);
  unsigned fileLine = start.line;
  size_t columnsBefore = start.column - 1;
  Window w;
  if (fileLine > 1) {
    // The header line is the file's line just before the function's first.
    w.text = line + "\n";
    w.origin = TextOrigin::afterLines(fileLine - 2);
    if (columnsBefore > 0) {
      w.origin.shiftedLine = 2;
      w.origin.columnsBefore = columnsBefore;
    }
  } else {
    // Before the function on the file's first line: the header in place
    // of what that line has there, where it fits.
    if (line.size() + 1 > columnsBefore)
      return std::nullopt;
    w.text = line + " ";
    w.origin = {/*linesBefore=*/0, /*shiftedLine=*/1,
                static_cast<unsigned>(columnsBefore - line.size() - 1)};
  }
  w.text += full.slice(lines->begin, lines->end).str();
  if (!w.text.empty() && w.text.back() != '\n') {
    // Cut where the next function starts: the line ends as the file's
    // does (an edit on it writes the line endings it sees).
    auto next = llvm::upper_bound(doc.lineStartOffsets(), lines->end);
    size_t eol = next == doc.lineStartOffsets().end() ? 0 : *next - 1;
    w.text += eol > 0 && full[eol - 1] == '\r' ? "\r\n" : "\n";
  }
  w.text += footer;
  return w;
}

} // namespace memlint
