//===- EmitCommand.cpp - memlint emit --target=cuda -----------------------===//
//
// memlint emit --target=cuda [--emit=arena|mlir|llvm|ptx] [-o OUT]
//              [--chip=sm_90] [--features=+ptx80] [--opt-level=N]
//              [--cuda-path=DIR] [--no-libdevice]
//              [--alignment=N] [--assume NAME<=N] [--time-budget-ms=N]
//              [--no-fix] [--no-arena] [--no-bound-checks] [--stats]
//              [--config=FILE] FILE
//
// The input must be free of lifetime errors: an arena freed at the end of
// the function gives no sense to a leak, a double free or a use after free.
// So emit first lints FILE (leak, double-free, use-after-free,
// invalid-free). Clean: it goes on with FILE as written. Not clean: it
// applies memlint's safe fixes in memory (what `memlint fix FILE` would
// print; FILE is not touched) and goes on with the result if that is clean;
// otherwise, or with --no-fix, it prints the findings and exits 1.
// Then codegen/CudaEmitter does the arena rewrite (skipped with
// --no-arena, a baseline to measure against) and the lowering. --stats
// prints what the rewrite did per function and space on stderr.
// GPU math links libdevice from the CUDA toolkit (--cuda-path, else
// $CUDA_ROOT/$CUDA_HOME/$CUDA_PATH or /usr/local/cuda); without one, or with
// --no-libdevice, it is expanded into polynomial approximations.
//
// Exit codes: 0 emitted; 1 refused (lifetime findings); 2 bad usage, an
// unreadable file, IR that does not parse or verify, or a failure of the
// lowering pipeline or the translation (its diagnostics on stderr).
//
//===----------------------------------------------------------------------===//
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/checks/CheckInfo.h"
#include "cli/Commands.h"
#include "cli/Driver.h"
#include "cli/OutputFormats.h"
#include "codegen/CudaEmitter.h"
#include "fixes/Fixes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/ToolOutputFile.h"
#include <iostream>

