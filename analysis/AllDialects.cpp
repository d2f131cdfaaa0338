//===- AllDialects.cpp - Every upstream dialect (the normal build) --------===//
#include "analysis/Dialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

namespace memlint {

void registerMemlintDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
}

bool hasAllUpstreamDialects() { return true; }

} // namespace memlint
