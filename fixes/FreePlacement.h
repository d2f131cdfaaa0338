//===- FreePlacement.h - Where a free can go, as text edits -----*- C++ -*-===//
//
// The IR side of fixing: of the program points where a buffer could be
// freed (ProgramPoints.h: before an op, at the end of a block whose
// terminator is implicit, in a new `else` region of an scf.if, or in a new
// block splitting a CFG edge), those that come after every use of the
// buffer, as the text edits that insert a free there (the edits on one
// op, removing a free among them, are OpEdits.h's). Whether a
// candidate is right is decided by re-running the lifetime analysis on the
// edited text (FixEngine.cpp); this file only proposes.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_FREEPLACEMENT_H
#define MEMLINT_FIXES_FREEPLACEMENT_H

#include "analysis/Document.h"
#include "analysis/Finding.h"
#include "fixes/DefinitionCut.h"
#include "fixes/OpEdits.h"
#include "fixes/ProgramPoints.h"
#include "fixes/RegionOrder.h"
#include "fixes/TextEdits.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// What freeInsertionCandidates asks of a function whatever the buffer,
/// found once for all its leaked buffers: each search finding them again
/// made N leaks in a function of N blocks cost N^2. Its program points,
/// its dominance, and the order of its body's blocks where it has many.
/// The function's IR must not change while the scope is used.
class PlacementScope {
public:
  PlacementScope(const SourceText &src, mlir::FunctionOpInterface fn)
      : src(src), fn(fn), dom(fn) {}

  const SourceText &source() const { return src; }
  mlir::FunctionOpInterface function() const { return fn; }
  const std::vector<ProgramPoint> &points();
  mlir::DominanceInfo &dominance() { return dom; }
  /// The order of the function body's blocks; null where it has one.
  RegionOrder *bodyOrder();
  /// Walks of the function body cut at a definition; null where it has
  /// one block.
  DefinitionCut *bodyCut();

private:
  const SourceText &src;
  mlir::FunctionOpInterface fn;
  mlir::DominanceInfo dom;
  std::optional<std::vector<ProgramPoint>> allPoints;
  std::optional<RegionOrder> order;
  std::optional<DefinitionCut> cut;
};

/// Candidate edit sets that each insert `freeOpName` of the buffer `v` (or
/// of a value it is forwarded to) at one program point of `fn`, in text
/// order. A point is proposed for a value when the value dominates it and
/// `exit` can follow it before any use of the value (or a view of it, or
/// of a value that is the buffer on every path: mustAliases) does; the
/// points where no use can follow, nor a free of the buffer
/// precede, come first (the others are right only on paths that cannot
/// be taken, which the re-analysis tells). Never inside a region, within
/// `v`'s own, of an op without RegionBranchOpInterface (`gpu.launch`, a
/// custom op's region): how often it runs is unknown. `guarded`: the free
/// goes under `scf.if` on an i1 in scope (then or else), for a buffer that
/// other paths free already (e.g. through an `arith.select`). At most
/// `maxCandidates`, the earliest. `freed`, when given, gets per candidate
/// the value its free names (`v` or a block argument `v` is forwarded to).
/// `guards`: the i1 values a guard tests first (those that decide the
/// leak), before the others in scope.
std::vector<std::vector<TextEdit>>
freeInsertionCandidates(PlacementScope &scope, mlir::Value v,
                        mlir::Operation *exit, llvm::StringRef freeOpName,
                        bool guarded = false, size_t maxCandidates = 16,
                        std::vector<mlir::Value> *freed = nullptr,
                        llvm::ArrayRef<mlir::Value> guards = {});

/// What freeInsertionCandidates has cost on this thread so far: the
/// program points it looked at for an operand, the ops the walks from the
/// buffer's frees went over (which places come after one), and those the
/// walks from each place went over (whether a use follows it). The tests'
/// work counter: a search per leaked buffer must not cost the whole
/// function each.
struct PlacementWork {
  uint64_t points = 0;
  uint64_t opsAfterFrees = 0;
  uint64_t opsAfterPlaces = 0;
};
PlacementWork &placementWork();

/// The first `count` block labels no block of `fn` has, in the order the
/// candidates above take them: each candidate that adds a block names it
/// with the first one.
std::vector<std::string> freshBlockLabels(const SourceText &src,
                                          mlir::FunctionOpInterface fn,
                                          unsigned count);

/// Candidate edit sets that each put the free `free` under an `scf.if` on
/// an i1 value in scope (then or else branch): for a free that is right on
/// some paths only.
std::vector<std::vector<TextEdit>>
guardFreeCandidates(const SourceText &src, mlir::FunctionOpInterface fn,
                    mlir::Operation *free);

} // namespace memlint

#endif
