//===- LintCommand.cpp - memlint lint -------------------------------------===//
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/WorkPool.h"
#include "cli/Commands.h"
#include "cli/Driver.h"
#include "cli/OutputFormats.h"
#include "cli/Utf16Columns.h"
#include "cli/VerifyDiagnostics.h"
#include "fixes/Fixes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unistd.h>

namespace memlint {
namespace {

/// Wall-clock seconds per phase, summed over files (`--time-report`).
struct PhaseTimes {
  std::mutex lock;
  double read = 0, parse = 0, lint = 0, fixes = 0, release = 0;
  /// The lifetime analyses' BDD work: operations summed, peaks of the
  /// largest function.
  BddCost work;
  void add(double &phase, double seconds) {
    std::lock_guard<std::mutex> guard(lock);
    phase += seconds;
  }
  void addWork(const BddCost &c) {
    std::lock_guard<std::mutex> guard(lock);
    work.operations += c.operations;
    work.nodes = std::max(work.nodes, c.nodes);
    work.bytes = std::max(work.bytes, c.bytes);
  }
};

double secondsSince(std::chrono::steady_clock::time_point &since) {
  auto now = std::chrono::steady_clock::now();
  double s = std::chrono::duration<double>(now - since).count();
  since = now;
  return s;
}

struct FileResult {
  FileReport report;
  bool inputError = false;
  std::string errorText;           // parser messages, clang style
  std::vector<std::string> verify; // --verify-diagnostics problems
  size_t written = 0;              // findings already written out (streamText)
};

} // namespace

int runLint(const Args &args) {
  std::string format = "text";
  bool verify = false, color = isatty(STDOUT_FILENO), timeReport = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  Driver driver("lint");
  auto own = [&](const Args &args, size_t &i, std::string &error) {
    const std::string &a = args[i];
    std::string v;
    if (takeOption(args, i, "--format", format))
      return true;
    // -j N, -j=N or -jN (as make and ninja take it).
    bool jobsOption = takeOption(args, i, "-j", v);
    if (!jobsOption && a.size() > 2 && a.compare(0, 2, "-j") == 0) {
      v = a.substr(2);
      jobsOption = true;
    }
    if (jobsOption) {
      unsigned n;
      if (llvm::StringRef(v).getAsInteger(10, n) || n == 0)
        error = "-j wants a number of threads (1 or more), not '" + v + "'";
      jobs = n;
      return true;
    }
    if (a == "--verify-diagnostics")
      verify = true;
    else if (a == "--time-report")
      timeReport = true;
    else if (a == "--no-color")
      color = false;
    else
      return false;
    return true;
  };
  if (!driver.parseArgs(args, own))
    return ExitError;
  if (format != "text" && format != "json" && format != "sarif") {
    driver.error("unknown format '" + format + "' (text, json, sarif)");
    return ExitError;
  }
  if (driver.paths().empty()) {
    driver.error("no input; give a file, a directory or -");
    return ExitError;
  }
  std::vector<std::string> files;
  if (!driver.expandInputs(/*directories=*/true, files))
    return ExitError;
  // Each file gets the config nearest to it; a config that does not load
  // stops the run before any output (reported once per config).
  std::vector<LintOptions> options(files.size());
  std::set<std::string> reported;
  bool badConfig = false;
  for (size_t i = 0; i < files.size(); ++i) {
    std::string error;
    if (!driver.optionsFor(files[i], options[i], error)) {
      if (reported.insert(error).second)
        driver.error(error);
      badConfig = true;
    }
    options[i].threads = files.size() == 1 ? jobs : 1;
  }
  if (badConfig)
    return ExitError;
  configureWorkPool(jobs);

  std::vector<FileResult> results(files.size());
  PhaseTimes times;
  // One file as text: its findings are written as they are found, in
  // order (lintDocumentStreamed), rather than all held until the end.
  bool streamText = files.size() == 1 && format == "text" && !verify;
  auto lintOne = [&](size_t idx) {
    auto clock = std::chrono::steady_clock::now();
    const std::string &file = files[idx];
    FileResult &r = results[idx];
    LintOptions opts = options[idx];
    // Text carries no fixes: nothing asks the analyses anything after the
    // checks, so each function's state goes as soon as it is checked.
    opts.releaseAnalyses = format == "text";
    r.report.file = shownName(file);
    std::optional<std::string> text =
        readInput(file, opts.maxInputSize, r.errorText);
    times.add(times.read, secondsSince(clock));
    if (!text) {
      r.inputError = true;
      return;
    }
    // Only --verify-diagnostics reads the text again: otherwise the
    // document takes it rather than a copy. Text carries no fixes: the
    // parser's record is read for the findings' ranges only, and a compact
    // copy of that does (Document::parseForFindings).
    std::string input = verify ? *text : std::move(*text);
    std::unique_ptr<Document> doc =
        opts.releaseAnalyses
            ? Document::parseForFindings(std::move(input), r.report.file,
                                         opts.threads)
            : Document::parse(std::move(input), r.report.file, opts.threads);
    times.add(times.parse, secondsSince(clock));
    if (!doc->isValid()) {
      r.inputError = true;
      r.errorText = formatInputErrors(r.report.file, doc->errors());
      return;
    }
    if (format == "sarif")
      r.report.columns = std::make_shared<const Utf16Columns>(doc->text());
    auto lifetimes = std::make_unique<ModuleLifetimes>(
        doc->module(), [d = doc.get()](mlir::Value v) { return d->nameOf(v); });
    // Only the machine-readable formats carry fixes; checking them costs
    // a re-analysis of the function (a window of the file) per candidate.
    // Bounded to about twice the work of the analysis itself, plus a floor
    // that small files never reach (defaultFixWork; the editor's fixes
    // are bounded the same way, `memlint fix` searches without a bound).
    bool withFixes = format != "text" && !verify;
    std::vector<Finding> found;
    if (withFixes) {
      found = lintDocument(*doc, opts, *lifetimes);
    } else if (streamText) {
      std::string scratch;
      lintDocumentStreamed(
          *doc, opts, *lifetimes, [&](std::vector<Finding> &batch) {
            for (const Finding &f : batch)
              writeTextFinding(std::cout, r.report.file, f, color, scratch);
            r.written += batch.size();
            std::vector<Finding>().swap(batch);
          });
    } else {
      r.report.findings = lintDocumentForOutput(*doc, opts, *lifetimes);
    }
    times.add(times.lint, secondsSince(clock));
    times.addWork(lifetimes->totalCost());
    if (withFixes) {
      uint64_t ops = 0;
      doc->module()->walk([&](mlir::Operation *) { ++ops; });
      attachFixes(*doc, *lifetimes, found, defaultFixWork(ops), opts.threads);
      r.report.findings.assign(std::make_move_iterator(found.begin()),
                               std::make_move_iterator(found.end()));
      std::vector<Finding>().swap(found);
    }
    times.add(times.fixes, secondsSince(clock));
    if (verify)
      verifyDiagnostics(r.report.file, *text,
                        std::vector<Finding>(r.report.findings.begin(),
                                             r.report.findings.end()),
                        r.verify);
    if (files.size() == 1) {
      // The process ends right after this: the OS takes the memory back at
      // once, where freeing a large module op by op takes a noticeable part
      // of the run (clang's -disable-free does the same).
      (void)lifetimes.release();
      (void)doc.release();
    }
    lifetimes.reset();
    doc.reset();
    times.add(times.release, secondsSince(clock));
  };
  // Lint in parallel; print in input order. One file gets all the
  // threads for its functions; several files get one thread each.
  if (files.size() == 1)
    lintOne(0);
  else
    parallelFor(files.size(), jobs, lintOne);

  auto outputClock = std::chrono::steady_clock::now();
  bool anyError = false, anyFinding = false, verifyFailed = false;
  std::vector<FileReport> reports;
  for (FileResult &r : results) {
    if (r.inputError) {
      anyError = true;
      std::cerr << r.errorText;
      continue;
    }
    anyFinding |= !r.report.findings.empty() || r.written != 0;
    for (const std::string &p : r.verify) {
      std::cerr << p << "\n";
      verifyFailed = true;
    }
    reports.push_back(std::move(r.report));
  }
  if (!verify) {
    // Streamed a finding at a time (StreamedJson.h), not built as one tree.
    if (format == "json") {
      writeJson(std::cout, reports, jobs);
      std::cout << "\n";
    } else if (format == "sarif") {
      writeSarif(std::cout, reports, jobs);
      std::cout << "\n";
    } else {
      writeText(std::cout, reports, color);
    }
  }
  if (timeReport) {
    std::cout.flush(); // the report comes after the output
    double output = secondsSince(outputClock);
    llvm::errs() << llvm::formatv(
        "memlint: time report (wall seconds, summed over {0} file{1})\n"
        "  read      {2:f3}\n  parse     {3:f3}   (parse, verify)\n"
        "  lint      {4:f3}   (analysis, checks)\n  fixes     {5:f3}\n"
        "  release   {6:f3}   (freeing the IR and the analyses)\n"
        "  output    {7:f3}\n"
        "  work      {8} BDD operations (lint); largest function: {9} BDD "
        "nodes, {10} KiB\n",
        files.size(), files.size() == 1 ? "" : "s", times.read, times.parse,
        times.lint, times.fixes, times.release, output, times.work.operations,
        times.work.nodes, times.work.bytes >> 10);
  }
  if (anyError)
    return ExitError;
  if (verify)
    return verifyFailed ? ExitFindings : ExitClean;
  return anyFinding ? ExitFindings : ExitClean;
}

} // namespace memlint
