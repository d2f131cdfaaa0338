//===- Features.cpp - Hover, inlay hints and code actions -----------------===//
#include "server/Features.h"

#include "analysis/Engine.h"
#include "server/TextLines.h"

#include <algorithm>
#include <set>

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

static void appendFindings(const AnalysisResult &result, SourceRange range,
                           std::string &md) {
  for (const Finding &f : result.findings())
    if (touches(f.range, range))
      md += "- **" + f.check + "**: " + f.message.str() + "\n";
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
      if (!b.frees[i].when.empty())
        md += " when " + b.frees[i].when.str();
    }
    md += "\n";
  }
  if (b.liveFrom)
    md += "- **live**: " + lines(b.liveFrom, std::max(b.liveFrom, b.liveTo)) +
          "\n";
  appendFindings(result, b.opRange, md);
  return md;
}

static std::string renderFunction(const AnalysisResult &result,
                                  const BufferFacts &fn,
                                  const std::vector<BufferFacts> &all) {
  std::string md = "**" + fn.name + "** · `" + fn.opName + "`\n\n";
  unsigned buffers = 0;
  for (const BufferFacts &b : all)
    if (b.kind == BufferFacts::Kind::Buffer && b.liveFrom >= fn.liveFrom &&
        b.liveFrom <= fn.liveTo)
      ++buffers;
  md += "- **buffers**: " + std::to_string(buffers) + "\n";
  for (const BufferFacts::SpaceSummary &s : fn.spaces) {
    md += "- **" + s.space + "**: peak " +
          formatBytes(static_cast<uint64_t>(s.peakBytes)) + ", lower bound " +
          formatBytes(static_cast<uint64_t>(s.lowerBoundBytes)) +
          ", without reuse " +
          formatBytes(static_cast<uint64_t>(s.noReuseBytes)) + " (" +
          std::to_string(s.buffers) + " buffers";
    if (s.unplanned)
      md += ", " + std::to_string(s.unplanned) + " outside the arena";
    md += ")";
    // Hover plans with the heuristics only (it must answer at once); the
    // plan view's search may find a lower peak, so say which this is.
    if (s.peakBytes > s.lowerBoundBytes)
      md += "; greedy plan: the memory-plan view searches further";
    md += "\n";
  }
  appendFindings(result, {{fn.liveFrom, 1}, {fn.liveTo + 1, 1}}, md);
  return md;
}

static std::string renderArgument(const AnalysisResult &result,
                                  const BufferFacts &a) {
  std::string md =
      "**" + a.name + "** · " + a.opName + " · `" + a.type + "`\n\n";
  md += "- **owner**: the caller (ownership model: a function borrows its "
        "memref arguments and must not free them)\n";
  md += "- **memory space**: " + a.space + "\n";
  for (const FreeSite &f : a.frees) {
    md += "- **freed here anyway**: line " +
          std::to_string(f.range.start.line) + " (`" + f.opName + "`)\n";
    appendFindings(result, f.range, md);
  }
  return md;
}

static std::string renderFree(const AnalysisResult &result,
                              const FreeSite &site,
                              const std::vector<const BufferFacts *> &freed) {
  std::string md = "`" + site.opName + "`\n\n";
  for (const BufferFacts *b : freed) {
    md += "- **frees** " + b->name;
    if (b->kind == BufferFacts::Kind::Argument)
      md += " (an argument: owned by the caller)";
    else
      md += " (`" + b->opName + "`, line " +
            std::to_string(b->opRange.start.line) + ")";
    // On which paths, as the analysis words them.
    bool worded = false;
    for (const FreeSite &here : b->frees)
      if (here.range == site.range && !here.when.empty()) {
        md += " when " + here.when.str();
        worded = true;
      }
    if (b->frees.size() > 1) {
      md += "; it is also freed on line";
      md += b->frees.size() > 2 ? "s" : "";
      bool first = true;
      for (const FreeSite &other : b->frees)
        if (!(other.range == site.range)) {
          md += (first ? " " : ", ") + std::to_string(other.range.start.line);
          first = false;
        }
      if (!worded)
        md += " (the paths through them differ)";
    } else {
      md += "; the only free of it";
    }
    md += "\n";
  }
  appendFindings(result, site.range, md);
  return md;
}

