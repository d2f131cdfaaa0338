//===- LSPServer.cpp - The protocol layer of memlint lsp ------------------===//
#include "server/LSPServer.h"

#include "analysis/checks/CheckInfo.h"
#include "server/Features.h"
#include "server/PlanView.h"
#include "memlint/Version.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"
#include <chrono>

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
  Reply reply;
  bool answered = false;
};

namespace {

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

} // namespace

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
      [optionsFor = std::move(optionsFor)](const std::string &uri) {
        return optionsFor(filePathOf(uri));
      },
      [this](const std::string &uri, const LintServer::ResultPtr &result) {
        publish(uri, result);
      },
      [this](const std::string &uri, bool running) {
        analysisActivity(uri, running);
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

//===----------------------------------------------------------------------===//
// Work-done progress for long analyses
//===----------------------------------------------------------------------===//

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

void LSPServer::analysisActivity(const std::string &uri, bool running) {
  std::string token;
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    if (running) {
      analyses[uri] = {std::chrono::steady_clock::now(), ""};
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
                                          {"message", "analysing " + uri},
                                          {"cancellable", false}});
    }
    if (next == std::chrono::steady_clock::time_point::max())
      progressWake.wait(lock);
    else
      progressWake.wait_until(lock, next);
  }
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
    request->key = idKey(*input.lastId());
    std::lock_guard<std::mutex> lock(pendingMutex);
    pending[request->key] = request;
  }
  return request;
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
  if (!request->key.empty()) {
    std::lock_guard<std::mutex> lock(pendingMutex);
    auto it = pending.find(request->key);
    if (it != pending.end() && it->second == request)
      pending.erase(it);
  }
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
  if (const Object *init = objectAt(params.value, "initializationOptions"))
    if (std::optional<int64_t> max = init->getInteger("maxDocumentSize");
        max && *max > 0)
      lint->setMaxDocumentBytes(static_cast<uint64_t>(*max));
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

void LSPServer::onDidChangeWatchedFiles(const RawParams &params) {
  const Object *o = params.value.getAsObject();
  const Array *changes = o ? o->getArray("changes") : nullptr;
  if (!changes)
    return;
  for (const Value &c : *changes)
    if (const Object *change = c.getAsObject())
      if (std::optional<llvm::StringRef> uri = change->getString("uri"))
        if (uri->ends_with("/.memlint.json")) {
          lsp::Logger::info("{0} changed: re-linting open documents", *uri);
          lint->reloadOptions();
          checkConfigs();
          return;
        }
}

void LSPServer::onDidChangeConfiguration(const RawParams &) {
  lint->reloadOptions();
  checkConfigs();
}

void LSPServer::checkConfigs() {
  if (!configProblem)
    return;
  std::map<std::string, std::string> now; // config URI -> problem
  std::vector<std::string> unplaced;      // problems of unknown configs
  for (const auto &[uri, draft] : drafts) {
    std::optional<ConfigProblem> p = configProblem(filePathOf(uri));
    if (!p)
      continue;
    if (p->path.empty()) {
      unplaced.push_back(p->message);
      continue;
    }
    llvm::Expected<lsp::URIForFile> configUri =
        lsp::URIForFile::fromFile(p->path);
    if (!configUri) {
      llvm::consumeError(configUri.takeError());
      unplaced.push_back(p->message);
      continue;
    }
    now[configUri->uri().str()] = p->message;
  }
  auto showMessage = [&](const std::string &message) {
    std::string body;
    llvm::raw_string_ostream os(body);
    os << Value(Object{
        {"jsonrpc", "2.0"},
        {"method", "window/showMessage"},
        {"params", Object{{"type", 1}, {"message", "memlint: " + message}}}});
    os.flush();
    output.writeMessage(body);
  };
  for (const auto &[uri, message] : now) {
    auto old = brokenConfigs.find(uri);
    if (old != brokenConfigs.end() && old->second == message)
      continue;
    Value diagnostic = Object{
        {"range", Object{{"start", Object{{"line", 0}, {"character", 0}}},
                         {"end", Object{{"line", 0}, {"character", 0}}}}},
        {"severity", 1},
        {"code", "config-error"},
        {"source", "memlint"},
        {"message", message}};
    std::string body;
    llvm::raw_string_ostream os(body);
    os << Value(Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/publishDiagnostics"},
        {"params",
         Object{{"uri", uri}, {"diagnostics", Array{std::move(diagnostic)}}}}});
    os.flush();
    output.writeMessage(body);
    showMessage(message);
  }
  for (const auto &[uri, message] : brokenConfigs)
    if (!now.count(uri))
      publishEmpty(uri);
  brokenConfigs = std::move(now);
  for (const std::string &message : unplaced)
    showMessage(message);
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

