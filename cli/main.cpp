//===- main.cpp - The memlint binary --------------------------------------===//
#include "cli/Commands.h"
#ifdef MEMLINT_HAVE_FIXES
#include "fixes/FixCommand.h"
#endif

#include "llvm/Support/InitLLVM.h"

namespace memlint {
int runPlanCommand(const Args &args); // cli/PlanCommand.cpp
extern const char *const planCommandHelp;
#ifdef MEMLINT_HAVE_CUDA_EMIT
int runEmitCommand(const Args &args); // cli/EmitCommand.cpp
extern const char *const emitCommandHelp;
#endif
} // namespace memlint

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
#ifdef MEMLINT_HAVE_FIXES
  memlint::registerCommand("fix", memlint::runFixCommand,
                           memlint::fixCommandHelp);
#endif
  memlint::registerCommand("plan", memlint::runPlanCommand,
                           memlint::planCommandHelp);
#ifdef MEMLINT_HAVE_CUDA_EMIT
  memlint::registerCommand("emit", memlint::runEmitCommand,
                           memlint::emitCommandHelp);
#endif
  return memlint::runMain(argc, argv);
}
