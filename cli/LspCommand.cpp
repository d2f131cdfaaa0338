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
#include "cli/Commands.h"
#include "cli/Driver.h"
#include "server/Server.h"
#include "server/VerifyIncremental.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>

namespace memlint {
namespace {

const char *lspHelp =
    R"(memlint lsp: the language server (LSP 3.17, JSON-RPC over stdin/stdout)

  --checks=LIST            checks to run (as for lint); default all
  --capacity SPACE=BYTES   capacity of a memory space (repeatable)
  --config=FILE            use FILE instead of each file's .memlint.json
  --debounce-ms=N          quiet time after an edit before analysing (15)
  --no-incremental         re-analyse whole files on every edit
  --max-document-size=BYTES  larger documents are not analysed (16777216)
  --log=error|info|verbose what to log on stderr (error)
  --verify-incremental [--samples=N] [--fixes] FILE...
                           self-test: incremental == whole-file analysis
                           (for N edits per file; --fixes: fixes too)
)";

int verifyIncremental(const Driver &driver, unsigned samples, bool fixes) {
  std::vector<std::string> files;
  if (!driver.expandInputs(/*directories=*/false, files))
    return ExitError;
  if (files.empty()) {
    llvm::errs() << "memlint lsp --verify-incremental: no file\n";
    return ExitError;
  }
  bool ok = true;
  VerifyIncrementalCounts counts;
  for (const std::string &file : files) {
    std::optional<LintOptions> opts = driver.optionsFor(file);
    if (!opts)
      return ExitError;
    std::optional<std::string> text = readInput(file, opts->maxInputSize);
    if (!text)
      return ExitError;
    ok &= verifyIncremental(file, *text, *opts, samples, fixes, counts);
  }
  llvm::outs() << (ok ? "verify-incremental: OK" : "verify-incremental: FAILED")
               << " (" << counts.comparisons << " comparisons, "
               << counts.wholeFileRuns
               << " edits fell back to whole-file analysis)\n";
  return ok ? ExitClean : ExitFindings;
}

} // namespace

int runLsp(const Args &args) {
  std::string log = "error";
  unsigned debounceMs = 15, samples = 40;
  uint64_t maxDocumentSize = LintServer::Options().maxDocumentBytes;
  bool incremental = true, verify = false, fixes = false, help = false;
  Driver driver("lsp");
  auto own = [&](const Args &args, size_t &i, std::string &error) {
    const std::string &a = args[i];
    std::string v;
    if (takeOption(args, i, "--log", log))
      return true;
    if (takeOption(args, i, "--debounce-ms", v)) {
      if (llvm::StringRef(v).getAsInteger(10, debounceMs))
        error = "--debounce-ms wants a number, got '" + v + "'";
      return true;
    }
    if (takeOption(args, i, "--max-document-size", v)) {
      if (llvm::StringRef(v).getAsInteger(10, maxDocumentSize) ||
          !maxDocumentSize)
        error = "--max-document-size wants a positive number of bytes, got '" +
                v + "'";
      return true;
    }
    if (takeOption(args, i, "--samples", v)) {
      if (llvm::StringRef(v).getAsInteger(10, samples))
        error = "--samples wants a number, got '" + v + "'";
      return true;
    }
    if (a == "--no-incremental")
      incremental = false;
    else if (a == "--verify-incremental")
      verify = true;
    else if (a == "--fixes")
      fixes = true;
    else if (a == "--help" || a == "-h")
      help = true;
    else if (a != "--stdio") // what clients habitually pass; stdio it is
      return false;
    return true;
  };
  if (!driver.parseArgs(args, own))
    return ExitError;
  if (help) {
    std::cout << lspHelp;
    return ExitClean;
  }
  if (log != "error" && log != "info" && log != "verbose") {
    driver.error("--log wants error, info or verbose");
    return ExitError;
  }
  if (verify)
    return verifyIncremental(driver, samples, fixes);
  if (!driver.paths().empty()) {
    driver.error("unknown option '" + driver.paths().front() + "'");
    return ExitError;
  }

  ServerOptions options;
  options.scheduling.debounce = std::chrono::milliseconds(debounceMs);
  options.scheduling.incremental = incremental;
  options.scheduling.maxDocumentBytes = maxDocumentSize;
  options.log = log == "verbose" ? ServerOptions::Log::Verbose
                : log == "info"  ? ServerOptions::Log::Info
                                 : ServerOptions::Log::Error;
  // A file whose config does not load is linted with the defaults and the
  // command line; the editor cannot be told otherwise, the log says why.
  options.optionsFor = [&driver](const std::string &file) {
    LintOptions opts;
    std::string error;
    if (!driver.optionsFor(file, opts, error))
      llvm::lsp::Logger::error("{0}", error);
    return opts;
  };
  options.configProblem =
      [&driver](const std::string &file) -> std::optional<ConfigProblem> {
    LintOptions opts;
    std::string error;
    if (driver.optionsFor(file, opts, error))
      return std::nullopt;
    return ConfigProblem{findConfigFor(file).value_or(""), error};
  };
  return runServer(options);
}

} // namespace memlint