//===----------------------------------------------------------------------===//
// Document sync
//===----------------------------------------------------------------------===//

void LSPServer::onDidOpen(const RawParams &params) {
  if (!initialized || shutdownRequested)
    return;
  const Object *doc = objectAt(params.value, "textDocument");
  std::optional<llvm::StringRef> uri = doc ? doc->getString("uri")
                                           : std::nullopt;
  std::optional<llvm::StringRef> text = doc ? doc->getString("text")
                                            : std::nullopt;
  if (!uri || !text) {
    lsp::Logger::error("didOpen without textDocument.uri and text");
    return;
  }
  Draft &draft = drafts[uri->str()];
  draft.text = std::make_shared<const std::string>(text->str());
  draft.version = doc->getInteger("version").value_or(0);
  lint->open(uri->str(), draft.text, draft.version);
  checkConfigs();
}

void LSPServer::onDidChange(const RawParams &params) {
  if (!initialized || shutdownRequested)
    return;
  std::optional<std::string> uri = documentUri(params.value);
  const Object *o = params.value.getAsObject();
  const Array *changes = o ? o->getArray("contentChanges") : nullptr;
  if (!uri || !changes) {
    lsp::Logger::error("didChange without textDocument.uri and "
                       "contentChanges");
    return;
  }
  auto it = drafts.find(*uri);
  if (it == drafts.end()) {
    lsp::Logger::error("didChange for {0}, which is not open", *uri);
    return;
  }
  auto t0 = std::chrono::steady_clock::now();
  std::string text = *it->second.text;
  for (const Value &change : *changes) {
    const Object *c = change.getAsObject();
    std::optional<llvm::StringRef> newText =
        c ? c->getString("text") : std::nullopt;
    if (!newText) {
      lsp::Logger::error("didChange: a change without text");
      return;
    }
    std::optional<std::pair<LspPosition, LspPosition>> range;
    if (const Value *r = c->get("range"); r && r->getAsObject()) {
      range = readRange(r->getAsObject());
      if (!range) {
        lsp::Logger::error("didChange: malformed range");
        return;
      }
    }
    if (!applyContentChange(text, range, *newText, encoding)) {
      lsp::Logger::error("didChange: a reversed range; edit ignored");
      return;
    }
  }
  Draft &draft = it->second;
  draft.text = std::make_shared<const std::string>(std::move(text));
  if (const Object *doc = o->getObject("textDocument"))
    if (std::optional<int64_t> v = doc->getInteger("version"))
      draft.version = *v;
  lint->change(*uri, draft.text, draft.version);
  lsp::Logger::info("didChange {0} v{1} applied in {2} ms", *uri,
                    draft.version,
                    std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - t0)
                        .count());
}

