//===- main.cpp - A downstream compiler that uses memlint -----------------===//
//
// lint-module FILE: parses FILE in its own MLIRContext, prints what
// memlint::lintOperation finds, then runs memlint-check in a PassManager
// and prints its diagnostics. Exit status 1 when either found something.
//
//===----------------------------------------------------------------------===//
#include "memlint/memlint.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

static void print(llvm::raw_ostream &os, const memlint::LintLocation &at) {
  os << at.file << ":" << at.line << ":" << at.column;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: lint-module FILE.mlir\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect>();
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 2;

  // 1. The API: findings as values.
  memlint::LintOptions options;
  mlir::FailureOr<std::vector<memlint::LintFinding>> findings =
      memlint::lintOperation(*module, options);
  if (mlir::failed(findings))
    return 2;
  llvm::outs() << "lintOperation: " << findings->size() << " finding(s)\n";
  for (const memlint::LintFinding &f : *findings) {
    print(llvm::outs(), f.where);
    llvm::outs() << ": " << memlint::severityName(f.severity) << ": "
                 << f.message << " [" << f.check << "]\n";
    for (const memlint::LintNote &n : f.notes) {
      print(llvm::outs() << "  ", n.where);
      llvm::outs() << ": note: " << n.message << "\n";
    }
  }

  // 2. The passes, by name in a textual pipeline.
  // The PassManager is anchored on the module it runs on: a textual
  // "builtin.module(...)" added to a PassManager anchored on "any" would
  // nest, and run on modules *inside* this one (none here).
  memlint::registerPasses();
  mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
  if (mlir::failed(mlir::parsePassPipeline("memlint-check{fail-on=never}", pm,
                                           llvm::errs())))
    return 2;
  mlir::ScopedDiagnosticHandler handler(&context, [](mlir::Diagnostic &d) {
    llvm::outs() << "pass: " << d.getLocation() << ": " << d << "\n";
    for (const mlir::Diagnostic &note : d.getNotes())
      llvm::outs() << "  pass: " << note.getLocation() << ": " << note << "\n";
    return mlir::success();
  });
  bool passed = mlir::succeeded(pm.run(*module));
  llvm::outs() << "memlint-check: " << (passed ? "ran" : "failed") << "\n";
  return !passed ? 2 : findings->empty() ? 0 : 1;
}
