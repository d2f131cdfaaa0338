//===- Register.h - Adds `memlint lsp` to the CLI ---------------*- C++ -*-===//
#ifndef MEMLINT_SERVER_REGISTER_H
#define MEMLINT_SERVER_REGISTER_H

namespace memlint {

/// Registers the `lsp` subcommand with the CLI (cli/Commands.h).
void registerLspCommand();

/// `memlint lsp ARGS...`; returns the exit code.
int runLsp(int argc, const char *const *argv);

} // namespace memlint

#endif