void LSPServer::onDidClose(const RawParams &params) {
  if (!initialized)
    return;
  std::optional<std::string> uri = documentUri(params.value);
  if (!uri)
    return;
  drafts.erase(*uri);
  lint->close(*uri, [&] { publishEmpty(*uri); });
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

void LSPServer::writeRange(llvm::json::OStream &j, const AnalysisResult &r,
                           const SourceRange &range) const {
  LspPosition start, end;
  if (range.isValid()) {
    start = r.lines->lspPositionOf(range.start, encoding);
    end = r.lines->lspPositionOf(range.end, encoding);
  }
  j.object([&] {
    j.attributeObject("start", [&] {
      j.attribute("line", start.line);
      j.attribute("character", start.character);
    });
    j.attributeObject("end", [&] {
      j.attribute("line", end.line);
      j.attribute("character", end.character);
    });
  });
}

void LSPServer::writeDiagnostic(llvm::json::OStream &j, const std::string &uri,
                                const AnalysisResult &result,
                                const Finding &finding) const {
  // LSP's Diagnostic with `code` (the check name) and related locations,
  // which llvm::lsp::Diagnostic lacks or ties to file URIs.
  j.object([&] {
    j.attributeBegin("range");
    writeRange(j, result, finding.range);
    j.attributeEnd();
    j.attribute("severity", static_cast<int>(toSeverity(finding.severity)));
    j.attribute("code", finding.check);
    if (const CheckInfo *info = findCheckInfo(finding.check))
      j.attributeObject("codeDescription",
                        [&] { j.attribute("href", info->docUrl()); });
    j.attribute("source", "memlint");
    j.attribute("message", finding.message);
    if (finding.related.empty())
      return;
    j.attributeArray("relatedInformation", [&] {
      for (const RelatedLocation &r : finding.related)
        j.object([&] {
          j.attributeObject("location", [&] {
            j.attribute("uri", uri);
            j.attributeBegin("range");
            writeRange(j, result, r.range);
            j.attributeEnd();
          });
          j.attribute("message", r.message);
        });
    });
  });
}

Value LSPServer::diagnosticJSON(const std::string &uri,
                                const AnalysisResult &result,
                                const Finding &finding) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::json::OStream j(os);
  writeDiagnostic(j, uri, result, finding);
  os.flush();
  llvm::Expected<Value> v = llvm::json::parse(text);
  if (!v) {
    llvm::consumeError(v.takeError());
    return nullptr;
  }
  return std::move(*v);
}

void LSPServer::publish(const std::string &uri,
                        const LintServer::ResultPtr &result) {
  auto t0 = std::chrono::steady_clock::now();
  std::string body;
  body.reserve(256 * (result->findings.size() + result->errors.size()) + 256);
  llvm::raw_string_ostream os(body);
  llvm::json::OStream j(os);
  j.object([&] {
    j.attribute("jsonrpc", "2.0");
    j.attribute("method", "textDocument/publishDiagnostics");
    j.attributeObject("params", [&] {
      j.attribute("uri", uri);
      j.attribute("version", result->version);
      j.attributeArray("diagnostics", [&] {
        for (const InputError &e : result->errors) {
          SourceRange r = e.range.isValid() ? e.range
                                            : SourceRange{{1, 1}, {1, 1}};
          j.object([&] {
            j.attributeBegin("range");
            writeRange(j, *result, r);
            j.attributeEnd();
            j.attribute("severity",
                        static_cast<int>(lsp::DiagnosticSeverity::Error));
            j.attribute("code", result->errorCode);
            j.attribute("source", "memlint");
            // The parser's first line; its notes go to related information.
            j.attribute("message",
                        llvm::StringRef(e.message).split('\n').first);
            if (e.notes.empty())
              return;
            j.attributeArray("relatedInformation", [&] {
              for (const RelatedLocation &n : e.notes)
                j.object([&] {
                  j.attributeObject("location", [&] {
                    j.attribute("uri", uri);
                    j.attributeBegin("range");
                    writeRange(j, *result, n.range.isValid() ? n.range : r);
                    j.attributeEnd();
                  });
                  j.attribute("message", n.message);
                });
            });
          });
        }
        for (const Finding &f : result->findings)
          writeDiagnostic(j, uri, *result, f);
      });
    });
  });
  os.flush();
  auto t1 = std::chrono::steady_clock::now();
  output.writeMessage(body);
  auto t2 = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  lsp::Logger::info("published {0} v{1}: {2} diagnostics ({3}, {4}/{5} ops; "
                    "analysis {6} ms [{9}], encoding {7} ms, sending {8} ms)",
                    uri, result->version,
                    result->errors.size() + result->findings.size(),
                    result->stats.mode, result->stats.opsAnalysed,
                    result->stats.opsTotal, result->stats.milliseconds,
                    ms(t0, t1), ms(t1, t2), result->stats.note);
}

