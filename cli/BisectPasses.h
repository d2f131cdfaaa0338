//===- BisectPasses.h - The passes memlint bisect knows -------------------===//
//
// The normal build (AllPasses.cpp): every upstream pass, as mlir-opt. The
// package build (cmake -DMEMLINT_STATIC=ON, PackagePasses.cpp): the passes
// of buffer-level pipelines only (see there), and no pass plugins: a plugin
// links the shared libMLIR, which that binary does not use.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_CLI_BISECTPASSES_H
#define MEMLINT_CLI_BISECTPASSES_H

namespace memlint {

/// Registers the upstream passes `bisect` pipelines may name.
void registerBisectPasses();

/// Whether --load-pass-plugin can work in this build.
bool bisectCanLoadPlugins();

} // namespace memlint

#endif
