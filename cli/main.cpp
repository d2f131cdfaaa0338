//===- main.cpp - The memlint binary --------------------------------------===//
#include "cli/Commands.h"
#ifdef MEMLINT_HAVE_FIXES
#include "fixes/FixCommand.h"
#endif

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
#ifdef MEMLINT_HAVE_FIXES
  memlint::registerCommand("fix", memlint::runFixCommand,
                           memlint::fixCommandHelp);
#endif
  return memlint::runMain(argc, argv);
}