void LSPServer::publishEmpty(const std::string &uri) {
  std::string body;
  llvm::raw_string_ostream os(body);
  os << Value(Object{{"jsonrpc", "2.0"},
                     {"method", "textDocument/publishDiagnostics"},
                     {"params", Object{{"uri", uri}, {"diagnostics", Array{}}}}});
  os.flush();
  output.writeMessage(body);
}

//===----------------------------------------------------------------------===//
// Features
//===----------------------------------------------------------------------===//

void LSPServer::onHover(const RawParams &params, Reply reply) {
  if (!acceptRequest(reply))
    return;
  std::optional<std::string> uri = documentUri(params.value);
  std::optional<LspPosition> pos =
      readPosition(objectAt(params.value, "position"));
  if (!uri || !pos)
    return reply(invalidParams("hover needs textDocument.uri and position"));
  auto request = track(std::move(reply));
  PositionEncoding enc = encoding;
  lint->withLatestResult(*uri, [this, request, pos = *pos,
                                enc](LintServer::ResultPtr result) {
    if (!result)
      return answer(request, nullptr);
    std::optional<HoverInfo> hover =
        hoverAt(*result, result->lines->sourcePosOf(pos, enc));
    if (!hover)
      return answer(request, nullptr);
    lsp::Hover h(toRange(*result, hover->range, enc));
    h.contents.value = hover->markdown;
    answer(request, lsp::toJSON(h));
  });
}

void LSPServer::onInlayHint(const RawParams &params, Reply reply) {
  if (!acceptRequest(reply))
    return;
  std::optional<std::string> uri = documentUri(params.value);
  auto range = readRange(objectAt(params.value, "range"));
  if (!uri || !range)
    return reply(invalidParams("inlayHint needs textDocument.uri and range"));
  auto request = track(std::move(reply));
  PositionEncoding enc = encoding;
  lint->withLatestResult(*uri, [this, request, range = *range,
                                enc](LintServer::ResultPtr result) {
    Array hints;
    if (result)
      for (const InlayHintInfo &h :
           inlayHints(*result, range.first.line + 1, range.second.line + 1)) {
        lsp::InlayHint hint(lsp::InlayHintKind::Type,
                            toPosition(*result, h.pos, enc));
        hint.label = h.label;
        hint.paddingLeft = true;
        hints.push_back(lsp::toJSON(hint));
      }
    answer(request, Value(std::move(hints)));
  });
}

Value LSPServer::codeActionJSON(const std::string &uri,
                                const AnalysisResult &result,
                                const std::vector<Finding> &findings,
                                const CodeActionInfo &a) const {
  lsp::CodeAction action;
  action.title = a.title;
  action.kind = a.kind;
  action.isPreferred = a.preferred;
  lsp::WorkspaceEdit edit;
  std::vector<lsp::TextEdit> &edits = edit.changes[uri];
  for (const TextEdit &e : a.edits)
    edits.push_back({toRange(result, e.range, encoding), e.newText});
  action.edit = std::move(edit);
  Value v = lsp::toJSON(action);
  // Attach our diagnostics (with their code), not LLVM's encoding.
  Array diagnostics;
  for (size_t i : a.findings)
    diagnostics.push_back(diagnosticJSON(uri, result, findings[i]));
  v.getAsObject()->try_emplace("diagnostics", std::move(diagnostics));
  return v;
}

