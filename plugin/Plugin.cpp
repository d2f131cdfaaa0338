//===- Plugin.cpp - MemlintPlugin.so: mlir-opt --load-pass-plugin ---------===//
//
// The entry point MLIR's PassPlugin looks up. The plugin links the same
// shared libMLIR/libLLVM as mlir-opt, so the passes see its context,
// dialects and interfaces.
//
//===----------------------------------------------------------------------===//
#include "memlint/memlint.h"

#include "memlint/Version.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MemlintPlugin", MEMLINT_VERSION,
          [] { memlint::registerPasses(); }};
}
