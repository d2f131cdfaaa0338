//===- LSPServer.cpp - The protocol layer of memlint lsp ------------------===//
//
// Lifecycle and requests: the handlers' registration, initialize and
// shutdown, request tracking and cancellation. The other handlers are in
// LSPServerDocuments.cpp (sync, configuration, diagnostics),
// LSPServerFeatures.cpp and LSPServerProgress.cpp.
//
//===----------------------------------------------------------------------===//
#include "server/LSPServer.h"

#include "memlint/Version.h"
#include "server/Features.h"
#include "server/LSPServerDetail.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
namespace lsp = llvm::lsp;

namespace memlint {

bool fromJSON(const Value &v, RawParams &out, llvm::json::Path) {
  out.value = v;
  return true;
}

struct LSPServer::PendingRequest {
  std::mutex mutex;
  std::string key;
  /// The request's id, for answers written as text (answerText).
  std::optional<Value> id;
  Reply reply;
  bool answered = false;
  std::shared_ptr<std::atomic<bool>> stop =
      std::make_shared<std::atomic<bool>>(false);
};

std::shared_ptr<std::atomic<bool>>
LSPServer::stopFlagOf(const std::shared_ptr<PendingRequest> &request) {
  return request->stop;
}

namespace lspdetail {

llvm::Error invalidParams(const llvm::Twine &what) {
  return llvm::make_error<lsp::LSPError>(what.str(),
                                         lsp::ErrorCode::InvalidParams);
}

std::string idKey(const Value &id) {
  std::string s;
  llvm::raw_string_ostream(s) << id;
  return s;
}

const Object *objectAt(const Value &v, llvm::StringRef key) {
  const Object *o = v.getAsObject();
  return o ? o->getObject(key) : nullptr;
}

std::optional<std::string> documentUri(const Value &params) {
  if (const Object *doc = objectAt(params, "textDocument"))
    if (std::optional<llvm::StringRef> uri = doc->getString("uri"))
      return uri->str();
  return std::nullopt;
}

std::optional<LspPosition> readPosition(const Object *o) {
  if (!o)
    return std::nullopt;
  std::optional<int64_t> line = o->getInteger("line");
  std::optional<int64_t> ch = o->getInteger("character");
  if (!line || !ch || *line < 0 || *ch < 0)
    return std::nullopt;
  return LspPosition{static_cast<unsigned>(*line),
                     static_cast<unsigned>(*ch)};
}

std::optional<std::pair<LspPosition, LspPosition>>
readRange(const Object *o) {
  if (!o)
    return std::nullopt;
  auto start = readPosition(o->getObject("start"));
  auto end = readPosition(o->getObject("end"));
  if (!start || !end)
    return std::nullopt;
  return std::make_pair(*start, *end);
}

/// The file a URI names, for finding its .memlint.json; empty when it names
/// none (an untitled buffer).
std::string filePathOf(const std::string &uri) {
  if (!llvm::StringRef(uri).starts_with("file:"))
    return "";
  llvm::Expected<lsp::URIForFile> parsed = lsp::URIForFile::fromURI(uri);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return "";
  }
  return parsed->file().str();
}

lsp::Position toPosition(const AnalysisResult &r, SourcePos p,
                         PositionEncoding enc) {
  LspPosition l = r.lines->lspPositionOf(p, enc);
  return lsp::Position(l.line, l.character);
}

lsp::Range toRange(const AnalysisResult &r, const SourceRange &range,
                   PositionEncoding enc) {
  if (!range.isValid())
    return lsp::Range(lsp::Position(0, 0), lsp::Position(0, 0));
  return lsp::Range(toPosition(r, range.start, enc),
                    toPosition(r, range.end, enc));
}

lsp::DiagnosticSeverity toSeverity(Severity s) {
  switch (s) {
  case Severity::Error:
    return lsp::DiagnosticSeverity::Error;
  case Severity::Warning:
    return lsp::DiagnosticSeverity::Warning;
  case Severity::Note:
    return lsp::DiagnosticSeverity::Information;
  }
  return lsp::DiagnosticSeverity::Warning;
}

} // namespace lspdetail

using namespace lspdetail;

