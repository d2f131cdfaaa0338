//===- Commands.cpp - Subcommand dispatch, help and version ---------------===//
#include "cli/Commands.h"

#include "analysis/checks/CheckInfo.h"
#include "memlint/Version.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <poll.h>
#include <unistd.h>

namespace memlint {
namespace {

/// Every subcommand; `help` and `--version` are handled before.
const struct {
  const char *name;
  int (*run)(const Args &);
} kCommands[] = {
    {"lint", runLint}, {"fix", runFix}, {"plan", runPlan},
    {"emit", runEmit}, {"lsp", runLsp}, {"bisect", runBisect},
};

const char *usage = R"(memlint - buffer-lifetime linter for MLIR

USAGE: memlint <command> [options] ...

COMMANDS:
  lint [opts] PATH...   report findings (PATH: .mlir file, directory, or -)
  fix [opts] FILE       apply safe fixes (stdout, -i in place, --diff, --check)
  plan [opts] FILE      memory plan per function and memory space
  emit --target=cuda FILE  reuse-planned IR lowered for the CUDA backend
  lsp                   language server (JSON-RPC over stdio)
  bisect --pass-pipeline=PIPELINE FILE  name the pass that introduced each
                        finding of PIPELINE's output (--format=text|json,
                        --dump-dir=DIR: the IR around each such pass)
  help                  this text
  --version             print the version

LINT OPTIONS:
  --format=text|json|sarif   output format (default text)
  --checks=LIST              comma separated; -name disables; default all
  --verify-diagnostics       check expected-* comments; exit 0 iff all met
  --config=FILE              use FILE instead of the nearest .memlint.json
  --allow-unregistered-dialect  accepted; always on
  --no-color                 plain text output
  -j N                       files linted in parallel (default: all cores)
  --time-report              print the time each phase took (stderr)

FIX OPTIONS:
  -i, --in-place             rewrite FILE (through a symlink: its target),
                             refusing a read-only file or one that changed
                             meanwhile
  --force                    with -i: rewrite a read-only file too
  --diff                     print a unified diff instead of the fixed text
  --check                    exit 1 if a fix would change FILE, write nothing
  --unsafe-fixes             also apply the fixes marked unsafe (each
                             check's page in docs/checks/ says when)
  --time-report              print the rounds, analyses and time (stderr)

EVERY COMMAND: --help (this text), --checks, --config, --capacity
  SPACE=BYTES, --assume NAME<=N, --max-input-size=BYTES (default 64 MiB),
  --analysis-budget=OPERATIONS[,BYTES] (per function; default 6000000 BDD
  operations, 256 MiB), and -- to end the options.

EXIT CODES: 0 nothing to report, 1 findings, 2 usage or input error.

CHECKS:
)";

} // namespace

bool takeOption(const Args &args, size_t &i, const std::string &name,
                std::string &value) {
  const std::string &a = args[i];
  if (a.rfind(name + "=", 0) == 0) {
    value = a.substr(name.size() + 1);
    return true;
  }
  if (a == name && i + 1 < args.size()) {
    value = args[++i];
    return true;
  }
  return false;
}

int runHelp(const Args &) {
  std::cout << usage;
  for (const CheckInfo &c : checkTable())
    std::cout << "  " << c.name << " (" << severityName(c.severity)
              << "): " << c.summary << "\n";
  return ExitClean;
}

/// Whether stdout is a pipe or socket whose reader has gone (`memlint lint
/// | head`). Asked of the descriptor itself: errno after the fact may
/// belong to any later call.
static bool readerLeft() {
  struct pollfd p = {STDOUT_FILENO, POLLOUT, 0};
  return ::poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

/// `rc`, unless what the command wrote to stdout did not all get there (a
/// full disk, a closed pipe): then an error, so `memlint fix f > g && mv g
/// f` cannot replace a file with a truncated one.
static int checkedOutput(int rc) {
  std::cout.flush();
  llvm::outs().flush();
  errno = 0;
  bool flushFailed = std::fflush(stdout) != 0;
  int err = flushFailed ? errno : 0;
  if (!err && llvm::outs().has_error())
    err = llvm::outs().error().value();
  bool failed = flushFailed || !std::cout || std::ferror(stdout) ||
                llvm::outs().has_error();
  if (!failed)
    return rc;
  llvm::outs().clear_error();       // (else LLVM aborts at exit)
  if (err == EPIPE || readerLeft()) // the reader left on purpose: say nothing
    return ExitError;
  std::cerr << "memlint: cannot write the output";
  if (err == ENOSPC || err == EIO || err == EDQUOT || err == EFBIG)
    std::cerr << ": " << std::strerror(err);
  std::cerr << "\n";
  return ExitError;
}

int runMain(int argc, char **argv) {
  Args args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << "memlint: missing command; see 'memlint help'\n";
    return ExitError;
  }
  std::string cmd = args.front();
  Args rest(args.begin() + 1, args.end());
  // `memlint fix --help` as in git or clang: the help, not an unknown
  // option (after `--` it would be a file name).
  for (const std::string &a : rest) {
    if (a == "--")
      break;
    if (a == "--help" || a == "-h")
      return runHelp(rest);
  }
  if (cmd == "--version" || cmd == "version") {
    std::cout << "memlint " << MEMLINT_VERSION << "\n";
    return ExitClean;
  }
  if (cmd == "help" || cmd == "--help" || cmd == "-h")
    return runHelp(rest);
  for (const auto &c : kCommands)
    if (cmd == c.name)
      return checkedOutput(c.run(rest));
  std::cerr << "memlint: unknown command '" << cmd << "'; see 'memlint help'\n";
  return ExitError;
}

} // namespace memlint