void LSPServer::onCodeAction(const RawParams &params, Reply reply) {
  if (!acceptRequest(reply))
    return;
  std::optional<std::string> uri = documentUri(params.value);
  auto range = readRange(objectAt(params.value, "range"));
  if (!uri || !range)
    return reply(
        invalidParams("codeAction needs textDocument.uri and range"));
  std::vector<std::string> only;
  if (const Object *context = objectAt(params.value, "context"))
    if (const Array *kinds = context->getArray("only"))
      for (const Value &k : *kinds)
        if (std::optional<llvm::StringRef> s = k.getAsString())
          only.push_back(s->str());
  bool wantQuick = kindMatches(kQuickFixKind, only);
  bool wantAll = kindMatches(kFixAllKind, only);
  if (!wantQuick && !wantAll)
    return reply(Value(Array{}));
  // Fixing the whole file costs the most; clients that resolve edits get
  // the fix-all action without one and ask for it when it is chosen.
  bool lazyAll = wantAll && resolvesEdits;
  bool wholeFile = wantAll && !lazyAll;
  PositionEncoding enc = encoding;
  auto request = track(std::move(reply));
  lint->withFixes(
      *uri,
      [range = *range, wholeFile, enc](const AnalysisResult &r) {
        if (wholeFile)
          return SourceRange();
        return SourceRange{r.lines->sourcePosOf(range.first, enc),
                           r.lines->sourcePosOf(range.second, enc)};
      },
      [this, request, uri = *uri, range = *range, wantQuick, wantAll, lazyAll,
       enc](LintServer::ResultPtr result, std::vector<Finding> findings) {
        Array actions;
        if (!result)
          return answer(request, Value(std::move(actions)));
        SourceRange r{result->lines->sourcePosOf(range.first, enc),
                      result->lines->sourcePosOf(range.second, enc)};
        // Exactly the kinds asked for; a lazy fix-all is added below.
        std::vector<std::string> kinds;
        if (wantQuick)
          kinds.push_back(kQuickFixKind);
        if (wantAll && !lazyAll)
          kinds.push_back(kFixAllKind);
        if (!kinds.empty()) // an empty filter would pass every kind
          for (const CodeActionInfo &a :
               codeActions(findings, r, kinds, *result->text))
            actions.push_back(codeActionJSON(uri, *result, findings, a));
        // Offered only when some finding has a fix: the checks' table says
        // which do (computing them is what resolve is for).
        bool fixable = llvm::any_of(result->findings, [](const Finding &f) {
          const CheckInfo *info = findCheckInfo(f.check);
          return info && info->fixable();
        });
        if (lazyAll && fixable)
          actions.push_back(Object{
              {"title", "Fix all memlint problems (safe fixes)"},
              {"kind", kFixAllKind},
              {"data", Object{{"uri", uri}, {"version", result->version}}}});
        answer(request, Value(std::move(actions)));
      });
}

void LSPServer::onCodeActionResolve(const RawParams &params, Reply reply) {
  if (!acceptRequest(reply))
    return;
  const Object *data = objectAt(params.value, "data");
  std::optional<llvm::StringRef> uri =
      data ? data->getString("uri") : std::nullopt;
  std::optional<int64_t> version =
      data ? data->getInteger("version") : std::nullopt;
  const Object *action = params.value.getAsObject();
  if (!action || !uri || !version ||
      action->getString("kind") != std::optional<llvm::StringRef>(kFixAllKind))
    return reply(invalidParams("not a code action of memlint's to resolve"));
  auto request = track(std::move(reply));
  Value original = params.value;
  lint->withFixes(
      uri->str(), [](const AnalysisResult &) { return SourceRange(); },
      [this, request, uri = uri->str(), version = *version,
       original = std::move(original)](LintServer::ResultPtr result,
                                        std::vector<Finding> findings) {
        if (!result || result->version != version)
          return answer(request,
                        llvm::make_error<lsp::LSPError>(
                            "the document changed",
                            lsp::ErrorCode::ContentModified));
        std::vector<CodeActionInfo> all =
            codeActions(findings, SourceRange(), {kFixAllKind}, *result->text);
        if (all.empty())
          return answer(request, original); // nothing safe to apply
        Value v = codeActionJSON(uri, *result, findings, all.front());
        v.getAsObject()->try_emplace("data", *original.getAsObject()->get(
                                                 "data"));
        answer(request, std::move(v));
      });
}

void LSPServer::onAnalysisStats(const RawParams &params, Reply reply) {
  if (!acceptRequest(reply))
    return;
  std::optional<std::string> uri = documentUri(params.value);
  if (!uri)
    return reply(invalidParams("analysisStats needs textDocument.uri"));
  auto request = track(std::move(reply));
  lint->withCurrentResult(*uri, [this, request](LintServer::ResultPtr r) {
    if (!r)
      return answer(request, nullptr);
    answer(request,
           Value(Object{{"version", r->version},
                        {"mode", r->stats.mode},
                        {"note", r->stats.note},
                        {"opsTotal", r->stats.opsTotal},
                        {"opsAnalysed", r->stats.opsAnalysed},
                        {"milliseconds", r->stats.milliseconds},
                        {"findings", static_cast<int64_t>(r->findings.size())},
                        {"buffers", static_cast<int64_t>(r->bufferCount())},
                        {"errors", static_cast<int64_t>(r->errors.size())}}));
  });
}

