//===- DiagnosticJSON.cpp - Findings as LSP diagnostics, reusable ---------===//
#include "server/DiagnosticJSON.h"

#include "analysis/checks/CheckInfo.h"
#include "llvm/Support/JSON.h"

namespace memlint {

std::string checkDocsUrl(const DiagnosticContext &ctx, llvm::StringRef check) {
  if (ctx.docsUrl.empty()) {
    const CheckInfo *info = findCheckInfo(check);
    return info ? info->docUrl() : std::string();
  }
  std::string url = ctx.docsUrl;
  size_t at = url.find("{check}");
  if (at != std::string::npos)
    return url.replace(at, 7, check.str());
  if (url.back() != '/')
    url += '/';
  return url + check.str();
}

/// The body of a JSON string holding `s`, which is valid UTF-8.
static void appendEscaped(std::string &out, llvm::StringRef s) {
  static const char hex[] = "0123456789abcdef";
  size_t from = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = s[i];
    if (c >= 0x20 && c != '"' && c != '\\')
      continue;
    out.append(s.data() + from, i - from);
    from = i + 1;
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  out.append(s.data() + from, s.size() - from);
}

void appendJSONStringBody(std::string &out, llvm::StringRef s) {
  // Invalid UTF-8 is repaired as llvm::json does.
  if (!llvm::json::isUTF8(s))
    appendEscaped(out, llvm::json::fixUTF8(s));
  else
    appendEscaped(out, s);
}

void appendJSONString(std::string &out, llvm::StringRef s) {
  out += '"';
  appendJSONStringBody(out, s);
  out += '"';
}

void EncodedDiagnostics::appendTo(std::string &out, int delta,
                                  bool comma) const {
  if (text.empty())
    return;
  if (comma)
    out += ',';
  size_t from = 0;
  for (const Hole &h : holes) {
    out.append(text, from, h.offset - from);
    out += std::to_string(h.base + delta);
    from = h.offset;
  }
  out.append(text, from, std::string::npos);
}

/// Writes JSON into an EncodedDiagnostics, leaving line numbers open.
class DiagnosticWriter {
public:
  DiagnosticWriter(const TextLines &lines, const DiagnosticContext &ctx,
                   int delta)
      : lines(lines), ctx(ctx), delta(delta) {}

  void finding(const Finding &f) {
    begin();
    out() += "{\"range\":";
    range(f.range);
    out() += ",\"severity\":";
    out() += std::to_string(severity(f.severity));
    out() += ",\"code\":";
    string(f.check);
    if (findCheckInfo(f.check)) {
      out() += ",\"codeDescription\":{\"href\":";
      string(checkDocsUrl(ctx, f.check));
      out() += '}';
    }
    out() += ",\"source\":\"memlint\",\"message\":";
    message(f.message);
    related(f.related, nullptr);
    out() += '}';
  }

  void error(const InputError &e, llvm::StringRef code) {
    begin();
    SourceRange r = e.range.isValid() ? e.range : SourceRange{{1, 1}, {1, 1}};
    out() += "{\"range\":";
    range(r);
    out() += ",\"severity\":1,\"code\":";
    string(code);
    out() += ",\"source\":\"memlint\",\"message\":";
    // The parser's first line; its notes go to related information.
    string(llvm::StringRef(e.message).split('\n').first);
    related(e.notes, &r);
    out() += '}';
  }

  EncodedDiagnostics take() { return std::move(result); }

private:
  std::string &out() { return result.text; }

  void begin() {
    if (!out().empty())
      out() += ',';
  }

  /// LSP's DiagnosticSeverity.
  static int severity(Severity s) {
    switch (s) {
    case Severity::Error:
      return 1;
    case Severity::Warning:
      return 2;
    case Severity::Note:
      return 3;
    }
    return 2;
  }

  void hole(int64_t base) { result.holes.push_back({out().size(), base}); }

