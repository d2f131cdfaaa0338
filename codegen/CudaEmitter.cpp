//===- CudaEmitter.cpp - Arena-planned IR lowered for CUDA ----------------===//
#include "codegen/CudaEmitter.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdlib>
#include <set>

using namespace mlir;

namespace memlint {

namespace {

/// What the pipeline and the translation need beyond the dialects every
/// Document has: the NVVM target attribute's serializer and the
/// translations of the host and device dialects to LLVM IR.
void registerCudaExtensions(MLIRContext &ctx) {
  DialectRegistry registry;
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  ctx.appendDialectRegistry(registry);
}

/// `file:line:col` where the location has one, else MLIR's own spelling.
std::string formatLocation(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fl = loc->findInstanceOf<FileLineColLoc>())
    os << fl.getFilename().getValue() << ":" << fl.getLine() << ":"
       << fl.getColumn();
  else
    os << loc;
  return text;
}

/// Collects error diagnostics (with their notes) as `loc: error: message`.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &diag) {
          if (diag.getSeverity() != DiagnosticSeverity::Error)
            return success();
          std::string one;
          llvm::raw_string_ostream os(one);
          os << formatLocation(diag.getLocation()) << ": error: " << diag
             << "\n";
          for (Diagnostic &note : diag.getNotes())
            os << formatLocation(note.getLocation()) << ": note: " << note
               << "\n";
          // Conversion patterns repeat themselves; say each thing once.
          if (seen.insert(one).second)
            text += one;
          return success();
        }) {}
  std::string take(const std::string &fallback) {
    return text.empty() ? fallback + "\n" : std::move(text);
  }

private:
  std::string text;
  std::set<std::string> seen;
  ScopedDiagnosticHandler handler;
};

/// gpu-kernel-outlining gives every gpu.launch a gpu.module of its own;
/// this moves the outlined kernels (modules created by the outlining that
/// hold a single gpu.func and nothing else) into one gpu.module, each named
/// after the module it came from, so the program loads one GPU module and
/// `--emit=ptx` prints one PTX file. Launches are re-pointed.
void mergeOutlinedKernels(ModuleOp module,
                          const llvm::DenseSet<Operation *> &existing) {
  SmallVector<gpu::GPUModuleOp> outlined;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    if (existing.contains(gpuModule) ||
        !llvm::hasSingleElement(gpuModule.getBody()->getOperations()) ||
        !isa<gpu::GPUFuncOp>(gpuModule.getBody()->front()))
      continue;
    outlined.push_back(gpuModule);
  }
  if (outlined.size() < 2)
    return;
  OpBuilder builder(module.getContext());
  auto merged = gpu::GPUModuleOp::create(builder, outlined.front().getLoc(),
                                         "memlint_kernels");
  merged->setAttrs(outlined.front()->getAttrDictionary());
  merged.setName("memlint_kernels");
  SymbolTable table(module);
  table.insert(merged, Block::iterator(outlined.front()));
  StringAttr mergedName = merged.getNameAttr();

  llvm::DenseMap<Attribute, SymbolRefAttr> renamed;
  for (gpu::GPUModuleOp gpuModule : outlined) {
    auto kernel = cast<gpu::GPUFuncOp>(gpuModule.getBody()->front());
    SymbolRefAttr from =
        SymbolRefAttr::get(gpuModule.getNameAttr(),
                           {FlatSymbolRefAttr::get(kernel.getNameAttr())});
    StringAttr newName = gpuModule.getNameAttr();
    renamed[from] =
        SymbolRefAttr::get(mergedName, {FlatSymbolRefAttr::get(newName)});
    kernel->moveBefore(merged.getBody(), merged.getBody()->end());
    kernel.setName(newName);
    table.erase(gpuModule);
  }
  module.walk([&](gpu::LaunchFuncOp launch) {
    auto it = renamed.find(launch.getKernelAttr());
    if (it != renamed.end())
      launch.setKernelAttr(it->second);
  });
}

LogicalResult outline(ModuleOp module) {
  bool hasLaunch = false;
  module.walk([&](gpu::LaunchOp) {
    hasLaunch = true;
    return WalkResult::interrupt();
  });
  if (!hasLaunch)
    return success();
  llvm::DenseSet<Operation *> existing;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    existing.insert(gpuModule);
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(createGpuKernelOutliningPass());
  if (failed(pm.run(module)))
    return failure();
  mergeOutlinedKernels(module, existing);
  return verify(module);
}

