//===- LSPServerFeatures.cpp - Hover, inlay hints, code actions, plans ----===//
//
// The requests the feature layer (Features.h, PlanView.h) answers, each on
// the latest result of its document: decode, ask, encode.
//
//===----------------------------------------------------------------------===//
#include "server/LSPServer.h"

#include "analysis/checks/CheckInfo.h"
#include "server/DiagnosticJSON.h"
#include "server/Features.h"
#include "server/LSPServerDetail.h"
#include "server/PlanView.h"
#include "llvm/Support/LSP/Protocol.h"

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
namespace lsp = llvm::lsp;

namespace memlint {
using namespace lspdetail;

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

void LSPServer::appendCodeAction(std::string &out, const std::string &uri,
                                 const AnalysisResult &result,
                                 const std::vector<Finding> &findings,
                                 const CodeActionInfo &a) const {
  auto position = [&](SourcePos p) {
    lsp::Position l = toPosition(result, p, encoding);
    out += "{\"line\":" + std::to_string(l.line) +
           ",\"character\":" + std::to_string(l.character) + "}";
  };
  out += "{\"title\":";
  appendJSONString(out, a.title);
  out += ",\"kind\":";
  appendJSONString(out, a.kind);
  if (a.preferred)
    out += ",\"isPreferred\":true";
  out += ",\"edit\":{\"changes\":{";
  appendJSONString(out, uri);
  out += ":[";
  for (auto [k, e] : llvm::enumerate(a.edits)) {
    out += k ? ",{\"range\":" : "{\"range\":";
    if (e.range.isValid()) {
      out += "{\"start\":";
      position(e.range.start);
      out += ",\"end\":";
      position(e.range.end);
      out += "}";
    } else {
      out += "{\"start\":{\"line\":0,\"character\":0},"
             "\"end\":{\"line\":0,\"character\":0}}";
    }
    out += ",\"newText\":";
    appendJSONString(out, e.newText);
    out += "}";
  }
  out += "]}},\"diagnostics\":[";
  size_t start = out.size();
  DiagnosticContext ctx = diagnosticContext(uri);
  for (size_t i : a.findings)
    encodeFindings(findings[i], 0, *result.lines, ctx)
        .appendTo(out, 0, out.size() != start);
  out += "]}";
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
  // Fix-all is offered only where a safe fix exists, which takes the
  // file's fixes to know: a request must ask for source actions by name
  // (VS Code's menu and codeActionsOnSave do), not merely leave `only`
  // out, as the light bulb does on every cursor move.
  bool wantAll = !only.empty() && kindMatches(kFixAllKind, only);
  if (!wantQuick && !wantAll)
    return reply(Value(Array{}));
  // Clients that resolve edits get the fix-all action without them and ask
  // for them when it is chosen (the fixes are cached by then).
  bool lazyAll = wantAll && resolvesEdits;
  bool wholeFile = wantAll;
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
        std::string actions = "[";
        auto comma = [&] {
          if (actions.size() > 1)
            actions += ",";
        };
        if (!result)
          return answer(request, Value(Array{}));
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
               codeActions(findings, r, kinds, *result->text)) {
            comma();
            appendCodeAction(actions, uri, *result, findings, a);
          }
        // Offered only when some finding has a safe fix.
        bool fixable = llvm::any_of(findings, [](const Finding &f) {
          return llvm::any_of(f.fixes, [](const Fix &x) { return x.safe; });
        });
        if (lazyAll && fixable) {
          comma();
          llvm::raw_string_ostream os(actions);
          os << Value(Object{
              {"title", "Fix all memlint problems (safe fixes)"},
              {"kind", kFixAllKind},
              {"data", Object{{"uri", uri}, {"version", result->version}}}});
        }
        actions += "]";
        answerText(request, actions);
      },
      stopFlagOf(request));
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
        std::string text;
        appendCodeAction(text, uri, *result, findings, all.front());
        llvm::Expected<Value> v = llvm::json::parse(text);
        if (!v)
          return answer(request, v.takeError());
        v->getAsObject()->try_emplace("data",
                                      *original.getAsObject()->get("data"));
        answer(request, std::move(*v));
      },
      stopFlagOf(request));
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
                        {"findings", static_cast<int64_t>(r->findingCount())},
                        {"buffers", static_cast<int64_t>(r->bufferCount())},
                        {"errors", static_cast<int64_t>(r->errors.size())}}));
  });
}

namespace {

/// memlint/plan's `function`: one function's plan, space by space.
Value planJSON(const AnalysisResult &r, const BufferFacts &picked,
               PositionEncoding enc) {
  PlanView view = planView(picked);
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
                {"range", lsp::toJSON(toRange(r, e.range, enc))}};
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
  return Object{{"name", view.name},
                {"line", picked.liveFrom},
                {"range", lsp::toJSON(toRange(r, view.range, enc))},
                {"alignment", view.alignment},
                {"spaces", std::move(spaces)}};
}

} // namespace

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
  lint->withCurrentResultOnWorker(*uri, LintServer::Activity::Plan,
                                  [this, request, uri = *uri, function,
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
    Value chosen = picked ? planJSON(*r, *picked, enc) : Value(nullptr);
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
