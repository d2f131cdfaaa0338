//===- LintServer.h - Open documents and their analyses ---------*- C++ -*-===//
//
// The feature layer's scheduler (clangd's ClangdServer + TUScheduler in
// one): it owns the open documents and a small pool of workers shared by
// all of them, so a slow document holds up only itself. Per document the
// latest version wins: an edit cancels the analysis of the previous version
// (the analysis polls a flag between functions) and its result is dropped,
// never published. An edit after a pause is analysed at once; edits that
// follow each other within the debounce time wait until the burst is over,
// so a burst costs one analysis. A document is analysed by one worker at a
// time (its IncrementalLinter is not shared).
//
// Requests are answered from the last result without waiting for the
// analysis of a newer version (withLatestResult); only the first analysis
// of a document is waited for. withCurrentResult waits for the current
// version (for tests and statistics).
//
// It knows nothing of LSP: results go to a callback.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_LINTSERVER_H
#define MEMLINT_SERVER_LINTSERVER_H

#include "analysis/Config.h"
#include "server/AnalysisResult.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/Support/thread.h"
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace memlint {

class IncrementalLinter;

/// A file's config that does not load.
struct ConfigProblem {
  std::string path; // the config file; empty when not known
  std::string message;
};
using ConfigProblemProvider =
    std::function<std::optional<ConfigProblem>(const std::string &file)>;

class LintServer {
public:
  struct Options {
    /// Edits closer than this form a burst, analysed once it is over.
    std::chrono::milliseconds debounce{15};
    /// Reuse results of unchanged top-level operations.
    bool incremental = true;
    /// Larger documents are not analysed (one diagnostic says so): a parse
    /// holds several times the text in memory.
    uint64_t maxDocumentBytes = uint64_t(16) << 20;
    /// Documents analysed side by side (0: half the cores, 2 to 4).
    unsigned workers = 0;
  };
  using ResultPtr = std::shared_ptr<const AnalysisResult>;
  /// The analysis of the latest version of `file`. Called on a worker, one
  /// call per file at a time, never after `file` was closed.
  using ResultCallback =
      std::function<void(const std::string &file, const ResultPtr &)>;
  /// What a worker does with a document.
  enum class Activity { Analysis, Fixes, Plan };
  /// Told when an analysis of `file`, or a search for its fixes, starts
  /// (`running` true) and ends.
  using ActivityCallback = std::function<void(const std::string &file,
                                              bool running, Activity what)>;
  /// Lint options for a file (its .memlint.json and the command line).
  using OptionsProvider = std::function<LintOptions(const std::string &file)>;

  LintServer(Options options, OptionsProvider optionsFor,
             ResultCallback onResult, ActivityCallback onActivity = nullptr);
  ~LintServer();

  void open(const std::string &file, std::shared_ptr<const std::string> text,
            int64_t version);
  void change(const std::string &file, std::shared_ptr<const std::string> text,
              int64_t version);
  /// Forgets `file`; `onClosed` runs when no result of it can be delivered
  /// any more. Waiting requests get a null result.
  void close(const std::string &file, llvm::unique_function<void()> onClosed);
  /// Cancels every analysis in progress (shutdown): nothing more is
  /// published.
  void cancelAll();

  /// Runs `action` with the analysis of the version current now or later:
  /// at once when it is ready, else on a worker once it is. A closed or
  /// unknown file gives a null result.
  void withCurrentResult(const std::string &file,
                         llvm::unique_function<void(ResultPtr)> action);
  /// Like withCurrentResult, but `action` always runs on a worker, between
  /// the document's analyses: for work that may take a while (planning a
  /// function's arenas exactly) and must not hold up the message loop. The
  /// activity callback is told of it as `what`.
  void withCurrentResultOnWorker(const std::string &file, Activity what,
                                 llvm::unique_function<void(ResultPtr)> action);
  /// Runs `action` with the last published result at once, or, before the
  /// first one, when it arrives.
  void withLatestResult(const std::string &file,
                        llvm::unique_function<void(ResultPtr)> action);

  /// Like withLatestResult, with the findings touching the range that
  /// `rangeOf` gives for the result (all of them for an invalid range) and
  /// their fixes, computed on a worker.
  using FixesAction =
      llvm::unique_function<void(ResultPtr, std::vector<Finding>)>;
  using RangeOf = std::function<SourceRange(const AnalysisResult &)>;
  /// A search nobody waits for any more (`stop` set: the request was
  /// cancelled) ends at its next step, as one a newer version cancels.
  void withFixes(const std::string &file, RangeOf rangeOf, FixesAction action,
                 std::shared_ptr<std::atomic<bool>> stop = nullptr);

  /// Asks each open document's options again (a .memlint.json or the
  /// client's settings changed) and analyses every document anew.
  void reloadOptions();

  /// Changes the size limit (the client's initializationOptions).
  void setMaxDocumentBytes(uint64_t bytes) { maxDocumentBytes = bytes; }

  /// How many analyses were cancelled (for tests).
  unsigned cancelledCount() const { return cancelled; }

private:
  struct Doc;
  void workerLoop();
  /// Runs one analysis of `doc` (called without `mutex`).
  void analyse(const std::shared_ptr<Doc> &doc);
  /// The open document `file`, or null (takes the lock).
  std::shared_ptr<Doc> docOf(const std::string &file);

  Options options;
  std::atomic<uint64_t> maxDocumentBytes;
  OptionsProvider optionsFor;
  ResultCallback onResult;
  ActivityCallback onActivity;

  std::mutex mutex; // guards docs, the Docs' state and stop
  std::condition_variable wake;
  std::map<std::string, std::shared_ptr<Doc>> docs;
  bool stop = false;
  std::atomic<unsigned> cancelled{0};
  /// With the CLI's large stack (LargeStackBytes): the analysis of a
  /// deeply nested document recurses as deep as the CLI's does.
  std::vector<llvm::thread> workers;
};

} // namespace memlint

#endif