void buildPipeline(PassManager &pm, const CudaEmitOptions &opts) {
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  // Structured control flow to branches before upstream's pipeline does it:
  // with rollback allowed, the conversion keeps every block split and op
  // moved, and lowering N sequential `scf.if`s moves the rest of the block
  // N times (quadratic memory: 4,800 of them took 0.9 GB in mlir-opt's
  // -convert-scf-to-cf, 20,000 took 16 GB here). Its patterns never fail
  // after changing the IR, so nothing needs rolling back; the pipeline's
  // own pass then finds only what later passes create (vector transfers).
  SCFToControlFlowPassOptions scfToCf;
  scfToCf.allowPatternRollback = false;
  pm.addPass(createSCFToControlFlowPass(scfToCf));
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = opts.chip;
  nvvm.cubinFeatures = opts.features;
  nvvm.cubinFormat = "isa";
  nvvm.optLevel = opts.optLevel;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

/// The pipeline converts what it can and leaves the rest (a memory space
/// the NVVM type converter does not know, an unregistered op); the host
/// module must be LLVM dialect, gpu.binary and gpu.launch_func only, or the
/// translation fails later with a less helpful message.
LogicalResult checkFullyLowered(ModuleOp module) {
  SmallVector<Operation *> left;
  module.walk([&](Operation *op) {
    if (op == module.getOperation() ||
        isa<gpu::BinaryOp, gpu::LaunchFuncOp>(op) ||
        (op->getDialect() && op->getDialect()->getNamespace() == "llvm"))
      return;
    left.push_back(op);
  });
  if (left.empty())
    return success();
  // Name the first op that is not a cast the conversions left behind.
  auto culprit = llvm::find_if(
      left, [](Operation *op) { return !isa<UnrealizedConversionCastOp>(op); });
  Operation *op = culprit != left.end() ? *culprit : left.front();
  InFlightDiagnostic diag = op->emitError()
                            << "'" << op->getName()
                            << "' is left after the GPU lowering pipeline: "
                               "it has no lowering to the LLVM dialect here";
  if (left.size() > 1)
    diag << " (" << left.size() - 1 << " more unlowered ops)";
  return failure();
}

/// The pipeline lowers one host module: a `builtin.module` nested in it
/// would be left unlowered (checkFullyLowered), and some of upstream's
/// passes look up the data layout through every enclosing op, for each op
/// (10,000 nested modules: 11 s before failing). Refused before it runs.
LogicalResult refuseNestedModules(ModuleOp module) {
  ModuleOp nested;
  module.getBody()->walk<WalkOrder::PreOrder>([&](ModuleOp inner) {
    nested = inner;
    return WalkResult::interrupt();
  });
  if (!nested)
    return success();
  nested.emitError() << "'builtin.module' nested in the module has no "
                        "lowering for the CUDA backend here: emit its "
                        "contents as a file of their own";
  return failure();
}

/// libdevice of the toolkit `cudaPath` or, when that is empty, of the first
/// of $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH and /usr/local/cuda that has one.
std::string findLibdevice(const std::string &cudaPath) {
  SmallVector<std::string> candidates;
  if (!cudaPath.empty()) {
    candidates.push_back(cudaPath);
  } else {
    for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
      if (const char *value = std::getenv(var); value && *value)
        candidates.push_back(value);
    candidates.push_back("/usr/local/cuda");
  }
  for (const std::string &dir : candidates) {
    SmallString<256> path(dir);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::is_regular_file(path))
      return std::string(path);
  }
  return "";
}

/// Points upstream's serializer at the toolkit of `libdevice`, or at none.
void setToolkitForSerializer(llvm::StringRef libdevice) {
  // <toolkit>/nvvm/libdevice/libdevice.10.bc
  std::string toolkit = libdevice.empty()
                            ? std::string()
                            : llvm::sys::path::parent_path(
                                  llvm::sys::path::parent_path(
                                      llvm::sys::path::parent_path(libdevice)))
                                  .str();
  ::setenv("CUDA_ROOT", toolkit.c_str(), /*overwrite=*/1);
}

