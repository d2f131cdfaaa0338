//===- LintServer.cpp - Open documents and their analyses -----------------===//
#include "server/LintServer.h"

#include "server/IncrementalLinter.h"
#include <vector>

namespace memlint {

struct LintServer::Doc {
  std::string file;
  std::shared_ptr<const std::string> text;
  int64_t version = 0;
  /// Bumped by every edit; a result is current when it was computed from
  /// the generation the document still has.
  uint64_t generation = 0;
  std::chrono::steady_clock::time_point lastEdit;
  /// When the worker may analyse the current generation.
  std::chrono::steady_clock::time_point readyAt;
  bool dirty = true; // the current generation is not analysed yet
  bool closed = false;
  ResultPtr result; // the latest delivered
  uint64_t resultGeneration = 0;
  std::vector<llvm::unique_function<void(ResultPtr)>> waiting;
  /// Used by the worker thread only.
  std::unique_ptr<IncrementalLinter> linter;
};

LintServer::LintServer(Options options, OptionsProvider optionsFor,
                       ResultCallback onResult)
    : options(options), optionsFor(std::move(optionsFor)),
      onResult(std::move(onResult)) {
  worker = std::thread([this] { workerLoop(); });
}

LintServer::~LintServer() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = true;
  }
  wake.notify_all();
  worker.join();
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
      doc->waiting = std::move(slot->waiting);
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
    // An edit after a pause is analysed at once; one that follows another
    // closely is part of a burst, analysed once the burst is over.
    auto now = std::chrono::steady_clock::now();
    doc.readyAt = now - doc.lastEdit < options.debounce
                      ? now + options.debounce
                      : now;
    doc.lastEdit = now;
  }
  wake.notify_all();
}

void LintServer::close(const std::string &file,
                       llvm::unique_function<void()> onClosed) {
  std::vector<llvm::unique_function<void(ResultPtr)>> waiters;
  {
    std::lock_guard<std::mutex> deliver(deliverMutex);
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = docs.find(file);
      if (it != docs.end()) {
        it->second->closed = true;
        waiters = std::move(it->second->waiting);
        docs.erase(it);
      }
    }
    onClosed();
  }
  for (auto &w : waiters)
    w(nullptr);
}

void LintServer::withCurrentResult(
    const std::string &file, llvm::unique_function<void(ResultPtr)> action) {
  ResultPtr ready;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(file);
    if (it != docs.end()) {
      Doc &doc = *it->second;
      if (doc.dirty || !doc.result ||
          doc.resultGeneration != doc.generation) {
        doc.waiting.push_back(std::move(action));
        return;
      }
      ready = doc.result;
    }
  }
  action(ready);
}

void LintServer::withFixes(const std::string &file, RangeOf rangeOf,
                           FixesAction action) {
  std::shared_ptr<Doc> doc;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(file);
    if (it != docs.end())
      doc = it->second;
  }
  if (!doc)
    return action(nullptr, {});
  // Runs on the worker (the linter is only touched there): either as a
  // waiter after the analysis, or queued when the result is ready already.
  auto compute = [doc, rangeOf = std::move(rangeOf),
                  action = std::move(action)](ResultPtr result) mutable {
    if (!result)
      return action(nullptr, {});
    std::vector<Finding> fixed =
        doc->linter->findingsWithFixes(*result, rangeOf(*result));
    action(result, std::move(fixed));
  };
  {
    std::unique_lock<std::mutex> lock(mutex);
    if (doc->closed) {
      lock.unlock();
      return compute(nullptr);
    }
    if (doc->dirty || !doc->result ||
        doc->resultGeneration != doc->generation) {
      doc->waiting.push_back(std::move(compute));
      return;
    }
    tasks.push_back([compute = std::move(compute),
                     result = doc->result]() mutable { compute(result); });
  }
  wake.notify_all();
}

void LintServer::workerLoop() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stop) {
    if (!tasks.empty()) {
      std::vector<llvm::unique_function<void()>> run = std::move(tasks);
      tasks.clear();
      lock.unlock();
      for (auto &task : run)
        task();
      lock.lock();
      continue;
    }
    auto now = std::chrono::steady_clock::now();
    std::shared_ptr<Doc> pick;
    auto earliest = std::chrono::steady_clock::time_point::max();
    for (auto &entry : docs) {
      Doc &doc = *entry.second;
      if (!doc.dirty)
        continue;
      auto ready = doc.readyAt;
      if (ready <= now) {
        pick = entry.second;
        break;
      }
      earliest = std::min(earliest, ready);
    }
    if (!pick) {
      if (earliest == std::chrono::steady_clock::time_point::max())
        wake.wait(lock);
      else
        wake.wait_until(lock, earliest);
      continue;
    }
    std::shared_ptr<const std::string> text = pick->text;
    int64_t version = pick->version;
    uint64_t generation = pick->generation;
    pick->dirty = false;
    lock.unlock();

    ResultPtr result = pick->linter->analyze(text, version);

    std::vector<llvm::unique_function<void(ResultPtr)>> waiters;
    ResultPtr previous; // freed outside the locks
    {
      std::lock_guard<std::mutex> deliver(deliverMutex);
      bool current;
      {
        std::lock_guard<std::mutex> relock(mutex);
        current = !pick->closed && pick->generation == generation;
        if (current) {
          previous = std::move(pick->result);
          pick->result = result;
          pick->resultGeneration = generation;
          waiters = std::move(pick->waiting);
          pick->waiting.clear();
        }
      }
      // A stale result is dropped: a newer version is on its way.
      if (current)
        onResult(pick->file, result);
    }
    for (auto &w : waiters)
      w(result);
    lock.lock();
  }
}

} // namespace memlint