  /// `{"line":L,"character":C}` of a valid position, L left open.
  void position(SourcePos p) {
    SourcePos now = p;
    now.line += delta;
    LspPosition lsp = lines.lspPositionOf(now, ctx.encoding);
    out() += "{\"line\":";
    // lspPositionOf's line is now.line - 1 for every position in the
    // text; anything else (past the end) cannot move with its operation.
    if (lsp.line + 1 == now.line)
      hole(static_cast<int64_t>(p.line) - 1);
    else
      out() += std::to_string(lsp.line);
    out() += ",\"character\":";
    out() += std::to_string(lsp.character);
    out() += '}';
  }

  void range(const SourceRange &r) {
    if (!r.isValid()) {
      out() += "{\"start\":{\"line\":0,\"character\":0},"
               "\"end\":{\"line\":0,\"character\":0}}";
      return;
    }
    out() += "{\"start\":";
    position(r.start);
    out() += ",\"end\":";
    position(r.end);
    out() += '}';
  }

  /// Related locations; one without a range gets `fallback`'s, if given.
  void related(llvm::ArrayRef<RelatedLocation> rel,
               const SourceRange *fallback) {
    if (rel.empty())
      return;
    out() += ",\"relatedInformation\":[";
    for (auto [i, r] : llvm::enumerate(rel)) {
      if (i)
        out() += ',';
      out() += "{\"location\":{\"uri\":";
      string(ctx.uri);
      out() += ",\"range\":";
      range(r.range.isValid() || !fallback ? r.range : *fallback);
      out() += "},\"message\":";
      message(r.message);
      out() += '}';
    }
    out() += ']';
  }

  /// A JSON string of `m`, each quoted position's line left open.
  void message(const Message &m) {
    const std::string &s = m.str();
    out() += '"';
    size_t from = 0;
    for (const Message::Quote &q : m.quotes()) {
      // A quote reads "LINE:COLUMN": digits and a colon, nothing to escape.
      escape(llvm::StringRef(s).slice(from, q.offset));
      hole(q.pos.line);
      llvm::StringRef words = llvm::StringRef(s).substr(q.offset, q.length);
      out() += words.drop_until([](char c) { return c == ':'; });
      from = q.offset + q.length;
    }
    escape(llvm::StringRef(s).substr(from));
    out() += '"';
  }

  void string(llvm::StringRef s) { appendJSONString(out(), s); }

  void escape(llvm::StringRef s) { appendJSONStringBody(out(), s); }

  const TextLines &lines;
  const DiagnosticContext &ctx;
  int delta;
  EncodedDiagnostics result;
};

EncodedDiagnostics encodeFindings(llvm::ArrayRef<Finding> findings, int delta,
                                  const TextLines &lines,
                                  const DiagnosticContext &ctx) {
  DiagnosticWriter w(lines, ctx, delta);
  for (const Finding &f : findings)
    w.finding(f);
  return w.take();
}

EncodedDiagnostics encodeErrors(llvm::ArrayRef<InputError> errors,
                                llvm::StringRef code, const TextLines &lines,
                                const DiagnosticContext &ctx) {
  DiagnosticWriter w(lines, ctx, 0);
  for (const InputError &e : errors)
    w.error(e, code);
  return w.take();
}

void DiagnosticCache::append(std::string &out, const Group &group, int delta,
                             bool comma, const TextLines &lines,
                             const DiagnosticContext &ctx) {
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = entries.try_emplace(group.get());
  Entry &e = it->second;
  // The address may be a list that died and another that took its place.
  if (inserted || e.owner.lock() != group) {
    e.owner = group;
    e.encoded = encodeFindings(*group, delta, lines, ctx);
  }
  e.used = true;
  e.encoded.appendTo(out, delta, comma);
}

void DiagnosticCache::sweep() {
  std::lock_guard<std::mutex> lock(mutex);
  for (auto it = entries.begin(); it != entries.end();) {
    auto cur = it++;
    if (!cur->second.used)
      entries.erase(cur);
    else
      cur->second.used = false;
  }
}

size_t DiagnosticCache::size() const {
  std::lock_guard<std::mutex> lock(mutex);
  return entries.size();
}

} // namespace memlint
