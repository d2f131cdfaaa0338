//===- Check.h - One check: events in, findings out -------------*- C++ -*-===//
//
// A check reads the lifetime analysis of each function and reports findings.
// Adding a check touches no other check: write one class, register it in
// CheckRegistry.cpp, document it in docs/checks/, add a lit test.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_CHECKS_CHECK_H
#define MEMLINT_ANALYSIS_CHECKS_CHECK_H

#include "analysis/Document.h"
#include "analysis/Finding.h"
#include "analysis/LifetimeAnalysis.h"
#include <memory>
#include <string>
#include <vector>

namespace memlint {

struct LintOptions;

struct CheckContext {
  Document &doc;
  ModuleLifetimes &lifetimes;
  const LintOptions &options;
};

class Check {
public:
  virtual ~Check() = default;
  virtual const char *name() const = 0;
  virtual Severity defaultSeverity() const = 0;
  /// One line: what the check finds (help text, SARIF rule description).
  virtual const char *summary() const = 0;
  /// Findings in one function. Called for different functions from
  /// different threads at once: touch only `la` and read-only state.
  virtual void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                             std::vector<Finding> &out) = 0;
  /// Every function of the module, in order.
  void run(CheckContext &ctx, std::vector<Finding> &out) {
    for (mlir::FunctionOpInterface fn : ctx.lifetimes.functions())
      checkFunction(ctx, ctx.lifetimes.get(fn), out);
  }
};

/// Every check memlint knows, in a stable order.
const std::vector<std::unique_ptr<Check>> &allChecks();
const Check *findCheck(const std::string &name);

/// Shared wording helpers.
std::string describeCondition(LifetimeAnalysis &fn, Bdd cond,
                              mlir::Operation *at);
std::string bufferName(Document &doc, const BufferInfo &b);

} // namespace memlint

#endif
