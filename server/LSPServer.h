//===- LSPServer.h - The protocol layer of memlint lsp ----------*- C++ -*-===//
//
// JSON-RPC in, JSON-RPC out (clangd's ClangdLSPServer): decodes LSP
// messages, keeps the drafts of open documents (applying incremental edits),
// converts positions between LSP and memlint, and encodes results. The work
// itself is done by the feature layer (LintServer, Features). The methods
// are defined in LSPServer.cpp (lifecycle, requests), LSPServerDocuments.cpp
// (sync, configuration, diagnostics), LSPServerFeatures.cpp and
// LSPServerProgress.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_LSPSERVER_H
#define MEMLINT_SERVER_LSPSERVER_H

#include "server/DiagnosticJSON.h"
#include "server/EditorSettings.h"
#include "server/LintServer.h"
#include "server/MessageInput.h"
#include "server/MessageOutput.h"
#include "llvm/Support/LSP/Transport.h"
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

namespace memlint {

/// Params handed to a handler undecoded; each handler reads what it needs.
struct RawParams {
  llvm::json::Value value = nullptr;
};
bool fromJSON(const llvm::json::Value &v, RawParams &out, llvm::json::Path);

class LSPServer {
public:
  /// `optionsFor` is asked with the file a document's URI names (empty for
  /// other URIs, e.g. untitled buffers).
  /// `output` must be the stream `transport` writes to.
  LSPServer(MessageInput &input, MessageOutput &output,
            llvm::lsp::JSONTransport &transport, LintServer::Options options,
            LintServer::OptionsProvider optionsFor,
            ConfigProblemProvider configProblem = nullptr);
  ~LSPServer();

  /// Serves until `exit` or the end of input. Returns the process exit
  /// code: 0 after shutdown then exit, 1 otherwise (LSP's rule).
  int run();

private:
  using Reply = llvm::lsp::Callback<llvm::json::Value>;
  struct PendingRequest;
  struct Draft {
    std::shared_ptr<const std::string> text;
    int64_t version = 0;
  };

  // Lifecycle.
  void onInitialize(const RawParams &params, Reply reply);
  void onInitialized(const RawParams &params);
  void onShutdown(const RawParams &params, Reply reply);
  void onCancel(const RawParams &params);
  void onInvalidMessage(const RawParams &params, Reply reply);

  // Document sync.
  void onDidOpen(const RawParams &params);
  void onDidChange(const RawParams &params);
  void onDidClose(const RawParams &params);
  // Configuration: .memlint.json edits and client settings re-lint.
  void onDidChangeWatchedFiles(const RawParams &params);
  void onDidChangeConfiguration(const RawParams &params);
  /// Publishes the problems of the configs of open documents (and clears
  /// those fixed); a newly broken config is also a window/showMessage.
  void checkConfigs();
  /// Takes the editor's lint settings (EditorSettings); problems with them
  /// are shown.
  void setSettings(const llvm::json::Value *value);
  /// window/showMessage (1 error, 2 warning, 3 info), "memlint: " first.
  void showMessage(int type, const std::string &message);
  std::mutex settingsMutex;
  EditorSettings settings;
  ConfigProblemProvider configProblem;
  std::map<std::string, std::string> brokenConfigs; // URI -> message shown

  // Features.
  void onHover(const RawParams &params, Reply reply);
  void onCodeAction(const RawParams &params, Reply reply);
  void onCodeActionResolve(const RawParams &params, Reply reply);
  /// A CodeAction object as JSON text, appended to `out`; its diagnostics
  /// are ours (with their code), not LLVM's encoding.
  void appendCodeAction(std::string &out, const std::string &uri,
                        const AnalysisResult &result,
                        const std::vector<Finding> &findings,
                        const struct CodeActionInfo &action) const;
  void onInlayHint(const RawParams &params, Reply reply);
  void onAnalysisStats(const RawParams &params, Reply reply);
  void onPlan(const RawParams &params, Reply reply);

  /// Checks the server may answer requests now; answers the error if not.
  bool acceptRequest(Reply &reply);
  /// Registers a request so $/cancelRequest can answer it.
  std::shared_ptr<PendingRequest> track(Reply reply);
  /// Set when the client cancels `request`: work done for it alone (a fix
  /// search) stops there.
  static std::shared_ptr<std::atomic<bool>>
  stopFlagOf(const std::shared_ptr<PendingRequest> &request);
  void answer(const std::shared_ptr<PendingRequest> &request,
              llvm::Expected<llvm::json::Value> result);
  /// Drops an answered request from those $/cancelRequest can find.
  void forget(const std::shared_ptr<PendingRequest> &request);
  /// Answers with `result`, a JSON value's text, written as it is: a reply
  /// of thousands of code actions built as llvm::json values took 50 times
  /// their text's size and most of the request's time.
  void answerText(const std::shared_ptr<PendingRequest> &request,
                  llvm::StringRef result);

  void publish(const std::string &uri, const LintServer::ResultPtr &result);
  void publishEmpty(const std::string &uri);
  DiagnosticContext diagnosticContext(const std::string &uri) const;

  // Work-done progress: an analysis running longer than progressDelay is
  // announced with window/workDoneProgress/create and $/progress.
  /// `what` names the work in the progress message ("analysing").
  void analysisActivity(const std::string &uri, bool running,
                        const char *what);
  void progressLoop();
  void sendProgress(const std::string &token, llvm::json::Value value);
  struct RunningAnalysis {
    std::chrono::steady_clock::time_point start;
    const char *what = "analysing";
    std::string token; // empty until announced
  };
  static constexpr std::chrono::milliseconds progressDelay{500};
  std::atomic<bool> workDoneProgress{false};
  std::mutex progressMutex;
  std::condition_variable progressWake;
  std::map<std::string, RunningAnalysis> analyses;
  unsigned progressTokens = 0;
  bool progressStop = false;
  llvm::lsp::OutgoingRequest<llvm::json::Value> createProgress;
  std::thread progressThread;
  /// The client registers file watchers dynamically.
  bool watchesFiles = false;
  llvm::lsp::OutgoingRequest<llvm::json::Value> registerCapability;

  MessageInput &input;
  MessageOutput &output;
  llvm::lsp::JSONTransport &transport;
  llvm::lsp::MessageHandler handler;
  std::unique_ptr<LintServer> lint;
  PositionEncoding encoding = PositionEncoding::UTF16;
  /// codeDescription.href of each check (DiagnosticContext::docsUrl); set
  /// by the `checkDocsUrl` initialization option.
  std::string docsUrl;
  /// Published findings, encoded once per cached group, per document URI.
  std::mutex diagnosticCachesMutex;
  std::map<std::string, std::shared_ptr<DiagnosticCache>> diagnosticCaches;
  bool initialized = false;
  /// The client resolves code action edits lazily (codeAction/resolve).
  bool resolvesEdits = false;
  bool shutdownRequested = false;
  std::map<std::string, Draft> drafts; // main thread only

  std::mutex pendingMutex;
  std::map<std::string, std::shared_ptr<PendingRequest>> pending;
};

} // namespace memlint

#endif