namespace memlint {

namespace {

bool parseCount(const std::string &text, int64_t &out, int64_t min) {
  long long v;
  if (llvm::StringRef(text).getAsInteger(10, v) || v < min)
    return false;
  out = v;
  return true;
}

void printStats(const std::vector<ArenaGroupStats> &groups) {
  for (const ArenaGroupStats &g : groups) {
    std::cerr << "memlint emit: @" << g.function << " space " << g.space << ": "
              << g.allocsBefore << " " << g.allocOp << " -> " << g.allocsAfter;
    if (g.placed == 0) {
      std::cerr << " (nothing placed)\n";
      continue;
    }
    std::cerr << "; " << g.placed << " buffers, " << g.noReuseBytes
              << " bytes without reuse, " << g.maxLiveBytes
              << " live at most, arena " << g.arenaBytes << " (lower bound "
              << g.lowerBoundBytes << ")\n";
  }
}

} // namespace

int runEmit(const Args &args) {
  std::string target, stage = "mlir", out, alignment, budget, optLevel;
  bool noFix = false, stats = false;
  CudaEmitOptions opts;
  Driver driver("emit");
  auto own = [&](const Args &args, size_t &i, std::string &) {
    const std::string &a = args[i];
    if (takeOption(args, i, "--target", target) ||
        takeOption(args, i, "--emit", stage) ||
        takeOption(args, i, "-o", out) ||
        takeOption(args, i, "--chip", opts.chip) ||
        takeOption(args, i, "--features", opts.features) ||
        takeOption(args, i, "--opt-level", optLevel) ||
        takeOption(args, i, "--cuda-path", opts.cudaPath) ||
        takeOption(args, i, "--alignment", alignment) ||
        takeOption(args, i, "--time-budget-ms", budget))
      return true;
    if (a == "--no-fix")
      noFix = true;
    else if (a == "--no-libdevice")
      opts.useLibdevice = false;
    else if (a == "--no-arena")
      opts.rewriteArenas = false;
    else if (a == "--no-bound-checks")
      opts.arena.checkBounds = false;
    else if (a == "--stats")
      stats = true;
    else
      return false;
    return true;
  };
  if (!driver.parseArgs(args, own))
    return ExitError;
  if (target != "cuda") {
    driver.error(target.empty() ? std::string("--target=cuda is required")
                                : "unknown target '" + target + "' (cuda)");
    return ExitError;
  }
  if (stage == "arena")
    opts.stage = EmitStage::Arena;
  else if (stage == "mlir")
    opts.stage = EmitStage::Mlir;
  else if (stage == "llvm")
    opts.stage = EmitStage::Llvm;
  else if (stage == "ptx")
    opts.stage = EmitStage::Ptx;
  else {
    driver.error("unknown --emit '" + stage + "' (arena, mlir, llvm, ptx)");
    return ExitError;
  }
  std::string file;
  if (!driver.singleInput(file))
    return ExitError;
  std::string shown = shownName(file);

  std::optional<LintOptions> config = driver.optionsFor(file);
  if (!config)
    return ExitError;
  MemoryPlanOptions &plan = opts.arena.plan;
  plan.alignment = config->alignment;
  plan.assumptions = config->assumptions;
  int64_t level = opts.optLevel;
  if ((!alignment.empty() && (!parseCount(alignment, plan.alignment, 1) ||
                              !llvm::isPowerOf2_64(plan.alignment))) ||
      (!budget.empty() && !parseCount(budget, plan.timeBudgetMs, 0)) ||
      (!optLevel.empty() && !parseCount(optLevel, level, 0)) || level > 3) {
    driver.error("--alignment wants a power of two (bytes), --time-budget-ms "
                 "a count, --opt-level 0 to 3");
    return ExitError;
  }
  opts.optLevel = static_cast<int>(level);

  std::optional<std::string> text = readInput(file, config->maxInputSize);
  if (!text)
    return ExitError;
  std::unique_ptr<Document> doc = parseInput(*text, shown);
  if (!doc)
    return ExitError;

  // Lifetime errors first: emit only what is (or can be fixed to be) clean.
  LintOptions lint = *config;
  lint.enabled.clear();
  for (const CheckInfo &c : checkTable())
    if (c.fix == CheckFix::Frees)
      lint.enabled.insert(c.name);
  std::vector<Finding> findings = lintDocument(*doc, lint);
  if (!findings.empty()) {
    FixRunResult fixed;
    if (!noFix)
      fixed = fixText(*text, shown, lint, /*unsafe=*/false);
    if (noFix || !fixed.inputValid || !fixed.remaining.empty()) {
      writeText(
          std::cerr,
          {{shown, std::deque<Finding>(findings.begin(), findings.end())}},
          /*color=*/false);
      std::cerr << "memlint emit: " << shown << " has lifetime errors"
                << (noFix ? "" : " that the safe fixes do not remove")
                << "; fix them first (memlint fix)\n";
      return ExitFindings;
    }
    std::cerr << "memlint emit: applied " << fixed.applied
              << " safe fix(es) in memory (memlint fix " << shown
              << " shows them)\n";
    doc = parseInput(fixed.text, shown);
    if (!doc)
      return ExitError;
  }

  CudaEmitResult result = emitCuda(*doc, opts);
  if (stats) {
    printStats(result.arenas);
    if (opts.stage != EmitStage::Arena)
      std::cerr << "memlint emit: GPU math: "
                << (result.libdevice.empty()
                        ? std::string("polynomial approximations")
                        : "libdevice " + result.libdevice)
                << "\n";
  }
  if (!result.ok) {
    std::cerr << result.error;
    std::cerr << "memlint emit: lowering " << shown << " for CUDA failed\n";
    return ExitError;
  }
  if (opts.stage == EmitStage::Ptx && result.ptxModules == 0)
    std::cerr << "memlint emit: " << shown
              << " has no GPU kernels: no PTX to print\n";

  if (out.empty() || out == "-") {
    std::cout.flush();
    result.writeTo(llvm::outs());
    llvm::outs().flush();
    return ExitClean;
  }
  std::error_code ec;
  llvm::ToolOutputFile output(out, ec, llvm::sys::fs::OF_None);
  if (ec) {
    std::cerr << "memlint emit: cannot write " << out << ": " << ec.message()
              << "\n";
    return ExitError;
  }
  result.writeTo(output.os());
  output.os().flush();
  if (output.os().has_error()) {
    std::cerr << "memlint emit: cannot write " << out << "\n";
    output.os().clear_error();
    return ExitError;
  }
  output.keep();
  return ExitClean;
}

} // namespace memlint