void LSPServer::onPlan(const RawParams &params, Reply reply) {
  if (!acceptRequest(reply))
    return;
  std::optional<std::string> uri = documentUri(params.value);
  if (!uri)
    return reply(invalidParams("memlint/plan needs textDocument.uri"));
  std::string function;
  std::optional<LspPosition> position;
  if (const Object *o = params.value.getAsObject()) {
    if (const Value *f = o->get("function")) {
      std::optional<llvm::StringRef> name = f->getAsString();
      if (!name && f->kind() != Value::Null)
        return reply(invalidParams("memlint/plan: function must be a string"));
      if (name)
        function = name->str();
    }
    position = readPosition(o->getObject("position"));
  }
  auto request = track(std::move(reply));
  PositionEncoding enc = encoding;
  // The exact search may take a moment on a large arena: on a worker.
  lint->withCurrentResultOnWorker(*uri, [this, request, uri = *uri, function,
                                         position,
                                         enc](LintServer::ResultPtr r) {
    if (!r)
      return answer(request, nullptr);
    std::vector<BufferFacts> functions = planFunctions(*r);
    unsigned line =
        position ? r->lines->sourcePosOf(*position, enc).line : 0;
    const BufferFacts *picked = pickPlanFunction(functions, function, line);
    auto bare = [](const std::string &name) {
      return name.rfind('@', 0) == 0 ? name.substr(1) : name;
    };
    Array list;
    for (const BufferFacts &f : functions) {
      int64_t buffers = 0;
      for (const BufferFacts::SpaceSummary &s : f.spaces)
        buffers += s.buffers;
      list.push_back(Object{{"name", bare(f.name)},
                            {"line", f.liveFrom},
                            {"buffers", buffers}});
    }
    Value chosen = nullptr;
    if (picked) {
      PlanView view = planView(*picked);
      Array spaces;
      for (const PlanViewSpace &s : view.spaces) {
        Array buffers;
        for (const PlanViewBuffer &b : s.buffers) {
          const auto &e = b.entry;
          Object jb{{"name", e.name},
                    {"line", e.startLine},
                    {"bytes", e.bytes ? Value(*e.bytes) : Value(nullptr)},
                    {"offset", b.offset ? Value(*b.offset) : Value(nullptr)},
                    {"live", Object{{"start_line", e.startLine},
                                    {"end_line", e.endLine}}},
                    {"range", lsp::toJSON(toRange(*r, e.range, enc))}};
          if (!e.unplanned.empty())
            jb["unplanned"] = e.unplanned;
          buffers.push_back(std::move(jb));
        }
        Object js{{"space", s.space},
                  {"peak_bytes", s.peakBytes},
                  {"lower_bound_bytes", s.lowerBoundBytes},
                  {"no_reuse_bytes", s.noReuseBytes},
                  {"max_live_bytes", s.maxLiveBytes},
                  {"max_live_line", s.maxLiveLine},
                  {"optimal", s.optimal},
                  {"method", s.method},
                  {"buffers", std::move(buffers)}};
        if (!s.error.empty())
          js["error"] = s.error;
        spaces.push_back(std::move(js));
      }
      chosen = Object{{"name", view.name},
                      {"line", picked->liveFrom},
                      {"range", lsp::toJSON(toRange(*r, view.range, enc))},
                      {"alignment", view.alignment},
                      {"spaces", std::move(spaces)}};
    }
    answer(request,
           Value(Object{{"version", 1},
                        {"uri", uri},
                        {"documentVersion", r->version},
                        {"parseErrors", static_cast<int64_t>(r->errors.size())},
                        {"functions", std::move(list)},
                        {"function", std::move(chosen)}}));
  });
}

} // namespace memlint
