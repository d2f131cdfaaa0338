//===- LspCommand.cpp - memlint lsp ---------------------------------------===//
//
//   memlint lsp [--checks=LIST] [--capacity SPACE=BYTES]... [--config=FILE]
//               [--debounce-ms=N] [--no-incremental] [--log=LEVEL]
//   memlint lsp --verify-incremental [--samples=N] FILE...
//
// The second form is a self-test: it checks that incremental analysis gives
// what whole-file analysis gives, for FILE and for edits of it.
//
//===----------------------------------------------------------------------===//
#include "server/Register.h"

#include "analysis/Config.h"
#include "cli/Commands.h"
#include "server/IncrementalLinter.h"
#include "server/LSPServer.h"
#include "server/MessageInput.h"
#include "server/MessageOutput.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <unistd.h>
#include <iostream>
#include <sstream>

namespace memlint {
namespace {

const char *lspHelp =
    R"(memlint lsp: the language server (LSP 3.17, JSON-RPC over stdin/stdout)

  --checks=LIST            checks to run (as for lint); default all
  --capacity SPACE=BYTES   capacity of a memory space (repeatable)
  --config=FILE            use FILE instead of each file's .memlint.json
  --debounce-ms=N          quiet time after an edit before analysing (15)
  --no-incremental         re-analyse whole files on every edit
  --log=error|info|verbose what to log on stderr (error)
  --verify-incremental [--samples=N] [--fixes] FILE...
                           self-test: incremental == whole-file analysis
                           (for N edits per file; --fixes: fixes too)
)";

struct LspArgs {
  std::string checks, config, log = "error";
  std::vector<std::pair<std::string, uint64_t>> capacities;
  unsigned debounceMs = 15;
  bool incremental = true;
  bool verify = false;
  unsigned samples = 40;
  bool fixes = false;
  std::vector<std::string> files;
};

bool parseArgs(const Args &args, LspArgs &out, std::string &error) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    std::string v;
    if (takeOption(args, i, "--checks", out.checks) ||
        takeOption(args, i, "--config", out.config) ||
        takeOption(args, i, "--log", out.log))
      continue;
    if (takeOption(args, i, "--capacity", v)) {
      size_t eq = v.rfind('=');
      uint64_t bytes;
      if (eq == std::string::npos || eq == 0 ||
          llvm::StringRef(v).substr(eq + 1).getAsInteger(10, bytes)) {
        error = "--capacity wants SPACE=BYTES, got '" + v + "'";
        return false;
      }
      out.capacities.push_back({v.substr(0, eq), bytes});
      continue;
    }
    if (takeOption(args, i, "--debounce-ms", v)) {
      if (llvm::StringRef(v).getAsInteger(10, out.debounceMs)) {
        error = "--debounce-ms wants a number, got '" + v + "'";
        return false;
      }
      continue;
    }
    if (takeOption(args, i, "--samples", v)) {
      if (llvm::StringRef(v).getAsInteger(10, out.samples)) {
        error = "--samples wants a number, got '" + v + "'";
        return false;
      }
      continue;
    }
    if (a == "--no-incremental")
      out.incremental = false;
    else if (a == "--verify-incremental")
      out.verify = true;
    else if (a == "--fixes")
      out.fixes = true;
    else if (a == "--stdio" || a == "--allow-unregistered-dialect")
      ; // what clients habitually pass; stdio is the only transport
    else if (a == "--help" || a == "-h") {
      std::cout << lspHelp;
      exit(ExitClean);
    } else if (out.verify && !a.empty() && a[0] != '-')
      out.files.push_back(a);
    else {
      error = "unknown option '" + a + "'";
      return false;
    }
  }
  if (out.log != "error" && out.log != "info" && out.log != "verbose") {
    error = "--log wants error, info or verbose";
    return false;
  }
  LintOptions probe;
  if (!out.checks.empty() && !applyCheckList(out.checks, probe, error))
    return false;
  if (!out.config.empty() && !loadConfigFile(out.config, probe, error))
    return false;
  return true;
}

/// Options for one file: its config (or --config), then the command line.
LintOptions optionsFor(const LspArgs &args, const std::string &file) {
  LintOptions opts;
  std::string error;
  std::optional<std::string> config =
      !args.config.empty() ? std::optional<std::string>(args.config)
      : file.empty()       ? std::nullopt
                           : findConfigFor(file);
  if (config && !loadConfigFile(*config, opts, error))
    llvm::lsp::Logger::error("{0}", error);
  if (!args.checks.empty() && !applyCheckList(args.checks, opts, error))
    llvm::lsp::Logger::error("{0}", error);
  for (const auto &[space, bytes] : args.capacities)
    opts.capacity[space] = bytes;
  return opts;
}

//===----------------------------------------------------------------------===//
// --verify-incremental
//===----------------------------------------------------------------------===//

std::string describe(const SourceRange &r) {
  return std::to_string(r.start.line) + ":" + std::to_string(r.start.column) +
         "-" + std::to_string(r.end.line) + ":" + std::to_string(r.end.column);
}

