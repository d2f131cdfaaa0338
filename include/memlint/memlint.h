//===- memlint.h - memlint's C++ API for downstream compilers ---*- C++ -*-===//
//
// What a compiler that links memlint (find_package(memlint), target
// memlint::memlint) calls: lint IR that lives in its own context, or add
// memlint's passes to its pipelines. Everything here works on in-memory IR
// through Document::attach; nothing is printed or re-parsed.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_MEMLINT_H
#define MEMLINT_MEMLINT_H

#include "analysis/Config.h" // LintOptions, Severity, applyCheckList
#include "memlint/Version.h"

#include "mlir/IR/Location.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Support/LLVM.h"
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace memlint {

/// A place in the IR: the op location the analysis read it from, and that
/// location's first `file:line:col` (empty file, line 0 when it has none).
struct LintLocation {
  mlir::Location location;
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

/// A note of a finding ("still allocated here", "freed here").
struct LintNote {
  std::string message;
  LintLocation where;
};

/// One finding, as `memlint lint` reports it.
struct LintFinding {
  std::string check; // stable name: "leak", "double-free", ...
  Severity severity;
  std::string message;
  LintLocation where;
  std::vector<LintNote> notes;
};

/// The findings of `opts`' enabled checks on `op`, a builtin.module that
/// stays alive and unchanged meanwhile, in the order `memlint lint` prints
/// them; suppression comments cannot apply (there is no text). Fails, with
/// an error emitted at `op`, when `op` is not a builtin.module.
mlir::FailureOr<std::vector<LintFinding>>
lintOperation(mlir::Operation *op, const LintOptions &opts = LintOptions());

/// `memlint-check`: the findings as MLIR diagnostics (options `checks`,
/// `fail-on`). `memlint-arena`: each function's buffers in one arena per
/// memory space (options `alignment`, `assume`). Both run on builtin.module.
std::unique_ptr<mlir::Pass> createCheckPass();
std::unique_ptr<mlir::Pass> createArenaPass();

/// Registers `memlint-check` and `memlint-arena` with MLIR's pass registry,
/// once per process, so textual pipelines can name them. MemlintPlugin.so
/// calls this too.
void registerPasses();

} // namespace memlint

#endif
