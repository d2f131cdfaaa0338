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
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// The slices of one document's functions. What each slice needs of the
/// module (its symbols, the lines of every function) is read once, so that
/// a fix search over many functions costs a slice per function, not the
/// module per function. The document must outlive the slicer.
class FunctionSlicer {
public:
  explicit FunctionSlicer(Document &doc);
  ~FunctionSlicer();

  /// The text of the document with every other top-level function blanked
  /// (its lines left empty), and those `fn` references (directly, or
  /// through other ops it references) declared on their first line. None
  /// when nothing would be blanked, or when a function to blank shares a
  /// line with other code.
  std::optional<std::string> sliceFor(mlir::FunctionOpInterface fn);

  /// A window of the file for `fn`, parsed with Document::parse's
  /// `origin`: the line before the function holds the file's alias
  /// definitions, the module's header (when the file writes one) and the
  /// declarations of what `fn` calls,
  /// then come the function's own lines, then the module's `}`. Where code
  /// comes before the function on its first line (minified IR), the window
  /// holds that line from the function on (the origin shifts its columns),
  /// and where that line is the file's first, the header goes before the
  /// function on it, in place of the code it leaves out. Its cost is the
  /// function's, not the file's, where sliceFor's is the file's lines.
  /// None where `fn` references anything but functions, starts on the
  /// file's first line at column 1, or on that line with fewer columns
  /// before it than the header takes. Several threads may ask at once (it
  /// only reads the document and the IR).
  struct Window {
    std::string text;
    TextOrigin origin;
  };
  std::optional<Window> windowFor(mlir::FunctionOpInterface fn);

  /// The module's symbol table (null when the document has no module
  /// body).
  mlir::SymbolTable *symbols() { return table.get(); }

private:
  struct Function;
  Document &doc;
  std::unique_ptr<mlir::SymbolTable> table;
  /// Top-level functions with bodies, in order; their lines once asked.

  std::vector<Function> functions;
  /// The file's alias definitions on one line, once a window asked.
  std::string aliases;
  std::once_flag aliasesRead;
};

} // namespace memlint

#endif
