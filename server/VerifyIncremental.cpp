//===- VerifyIncremental.cpp - Incremental == whole-file analysis ---------===//
#include "server/VerifyIncremental.h"

#include "server/IncrementalLinter.h"
#include "analysis/TopLevelLayout.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <memory>

namespace memlint {
namespace {

std::string describe(const SourceRange &r) {
  return std::to_string(r.start.line) + ":" + std::to_string(r.start.column) +
         "-" + std::to_string(r.end.line) + ":" + std::to_string(r.end.column);
}

std::vector<std::string> summarize(const AnalysisResult &r) {
  std::vector<std::string> out;
  for (const InputError &e : r.errors)
    out.push_back("error " + describe(e.range) + " " + e.message);
  for (const Finding &f : r.findings()) {
    std::string s = f.check + " " + severityName(f.severity) + " " +
                    describe(f.range) + " " + f.message.str();
    // The order of related locations is not stable from run to run (the
    // analysis walks pointer-keyed maps); compare them as a set.
    std::vector<std::string> related;
    for (const RelatedLocation &l : f.related)
      related.push_back(" | " + describe(l.range) + " " + l.message.str());
    llvm::sort(related);
    for (const std::string &r : related)
      s += r;
    for (const Fix &fix : f.fixes) {
      s += " | fix " + fix.title + (fix.safe ? "" : " (unsafe)");
      for (const TextEdit &e : fix.edits)
        s += " " + describe(e.range) + "=" + e.newText;
    }
    out.push_back(s);
  }
  for (const BufferFacts &b : r.buffersIn(0, ~0u)) {
    std::string s = "buffer " + b.name + " " + describe(b.opRange) + " " +
                    describe(b.nameRange) + " " + b.sizeText + " " + b.space +
                    " live " + std::to_string(b.liveFrom) + "-" +
                    std::to_string(b.liveTo);
    for (const FreeSite &f : b.frees)
      s += " free " + describe(f.range);
    for (const SourceRange &u : b.uses)
      s += " use " + describe(u);
    s += " kind " + std::to_string(static_cast<int>(b.kind));
    for (const BufferFacts::SpaceSummary &sp : b.spaces) {
      s += " space " + sp.space + " " + std::to_string(sp.peakBytes) + "/" +
           std::to_string(sp.lowerBoundBytes) + "/" +
           std::to_string(sp.noReuseBytes) + " max " +
           std::to_string(sp.maxLiveBytes) + "@" +
           std::to_string(sp.maxLiveLine);
      for (const BufferFacts::SpaceSummary::Entry &e : sp.entries)
        s += " entry " + e.name + " " + describe(e.range) + " " +
             std::to_string(e.startLine) + "-" + std::to_string(e.endLine) +
             " [" + std::to_string(e.lower) + "," + std::to_string(e.upper) +
             ") " + (e.bytes ? std::to_string(*e.bytes) : "?") + "/" +
             (e.arenaBytes ? std::to_string(*e.arenaBytes) : "-") + " " +
             e.unplanned;
    }
    out.push_back(s);
  }
  return out;
}

bool sameResults(const AnalysisResult &got, const AnalysisResult &want,
                 const std::string &what) {
  std::vector<std::string> a = summarize(got), b = summarize(want);
  if (a == b)
    return true;
  llvm::errs() << "MISMATCH (" << what << "; " << got.stats.mode << ", "
               << got.stats.note << ")\n";
  for (const std::string &s : a)
    if (std::find(b.begin(), b.end(), s) == b.end())
      llvm::errs() << "  incremental only: " << s << "\n";
  for (const std::string &s : b)
    if (std::find(a.begin(), a.end(), s) == a.end())
      llvm::errs() << "  whole-file only:  " << s << "\n";
  return false;
}

} // namespace

bool verifyIncremental(const std::string &file, const std::string &contents,
                       const LintOptions &opts, unsigned maxSamples, bool fixes,
                       VerifyIncrementalCounts &counts) {
  bool ok = true;
  auto text = std::make_shared<const std::string>(contents);
  IncrementalLinter whole(file, opts, /*incremental=*/false);
  IncrementalLinter inc(file, opts);

  auto first = inc.analyze(text, 1);
  auto wholeFirst = whole.analyzeWholeFile(text, 1);
  ok &= sameResults(*first, *wholeFirst, file + ": first analysis");
  ++counts.comparisons;
  // Fixes, computed per operation, against fixes for the whole file.
  if (fixes) {
    AnalysisResult a, b;
    a.ungroupedFindings = inc.findingsWithFixes(*first, SourceRange());
    b.ungroupedFindings = whole.findingsWithFixes(*wholeFirst, SourceRange());
    ok &= sameResults(a, b, file + ": fixes");
    ++counts.comparisons;
  }
  // Touch one operation at a time (a comment line after it: new text,
  // same meaning, later lines move) and compare with a fresh whole-file
  // analysis of the edited text.
  TopLevelLayout layout = computeLayout(*text);
  std::vector<const LayoutItem *> ops;
  for (const LayoutItem &item : layout.items)
    if (item.kind == LayoutItem::Kind::Op)
      ops.push_back(&item);
  unsigned samples = std::min<size_t>(maxSamples, ops.size());
  for (unsigned s = 0; s < samples; ++s) {
    const LayoutItem &item = *ops[s * ops.size() / samples];
    std::string edited = *text;
    std::string comment = "// memlint-verify-incremental\n";
    if (item.end > 0 && edited[item.end - 1] != '\n')
      comment = "\n" + comment;
    edited.insert(item.end, comment);
    auto editedText = std::make_shared<const std::string>(edited);
    auto got = inc.analyze(editedText, s + 2);
    counts.wholeFileRuns += got->stats.mode != "incremental";
    std::string what = file + ": after touching lines " +
                       std::to_string(item.firstLine) + "-" +
                       std::to_string(item.lastLine);
    ok &= sameResults(*got, *whole.analyzeWholeFile(editedText, s + 2), what);
    if (got->stats.mode == "incremental" &&
        got->stats.opsAnalysed > got->stats.opsTotal) {
      llvm::errs() << what << ": analysed more ops than exist\n";
      ok = false;
    }
    // And back: everything else should come from the cache.
    auto back = inc.analyze(text, s + 2);
    ok &= sameResults(*back, *first, file + ": after undoing the touch");
    counts.comparisons += 2;
  }
  llvm::outs() << file << ": " << (layout.ok ? "split" : "not split: ")
               << (layout.ok ? "" : layout.reason) << ", " << ops.size()
               << " ops, " << samples << " edits checked\n";
  return ok;
}

} // namespace memlint