LSPServer::LSPServer(MessageInput &input, MessageOutput &output,
                     lsp::JSONTransport &transport, LintServer::Options options,
                     LintServer::OptionsProvider optionsFor,
                     ConfigProblemProvider configProblem)
    : configProblem(std::move(configProblem)), input(input), output(output),
      transport(transport), handler(transport) {
  handler.method("initialize", this, &LSPServer::onInitialize);
  handler.notification("initialized", this, &LSPServer::onInitialized);
  handler.method("shutdown", this, &LSPServer::onShutdown);
  handler.notification("$/cancelRequest", this, &LSPServer::onCancel);
  handler.method(kInvalidMessageMethod, this, &LSPServer::onInvalidMessage);
  handler.notification("textDocument/didOpen", this, &LSPServer::onDidOpen);
  handler.notification("textDocument/didChange", this,
                       &LSPServer::onDidChange);
  handler.notification("textDocument/didClose", this,
                       &LSPServer::onDidClose);
  handler.notification("workspace/didChangeWatchedFiles", this,
                       &LSPServer::onDidChangeWatchedFiles);
  handler.notification("workspace/didChangeConfiguration", this,
                       &LSPServer::onDidChangeConfiguration);
  handler.method("textDocument/hover", this, &LSPServer::onHover);
  handler.method("textDocument/codeAction", this, &LSPServer::onCodeAction);
  handler.method("codeAction/resolve", this,
                 &LSPServer::onCodeActionResolve);
  handler.method("textDocument/inlayHint", this, &LSPServer::onInlayHint);
  handler.method("memlint/analysisStats", this, &LSPServer::onAnalysisStats);
  handler.method("memlint/plan", this, &LSPServer::onPlan);
  lint = std::make_unique<LintServer>(
      options,
      [this, optionsFor = std::move(optionsFor)](const std::string &uri) {
        LintOptions opts = optionsFor(filePathOf(uri));
        std::lock_guard<std::mutex> lock(settingsMutex);
        settings.applyTo(opts);
        return opts;
      },
      [this](const std::string &uri, const LintServer::ResultPtr &result) {
        publish(uri, result);
      },
      [this](const std::string &uri, bool running,
             LintServer::Activity what) {
        const char *words = "analysing";
        if (what == LintServer::Activity::Fixes)
          words = "finding fixes for";
        else if (what == LintServer::Activity::Plan)
          words = "planning the arenas of";
        analysisActivity(uri, running, words);
      });
  createProgress = handler.outgoingRequest<Value, RawParams>(
      "window/workDoneProgress/create",
      [](Value id, llvm::Expected<RawParams> result) {
        if (!result)
          lsp::Logger::info("progress {0} refused: {1}", id,
                            llvm::toString(result.takeError()));
      });
  registerCapability = handler.outgoingRequest<Value, RawParams>(
      "client/registerCapability", [](Value, llvm::Expected<RawParams> result) {
        if (!result)
          lsp::Logger::info("watching .memlint.json refused: {0}",
                            llvm::toString(result.takeError()));
      });
  // A service thread, not WorkPool work: it sleeps on a timer for the whole
  // session, which would hold one of the pool's threads (pool tasks must
  // not block on anything but their own batches).
  progressThread = std::thread([this] { progressLoop(); });
}

LSPServer::~LSPServer() {
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    progressStop = true;
  }
  progressWake.notify_all();
  if (progressThread.joinable())
    progressThread.join();
}

int LSPServer::run() {
  llvm::Error err = transport.run(handler);
  if (err) {
    // The end of input without `exit`: the client went away.
    lsp::Logger::info("transport stopped: {0}", llvm::toString(std::move(err)));
  }
  // Stop the worker before the transport goes away: it may still reply.
  lint.reset();
  return shutdownRequested ? 0 : 1;
}

//===----------------------------------------------------------------------===//
// Requests: tracking, cancellation, lifecycle
//===----------------------------------------------------------------------===//

bool LSPServer::acceptRequest(Reply &reply) {
  if (!initialized) {
    reply(llvm::make_error<lsp::LSPError>(
        "server not initialized", lsp::ErrorCode::ServerNotInitialized));
    return false;
  }
  if (shutdownRequested) {
    reply(llvm::make_error<lsp::LSPError>(
        "server is shutting down", lsp::ErrorCode::InvalidRequest));
    return false;
  }
  return true;
}

std::shared_ptr<LSPServer::PendingRequest> LSPServer::track(Reply reply) {
  auto request = std::make_shared<PendingRequest>();
  request->reply = std::move(reply);
  if (input.lastId()) {
    request->id = *input.lastId();
    request->key = idKey(*input.lastId());
    std::lock_guard<std::mutex> lock(pendingMutex);
    pending[request->key] = request;
  }
  return request;
}

void LSPServer::forget(const std::shared_ptr<PendingRequest> &request) {
  if (request->key.empty())
    return;
  std::lock_guard<std::mutex> lock(pendingMutex);
  auto it = pending.find(request->key);
  if (it != pending.end() && it->second == request)
    pending.erase(it);
}

void LSPServer::answer(const std::shared_ptr<PendingRequest> &request,
                       llvm::Expected<Value> result) {
  {
    std::lock_guard<std::mutex> lock(request->mutex);
    if (request->answered) {
      if (!result)
        llvm::consumeError(result.takeError());
      return;
    }
    request->answered = true;
    request->reply(std::move(result));
  }
  forget(request);
}

void LSPServer::answerText(const std::shared_ptr<PendingRequest> &request,
                           llvm::StringRef result) {
  {
    std::lock_guard<std::mutex> lock(request->mutex);
    if (request->answered)
      return;
    request->answered = true;
    if (!request->id) {
      // No id seen (cannot happen for a request): the transport's way.
      llvm::Expected<Value> v = llvm::json::parse(result);
      request->reply(std::move(v));
    } else {
      std::string body = "{\"jsonrpc\":\"2.0\",\"id\":";
      llvm::raw_string_ostream os(body);
      os << *request->id;
      os.flush();
      body += ",\"result\":";
      body += result;
      body += "}";
      output.writeMessage(body);
    }
  }
  forget(request);
}

