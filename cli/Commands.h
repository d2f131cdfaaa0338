//===- Commands.h - memlint subcommands -------------------------*- C++ -*-===//
#ifndef MEMLINT_CLI_COMMANDS_H
#define MEMLINT_CLI_COMMANDS_H

#include <string>
#include <vector>

namespace memlint {

/// Exit codes shared by every subcommand (CONTRACT.md).
enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitError = 2 };

using Args = std::vector<std::string>;

/// The subcommands (cli/<Name>Command.cpp); each returns its exit code.
int runLint(const Args &args);
int runFix(const Args &args);
int runPlan(const Args &args);
int runEmit(const Args &args);
int runLsp(const Args &args);
int runBisect(const Args &args);
int runHelp(const Args &args);
/// Entry point: dispatches argv[1] to a subcommand.
int runMain(int argc, char **argv);

/// "name=value" or "name value" option parsing helper: if args[i] is
/// `--name=value` or `--name` followed by a value, stores it and advances i.
bool takeOption(const Args &args, size_t &i, const std::string &name,
                std::string &value);

} // namespace memlint

#endif
