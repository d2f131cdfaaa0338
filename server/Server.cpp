//===- Server.cpp - Running the language server ---------------------------===//
#include "server/Server.h"

#include "server/LSPServer.h"
#include "server/MessageInput.h"
#include "server/MessageOutput.h"
#include "llvm/Support/LSP/Logging.h"

#include <unistd.h>

namespace memlint {

int runServer(const ServerOptions &options) {
  using Level = llvm::lsp::Logger::Level;
  llvm::lsp::Logger::setLogLevel(
      options.log == ServerOptions::Log::Verbose ? Level::Debug
      : options.log == ServerOptions::Log::Info  ? Level::Info
                                                 : Level::Error);
  auto input = std::make_unique<MessageInput>(stdin);
  MessageInput &inputRef = *input;
  MessageOutput output(STDOUT_FILENO);
  llvm::lsp::JSONTransport transport(std::move(input), output);
  LSPServer server(inputRef, output, transport, options.scheduling,
                   options.optionsFor, options.configProblem);
  return server.run();
}

} // namespace memlint
