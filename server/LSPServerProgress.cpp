//===- LSPServerProgress.cpp - Work-done progress of long analyses --------===//
//
// An analysis, or a search for fixes, running longer than progressDelay is
// announced with window/workDoneProgress/create and $/progress begin, and
// ended when it is done. A thread of its own watches the clock.
//
//===----------------------------------------------------------------------===//
#include "server/LSPServer.h"

using llvm::json::Object;
using llvm::json::Value;

namespace memlint {

void LSPServer::sendProgress(const std::string &token, Value value) {
  std::string body;
  llvm::raw_string_ostream os(body);
  os << Value(Object{
      {"jsonrpc", "2.0"},
      {"method", "$/progress"},
      {"params", Object{{"token", token}, {"value", std::move(value)}}}});
  os.flush();
  output.writeMessage(body);
}

void LSPServer::analysisActivity(const std::string &uri, bool running,
                                 const char *what) {
  std::string token;
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    if (running) {
      analyses[uri] = {std::chrono::steady_clock::now(), what, ""};
      progressWake.notify_all();
      return;
    }
    auto it = analyses.find(uri);
    if (it == analyses.end())
      return;
    token = std::move(it->second.token);
    analyses.erase(it);
  }
  if (!token.empty())
    sendProgress(token, Object{{"kind", "end"}});
}

void LSPServer::progressLoop() {
  std::unique_lock<std::mutex> lock(progressMutex);
  while (!progressStop) {
    auto now = std::chrono::steady_clock::now();
    auto next = std::chrono::steady_clock::time_point::max();
    for (auto &[uri, analysis] : analyses) {
      if (!analysis.token.empty() || !workDoneProgress)
        continue;
      auto due = analysis.start + progressDelay;
      if (due > now) {
        next = std::min(next, due);
        continue;
      }
      // Announced under the lock, so its end cannot overtake its begin.
      analysis.token = "memlint/analysis/" + std::to_string(++progressTokens);
      createProgress(
          Value(Object{{"token", analysis.token}}),
          Value("memlint/progress/" + std::to_string(progressTokens)));
      sendProgress(analysis.token, Object{{"kind", "begin"},
                                          {"title", "memlint"},
                                          {"message", std::string(analysis.what) +
                                                          " " + uri},
                                          {"cancellable", false}});
    }
    if (next == std::chrono::steady_clock::time_point::max())
      progressWake.wait(lock);
    else
      progressWake.wait_until(lock, next);
  }
}

} // namespace memlint
