//===- IncrementalLinter.h - Lint a changing document cheaply ---*- C++ -*-===//
//
// Analyses successive versions of one document, reusing the results of
// top-level operations whose text, and whose callees' text, did not change.
//
// Each version is split into top-level operations (TopLevelLayout). An
// operation's key hashes its text, the text of every operation it reaches
// through `@symbol` references (its callees, globals...), and the prelude
// (aliases, the module header). Findings and buffer facts are cached by key,
// with positions relative to the operation's first line, so moving an
// operation costs nothing. Operations without a cached result are parsed
// together with their callees and the prelude in one document in which
// every other line is blank, so line numbers, and positions quoted in
// messages, are those of the real file.
//
// The split is lexical; every parse checks it (each top-level operation
// lies in one item, symbols match). When it is wrong, or the file cannot be
// split, the whole file is analysed as `memlint lint` would.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_INCREMENTALLINTER_H
#define MEMLINT_SERVER_INCREMENTALLINTER_H

#include "analysis/Config.h"
#include "analysis/TopLevelLayout.h"
#include "server/AnalysisResult.h"
#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>

namespace memlint {

class IncrementalLinter {
public:
  IncrementalLinter(std::string fileName, LintOptions options,
                    bool incremental = true);
  ~IncrementalLinter();

  /// Analyses one version. Never fails: input errors are in the result.
  std::shared_ptr<AnalysisResult>
  analyze(std::shared_ptr<const std::string> text, int64_t version);

  /// Analyses `text` as one document, as `memlint lint` does.
  std::shared_ptr<AnalysisResult>
  analyzeWholeFile(std::shared_ptr<const std::string> text, int64_t version);

  /// The findings of `result` touching `range` (every finding when the range
  /// is invalid), with their fixes. Fixes are computed per operation on
  /// first demand and cached with it. `result` must be the latest result of
  /// analyze() or analyzeWholeFile().
  std::vector<Finding> findingsWithFixes(const AnalysisResult &result,
                                         SourceRange range);

  const LintOptions &options() const { return opts; }
  /// The parses findingsWithFixes has made to search fixes, in all.
  uint64_t fixSearchParses() const { return fixParses; }

  /// Polled between the steps of analyze(); a cancelled analysis returns a
  /// result marked `cancelled` and leaves the cache as it was.
  void setCancelFlag(const std::atomic<bool> *flag) { opts.cancelled = flag; }

private:
  /// What one top-level operation contributes, positioned as it was when it
  /// was analysed.
  struct CachedOp {
    unsigned firstLine = 0, lastLine = 0;
    /// In findingLess order; published as one group (AnalysisResult).
    std::shared_ptr<const std::vector<Finding>> findings;
    std::shared_ptr<const std::vector<BufferFacts>> buffers;
    /// True once `findings` carry their fixes.
    bool withFixes = false;
  };

  uint64_t fixParses = 0;
  bool isCancelled() const;
  struct CacheEntry {
    std::shared_ptr<const CachedOp> op;
    /// The last analyze() whose text had this operation (`round`).
    uint64_t lastUsed = 0;
  };
  using Cache = std::unordered_map<uint64_t, CacheEntry>;

  void wholeFile(AnalysisResult &res, std::string note);
  /// Lints the ops of `result` at `indices` (into result.ops) with fixes, in
  /// small batches; caches what it can and returns the findings by index.
  /// Stops once `work` (attachFixesWithin's bound) or the cancel flag cuts
  /// a batch short; what was cut short is returned but not cached.
  std::map<size_t, std::vector<Finding>>
  computeFixes(const AnalysisResult &result,
               const std::vector<size_t> &indices, uint64_t &work,
               std::set<size_t> &cutShort);

  std::string fileName;
  LintOptions opts;
  bool incremental;
  /// The last version split, and its layout: the next one is split from it
  /// (updateLayout), at the cost of the edit.
  std::shared_ptr<const std::string> previousText;
  TopLevelLayout previousLayout;
  /// Versions left before trying the split again after it proved wrong.
  unsigned cooldown = 0;
  Cache cache;
  /// Counts analyze() calls that reached the cache.
  uint64_t round = 0;
};

} // namespace memlint

#endif