void LSPServer::onCancel(const RawParams &params) {
  const Object *o = params.value.getAsObject();
  const Value *id = o ? o->get("id") : nullptr;
  if (!id)
    return;
  std::shared_ptr<PendingRequest> request;
  {
    std::lock_guard<std::mutex> lock(pendingMutex);
    auto it = pending.find(idKey(*id));
    if (it == pending.end())
      return; // already answered, or never seen
    request = it->second;
  }
  request->stop->store(true);
  answer(request, llvm::make_error<lsp::LSPError>(
                      "request cancelled", lsp::ErrorCode::RequestCancelled));
}

void LSPServer::onInvalidMessage(const RawParams &params, Reply reply) {
  const Object *o = params.value.getAsObject();
  int64_t code = o && o->getInteger("code")
                     ? *o->getInteger("code")
                     : static_cast<int64_t>(lsp::ErrorCode::InvalidRequest);
  std::string message =
      o && o->getString("message") ? o->getString("message")->str()
                                   : "invalid message";
  lsp::Logger::error("malformed message: {0}", message);
  reply(llvm::make_error<lsp::LSPError>(message,
                                        static_cast<lsp::ErrorCode>(code)));
}

void LSPServer::onInitialize(const RawParams &params, Reply reply) {
  if (initialized) {
    reply(llvm::make_error<lsp::LSPError>("initialize was sent twice",
                                          lsp::ErrorCode::InvalidRequest));
    return;
  }
  // Prefer UTF-8 positions (memlint counts bytes) when the client offers
  // them (LSP 3.17 general.positionEncodings); UTF-16 is the default.
  encoding = PositionEncoding::UTF16;
  if (const Object *caps = objectAt(params.value, "capabilities"))
    if (const Object *general = caps->getObject("general"))
      if (const Array *encodings = general->getArray("positionEncodings"))
        for (const Value &e : *encodings)
          if (e.getAsString() == std::optional<llvm::StringRef>("utf-8"))
            encoding = PositionEncoding::UTF8;
  if (const Object *caps = objectAt(params.value, "capabilities"))
    if (const Object *window = caps->getObject("window"))
      workDoneProgress = window->getBoolean("workDoneProgress").value_or(false);
  watchesFiles = false;
  if (const Object *caps = objectAt(params.value, "capabilities"))
    if (const Object *ws = caps->getObject("workspace"))
      if (const Object *w = ws->getObject("didChangeWatchedFiles"))
        watchesFiles = w->getBoolean("dynamicRegistration").value_or(false);
  resolvesEdits = false;
  if (const Object *caps = objectAt(params.value, "capabilities"))
    if (const Object *doc = caps->getObject("textDocument"))
      if (const Object *ca = doc->getObject("codeAction"))
        if (const Object *rs = ca->getObject("resolveSupport"))
          if (const Array *props = rs->getArray("properties"))
            for (const Value &p : *props)
              if (p.getAsString() == std::optional<llvm::StringRef>("edit"))
                resolvesEdits = true;
  if (const Object *init = objectAt(params.value, "initializationOptions")) {
    if (std::optional<int64_t> max = init->getInteger("maxDocumentSize");
        max && *max > 0)
      lint->setMaxDocumentBytes(static_cast<uint64_t>(*max));
    if (std::optional<llvm::StringRef> url = init->getString("checkDocsUrl"))
      docsUrl = url->trim().str();
    setSettings(init->get("settings"));
  }
  initialized = true;

  Object capabilities{
      {"positionEncoding",
       encoding == PositionEncoding::UTF8 ? "utf-8" : "utf-16"},
      {"textDocumentSync",
       Object{{"openClose", true},
              {"change", static_cast<int>(lsp::TextDocumentSyncKind::Incremental)}}},
      {"hoverProvider", true},
      {"codeActionProvider",
       Object{{"codeActionKinds", Array{kQuickFixKind, kFixAllKind}},
              {"resolveProvider", true}}},
      {"inlayHintProvider", true},
  };
  reply(Value(Object{
      {"capabilities", std::move(capabilities)},
      {"serverInfo", Object{{"name", "memlint"}, {"version", MEMLINT_VERSION}}},
  }));
}

void LSPServer::onInitialized(const RawParams &) {
  if (!watchesFiles)
    return;
  // Ask the client to tell us of .memlint.json edits (LSP 3.17 dynamic
  // registration); clients without it send didChangeConfiguration at most.
  registerCapability(
      Value(Object{
          {"registrations",
           Array{Object{
               {"id", "memlint-config-watch"},
               {"method", "workspace/didChangeWatchedFiles"},
               {"registerOptions",
                Object{{"watchers", Array{Object{{"globPattern",
                                                  "**/.memlint.json"}}}}}}}}}}),
      Value("memlint/register/1"));
}

void LSPServer::onShutdown(const RawParams &, Reply reply) {
  if (!acceptRequest(reply))
    return;
  shutdownRequested = true;
  // Nothing analysed from now on is of use: answer at once, and let the
  // analyses in progress stop at their next function.
  lint->cancelAll();
  reply(nullptr);
}

} // namespace memlint
