//===- Features.cpp - Hover, inlay hints and code actions -----------------===//
#include "server/Features.h"

#include <algorithm>

namespace memlint {

static bool contains(const SourceRange &r, SourcePos p) {
  return r.isValid() && r.start <= p && p <= r.end;
}

static bool touches(const SourceRange &a, const SourceRange &b) {
  return a.isValid() && b.isValid() && !(a.end < b.start) && !(b.end < a.start);
}

static std::string lines(unsigned from, unsigned to) {
  if (from == to)
    return "line " + std::to_string(from);
  return "lines " + std::to_string(from) + "–" + std::to_string(to);
}

static std::string renderHover(const AnalysisResult &result,
                               const BufferFacts &b) {
  std::string md = "**" + b.name + "** · `" + b.opName + "` · `" + b.type +
                   "`\n\n";
  md += "- **size**: " + b.sizeText + "\n";
  md += "- **memory space**: " + b.space + "\n";
  if (b.stack) {
    md += "- **freed**: automatically when its scope ends (stack)\n";
  } else if (b.frees.empty()) {
    md += "- **freed**: nowhere in this function\n";
  } else {
    md += "- **freed**: ";
    for (size_t i = 0; i < b.frees.size(); ++i) {
      if (i)
        md += ", ";
      md += "line " + std::to_string(b.frees[i].range.start.line) + " (`" +
            b.frees[i].opName + "`)";
    }
    md += "\n";
  }
  if (b.liveFrom)
    md += "- **live**: " + lines(b.liveFrom, std::max(b.liveFrom, b.liveTo)) +
          "\n";
  for (const Finding &f : result.findings)
    if (touches(f.range, b.opRange))
      md += "- **" + f.check + "**: " + f.message + "\n";
  return md;
}

std::optional<HoverInfo> hoverAt(const AnalysisResult &result, SourcePos pos) {
  const BufferFacts *best = nullptr;
  SourceRange where;
  std::vector<BufferFacts> buffers = result.buffersIn(pos.line, pos.line);
  for (const BufferFacts &b : buffers) {
    if (contains(b.nameRange, pos)) {
      best = &b;
      where = b.nameRange;
      break;
    }
    for (const SourceRange &u : b.uses)
      if (contains(u, pos)) {
        best = &b;
        where = u;
      }
    if (!best && contains(b.opRange, pos)) {
      best = &b;
      where = b.opRange;
    }
  }
  if (!best)
    return std::nullopt;
  return HoverInfo{where, renderHover(result, *best)};
}

std::vector<InlayHintInfo> inlayHints(const AnalysisResult &result,
                                      unsigned fromLine, unsigned toLine) {
  std::vector<InlayHintInfo> out;
  for (const BufferFacts &b : result.buffersIn(fromLine, toLine)) {
    if (!b.hintPos.line || b.hintPos.line < fromLine ||
        b.hintPos.line > toLine)
      continue;
    std::string label;
    if (b.bytes)
      label = formatBytes(*b.bytes);
    else if (!b.sizeText.empty() && b.sizeText.rfind("unknown", 0) != 0)
      label = b.sizeText.substr(0, b.sizeText.size() - 6) + " B";
    else
      continue;
    out.push_back({b.hintPos, label});
  }
  return out;
}

bool kindMatches(const std::string &kind,
                 const std::vector<std::string> &only) {
  if (only.empty())
    return true;
  for (const std::string &o : only)
    if (kind == o || (kind.size() > o.size() && kind.rfind(o, 0) == 0 &&
                      kind[o.size()] == '.'))
      return true;
  return false;
}

static bool overlaps(const TextEdit &a, const TextEdit &b) {
  // Insertions at one point are fine: they apply in array order.
  if (a.range == b.range)
    return !(a.range.start == a.range.end);
  return a.range.start < b.range.end && b.range.start < a.range.end;
}

std::vector<CodeActionInfo> codeActions(const std::vector<Finding> &findings,
                                        SourceRange range,
                                        const std::vector<std::string> &only) {
  std::vector<CodeActionInfo> out;
  if (kindMatches(kQuickFixKind, only)) {
    for (size_t i = 0; i < findings.size(); ++i) {
      const Finding &f = findings[i];
      if (f.fixes.empty() || !touches(f.range, range))
        continue;
      bool preferredGiven = false;
      for (const Fix &fix : f.fixes) {
        CodeActionInfo a;
        a.title = fix.title.empty() ? "Fix " + f.check : fix.title;
        if (!fix.safe)
          a.title += " (unsafe)";
        a.kind = kQuickFixKind;
        a.preferred = fix.safe && !preferredGiven;
        preferredGiven |= a.preferred;
        a.findings = {i};
        a.edits = fix.edits;
        out.push_back(std::move(a));
      }
    }
  }
  if (kindMatches(kFixAllKind, only)) {
    CodeActionInfo all;
    all.title = "Fix all memlint problems (safe fixes)";
    all.kind = kFixAllKind;
    for (size_t i = 0; i < findings.size(); ++i) {
      const Finding &f = findings[i];
      auto fix = std::find_if(f.fixes.begin(), f.fixes.end(),
                              [](const Fix &x) { return x.safe; });
      if (fix == f.fixes.end())
        continue;
      std::vector<TextEdit> take;
      bool clash = false;
      for (const TextEdit &e : fix->edits) {
        bool duplicate = false;
        for (const TextEdit &have : all.edits) {
          if (have.range == e.range && have.newText == e.newText)
            duplicate = true;
          else if (overlaps(have, e))
            clash = true;
        }
        if (!duplicate)
          take.push_back(e);
      }
      if (clash)
        continue;
      all.edits.insert(all.edits.end(), take.begin(), take.end());
      all.findings.push_back(i);
    }
    if (!all.edits.empty()) {
      std::stable_sort(all.edits.begin(), all.edits.end(),
                       [](const TextEdit &a, const TextEdit &b) {
                         return a.range.start < b.range.start;
                       });
      out.push_back(std::move(all));
    }
  }
  return out;
}

} // namespace memlint
