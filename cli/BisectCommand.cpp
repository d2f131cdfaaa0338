//===- BisectCommand.cpp - memlint bisect ---------------------------------===//
//
// memlint bisect --pass-pipeline=PIPELINE [--format=text|json]
//                [--dump-dir=DIR] [--load-pass-plugin=PATH]...
//                [common options] FILE
//
// Runs PIPELINE (mlir-opt's textual syntax; every upstream pass and
// memlint's, fewer in the package build: cli/BisectPasses.h) on FILE
// in-process, lints after each pass (cli/PassBisector), and reports the
// findings of the final IR, each with the pass after which it first
// appeared: a note in text, "introduced_by" in JSON. Positions are
// the ops' locations, so for ops that passes keep or create from the
// input's ops they are the input file's; an op still where the input had it
// gets the same range `memlint lint FILE` reports. Exit codes as lint; a
// pipeline that does not parse or fails is exit 2.
//
//===----------------------------------------------------------------------===//
#include "cli/BisectPasses.h"
#include "cli/Commands.h"
#include "cli/Driver.h"
#include "cli/OutputFormats.h"
#include "cli/PassBisector.h"
#include "cli/StreamedJson.h"
#include "memlint/memlint.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <unistd.h>

namespace memlint {

/// What a finding's note says about where it came from.
static std::string blameText(const BlamedFinding &b,
                             const std::vector<PipelinePass> &passes) {
  if (b.pass == 0)
    return "already in the input, before any pass";
  return "introduced by pass '" + passes[b.pass - 1].argument + "' (" +
         std::to_string(b.pass) + " of " + std::to_string(passes.size()) + ")";
}

int runBisect(const Args &args) {
  std::string pipeline, format = "text", dumpDir;
  std::vector<std::string> plugins;
  bool color = isatty(STDOUT_FILENO);
  Driver driver("bisect");
  auto own = [&](const Args &args, size_t &i, std::string &) {
    if (takeOption(args, i, "--pass-pipeline", pipeline) ||
        takeOption(args, i, "--format", format) ||
        takeOption(args, i, "--dump-dir", dumpDir))
      return true;
    std::string plugin;
    if (takeOption(args, i, "--load-pass-plugin", plugin)) {
      plugins.push_back(plugin);
      return true;
    }
    if (args[i] == "--no-color") {
      color = false;
      return true;
    }
    return false;
  };
  if (!driver.parseArgs(args, own))
    return ExitError;
  if (format != "text" && format != "json") {
    driver.error("unknown format '" + format + "' (text, json)");
    return ExitError;
  }
  if (pipeline.empty()) {
    driver.error("missing --pass-pipeline=PIPELINE");
    return ExitError;
  }
  if (!plugins.empty() && !bisectCanLoadPlugins()) {
    driver.error("this memlint links LLVM and MLIR statically (the package "
                 "build) and cannot load pass plugins, which use the shared "
                 "libMLIR; use a memlint built from source");
    return ExitError;
  }
  std::string file;
  if (!driver.singleInput(file))
    return ExitError;
  std::optional<LintOptions> opts = driver.optionsFor(file);
  if (!opts)
    return ExitError;
  opts->threads = 1;
  std::optional<std::string> text = readInput(file, opts->maxInputSize);
  if (!text)
    return ExitError;
  std::string shown = shownName(file);
  std::unique_ptr<Document> doc = parseInput(*text, shown);
  if (!doc)
    return ExitError;
  if (!dumpDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(dumpDir)) {
      driver.error("cannot create " + dumpDir + ": " + ec.message());
      return ExitError;
    }
  }

  registerBisectPasses();
  registerPasses();
  // Downstream passes, as mlir-opt --load-pass-plugin loads them.
  for (const std::string &path : plugins) {
    llvm::Expected<mlir::PassPlugin> plugin = mlir::PassPlugin::load(path);
    if (!plugin) {
      driver.error("cannot load pass plugin " + path + ": " +
                   llvm::toString(plugin.takeError()));
      return ExitError;
    }
    // memlint's own plugin registers the passes registered above, from
    // its own copy of them: LLVM's registry aborts on a second allocator
    // for a pass name. They are the same passes; its registration adds
    // nothing.
    if (plugin->getPluginName() == "MemlintPlugin")
      continue;
    plugin->registerPassRegistryCallbacks();
  }
  mlir::MLIRContext &ctx = doc->context();
  // mlir-opt's --pass-pipeline names the anchor, `builtin.module(...)`; a
  // bare list means the same. The pass manager runs on the module itself,
  // so what goes into it is the list inside.
  llvm::StringRef spec = llvm::StringRef(pipeline).trim();
  if (spec.starts_with("builtin.module(") && spec.ends_with(")"))
    spec = spec.drop_front(strlen("builtin.module(")).drop_back();
  mlir::PassManager pm(&ctx, mlir::ModuleOp::getOperationName());
  std::string parseError;
  llvm::raw_string_ostream errs(parseError);
  if (mlir::failed(mlir::parsePassPipeline(spec, pm, errs))) {
    driver.error("bad --pass-pipeline: " + parseError);
    return ExitError;
  }
  std::string printed;
  llvm::raw_string_ostream os(printed);
  pm.printAsTextualPipeline(os);

  auto bisector =
      std::make_unique<PassBisector>(doc->module(), flattenPipeline(printed),
                                     LocationRanges::of(*doc), *opts, dumpDir);
  PassBisector &b = *bisector;
  b.lintInput();
  pm.addInstrumentation(std::move(bisector));
  // The passes' own diagnostics (and a failure's) go to stderr as mlir-opt
  // prints them.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(*text, shown, false), llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  // An upstream pass may crash on IR that parses and verifies (LLVM 22's
  // inliner on a function ending in an unregistered op with an empty
  // region): the pipeline failed, exit 2, never a signal. What the crash
  // left of the IR is not safe to destroy, so memlint ends here.
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  mlir::LogicalResult ran = mlir::failure();
  if (!recovery.RunSafely([&] { ran = pm.run(doc->module()); })) {
    std::cout.flush();
    std::cerr
        << "memlint bisect: a pass of the pipeline crashed on " << shown
        << " (mlir-opt --pass-pipeline with the same pipeline shows where)\n";
    std::cerr.flush();
    std::_Exit(ExitError);
  }
  if (mlir::failed(ran)) {
    std::cerr << "memlint bisect: the pipeline failed on " << shown << "\n";
    return ExitError;
  }

  std::vector<BlamedFinding> blamed = b.finalFindings();
  FileReport report{shown, {}};
  for (const BlamedFinding &f : blamed)
    report.findings.push_back(f.finding);
  if (format == "json") {
    nlohmann::json out = formatJson({report});
    nlohmann::json &diags = out["files"][0]["diagnostics"];
    for (size_t i = 0; i < blamed.size(); ++i) {
      nlohmann::json by = {{"pass", "input"}};
      if (blamed[i].pass)
        by = {{"pass", b.passes()[blamed[i].pass - 1].argument},
              {"index", blamed[i].pass}};
      diags[i]["introduced_by"] = by;
    }
    std::cout << jsonText(out, 2) << "\n";
  } else {
    for (size_t i = 0; i < blamed.size(); ++i)
      report.findings[i].related.push_back(
          {blameText(blamed[i], b.passes()), report.findings[i].range});
    writeText(std::cout, {report}, color);
  }
  return blamed.empty() ? ExitClean : ExitFindings;
}

} // namespace memlint
