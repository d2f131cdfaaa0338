//===- TestPasses.cpp - MemlintTestPlugin.so: passes for tests only -------===//
//
// `memlint-test-erase-dealloc{nth=N}` erases the N-th (1-based, in walk
// order) `memref.dealloc` of the module: a pass that introduces exactly one
// leak where a test chooses, to check that `memlint bisect` blames it.
// `memlint-test-duplicate-dealloc{nth=N}` puts a copy of the N-th right
// after it (a double free at the original's location); with erase it makes
// a finding disappear and come back.
// Built with the tests only; never part of MemlintPlugin.so.
//
//===----------------------------------------------------------------------===//
#include "memlint/Version.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

using namespace mlir;

namespace {

/// Calls `fn` on the `nth` (1-based, walk order) memref.dealloc of `root`.
void onNthDealloc(Operation *root, unsigned nth,
                  function_ref<void(memref::DeallocOp)> fn) {
  unsigned seen = 0;
  root->walk([&](memref::DeallocOp op) {
    if (++seen != nth)
      return WalkResult::advance();
    fn(op);
    return WalkResult::interrupt();
  });
}

struct EraseDeallocPass
    : PassWrapper<EraseDeallocPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EraseDeallocPass)

  EraseDeallocPass() = default;
  EraseDeallocPass(const EraseDeallocPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override {
    return "memlint-test-erase-dealloc";
  }
  StringRef getDescription() const override {
    return "Test only: erase the nth memref.dealloc";
  }
  Option<unsigned> nth{*this, "nth", llvm::cl::desc("1-based"),
                       llvm::cl::init(1)};

  void runOnOperation() override {
    onNthDealloc(getOperation(), nth,
                 [](memref::DeallocOp op) { op->erase(); });
  }
};

struct DuplicateDeallocPass
    : PassWrapper<DuplicateDeallocPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DuplicateDeallocPass)

  DuplicateDeallocPass() = default;
  DuplicateDeallocPass(const DuplicateDeallocPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const override {
    return "memlint-test-duplicate-dealloc";
  }
  StringRef getDescription() const override {
    return "Test only: free the nth memref.dealloc's buffer a second time";
  }
  Option<unsigned> nth{*this, "nth", llvm::cl::desc("1-based"),
                       llvm::cl::init(1)};

  void runOnOperation() override {
    onNthDealloc(getOperation(), nth, [](memref::DeallocOp op) {
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      b.clone(*op.getOperation());
    });
  }
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MemlintTestPlugin", MEMLINT_VERSION, [] {
            PassRegistration<EraseDeallocPass>();
            PassRegistration<DuplicateDeallocPass>();
          }};
}
