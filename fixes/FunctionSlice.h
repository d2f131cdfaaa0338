//===- FunctionSlice.h - The part of a module a function needs --*- C++ -*-===//
//
// Proving a fix re-parses and re-analyses the edited text, once per
// candidate edit. An edit inside one function changes only that function's
// analysis (and, through its summary, its callers', which the fix must not
// change anyway), and that analysis needs only the function and the ones it
// calls; of those, only their summaries (ModuleLifetimes::useSummaries).
// So the candidates are tried on a slice: the module text with every other
// function blanked out (a PositionSlice: their lines are left empty), and
// those it calls declared.
// Blanking keeps every line, and the column of everything kept, so
// positions (line:column), ranges and edits are the same in the slice and
// in the file; byte offsets are not.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_FUNCTIONSLICE_H
#define MEMLINT_FIXES_FUNCTIONSLICE_H

#include "analysis/Document.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include <optional>
#include <string>

namespace memlint {

/// The text of `doc` with every other top-level function blanked (its lines
/// left empty), and those `fn` references (directly, or through other ops
/// it references) declared on their first line. None when nothing would be
/// blanked, or when a function to blank shares a line with other code.
std::optional<std::string> sliceForFunction(Document &doc,
                                            mlir::FunctionOpInterface fn);

} // namespace memlint

#endif
