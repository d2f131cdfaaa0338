//===- LSPServerDocuments.cpp - Document sync and diagnostics -------------===//
//
// The drafts of open documents (incremental edits applied here), the
// configuration changes that re-lint them, and publishDiagnostics, written
// straight to JSON for large results.
//
//===----------------------------------------------------------------------===//
#include "server/LSPServer.h"

#include "analysis/checks/CheckInfo.h"
#include "server/LSPServerDetail.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"
#include <chrono>

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
namespace lsp = llvm::lsp;

namespace memlint {
using namespace lspdetail;

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
  std::shared_ptr<const std::string> text = it->second.text;
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
    std::optional<std::string> next =
        withContentChange(*text, range, *newText, encoding);
    if (!next) {
      lsp::Logger::error("didChange: a reversed range; edit ignored");
      return;
    }
    text = std::make_shared<const std::string>(std::move(*next));
  }
  Draft &draft = it->second;
  draft.text = std::move(text);
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
  std::lock_guard<std::mutex> lock(diagnosticCachesMutex);
  diagnosticCaches.erase(*uri);
}

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

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

void LSPServer::onDidChangeConfiguration(const RawParams &params) {
  // VS Code sends its `memlint` section; a notification without one (some
  // clients send `null` to say "look again") keeps the settings.
  if (const Object *all = objectAt(params.value, "settings"))
    if (const Value *mine = all->get("memlint"))
      setSettings(mine);
  lint->reloadOptions();
  checkConfigs();
}

void LSPServer::setSettings(const Value *value) {
  std::vector<std::string> problems;
  EditorSettings next = EditorSettings::fromJSON(value, problems);
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    settings = std::move(next);
  }
  for (const std::string &p : problems) {
    lsp::Logger::error("{0}", p);
    showMessage(1, p);
  }
}

void LSPServer::showMessage(int type, const std::string &message) {
  std::string body;
  llvm::raw_string_ostream os(body);
  os << Value(Object{
      {"jsonrpc", "2.0"},
      {"method", "window/showMessage"},
      {"params", Object{{"type", type}, {"message", "memlint: " + message}}}});
  os.flush();
  output.writeMessage(body);
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
    showMessage(1, message);
  }
  for (const auto &[uri, message] : brokenConfigs)
    if (!now.count(uri))
      publishEmpty(uri);
  brokenConfigs = std::move(now);
  for (const std::string &message : unplaced)
    showMessage(1, message);
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

DiagnosticContext LSPServer::diagnosticContext(const std::string &uri) const {
  return {uri, encoding, docsUrl};
}

void LSPServer::publish(const std::string &uri,
                        const LintServer::ResultPtr &result) {
  auto t0 = std::chrono::steady_clock::now();
  DiagnosticContext ctx = diagnosticContext(uri);
  const TextLines &lines = *result->lines;
  std::string body;
  body.reserve(400 * (result->findingCount() + result->errors.size()) + 256);
  body += "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/"
          "publishDiagnostics\",\"params\":{\"uri\":";
  appendJSONString(body, uri);
  body += ",\"version\":" + std::to_string(result->version) +
          ",\"diagnostics\":[";
  size_t arrayStart = body.size();
  auto comma = [&] { return body.size() != arrayStart; };
  encodeErrors(result->errors, result->errorCode, lines, ctx)
      .appendTo(body, 0, comma());
  // Findings in position order: the groups are in line order; the few
  // findings in none are written where they fall between them.
  std::shared_ptr<DiagnosticCache> cache;
  {
    std::lock_guard<std::mutex> lock(diagnosticCachesMutex);
    auto &slot = diagnosticCaches[uri];
    if (!slot)
      slot = std::make_shared<DiagnosticCache>();
    cache = slot;
  }
  const std::vector<Finding> &loose = result->ungroupedFindings;
  size_t next = 0;
  auto looseBefore = [&](unsigned line) {
    size_t end = next;
    while (end < loose.size() && (!loose[end].range.isValid() ||
                                  loose[end].range.start.line < line))
      ++end;
    if (end == next)
      return;
    encodeFindings(llvm::ArrayRef(loose).slice(next, end - next), 0, lines,
                   ctx)
        .appendTo(body, 0, comma());
    next = end;
  };
  for (const AnalysisResult::FindingGroup &g : result->findingGroups) {
    if (g.findings->empty())
      continue;
    const SourceRange &first = g.findings->front().range;
    if (first.isValid())
      looseBefore(first.start.line + g.lineDelta);
    cache->append(body, g.findings, g.lineDelta, comma(), lines, ctx);
  }
  looseBefore(~0u);
  cache->sweep();
  body += "]}}";
  auto t1 = std::chrono::steady_clock::now();
  output.writeMessage(body);
  auto t2 = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  lsp::Logger::info("published {0} v{1}: {2} diagnostics ({3}, {4}/{5} ops; "
                    "analysis {6} ms [{9}], encoding {7} ms, sending {8} ms)",
                    uri, result->version,
                    result->errors.size() + result->findingCount(),
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

} // namespace memlint
