//===- LintServer.h - Open documents and their analyses ---------*- C++ -*-===//
//
// The feature layer's scheduler (clangd's ClangdServer + TUScheduler in
// one): it owns the open documents and one worker thread that analyses the
// latest version of each. Edits arriving while a version is analysed make
// that result stale: it is dropped, never published. An edit after a pause
// is analysed at once; edits that follow each other within the debounce
// time wait until the burst is over, so a burst costs one analysis.
//
// It knows nothing of LSP: results go to a callback, requests wait for the
// analysis of the current version through withCurrentResult.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_LINTSERVER_H
#define MEMLINT_SERVER_LINTSERVER_H

#include "analysis/Config.h"
#include "server/AnalysisResult.h"
#include "llvm/ADT/FunctionExtras.h"
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace memlint {

class IncrementalLinter;

class LintServer {
public:
  struct Options {
    /// Edits closer than this form a burst, analysed once it is over.
    std::chrono::milliseconds debounce{15};
    /// Reuse results of unchanged top-level operations.
    bool incremental = true;
  };
  using ResultPtr = std::shared_ptr<const AnalysisResult>;
  /// The analysis of the latest version of `file`. Called on the worker
  /// thread, one call at a time, never after `file` was closed.
  using ResultCallback =
      std::function<void(const std::string &file, const ResultPtr &)>;
  /// Lint options for a file (its .memlint.json and the command line).
  using OptionsProvider = std::function<LintOptions(const std::string &file)>;

  LintServer(Options options, OptionsProvider optionsFor,
             ResultCallback onResult);
  ~LintServer();

  void open(const std::string &file, std::shared_ptr<const std::string> text,
            int64_t version);
  void change(const std::string &file,
              std::shared_ptr<const std::string> text, int64_t version);
  /// Forgets `file`; `onClosed` runs when no result of it can be delivered
  /// any more. Waiting requests get a null result.
  void close(const std::string &file, llvm::unique_function<void()> onClosed);

  /// Runs `action` with the analysis of the version current now or later:
  /// at once when it is ready, else on the worker thread once it is. A
  /// closed or unknown file gives a null result.
  void withCurrentResult(const std::string &file,
                         llvm::unique_function<void(ResultPtr)> action);

  /// Like withCurrentResult, with the findings touching the range that
  /// `rangeOf` gives for the result (all of them for an invalid range) and
  /// their fixes, computed on the worker thread.
  using FixesAction =
      llvm::unique_function<void(ResultPtr, std::vector<Finding>)>;
  using RangeOf = std::function<SourceRange(const AnalysisResult &)>;
  void withFixes(const std::string &file, RangeOf rangeOf, FixesAction action);

private:
  struct Doc;
  void workerLoop();

  Options options;
  OptionsProvider optionsFor;
  ResultCallback onResult;

  std::mutex mutex; // guards docs and stop
  std::condition_variable wake;
  std::map<std::string, std::shared_ptr<Doc>> docs;
  /// Work for the worker thread besides analyses (fix computations).
  std::vector<llvm::unique_function<void()>> tasks;
  bool stop = false;
  /// Held while delivering a result or closing, so a result never arrives
  /// after its file was closed.
  std::mutex deliverMutex;
  std::thread worker;
};

} // namespace memlint

#endif
