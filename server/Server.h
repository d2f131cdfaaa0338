//===- Server.h - Running the language server -------------------*- C++ -*-===//
//
// What the server needs from its front end (cli/LspCommand.cpp): the
// scheduling options, the log level, and the lint options of each file.
// The server reads no command line and no config of its own.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_SERVER_H
#define MEMLINT_SERVER_SERVER_H

#include "server/LintServer.h"

namespace memlint {

struct ServerOptions {
  LintServer::Options scheduling;
  enum class Log { Error, Info, Verbose } log = Log::Error;
  /// The lint options of a file (its .memlint.json and the command line);
  /// called on the server's threads.
  LintServer::OptionsProvider optionsFor;
  /// The config of a file that does not load: its path (empty when not
  /// known) and why. Shown as a diagnostic in that file and a message.
  ConfigProblemProvider configProblem;
};

/// Serves LSP over stdin/stdout until `exit`; returns the exit code.
int runServer(const ServerOptions &options);

} // namespace memlint

#endif