std::optional<HoverInfo> hoverAt(const AnalysisResult &result, SourcePos pos) {
  const BufferFacts *best = nullptr;
  SourceRange where;
  std::vector<BufferFacts> buffers = result.buffersIn(pos.line, pos.line);
  // A free: what it frees, from the facts of the buffers and arguments.
  for (const BufferFacts &b : buffers)
    for (const FreeSite &f : b.frees)
      if (contains(f.range, pos)) {
        std::vector<const BufferFacts *> freed;
        for (const BufferFacts &other : buffers)
          for (const FreeSite &g : other.frees)
            if (g.range == f.range) {
              freed.push_back(&other);
              break;
            }
        return HoverInfo{f.range, renderFree(result, f, freed)};
      }
  for (const BufferFacts &b : buffers) {
    if (b.kind == BufferFacts::Kind::Function) {
      if (contains(b.nameRange, pos) && !best) {
        best = &b;
        where = b.nameRange;
      }
      continue;
    }
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
  if (best->kind == BufferFacts::Kind::Function)
    return HoverInfo{
        where, renderFunction(result, *best,
                              result.buffersIn(best->liveFrom, best->liveTo))};
  if (best->kind == BufferFacts::Kind::Argument)
    return HoverInfo{where, renderArgument(result, *best)};
  return HoverInfo{where, renderHover(result, *best)};
}

std::vector<InlayHintInfo> inlayHints(const AnalysisResult &result,
                                      unsigned fromLine, unsigned toLine) {
  std::vector<InlayHintInfo> out;
  for (const BufferFacts &b : result.buffersIn(fromLine, toLine)) {
    if (b.kind != BufferFacts::Kind::Buffer)
      continue;
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

/// suppressEdit on the finding's line, looked up in `lines`.
static std::optional<TextEdit> suppressEditIn(const TextLines &lines,
                                              const Finding &finding) {
  unsigned line = finding.range.start.line;
  if (!line || line > lines.numLines())
    return std::nullopt;
  // The finding's line, as the engine reads it (isSuppressed).
  llvm::StringRef l = lines.line(line - 1);
  if (isSuppressed(l, 1, finding.check))
    return std::nullopt;
  constexpr llvm::StringLiteral marker = "memlint: ignore[";
  size_t comment = l.find("//");
  size_t at = l.find(marker);
  if (comment != llvm::StringRef::npos && at != llvm::StringRef::npos &&
      comment < at) {
    size_t close = l.find(']', at);
    if (close != llvm::StringRef::npos) {
      // Extend the list: `ignore[leak]` -> `ignore[leak, double-free]`.
      unsigned col = static_cast<unsigned>(close) + 1;
      return TextEdit{{{line, col}, {line, col}}, ", " + finding.check};
    }
  }
  unsigned end = static_cast<unsigned>(l.size()) + 1;
  return TextEdit{{{line, end}, {line, end}},
                  " // memlint: ignore[" + finding.check + "]"};
}

std::optional<TextEdit> suppressEdit(llvm::StringRef text,
                                     const Finding &finding) {
  return suppressEditIn(TextLines(text), finding);
}

std::vector<CodeActionInfo> codeActions(const std::vector<Finding> &findings,
                                        SourceRange range,
                                        const std::vector<std::string> &only,
                                        llvm::StringRef text) {
  std::vector<CodeActionInfo> out;
  if (kindMatches(kQuickFixKind, only)) {
    // Lines found once: each finding's line looked up from the start of
    // the text made a code action over many findings quadratic.
    std::optional<TextLines> lines;
    for (size_t i = 0; i < findings.size(); ++i) {
      const Finding &f = findings[i];
      if (!touches(f.range, range))
        continue;
      if (!lines)
        lines.emplace(text);
      std::optional<TextEdit> suppress = suppressEditIn(*lines, f);
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
      // After the fixes: suppressing is the last resort.
      if (suppress) {
        CodeActionInfo a;
        a.title = "Suppress with `// memlint: ignore[" + f.check + "]`";
        a.kind = kQuickFixKind;
        a.findings = {i};
        a.edits = {*suppress};
        out.push_back(std::move(a));
      }
    }
  }
  if (kindMatches(kFixAllKind, only)) {
    CodeActionInfo all;
    all.title = "Fix all memlint problems (safe fixes)";
    all.kind = kFixAllKind;
    // Each fix is proven alone. Fixes of findings about one buffer (the
    // double frees of %a, each fixed by guarding one free with the other's
    // condition) can undo each other together: a path freed once became a
    // leak, and 60 such fixes deleted 59 of 60 frees. One fix per buffer,
    // known by where it is allocated (a leak's or a merge's anchor, an
    // "allocated here" or "declared here" note); `memlint fix` proves the
    // others in its next rounds.
    std::set<SourcePos> buffersTaken;
    auto buffersOf = [](const Finding &f) {
      std::vector<SourcePos> out{f.range.start};
      for (const RelatedLocation &r : f.related) {
        llvm::StringRef m = r.message.str();
        if (m.ends_with("allocated here") || m.ends_with("declared here"))
          out.push_back(r.range.start);
      }
      return out;
    };
    for (size_t i = 0; i < findings.size(); ++i) {
      const Finding &f = findings[i];
      auto fix = std::find_if(f.fixes.begin(), f.fixes.end(),
                              [](const Fix &x) { return x.safe; });
      if (fix == f.fixes.end())
        continue;
      std::vector<SourcePos> buffers = buffersOf(f);
      if (llvm::any_of(buffers, [&](const SourcePos &p) {
            return buffersTaken.count(p);
          }))
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
      buffersTaken.insert(buffers.begin(), buffers.end());
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
