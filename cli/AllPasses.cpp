//===- AllPasses.cpp - Every upstream pass (the normal build) -------------===//
#include "cli/BisectPasses.h"

#include "mlir/InitAllPasses.h"

namespace memlint {

void registerBisectPasses() { mlir::registerAllPasses(); }

bool bisectCanLoadPlugins() { return true; }

} // namespace memlint
