//===- PackagePasses.cpp - The package build's bisect passes --------------===//
//
// MEMLINT_STATIC: every upstream pass would link nearly all of MLIR (about
// 120 MB more). These are the passes of the pipelines that make and change
// buffer-level IR: the generic ones (canonicalize, cse, inline, ...),
// bufferization's (one-shot-bufferize, ownership-based-buffer-deallocation,
// buffer-deallocation-simplification, the buffer-deallocation-pipeline, ...),
// memref's (expand-realloc, expand-strided-metadata, ...), func's, scf's,
// affine's, linalg's and gpu's (NVVM its only target), and the lowerings of
// scf and affine to control flow.
//
//===----------------------------------------------------------------------===//
#include "cli/BisectPasses.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

namespace memlint {

void registerBisectPasses() {
  mlir::registerTransformsPasses();
  mlir::bufferization::registerBufferizationPasses();
  mlir::bufferization::registerBufferizationPipelines();
  mlir::memref::registerMemRefPasses();
  mlir::func::registerFuncPasses();
  mlir::registerSCFPasses();
  mlir::affine::registerAffinePasses();
  mlir::registerLinalgPasses();
  // gpu's, but for the ROCDL, SPIR-V and XeVM targets (their dialects are
  // not in this build: 6 MB).
  mlir::registerGpuAsyncRegionPass();
  mlir::registerGpuDecomposeMemrefsPass();
  mlir::registerGpuEliminateBarriers();
  mlir::registerGpuKernelOutliningPass();
  mlir::registerGpuLaunchSinkIndexComputationsPass();
  mlir::registerGpuMapParallelLoopsPass();
  mlir::registerGpuModuleToBinaryPass();
  mlir::registerGpuNVVMAttachTarget();
  mlir::registerSCFToControlFlowPass();
  mlir::registerLowerAffinePass();
}

bool bisectCanLoadPlugins() { return false; }

} // namespace memlint
