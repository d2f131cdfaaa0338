//===- Dialects.h - The dialects memlint parses with ----------------------===//
//
// One function, two builds. The normal build (AllDialects.cpp) registers
// every upstream dialect with every extension and external interface model,
// as mlir-opt does. The self-contained package build (cmake
// -DMEMLINT_STATIC=ON, PackageDialects.cpp) registers the dialects of
// memref-level IR with the interface models their passes need: every
// dialect linked in is code in the binary, and all of them would make it
// several times larger. Ops of other dialects still parse in the generic
// form (unregistered dialects are allowed), not in their custom syntax.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_DIALECTS_H
#define MEMLINT_ANALYSIS_DIALECTS_H

namespace mlir {
class DialectRegistry;
}

namespace memlint {

void registerMemlintDialects(mlir::DialectRegistry &registry);

/// True in the normal build, false in the package build (a subset).
bool hasAllUpstreamDialects();

} // namespace memlint

#endif
