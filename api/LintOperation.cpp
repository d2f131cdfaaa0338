//===- LintOperation.cpp - memlint::lintOperation -------------------------===//
//
// The API's lint: the same engine call as memlint-check, but the findings
// come back as values instead of diagnostics, each range turned back into
// the op location it was read from.
//
//===----------------------------------------------------------------------===//
#include "memlint/memlint.h"

#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/NestingDepth.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include <optional>

using namespace mlir;

namespace memlint {

static LintLocation describe(Location loc) {
  LintLocation out{loc, "", 0, 0};
  // A fused or call-site location may hold several; the analysis took the
  // first one too (AttachedDocument.cpp), so report the same place.
  std::optional<FileLineColLoc> first;
  loc->walk([&](Location l) {
    if (auto fl = dyn_cast<FileLineColLoc>(l)) {
      first = fl;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (first) {
    out.file = first->getFilename().str();
    out.line = first->getLine();
    out.column = first->getColumn();
  }
  return out;
}

FailureOr<std::vector<LintFinding>> lintOperation(Operation *op,
                                                  const LintOptions &opts) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module) {
    emitError(op->getLoc()) << "memlint::lintOperation wants a builtin.module, "
                               "not '"
                            << op->getName() << "'";
    return failure();
  }
  // On memlint's large stack, whatever the caller's thread has.
  std::unique_ptr<Document> doc;
  std::vector<Finding> findings;
  runWithLargeStack([&] {
    doc = Document::attach(module);
    findings = lintDocument(*doc, opts);
  });
  std::vector<LintFinding> out;
  for (const Finding &f : findings) {
    LintFinding lf{f.check,
                   f.severity,
                   f.message.str(),
                   describe(doc->locationOf(f.range)),
                   {}};
    for (const RelatedLocation &r : f.related)
      lf.notes.push_back({r.message.str(), describe(doc->locationOf(r.range))});
    out.push_back(std::move(lf));
  }
  return out;
}

} // namespace memlint
