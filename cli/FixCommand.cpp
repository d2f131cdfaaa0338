//===- FixCommand.cpp - memlint fix ---------------------------------------===//
//
// memlint fix [--unsafe-fixes] [-i [--force]] [--diff] [--check] FILE
//
// Exit codes: 0 nothing left to report; 1 findings remain that no
// applicable fix removes (or, with --check or --diff, something would
// change); 2 bad usage, unreadable file, input that does not parse or
// verify, or a failed or refused write.
//
//===----------------------------------------------------------------------===//
#include "cli/Commands.h"
#include "cli/Driver.h"
#include "cli/InPlaceWrite.h"
#include "fixes/Fixes.h"
#include "fixes/TextEdits.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <filesystem>
#include <iostream>

namespace memlint {

int runFix(const Args &args) {
  bool unsafe = false, inPlace = false, diff = false, check = false,
       force = false, timeReport = false;
  Driver driver("fix");
  auto own = [&](const Args &args, size_t &i, std::string &) {
    const std::string &a = args[i];
    if (a == "--unsafe-fixes")
      unsafe = true;
    else if (a == "-i" || a == "--in-place")
      inPlace = true;
    else if (a == "--force")
      force = true;
    else if (a == "--diff")
      diff = true;
    else if (a == "--check")
      check = true;
    else if (a == "--time-report")
      timeReport = true;
    else if (a != "--no-color") // nothing is coloured
      return false;
    return true;
  };
  if (!driver.parseArgs(args, own))
    return ExitError;
  std::string file;
  if (!driver.singleInput(file))
    return ExitError;
  if (inPlace && file == "-") {
    driver.error("-i needs a file, not stdin");
    return ExitError;
  }
  // Only a regular file can be rewritten (a temporary file renamed over
  // it); a fifo would also block the read until something writes to it.
  std::error_code kindError;
  if (inPlace && !std::filesystem::is_regular_file(file, kindError)) {
    driver.error(file + (std::filesystem::exists(file, kindError)
                             ? ": -i needs a regular file (not a fifo, "
                               "device or socket)"
                             : ": no such file or directory"));
    return ExitError;
  }
  std::optional<LintOptions> opts = driver.optionsFor(file);
  if (!opts)
    return ExitError;
  std::optional<std::string> input = readInput(file, opts->maxInputSize);
  if (!input)
    return ExitError;
  std::string shown = shownName(file);
  FixRunResult result = fixText(*input, shown, *opts, unsafe);
  if (!result.inputValid) {
    std::cerr << formatInputErrors(shown, result.errors);
    return ExitError;
  }
  bool changed = result.text != *input;

  if (diff) {
    // git's a/ b/ prefixes for relative paths; absolute ones as they are.
    bool absolute = !shown.empty() && shown[0] == '/';
    std::cout << unifiedDiff(*input, result.text,
                             absolute ? shown : "a/" + shown,
                             absolute ? shown : "b/" + shown);
  }
  std::string error;
  // --diff and --check only show what would change (as ruff's --diff
  // does), also beside -i: their message says "would be applied".
  if (inPlace && changed && !check && !diff &&
      !writeInPlace(file, *input, result.text, force, error)) {
    std::cerr << "memlint fix: " << error << "\n";
    return ExitError;
  }
  if (!diff && !inPlace && !check)
    std::cout << result.text;
  std::cout.flush();
  if (timeReport)
    llvm::errs() << llvm::formatv(
        "memlint: time report (wall seconds)\n"
        "  file      {0:f3}   (parse and lint of the whole file, {1} "
        "round{2})\n"
        "  fixes     {3:f3}   (searches and proofs: {4} analyses of "
        "functions, {5} fix{6} applied)\n",
        result.fileSeconds, result.rounds + 1, result.rounds ? "s" : "",
        result.searchSeconds, result.analyses, result.applied,
        result.applied == 1 ? "" : "es");

  if (check || diff) {
    if (changed)
      std::cerr << shown << ": " << result.applied << " fix"
                << (result.applied == 1 ? "" : "es") << " would be applied\n";
    return changed ? ExitFindings : ExitClean;
  }
  unsigned left = 0;
  for (const Finding &f : result.remaining)
    left += f.severity != Severity::Note;
  if (left && result.stoppedAtRoundLimit) {
    std::cerr << shown << ": " << left << " finding" << (left == 1 ? "" : "s")
              << " left after " << result.rounds
              << " rounds of fixes, the last of which still took some; run "
                 "memlint fix on the result again\n";
    return ExitFindings;
  }
  if (left) {
    std::cerr << shown << ": " << left << " finding" << (left == 1 ? "" : "s")
              << " left that no " << (unsafe ? "" : "safe ")
              << "fix removes; see memlint lint\n";
    return ExitFindings;
  }
  return ExitClean;
}

} // namespace memlint
