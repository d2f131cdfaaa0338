//===- LintServer.cpp - Open documents and their analyses -----------------===//
#include "server/LintServer.h"

#include "analysis/NestingDepth.h"
#include "server/IncrementalLinter.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <algorithm>
#include <deque>

namespace memlint {

struct LintServer::Doc {
  std::string file;
  std::shared_ptr<const std::string> text;
  int64_t version = 0;
  /// Bumped by every edit; a result is current when it was computed from
  /// the generation the document still has.
  uint64_t generation = 0;
  std::chrono::steady_clock::time_point lastEdit;
  /// When a worker may analyse the current generation.
  std::chrono::steady_clock::time_point readyAt;
  bool dirty = true; // the current generation is not analysed yet
  bool closed = false;
  /// A worker holds the linter (an analysis or a fix computation).
  bool busy = false;
  /// The options changed: the next analysis starts a fresh linter.
  bool reload = false;
  /// The flag of the analysis in progress; set by a newer edit.
  std::shared_ptr<std::atomic<bool>> cancel;
  ResultPtr result; // the latest delivered
  uint64_t resultGeneration = 0;
  /// Requests for the current version's result.
  std::vector<llvm::unique_function<void(ResultPtr)>> waitingCurrent;
  /// Requests made before the first result.
  std::vector<llvm::unique_function<void(ResultPtr)>> waitingFirst;
  /// Work needing the linter (fix computations), run between analyses;
  /// called with false when the document closed before it could run.
  std::deque<llvm::unique_function<void(bool)>> tasks;
  /// Used by the worker holding `busy` only.
  std::unique_ptr<IncrementalLinter> linter;
};

/// Held while delivering a result or closing, so a result never arrives
/// after its file was closed.
static std::mutex deliverMutex;

std::shared_ptr<AnalysisResult>
tooLargeResult(std::shared_ptr<const std::string> text, int64_t version,
               uint64_t limit) {
  auto res = std::make_shared<AnalysisResult>();
  res->version = version;
  res->text = std::move(text);
  res->lines = std::make_unique<TextLines>(*res->text);
  res->errorCode = "document-too-large";
  res->stats.mode = "not analysed";
  InputError &e = res->errors.emplace_back();
  e.message = "the document is too large to analyse (" +
              std::to_string(res->text->size()) + " bytes; the limit is " +
              std::to_string(limit) +
              ", set by --max-document-size or the maxDocumentSize "
              "initialization option)";
  e.range = {{1, 1}, {1, 1}};
  return res;
}

LintServer::LintServer(Options options, OptionsProvider optionsFor,
                       ResultCallback onResult, ActivityCallback onActivity)
    : options(options), maxDocumentBytes(options.maxDocumentBytes),
      optionsFor(std::move(optionsFor)), onResult(std::move(onResult)),
      onActivity(std::move(onActivity)) {
  // At least two, even on a 2-core host: with one, a document waits for
  // the whole analysis of another (a small file's edit after a 100k-line
  // file's took 0.9 s instead of milliseconds, bench/lsp/compare.js). The
  // work of an analysis runs on the WorkPool, sized by the cores; a worker
  // only waits for its batches, running their tasks itself meanwhile.
  unsigned n =
      options.workers
          ? options.workers
          : std::clamp(std::thread::hardware_concurrency() / 2, 2u, 4u);
  // Under an address-space limit, only as many large stacks as fit.
  n = threadsThatFit(n);
  // Service threads, not WorkPool work: each lives as long as the server
  // and sleeps until a document changes, and an analysis it runs is
  // cancelled mid-way by the next edit. Pool tasks must run to completion
  // without blocking on anything but their own batches, and a worker
  // parked in the pool would hold a pool thread for the whole session.
  for (unsigned i = 0; i < n; ++i)
    workers.emplace_back(std::optional<unsigned>(workStackBytes()),
                         [this] { workerLoop(); });
}

LintServer::~LintServer() {
  cancelAll();
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
  }
  wake.notify_all();
  for (llvm::thread &t : workers)
    t.join();
}

void LintServer::cancelAll() {
  std::lock_guard<std::mutex> lock(mutex);
  for (auto &[file, doc] : docs) {
    doc->dirty = false;
    if (doc->cancel)
      doc->cancel->store(true);
  }
}

void LintServer::reloadOptions() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto now = std::chrono::steady_clock::now();
    for (auto &[file, doc] : docs) {
      doc->reload = true;
      doc->dirty = true;
      ++doc->generation;
      doc->readyAt = now;
      if (doc->cancel)
        doc->cancel->store(true);
    }
  }
  wake.notify_all();
}

void LintServer::open(const std::string &file,
                      std::shared_ptr<const std::string> text,
                      int64_t version) {
  auto doc = std::make_shared<Doc>();
  doc->file = file;
  doc->text = std::move(text);
  doc->version = version;
  doc->generation = 1;
  // The first analysis need not wait.
  doc->lastEdit = doc->readyAt = std::chrono::steady_clock::now();
  doc->linter = std::make_unique<IncrementalLinter>(file, optionsFor(file),
                                                    options.incremental);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto &slot = docs[file];
    if (slot) {
      // Opened twice: the new text wins; keep the waiting requests.
      slot->closed = true;
      if (slot->cancel)
        slot->cancel->store(true);
      doc->waitingCurrent = std::move(slot->waitingCurrent);
      doc->waitingFirst = std::move(slot->waitingFirst);
    }
    slot = doc;
  }
  wake.notify_all();
}

