//===- PassBisector.h - Which pass introduced each finding ------*- C++ -*-===//
//
// A pass instrumentation that lints after every pass, but only the
// functions the pass changed (by OperationFingerPrint) and, since a
// callee's summary reaches its callers, the functions that call them. It
// keeps, per function, the findings it has and since when.
//
// A finding is the same across passes when its function (symbol name),
// check and anchor position (the start of its range: the op's location,
// which passes that keep locations keep at the input's file:line:col) are
// the same. Messages are not compared: they name SSA values, which passes
// renumber. A finding is blamed on the pass after which it appeared and
// stayed to the end; one that a later pass removed and another brought back
// is blamed on the one that brought it back.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_CLI_PASSBISECTOR_H
#define MEMLINT_CLI_PASSBISECTOR_H

#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Finding.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassInstrumentation.h"
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace memlint {

/// One pass of a pipeline as the pass manager prints it.
struct PipelinePass {
  std::string argument;
  std::string anchor; // the op name it is nested under ("any" for any)
};

/// The passes of a printed pipeline ("builtin.module(func.func(a{x=1}),b)"),
/// in order, pass pipelines expanded as the pass manager expands them.
std::vector<PipelinePass> flattenPipeline(llvm::StringRef printed);

/// A finding of the final IR, with where it came from.
struct BlamedFinding {
  Finding finding;
  /// 0: the input already had it; i: the 1-based pass index.
  unsigned pass = 0;
};

class PassBisector : public mlir::PassInstrumentation {
public:
  PassBisector(mlir::ModuleOp module, std::vector<PipelinePass> passes,
               std::shared_ptr<const LocationRanges> origin, LintOptions opts,
               std::string dumpDir);
  const std::vector<PipelinePass> &passes() const { return pipeline; }

  /// Lints the input (stage 0). Call before running the pipeline.
  void lintInput();
  /// The findings of the module now, each with the pass it is blamed on.
  std::vector<BlamedFinding> finalFindings();

  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override;

private:
  using Key = std::tuple<std::string, unsigned, unsigned>; // check, line, col
  struct FunctionState {
    std::optional<mlir::OperationFingerPrint> print;
    /// The findings after the last lint, each with the stage since which it
    /// has been present without a break (what --dump-dir shows).
    std::map<Key, unsigned> since;
    /// The stage each finding first appeared at, kept when a later pass
    /// removes it: the blame CONTRACT.md asks for ("first appeared").
    std::map<Key, unsigned> first;
    /// The findings of the last lint. A function is linted again whenever
    /// it or a callee changes, so after the last pass these are the final
    /// IR's findings (finalFindings does not lint again).
    std::vector<Finding> latest;
    /// Per check and message (positions in it left out), the key and
    /// range it last had where its op had a location: a pass that drops
    /// locations (strip-debuginfo) leaves the finding where it was, not a
    /// new one at 0:0 blamed on that pass.
    struct Placed {
      Key key;
      Finding finding; // its ranges, and its notes'
    };
    std::map<std::pair<std::string, std::string>, Placed> byText;
  };
  /// The key of `f`; a finding without a position gets the one it had.
  static Key keyOf(FunctionState &state, Finding &f);
  /// Re-lints what changed under `op` after stage `stage`; true if a
  /// finding appeared.
  bool update(mlir::Operation *op, unsigned stage);
  unsigned indexOf(mlir::Pass *pass, mlir::Operation *op);
  void dump(unsigned stage, const std::string &suffix, const std::string &text);

  mlir::ModuleOp module;
  std::vector<PipelinePass> pipeline;
  std::vector<bool> assigned;
  std::map<mlir::Pass *, unsigned> indices;
  unsigned lastAssigned = 0;
  std::shared_ptr<const LocationRanges> origin;
  LintOptions opts;
  std::string dumpDir;
  /// The IR a running pass started from (with --dump-dir), innermost last.
  std::vector<std::string> before;
  std::map<std::string, FunctionState> functions;
};

} // namespace memlint

#endif
