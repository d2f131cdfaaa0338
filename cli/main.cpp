//===- main.cpp - The memlint binary --------------------------------------===//
#include "cli/Commands.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  return memlint::runMain(argc, argv);
}
