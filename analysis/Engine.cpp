//===- Engine.cpp - Lint a document ---------------------------------------===//
#include "analysis/Engine.h"

#include "analysis/LifetimeAnalysis.h"
#include "analysis/NestingDepth.h"
#include "analysis/Parallel.h"
#include "analysis/checks/Check.h"
#include <algorithm>

namespace memlint {

static llvm::StringRef lineText(llvm::StringRef text, unsigned line) {
  for (unsigned i = 1; i < line; ++i) {
    size_t nl = text.find('\n');
    if (nl == llvm::StringRef::npos)
      return "";
    text = text.drop_front(nl + 1);
  }
  return text.take_until([](char c) { return c == '\n'; });
}

bool isSuppressed(llvm::StringRef text, unsigned line,
                  const std::string &check) {
  llvm::StringRef l = lineText(text, line);
  size_t at = l.find("memlint: ignore");
  if (at == llvm::StringRef::npos)
    return false;
  size_t comment = l.find("//");
  if (comment == llvm::StringRef::npos || comment > at)
    return false;
  llvm::StringRef rest = l.drop_front(at + strlen("memlint: ignore"));
  if (!rest.starts_with("["))
    return true; // ignores every check
  rest = rest.drop_front().take_until([](char c) { return c == ']'; });
  llvm::SmallVector<llvm::StringRef> names;
  rest.split(names, ',');
  for (llvm::StringRef n : names)
    if (n.trim() == check)
      return true;
  return false;
}

/// Moves the findings of `found` that no comment suppresses to `out`, with
/// their configured severity.
static void keepReported(Document &doc, const LintOptions &opts,
                         std::vector<Finding> &found,
                         std::vector<Finding> &out) {
  for (Finding &f : found) {
    // Look at the finding's line only (not the whole text from its start).
    size_t begin = doc.offsetOf({f.range.start.line, 1});
    size_t end = doc.text().find('\n', begin);
    llvm::StringRef line = doc.text().slice(begin, end);
    if (isSuppressed(line, 1, f.check))
      continue;
    auto sev = opts.severity.find(f.check);
    if (sev != opts.severity.end())
      f.severity = sev->second;
    out.push_back(std::move(f));
  }
}

std::vector<Finding> lintDocument(Document &doc, const LintOptions &opts) {
  if (!doc.isValid())
    return {};
  ModuleLifetimes lifetimes(doc.module(),
                            [&doc](mlir::Value v) { return doc.nameOf(v); });
  return lintDocument(doc, opts, lifetimes);
}

std::vector<Finding> lintDocument(Document &doc, const LintOptions &opts,
                                  ModuleLifetimes &lifetimes) {
  std::vector<Finding> out;
  if (!doc.isValid())
    return out;
  bool anyCheck = llvm::any_of(allChecks(), [&](const auto &check) {
    return opts.isEnabled(check->name());
  });
  if (!anyCheck)
    return out;
  // Pool threads have the system's default stack: deep input is analysed
  // on the calling thread (see NestingDepth.h).
  unsigned threads = doc.nestingDepth() > MaxParallelNestingDepth
                         ? 1
                         : resolveThreads(opts.threads);
  BddBudget budget = lifetimes.budgetPerFunction();
  budget.operations = opts.analysisOperations;
  budget.bytes = opts.analysisBytes;
  lifetimes.setBudget(budget);
  CheckContext ctx{doc, lifetimes, opts};
  const auto &functions = lifetimes.functions();
  std::vector<std::vector<Finding>> perFunction(functions.size());
  auto checkFunction = [&](unsigned i) {
    LifetimeAnalysis &la = lifetimes.get(functions[i]);
    for (const auto &check : allChecks())
      if (opts.isEnabled(check->name()))
        check->checkFunction(ctx, la, perFunction[i]);
  };
  if (opts.cancelled) {
    // A cancellable analysis runs one function at a time (get() analyses
    // callees first) and looks at the flag between functions; the server
    // runs documents side by side instead.
    for (unsigned i = 0; i < functions.size(); ++i) {
      if (opts.cancelled->load(std::memory_order_relaxed))
        return out;
      checkFunction(i);
    }
  } else {
    // Each function is checked as soon as it is analysed, on its thread.
    lifetimes.analyzeAll(threads, checkFunction);
  }
  for (std::vector<Finding> &found : perFunction)
    keepReported(doc, opts, found, out);
  std::stable_sort(out.begin(), out.end(), findingLess);
  return out;
}

std::vector<std::vector<Finding>>
lintFunctions(Document &doc, const LintOptions &opts,
              ModuleLifetimes &lifetimes,
              llvm::ArrayRef<mlir::FunctionOpInterface> only) {
  std::vector<std::vector<Finding>> out(only.size());
  if (!doc.isValid())
    return out;
  CheckContext ctx{doc, lifetimes, opts};
  for (size_t i = 0; i < only.size(); ++i) {
    std::vector<Finding> found;
    LifetimeAnalysis &la = lifetimes.get(only[i]);
    for (const auto &check : allChecks())
      if (opts.isEnabled(check->name()))
        check->checkFunction(ctx, la, found);
    keepReported(doc, opts, found, out[i]);
    std::stable_sort(out[i].begin(), out[i].end(), findingLess);
  }
  return out;
}

} // namespace memlint
