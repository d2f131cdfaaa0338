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
    j.attribute("message", finding.message.str());
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
          j.attribute("message", r.message.str());
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
                  j.attribute("message", n.message.str());
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

} // namespace memlint