std::vector<std::string> summarize(const AnalysisResult &r) {
  std::vector<std::string> out;
  for (const InputError &e : r.errors)
    out.push_back("error " + describe(e.range) + " " + e.message);
  for (const Finding &f : r.findings) {
    std::string s = f.check + " " + severityName(f.severity) + " " +
                    describe(f.range) + " " + f.message;
    // The order of related locations is not stable from run to run (the
    // analysis walks pointer-keyed maps); compare them as a set.
    std::vector<std::string> related;
    for (const RelatedLocation &l : f.related)
      related.push_back(" | " + describe(l.range) + " " + l.message);
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

int verifyIncremental(const LspArgs &args) {
  if (args.files.empty()) {
    llvm::errs() << "memlint lsp --verify-incremental: no file\n";
    return ExitError;
  }
  bool ok = true;
  unsigned checked = 0, wholeFileRuns = 0;
  for (const std::string &file : args.files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      llvm::errs() << file << ": cannot read\n";
      return ExitError;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    auto text = std::make_shared<const std::string>(ss.str());
    LintOptions opts = optionsFor(args, file);
    IncrementalLinter whole(file, opts, /*incremental=*/false);
    IncrementalLinter inc(file, opts);

    auto first = inc.analyze(text, 1);
    auto wholeFirst = whole.analyzeWholeFile(text, 1);
    ok &= sameResults(*first, *wholeFirst, file + ": first analysis");
    ++checked;
    // Fixes, computed per operation, against fixes for the whole file.
    if (args.fixes) {
      AnalysisResult a, b;
      a.findings = inc.findingsWithFixes(*first, SourceRange());
      b.findings = whole.findingsWithFixes(*wholeFirst, SourceRange());
      ok &= sameResults(a, b, file + ": fixes");
      ++checked;
    }
    // Touch one operation at a time (a comment line after it: new text,
    // same meaning, later lines move) and compare with a fresh whole-file
    // analysis of the edited text.
    TopLevelLayout layout = computeLayout(*text);
    std::vector<const LayoutItem *> ops;
    for (const LayoutItem &item : layout.items)
      if (item.kind == LayoutItem::Kind::Op)
        ops.push_back(&item);
    unsigned samples = std::min<size_t>(args.samples, ops.size());
    for (unsigned s = 0; s < samples; ++s) {
      const LayoutItem &item = *ops[s * ops.size() / samples];
      std::string edited = *text;
      std::string comment = "// memlint-verify-incremental\n";
      if (item.end > 0 && edited[item.end - 1] != '\n')
        comment = "\n" + comment;
      edited.insert(item.end, comment);
      auto editedText = std::make_shared<const std::string>(edited);
      auto got = inc.analyze(editedText, s + 2);
      wholeFileRuns += got->stats.mode != "incremental";
      std::string what = file + ": after touching lines " +
                         std::to_string(item.firstLine) + "-" +
                         std::to_string(item.lastLine);
      ok &= sameResults(*got, *whole.analyzeWholeFile(editedText, s + 2),
                        what);
      if (got->stats.mode == "incremental" && got->stats.opsAnalysed >
                                                  got->stats.opsTotal) {
        llvm::errs() << what << ": analysed more ops than exist\n";
        ok = false;
      }
      // And back: everything else should come from the cache.
      auto back = inc.analyze(text, s + 2);
      ok &= sameResults(*back, *first, file + ": after undoing the touch");
      checked += 2;
    }
    llvm::outs() << file << ": " << (layout.ok ? "split" : "not split: ")
                 << (layout.ok ? "" : layout.reason) << ", " << ops.size()
                 << " ops, " << samples << " edits checked\n";
  }
  llvm::outs() << (ok ? "verify-incremental: OK" : "verify-incremental: FAILED")
               << " (" << checked << " comparisons, " << wholeFileRuns
               << " edits fell back to whole-file analysis)\n";
  return ok ? ExitClean : ExitFindings;
}

int runLspCommand(const Args &args) {
  LspArgs parsed;
  std::string error;
  if (!parseArgs(args, parsed, error)) {
    std::cerr << "memlint lsp: " << error << "\n";
    return ExitError;
  }
  if (parsed.verify)
    return verifyIncremental(parsed);

  llvm::lsp::Logger::setLogLevel(
      parsed.log == "verbose" ? llvm::lsp::Logger::Level::Debug
      : parsed.log == "info"  ? llvm::lsp::Logger::Level::Info
                              : llvm::lsp::Logger::Level::Error);
  auto input = std::make_unique<MessageInput>(stdin);
  MessageInput &inputRef = *input;
  MessageOutput output(STDOUT_FILENO);
  llvm::lsp::JSONTransport transport(std::move(input), output);
  LintServer::Options options;
  options.debounce = std::chrono::milliseconds(parsed.debounceMs);
  options.incremental = parsed.incremental;
  LSPServer server(inputRef, output, transport, options,
                   [parsed](const std::string &file) {
                     return optionsFor(parsed, file);
                   });
  return server.run();
}

} // namespace

int runLsp(int argc, const char *const *argv) {
  return runLspCommand(Args(argv, argv + argc));
}

void registerLspCommand() {
  registerCommand("lsp", runLspCommand,
                  "language server (JSON-RPC over stdio)");
}

namespace {
/// Registers `lsp` when the binary starts (registering twice is harmless).
struct Registrar {
  Registrar() { registerLspCommand(); }
} registrar;
} // namespace

} // namespace memlint
