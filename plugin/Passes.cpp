//===- Passes.cpp - memlint-check and memlint-arena -----------------------===//
//
// Both passes read the module through Document::attach: no text, ranges
// from op locations, the printer's value names. memlint-check turns each
// finding back into a diagnostic at the location its range came from, so
// `mlir-opt -verify-diagnostics` sees what `memlint lint` prints.
//
//===----------------------------------------------------------------------===//
#include "memlint/memlint.h"

#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/NestingDepth.h"
#include "codegen/ArenaRewrite.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MathExtras.h"
#include <mutex>

using namespace mlir;

namespace memlint {
namespace {

struct CheckPass : PassWrapper<CheckPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckPass)

  CheckPass() = default;
  CheckPass(const CheckPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override { return "memlint-check"; }
  StringRef getDescription() const override {
    return "Report memlint's buffer-lifetime findings as diagnostics";
  }

  Option<std::string> checks{
      *this, "checks",
      llvm::cl::desc("Checks to run, as memlint's --checks (default all)"),
      llvm::cl::init("all")};
  Option<std::string> failOn{
      *this, "fail-on",
      llvm::cl::desc("Fail the pass on findings of this severity or worse: "
                     "error, warning or never"),
      llvm::cl::init("error")};

  ListOption<std::string> allocators{
      *this, "allocators",
      llvm::cl::desc("Body-less functions whose memref results the caller "
                     "owns, as glob patterns (memlint's \"allocators\" "
                     "config; '*' for upstream's function-boundary "
                     "convention)")};

  void runOnOperation() override {
    LintOptions opts;
    opts.threads = 1; // the pass manager owns the threads
    std::string error;
    for (const std::string &pattern : allocators) {
      if (!addAllocatorPattern(pattern, opts, error)) {
        emitError(getOperation().getLoc())
            << "memlint-check: bad allocators pattern '" << pattern
            << "': " << error;
        return signalPassFailure();
      }
    }
    if (!applyCheckList(checks, opts, error)) {
      emitError(getOperation().getLoc()) << "memlint-check: " << error;
      return signalPassFailure();
    }
    if (failOn != "error" && failOn != "warning" && failOn != "never") {
      emitError(getOperation().getLoc())
          << "memlint-check: fail-on wants error, warning or never, not '"
          << failOn << "'";
      return signalPassFailure();
    }
    // On memlint's large stack, as in the CLI: mlir-opt's own thread has
    // 8 MiB, which a chain of 50,000 `arith.andi`s ran out of.
    std::unique_ptr<Document> doc;
    std::vector<Finding> findings;
    runWithLargeStack([&] {
      doc = Document::attach(getOperation());
      findings = lintDocument(*doc, opts);
    });
    bool fail = false;
    for (const Finding &f : findings) {
      Location loc = doc->locationOf(f.range);
      InFlightDiagnostic diag = f.severity == Severity::Error ? emitError(loc)
                                : f.severity == Severity::Warning
                                    ? emitWarning(loc)
                                    : emitRemark(loc);
      diag << f.message.str() << " [" << f.check << "]";
      for (const RelatedLocation &r : f.related)
        diag.attachNote(doc->locationOf(r.range)) << r.message.str();
      fail |= (failOn == "error" && f.severity == Severity::Error) ||
              (failOn == "warning" && f.severity != Severity::Note);
    }
    if (fail)
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};

struct ArenaPass : PassWrapper<ArenaPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ArenaPass)

  ArenaPass() = default;
  ArenaPass(const ArenaPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override { return "memlint-arena"; }
  StringRef getDescription() const override {
    return "Place each function's buffers in one arena per memory space "
           "(memlint emit --emit=arena)";
  }

  Option<int64_t> alignment{*this, "alignment",
                            llvm::cl::desc("Arena offsets are multiples of "
                                           "this many bytes"),
                            llvm::cl::init(64)};
  Option<std::string> assume{
      *this, "assume",
      llvm::cl::desc("Bounds of dynamic sizes, NAME<=N[,...] (NAME: the "
                     "function argument as printed, without %)"),
      llvm::cl::init("")};

  void runOnOperation() override {
    ArenaRewriteOptions opts;
    if (alignment < 1 || !llvm::isPowerOf2_64(alignment)) {
      emitError(getOperation().getLoc())
          << "memlint-arena: alignment wants a power of two";
      return signalPassFailure();
    }
    opts.plan.alignment = alignment;
    llvm::SmallVector<StringRef> bounds;
    StringRef(assume).split(bounds, ',', -1, /*KeepEmpty=*/false);
    for (StringRef b : bounds) {
      auto [name, value] = b.split("<=");
      int64_t n;
      if (name.trim().empty() || value.trim().getAsInteger(10, n) || n < 0) {
        emitError(getOperation().getLoc())
            << "memlint-arena: assume wants NAME<=N, not '" << b << "'";
        return signalPassFailure();
      }
      opts.plan.assumptions[name.trim().ltrim('%').str()] = n;
    }
    runWithLargeStack([&] {
      std::unique_ptr<Document> doc = Document::attach(getOperation());
      rewriteIntoArenas(*doc, opts);
    });
  }
};

} // namespace

std::unique_ptr<Pass> createCheckPass() {
  return std::make_unique<CheckPass>();
}
std::unique_ptr<Pass> createArenaPass() {
  return std::make_unique<ArenaPass>();
}

void registerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    PassRegistration<CheckPass>();
    PassRegistration<ArenaPass>();
  });
}

} // namespace memlint
