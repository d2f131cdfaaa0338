//===- FunctionSlice.h - The part of a module a function needs --*- C++ -*-===//
//
// Proving a fix re-parses and re-analyses the edited text, once per
// candidate edit. An edit inside one function changes only that function's
// analysis (and, through its summary, its callers', which the fix must not
// change anyway), and that analysis needs only the function and the ones it
// calls. So the candidates are tried on a slice: the module text with every
// other function blanked out (a PositionSlice: their lines are left empty).
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

/// The text of `doc` with the top-level functions that `fn` does not
/// reference (directly or through the functions it references) blanked:
/// their lines left empty. None when nothing would be blanked, or when a
/// function to blank shares a line with other code.
std::optional<std::string> sliceForFunction(Document &doc,
                                            mlir::FunctionOpInterface fn);

} // namespace memlint

#endif
