//===- Config.h - Lint options and .memlint.json ----------------*- C++ -*-===//
#ifndef MEMLINT_ANALYSIS_CONFIG_H
#define MEMLINT_ANALYSIS_CONFIG_H

#include "analysis/Finding.h"
#include "analysis/lifetime/Bdd.h"
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace memlint {

class LifetimeAnalysis;

struct LintOptions {
  /// Enabled check names; every known check by default.
  std::set<std::string> enabled;
  std::map<std::string, Severity> severity;
  /// Bytes available per memory space (over-capacity).
  std::map<std::string, uint64_t> capacity;
  /// Upper bounds for symbolic sizes: argument name (without %) -> max.
  std::map<std::string, int64_t> assumptions;
  unsigned alignment = 64;
  /// Body-less functions whose memref results the caller owns, as glob
  /// patterns on the symbol name (`"my_alloc"`, `"rt_alloc_*"`, `"*"` for
  /// upstream's function-boundary convention): a call of one allocates, as
  /// `memref.alloc` does. Results of other body-less callees are foreign
  /// memory (docs/ownership-model.md).
  std::vector<std::string> allocators;
  /// What the lifetime analysis of one function may spend before it gives
  /// up with a not-checked finding: BDD operations and table bytes.
  uint64_t analysisOperations = BddBudget::DefaultOperations;
  uint64_t analysisBytes = BddBudget::DefaultBytes;
  /// Inputs larger than this are refused (an endless one, /dev/zero, would
  /// otherwise take all memory): 64 MiB, far above real IR files.
  uint64_t maxInputSize = uint64_t(64) << 20;
  /// Threads for the functions of one document (0: all of the WorkPool's,
  /// one per core unless the front end sized it).
  unsigned threads = 0;
  /// When set and true, lintDocument stops between functions (the language
  /// server's newer version made this analysis useless); what it returns
  /// then is incomplete and must be dropped.
  const std::atomic<bool> *cancelled = nullptr;
  /// lintDocument frees each function's path-sensitive state as soon as
  /// its checks ran (LifetimeAnalysis::releaseWorkState): for a front end
  /// that will not ask the analyses for fixes or path words afterwards.
  bool releaseAnalyses = false;
  /// Called with each function's analysis right after its checks ran and
  /// before releaseAnalyses frees its state, on the thread that checked
  /// it: what a front end reads of the path-sensitive state (the language
  /// server's hover facts), so that no more than one function's state
  /// need be held at a time.
  std::function<void(LifetimeAnalysis &)> beforeRelease;

  LintOptions();
  bool isEnabled(const std::string &check) const {
    return enabled.count(check);
  }
};

/// Applies a `--checks` list: "all", "-name" to disable, "name" to enable
/// (a list that starts with a plain name enables only the names listed).
bool applyCheckList(const std::string &list, LintOptions &opts,
                    std::string &error);

/// Adds one `allocators` pattern (a glob on symbol names; a leading `@`,
/// as the IR writes names, is dropped); false, with `error` saying why,
/// for a pattern that is not a glob. The config key and the pass option share
/// it.
bool addAllocatorPattern(const std::string &pattern, LintOptions &opts,
                         std::string &error);

/// Reads a .memlint.json file into `opts`:
///   {"checks": "all,-leak" | ["all", "-leak"],
///    "severity": {"leak": "error"},
///    "capacity": {"SRAM": 1048576}, "alignment": 64,
///    "max_input_size": 67108864,
///    "analysis_budget": {"operations": 40000000, "bytes": 268435456}}
/// A path that is not a regular file (a directory) is an error.
bool loadConfigFile(const std::string &path, LintOptions &opts,
                    std::string &error);

/// The nearest .memlint.json in the directory of `file` or above.
std::optional<std::string> findConfigFor(const std::string &file);

} // namespace memlint

#endif