void LintServer::change(const std::string &file,
                        std::shared_ptr<const std::string> text,
                        int64_t version) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(file);
    if (it == docs.end())
      return;
    Doc &doc = *it->second;
    doc.text = std::move(text);
    doc.version = version;
    ++doc.generation;
    doc.dirty = true;
    // The analysis of an older version is of no use any more.
    if (doc.cancel)
      doc.cancel->store(true);
    // An edit after a pause is analysed at once; one that follows another
    // closely is part of a burst, analysed once the burst is over.
    auto now = std::chrono::steady_clock::now();
    doc.readyAt =
        now - doc.lastEdit < options.debounce ? now + options.debounce : now;
    doc.lastEdit = now;
  }
  wake.notify_all();
}

/// Returns memory the process freed to the system: glibc keeps it in
/// per-thread arenas, so an editor's server held every analysis it ever ran
/// (h54: a 15 MiB document reloaded twice, 5.5 GB; the CLI needs 0.5).
static void releaseFreedMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

void LintServer::close(const std::string &file,
                       llvm::unique_function<void()> onClosed) {
  std::vector<llvm::unique_function<void(ResultPtr)>> waiters;
  std::deque<llvm::unique_function<void(bool)>> tasks;
  {
    std::lock_guard<std::mutex> deliver(deliverMutex);
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = docs.find(file);
      if (it != docs.end()) {
        Doc &doc = *it->second;
        tasks = std::move(doc.tasks);
        doc.tasks.clear();
        doc.closed = true;
        if (doc.cancel)
          doc.cancel->store(true);
        waiters = std::move(doc.waitingCurrent);
        for (auto &w : doc.waitingFirst)
          waiters.push_back(std::move(w));
        doc.waitingFirst.clear();
        docs.erase(it);
      }
    }
    onClosed();
  }
  for (auto &w : waiters)
    w(nullptr);
  for (auto &t : tasks)
    t(false);
  releaseFreedMemory(); // the document's cache, unless a worker holds it
}

void LintServer::withCurrentResult(
    const std::string &file, llvm::unique_function<void(ResultPtr)> action) {
  ResultPtr ready;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(file);
    if (it != docs.end()) {
      Doc &doc = *it->second;
      if (doc.dirty || !doc.result || doc.resultGeneration != doc.generation) {
        doc.waitingCurrent.push_back(std::move(action));
        return;
      }
      ready = doc.result;
    }
  }
  action(ready);
}

std::shared_ptr<LintServer::Doc> LintServer::docOf(const std::string &file) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = docs.find(file);
  return it != docs.end() ? it->second : nullptr;
}

void LintServer::withCurrentResultOnWorker(
    const std::string &file, Activity what,
    llvm::unique_function<void(ResultPtr)> action) {
  std::shared_ptr<Doc> doc = docOf(file);
  if (!doc)
    return action(nullptr);
  withCurrentResult(
      file,
      [this, doc, what, action = std::move(action)](ResultPtr result) mutable {
        if (!result)
          return action(nullptr);
        {
          std::lock_guard<std::mutex> lock(mutex);
          if (!doc->closed) {
            doc->tasks.push_back([this, doc, what, result,
                                  action = std::move(action)](
                                     bool run) mutable {
              if (!run)
                return action(nullptr);
              if (onActivity)
                onActivity(doc->file, true, what);
              action(result);
              if (onActivity)
                onActivity(doc->file, false, what);
            });
            wake.notify_all();
            return;
          }
        }
        action(nullptr);
      });
}

void LintServer::withLatestResult(
    const std::string &file, llvm::unique_function<void(ResultPtr)> action) {
  ResultPtr ready;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(file);
    if (it != docs.end()) {
      if (!it->second->result) {
        it->second->waitingFirst.push_back(std::move(action));
        return;
      }
      ready = it->second->result;
    }
  }
  action(ready);
}