/// math.floor/ceil/trunc/absf/copysign on a scalar float, in arith ops.
/// Rounding: below 2^(mantissa bits) in magnitude, convert to an integer
/// and back (that truncates), then step down (floor) or up (ceil) when the
/// truncation went the wrong way; at or above it (and for NaN and
/// infinities) the value is already integral and is returned as it is.
/// The sign ops work on the bits.
Value expandRoundingOrSign(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  auto type = cast<FloatType>(x.getType());
  unsigned width = type.getWidth();
  auto intType = b.getIntegerType(width);
  auto bits = [&](Value f) {
    return arith::BitcastOp::create(b, loc, intType, f).getResult();
  };
  auto fromBits = [&](Value i) {
    return arith::BitcastOp::create(b, loc, type, i).getResult();
  };
  APInt signMask = APInt::getSignMask(width);
  Value sign =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(intType, signMask));
  Value magnitudeMask =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(intType, ~signMask));
  if (isa<math::AbsFOp>(op))
    return fromBits(arith::AndIOp::create(b, loc, bits(x), magnitudeMask));
  if (isa<math::CopySignOp>(op)) {
    Value magnitude = arith::AndIOp::create(b, loc, bits(x), magnitudeMask);
    Value signOf = arith::AndIOp::create(b, loc, bits(op->getOperand(1)), sign);
    return fromBits(arith::OrIOp::create(b, loc, magnitude, signOf));
  }
  // 2^(mantissa bits): every float at least this large is an integer.
  double limit = std::ldexp(1.0, type.getFPMantissaWidth() - 1);
  Value big = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, limit));
  Value absX = fromBits(arith::AndIOp::create(b, loc, bits(x), magnitudeMask));
  Value small =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, absX, big);
  Value truncated = arith::SIToFPOp::create(
      b, loc, type, arith::FPToSIOp::create(b, loc, intType, x));
  // Keep the sign of zero: trunc(-0.5) is -0.0.
  Value signOfX = arith::AndIOp::create(b, loc, bits(x), sign);
  truncated = fromBits(arith::OrIOp::create(b, loc, bits(truncated), signOfX));
  Value rounded = truncated;
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 1.0));
  if (isa<math::FloorOp>(op)) {
    Value tooBig =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, truncated, x);
    rounded = arith::SelectOp::create(
        b, loc, tooBig, arith::SubFOp::create(b, loc, truncated, one),
        truncated);
  } else if (isa<math::CeilOp>(op)) {
    Value tooSmall =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, truncated, x);
    rounded = arith::SelectOp::create(
        b, loc, tooSmall, arith::AddFOp::create(b, loc, truncated, one),
        truncated);
  }
  return arith::SelectOp::create(b, loc, small, rounded, x);
}

/// math.sqrt as PTX's correctly rounded sqrt.rn (an NVVM intrinsic the
/// lowering leaves alone), math.rsqrt as 1 / that.
Value sqrtOnDevice(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  Type type = x.getType();
  Value root = LLVM::CallIntrinsicOp::create(
                   b, loc, type,
                   b.getStringAttr(type.isF32() ? "llvm.nvvm.sqrt.rn.f"
                                                : "llvm.nvvm.sqrt.rn.d"),
                   ValueRange{x})
                   .getResult(0);
  if (isa<math::SqrtOp>(op))
    return root;
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 1.0));
  return arith::DivFOp::create(b, loc, one, root);
}

/// Expands math ops in GPU code (gpu.launch bodies, gpu.module contents)
/// into polynomial approximations built of arith ops.
LogicalResult approximateDeviceMath(ModuleOp module) {
  module.getContext()->loadDialect<LLVM::LLVMDialect>();
  RewritePatternSet patterns(module.getContext());
  populateMathF32ExpansionPatterns(patterns, [](StringRef) { return true; });
  populateMathPolynomialApproximationPatterns(patterns,
                                              [](StringRef) { return true; });
  FrozenRewritePatternSet frozen(std::move(patterns));
  SmallVector<Region *> regions;
  module.walk([&](Operation *op) {
    if (isa<gpu::LaunchOp, gpu::GPUModuleOp>(op))
      for (Region &region : op->getRegions())
        regions.push_back(&region);
  });
  for (Region *region : regions)
    if (failed(applyPatternsGreedily(*region, frozen)))
      return failure();
  // The approximations are built on math.fma, math.floor and friends,
  // which the NVVM lowering turns into libdevice calls again (their LLVM
  // intrinsics too, except fma). So: fma becomes LLVM's intrinsic, the
  // others exact arith sequences.
  SmallVector<Operation *> left;
  for (Region *region : regions)
    region->walk([&](Operation *op) {
      if (isa<math::FmaOp, math::FloorOp, math::CeilOp, math::TruncOp,
              math::AbsFOp, math::CopySignOp>(op) &&
          isa<FloatType>(op->getResult(0).getType()))
        left.push_back(op);
      if (isa<math::SqrtOp, math::RsqrtOp>(op) &&
          (op->getResult(0).getType().isF32() ||
           op->getResult(0).getType().isF64()))
        left.push_back(op);
    });
  for (Operation *op : left) {
    OpBuilder builder(op);
    Value v;
    if (auto fma = dyn_cast<math::FmaOp>(op))
      v = LLVM::FMAOp::create(builder, op->getLoc(), fma.getA(), fma.getB(),
                              fma.getC());
    else if (isa<math::SqrtOp, math::RsqrtOp>(op))
      v = sqrtOnDevice(builder, op);
    else
      v = expandRoundingOrSign(builder, op);
    op->getResult(0).replaceAllUsesWith(v);
    op->erase();
  }
  return success();
}

