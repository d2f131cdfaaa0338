//===- ProgramPoints.h - Where a statement can go in a function -*- C++ -*-===//
//
// Where a statement (a free, or a free under an scf.if) can be inserted
// into a function as written: before an op, at the end of a block whose
// terminator is implicit, in a new `else` region of an scf.if, inside an
// scf.if region written empty, or in a new block splitting a CFG edge; and
// the text edits that insert it there without touching anything else on
// the line. Which point is right for a free is FreePlacement's question.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_PROGRAMPOINTS_H
#define MEMLINT_FIXES_PROGRAMPOINTS_H

#include "fixes/SourceText.h"
#include "fixes/TextEdits.h"
#include "mlir/IR/Block.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlint {

struct ProgramPoint {
  enum Kind {
    BeforeOp,    // before `op`, a written op
    EndOfBlock,  // before `op`, an implicit terminator
    ElseOf,      // a new else region of the scf.if `op`
    EmptyRegion, // inside region `index` of the scf.if or scf.index_switch
                 // `op`, written empty
    Edge,        // a new block on the edge to successor `index` of `op`
  } kind;
  mlir::Operation *op;
  unsigned index = 0;
  size_t order = 0; // text offset, for sorting

  /// An op of the IR where the statement would run (for dominance, and
  /// whether control can come here after an op: a new else region runs
  /// where its scf.if does, a new block on an edge where its branch does).
  mlir::Operation *anchor() const;
  /// Where control goes on after the inserted statement.
  std::pair<mlir::Block *, mlir::Block::iterator> continuation() const;
};

/// The points of `fn`'s text, in text order.
std::vector<ProgramPoint> programPoints(const SourceText &src,
                                        mlir::FunctionOpInterface fn);

/// The edits that insert `stmt` at `pt`, if its text allows.
std::optional<std::vector<TextEdit>> renderAt(const SourceText &src,
                                              const ProgramPoint &pt,
                                              const std::string &stmt);

/// The first `count` block labels no block of `scope` has (a label names a
/// block only within its region, so the function holding the edit is
/// enough; a null scope: the whole document).
std::vector<std::string> labelsNotTaken(const SourceText &src,
                                        mlir::Operation *scope, unsigned count);

} // namespace memlint

#endif
