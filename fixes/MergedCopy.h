//===- MergedCopy.h - Merges proven on a copy of the function's IR -*- C++
//-*-===//
//
// A missed-reuse merge (MergeBuffers.h) edits the text so that the later
// allocation goes, every use of the later value names the earlier one, and
// the earlier buffer's free goes. On the IR that is: replace the later
// value by the earlier one and erase the two ops. Proving merges on a copy
// of the function so edited costs a copy and an analysis, where proving
// them on the edited window's text costs a parse (three quarters of the
// proof on a module of small functions) and the same analysis.
//
// The copy is analysed as the window would be: in a module of its own
// with the file's module attributes, the functions it references declared
// (their summaries preset), and names read from the file's values the
// copy's stand for, so its MergeProofState is the one the window's parse
// would give. Where that may not hold (a function that may be upstream's
// deallocation library, whose recognition builds IR; an op to erase whose
// results are used; types that differ; a reference to anything but a
// function), there is no copy and the merges are proven on text.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_MERGEDCOPY_H
#define MEMLINT_FIXES_MERGEDCOPY_H

#include "analysis/Document.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include "fixes/MergeBuffers.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include <memory>
#include <optional>

namespace memlint {

/// The merges of one top-level function `fn` of `doc` (whose module's
/// symbols are `file`), each group proven on a fresh copy of `fn`, analysed
/// with the callee summaries `summaries`. The module the copies are made
/// in (the window's declarations) is built once. Creates ops in `fn`'s
/// context: the caller uses it on several threads only where that context
/// allows.
class MergedCopies {
public:
  MergedCopies(mlir::FunctionOpInterface fn, mlir::SymbolTable &file,
               std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
               const Document &doc);
  ~MergedCopies();
  /// The MergeProofState of `fn` with the merges of `pairs` applied, each
  /// pair's later value replaced by its earlier one (through chains: `%c`
  /// reuses `%b`, which reuses `%a`, names `%a`). Nullopt where the merges
  /// are not made so (see the file comment).
  std::optional<MergeProofState> stateAfter(llvm::ArrayRef<MergePair> pairs);

private:
  mlir::FunctionOpInterface fn;
  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
  const Document &doc;
  /// The window's module; null where there is no copy to make.
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

} // namespace memlint

#endif
