//===- Check.h - One check: events in, findings out -------------*- C++ -*-===//
//
// A check reads the lifetime analysis of each function and reports findings.
// Adding a check touches no other check: write one class, give it a row in
// CheckTable.def, register it in CheckRegistry.cpp, document it in
// docs/checks/, add a lit test.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_CHECKS_CHECK_H
#define MEMLINT_ANALYSIS_CHECKS_CHECK_H

#include "analysis/Document.h"
#include "analysis/Finding.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/checks/CheckInfo.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include <memory>
#include <string>
#include <vector>

namespace memlint {

struct LintOptions;

/// The events behind one finding: where the finding is anchored and what
/// the analysis saw there. fixes/ reads the same groups to know which
/// events a fix has to remove.
struct EventGroup {
  SourceRange anchor;
  std::vector<Event> events;
};

struct CheckContext {
  Document &doc;
  ModuleLifetimes &lifetimes;
  const LintOptions &options;
};

class Check {
public:
  explicit Check(CheckId id) : row(checkInfo(id)) {}
  virtual ~Check() = default;
  const CheckInfo &info() const { return row; }
  const char *name() const { return row.name; }
  Severity defaultSeverity() const { return row.severity; }
  /// Findings in one function. Called for different functions from
  /// different threads at once: touch only `la` and read-only state.
  virtual void checkFunction(CheckContext &ctx, LifetimeAnalysis &la,
                             std::vector<Finding> &out) = 0;
  /// This check's events in `la`, one group per finding it reports, in
  /// the order it reports them. The default: one group per event of the
  /// check's kind, anchored on the op (a free of memory of unknown origin
  /// is never reported). Checks that read no events have none.
  virtual std::vector<EventGroup> eventGroups(const Document &doc,
                                              const LifetimeAnalysis &la) const;
  /// Every function of the module, in order.
  void run(CheckContext &ctx, std::vector<Finding> &out) {
    for (mlir::FunctionOpInterface fn : ctx.lifetimes.functions())
      checkFunction(ctx, ctx.lifetimes.get(fn), out);
  }

protected:
  /// A finding of this check at `range`, with its default severity.
  Finding finding(SourceRange range) const {
    Finding f;
    f.check = name();
    f.severity = defaultSeverity();
    f.range = range;
    return f;
  }

private:
  const CheckInfo &row;
};

/// Every check memlint knows, in the order of CheckTable.def.
const std::vector<std::unique_ptr<Check>> &allChecks();
const Check *findCheck(const std::string &name);
/// The check that reports events of `kind`.
CheckId checkOfEvent(EventKind kind);

/// Shared wording helpers.
Message describeCondition(LifetimeAnalysis &fn, Bdd cond, mlir::Operation *at);
/// The same for the paths on which any of `conds` holds.
Message describeCondition(LifetimeAnalysis &fn, llvm::ArrayRef<Bdd> conds,
                          mlir::Operation *at);
std::string bufferName(Document &doc, const BufferInfo &b);
/// The note on the op a buffer named `name` comes from: "%a allocated
/// here", or for foreign memory, which call returned it.
std::string bornHereNote(const std::string &name, const BufferInfo &b);
/// Where that note points: the allocation (or the call, the op handing out
/// foreign memory), or the argument a coroutine takes over.
SourceRange bornRange(const Document &doc, const BufferInfo &b);
/// `@callee` of a call to a symbol; empty for an indirect call.
std::string calleeName(mlir::CallOpInterface call);

} // namespace memlint

#endif