/// PTX that declares a libdevice function it was not linked with cannot be
/// loaded; say so instead of handing it out.
LogicalResult checkNoLibdeviceCalls(ModuleOp module) {
  WalkResult walk = module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
        continue;
      StringRef ptx = object.getObject().getValue();
      size_t at = ptx.find(".extern .func");
      if (at == StringRef::npos)
        continue;
      size_t name = ptx.find("__nv_", at);
      StringRef callee = name == StringRef::npos
                             ? StringRef("an external function")
                             : ptx.substr(name).take_until([](char c) {
                                 return c == '(' || llvm::isSpace(c);
                               });
      binary.emitError() << "the GPU code calls " << callee
                         << ", which is not linked in: give the CUDA toolkit "
                            "(--cuda-path) for libdevice";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

std::function<void(llvm::raw_ostream &)> printModule(ModuleOp module) {
  return [module](llvm::raw_ostream &os) {
    module->print(os);
    os << "\n";
  };
}

} // namespace

CudaEmitResult emitCuda(Document &doc, const CudaEmitOptions &opts) {
  CudaEmitResult result;
  if (!doc.isValid()) {
    result.error = "the input does not parse or verify\n";
    return result;
  }
  MLIRContext &ctx = doc.context();
  registerCudaExtensions(ctx);
  DiagnosticCollector diags(ctx);
  ModuleOp module = doc.module();

  if (opts.rewriteArenas)
    result.arenas = rewriteIntoArenas(doc, opts.arena);
  if (failed(verify(module))) {
    result.error = diags.take("the arena rewrite produced invalid IR");
    return result;
  }
  if (opts.stage == EmitStage::Arena) {
    result.print = printModule(module);
    result.ok = true;
    return result;
  }

  if (opts.useLibdevice)
    result.libdevice = findLibdevice(opts.cudaPath);
  if (!opts.cudaPath.empty() && opts.useLibdevice && result.libdevice.empty()) {
    result.error = "memlint emit: no nvvm/libdevice/libdevice.10.bc under " +
                   opts.cudaPath + "\n";
    return result;
  }
  setToolkitForSerializer(result.libdevice);
  if (result.libdevice.empty() && failed(approximateDeviceMath(module))) {
    result.error = diags.take("expanding GPU math into approximations failed");
    return result;
  }

  PassManager pm(&ctx, ModuleOp::getOperationName());
  buildPipeline(pm, opts);
  if (failed(refuseNestedModules(module)) || failed(outline(module)) ||
      failed(pm.run(module)) || failed(checkFullyLowered(module)) ||
      failed(checkNoLibdeviceCalls(module))) {
    result.error = diags.take("the GPU lowering pipeline failed");
    return result;
  }

  switch (opts.stage) {
  case EmitStage::Arena:
  case EmitStage::Mlir:
    result.print = printModule(module);
    break;
  case EmitStage::Llvm: {
    llvm::LLVMContext llvmContext;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(module, llvmContext, doc.fileName());
    if (!llvmModule) {
      result.error = diags.take("the translation to LLVM IR failed");
      return result;
    }
    llvm::raw_string_ostream os(result.output);
    llvmModule->print(os, nullptr);
    break;
  }
  case EmitStage::Ptx: {
    llvm::raw_string_ostream os(result.output);
    module.walk([&](gpu::BinaryOp binary) {
      for (Attribute attr : binary.getObjects()) {
        auto object = dyn_cast<gpu::ObjectAttr>(attr);
        if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
          continue;
        if (result.ptxModules++)
          os << "\n";
        os << object.getObject().getValue();
      }
    });
    break;
  }
  }
  result.ok = true;
  return result;
}

} // namespace memlint