void LintServer::withFixes(const std::string &file, RangeOf rangeOf,
                           FixesAction action,
                           std::shared_ptr<std::atomic<bool>> stop) {
  std::shared_ptr<Doc> doc = docOf(file);
  if (!doc)
    return action(nullptr, {});
  // The linter is touched by the worker holding the document only: the
  // computation is queued on the document, and runs between analyses.
  withLatestResult(file, [this, doc, rangeOf = std::move(rangeOf),
                          action = std::move(action),
                          stop = std::move(stop)](ResultPtr result) mutable {
    if (!result)
      return action(nullptr, {});
    // Fixes a search for this version already found: answered at once,
    // even while the document's worker analyses a newer version.
    if (std::optional<std::vector<Finding>> kept =
            result->keptFixes(rangeOf(*result)))
      return action(result, std::move(*kept));
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!doc->closed) {
        doc->tasks.push_back([this, doc, result, rangeOf = std::move(rangeOf),
                              action = std::move(action),
                              stop = std::move(stop)](bool run) mutable {
          if (!run)
            return action(nullptr, {});
          // A newer version cancels the search, as it cancels an analysis
          // (change() sets the document's flag); one already there makes
          // this result stale before it starts. The request's own flag is
          // that flag, so cancelling the request stops it too.
          auto cancel =
              stop ? stop : std::make_shared<std::atomic<bool>>(false);
          {
            std::lock_guard<std::mutex> lock(mutex);
            if (doc->result != result || doc->resultGeneration !=
                                             doc->generation)
              cancel->store(true);
            doc->cancel = cancel;
          }
          if (cancel->load())
            return action(nullptr, {});
          if (onActivity)
            onActivity(doc->file, true, Activity::Fixes);
          doc->linter->setCancelFlag(cancel.get());
          std::vector<Finding> found =
              doc->linter->findingsWithFixes(*result, rangeOf(*result));
          doc->linter->setCancelFlag(nullptr);
          if (onActivity)
            onActivity(doc->file, false, Activity::Fixes);
          if (cancel->load())
            return action(nullptr, {});
          action(result, std::move(found));
          // The search parsed and analysed the functions again (a fix-all,
          // the whole file) and freed it all: 4,000 fixes kept 340 MB.
          releaseFreedMemory();
        });
        wake.notify_all();
        return;
      }
    }
    action(nullptr, {});
  });
}

void LintServer::analyse(const std::shared_ptr<Doc> &doc) {
  std::shared_ptr<const std::string> text;
  int64_t version;
  uint64_t generation;
  std::shared_ptr<std::atomic<bool>> cancel;
  bool reload;
  {
    std::lock_guard<std::mutex> lock(mutex);
    text = doc->text;
    version = doc->version;
    generation = doc->generation;
    doc->dirty = false;
    cancel = doc->cancel = std::make_shared<std::atomic<bool>>(false);
    reload = doc->reload;
    doc->reload = false;
  }
  if (reload) // the worker holds the document: the linter is its alone
    doc->linter = std::make_unique<IncrementalLinter>(
        doc->file, optionsFor(doc->file), options.incremental);
  if (onActivity)
    onActivity(doc->file, true, Activity::Analysis);
  ResultPtr result;
  if (text->size() > maxDocumentBytes) {
    result = tooLargeResult(text, version, maxDocumentBytes);
  } else {
    doc->linter->setCancelFlag(cancel.get());
    auto analysed = doc->linter->analyze(text, version);
    doc->linter->setCancelFlag(nullptr);
    if (analysed->cancelled || cancel->load()) {
      ++cancelled;
      analysed.reset();
    }
    result = std::move(analysed);
  }
  if (onActivity)
    onActivity(doc->file, false, Activity::Analysis);

  std::vector<llvm::unique_function<void(ResultPtr)>> waiters;
  ResultPtr previous; // freed outside the locks
  {
    std::lock_guard<std::mutex> deliver(deliverMutex);
    bool current;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (doc->cancel == cancel)
        doc->cancel.reset();
      current = result && !doc->closed && doc->generation == generation;
      if (current) {
        previous = std::move(doc->result);
        doc->result = result;
        doc->resultGeneration = generation;
        waiters = std::move(doc->waitingCurrent);
        doc->waitingCurrent.clear();
        for (auto &w : doc->waitingFirst)
          waiters.push_back(std::move(w));
        doc->waitingFirst.clear();
      }
    }
    // A stale or cancelled result is dropped: a newer version is on its
    // way.
    if (current)
      onResult(doc->file, result);
  }
  for (auto &w : waiters)
    w(result);
  // The previous version's result and the analysis's own memory are
  // free now.
  previous.reset();
  releaseFreedMemory();
}

void LintServer::workerLoop() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stop) {
    auto now = std::chrono::steady_clock::now();
    std::shared_ptr<Doc> pick;
    bool task = false;
    auto earliest = std::chrono::steady_clock::time_point::max();
    for (auto &entry : docs) {
      Doc &doc = *entry.second;
      if (doc.busy)
        continue;
      if (!doc.tasks.empty()) {
        pick = entry.second;
        task = true;
        break;
      }
      if (!doc.dirty)
        continue;
      if (doc.readyAt <= now) {
        // The document waiting longest goes first.
        if (!pick || doc.readyAt < pick->readyAt)
          pick = entry.second;
        continue;
      }
      earliest = std::min(earliest, doc.readyAt);
    }
    if (!pick) {
      if (earliest == std::chrono::steady_clock::time_point::max())
        wake.wait(lock);
      else
        wake.wait_until(lock, earliest);
      continue;
    }
    pick->busy = true;
    llvm::unique_function<void(bool)> run;
    if (task) {
      run = std::move(pick->tasks.front());
      pick->tasks.pop_front();
    }
    lock.unlock();
    if (task)
      run(true);
    else
      analyse(pick);
    lock.lock();
    pick->busy = false;
    // Another worker may have skipped this document while it was busy.
    wake.notify_all();
  }
}

} // namespace memlint
