//===- main.cpp - The memlint binary --------------------------------------===//
#include "analysis/NestingDepth.h"
#include "cli/Commands.h"

#include "llvm/Support/InitLLVM.h"

#include <csignal>

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // A reader that went away (`memlint lint | head`, an editor that closed
  // the server's output) is a failed write, reported as one: never a
  // signal.
  std::signal(SIGPIPE, SIG_IGN);
  // The parser and the analysis recurse once per nested region: give them
  // a stack deep input cannot exhaust.
  int rc = 0;
  memlint::runWithLargeStack([&] { rc = memlint::runMain(argc, argv); });
  return rc;
}
