//===- main.cpp - The memlint binary --------------------------------------===//
#include "analysis/NestingDepth.h"
#include "cli/Commands.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // The parser and the analysis recurse once per nested region: give them
  // a stack deep input cannot exhaust.
  int rc = 0;
  memlint::runWithLargeStack([&] { rc = memlint::runMain(argc, argv); });
  return rc;
}
