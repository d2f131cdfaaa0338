//===- CudaEmitter.h - Arena-planned IR lowered for CUDA --------*- C++ -*-===//
//
// `memlint emit --target=cuda` without the command line: the arena rewrite
// (ArenaRewrite.h), then the upstream GPU pipeline run in-process,
//
//   gpu-kernel-outlining          (only when the module has gpu.launch)
//   func.func(gpu-async-region)   (host-side gpu.alloc/dealloc need a stream)
//   gpu-lower-to-nvvm-pipeline{cubin-chip=sm_90 cubin-features=+ptx80
//                              cubin-format=isa}
//
// and, depending on the stage asked for, the translation to LLVM IR or the
// PTX the GPU modules were compiled to (with cubin-format=isa every
// `gpu.binary` object is PTX text). Nothing here needs a GPU or the CUDA
// toolkit: the PTX comes from LLVM's NVPTX back end.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_CUDA_CUDAEMITTER_H
#define MEMLINT_FIXES_CUDA_CUDAEMITTER_H

#include "codegen/ArenaRewrite.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <string>
#include <vector>

namespace memlint {

enum class EmitStage {
  Arena, // the arena-rewritten IR, before any lowering
  Mlir,  // the lowered module: LLVM dialect host code + gpu.binary
  Llvm,  // LLVM IR of that module
  Ptx,   // the PTX of every GPU module
};

struct CudaEmitOptions {
  EmitStage stage = EmitStage::Mlir;
  std::string chip = "sm_90";
  std::string features = "+ptx80";
  int optLevel = 2;
  /// False: lower the module as written (a baseline to compare with).
  bool rewriteArenas = true;
  /// Math in GPU code (math.exp, math.log, ...) lowers to calls into
  /// libdevice, the CUDA toolkit's bitcode library, which the serializer
  /// links in. The toolkit is `cudaPath`, else the first of $CUDA_ROOT,
  /// $CUDA_HOME, $CUDA_PATH and /usr/local/cuda that has
  /// nvvm/libdevice/libdevice.10.bc. Without one (or with useLibdevice
  /// false) those ops are expanded into MLIR's polynomial approximations
  /// first, so the PTX never calls out. Upstream's serializer reads the
  /// toolkit only from the environment, so emitCuda sets CUDA_ROOT for the
  /// process (to the toolkit, or to "" to keep it from looking).
  std::string cudaPath;
  bool useLibdevice = true;
  ArenaRewriteOptions arena;
};

struct CudaEmitResult {
  bool ok = false;
  /// The requested text (empty when !ok): LLVM IR or PTX.
  std::string output;
  /// For the MLIR stages (arena, mlir): prints the module, which stays
  /// with the Document. Printed straight to its stream, never held as a
  /// string: a 916 MB output held 1.1 GB beside the IR (helper-102).
  std::function<void(llvm::raw_ostream &)> print;
  /// Writes what was asked for: `print`, else `output`.
  void writeTo(llvm::raw_ostream &os) const {
    if (print)
      print(os);
    else
      os << output;
  }
  /// Why it failed: the failing pass's diagnostics, with locations.
  std::string error;
  /// Per group of allocations, what the arena rewrite did.
  std::vector<ArenaGroupStats> arenas;
  /// Number of gpu.binary objects the PTX came from (Ptx stage).
  unsigned ptxModules = 0;
  /// The libdevice linked in; empty when GPU math was approximated.
  std::string libdevice;
};

/// Rewrites `doc`'s module in place and lowers it. `doc` must be valid.
CudaEmitResult emitCuda(Document &doc, const CudaEmitOptions &opts);

} // namespace memlint

#endif
