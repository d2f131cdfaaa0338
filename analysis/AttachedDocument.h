//===- AttachedDocument.h - What a view of in-memory IR keeps ---*- C++ -*-===//
//
// Private to analysis/: the state behind Document::attach (a module that
// lives in a pass pipeline, with no text and no parser state).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_ATTACHEDDOCUMENT_H
#define MEMLINT_ANALYSIS_ATTACHEDDOCUMENT_H

#include "analysis/Document.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Location.h"
#include <map>
#include <memory>
#include <mutex>

namespace memlint {

struct Document::Attached {
  std::shared_ptr<const LocationRanges> origin;
  /// Checks run on several threads; the members below fill lazily.
  mutable std::mutex lock;
  /// The printer's names of the module's values, built on first use.
  std::unique_ptr<mlir::AsmState> names;
  /// Where each range handed out came from, by its start (line, column).
  std::map<LocationRanges::Key, mlir::Location> locations;
};

} // namespace memlint

#endif
