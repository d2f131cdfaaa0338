//===- MessageInput.h - LSP messages in, malformed ones answered -*- C++ -*-=//
//
// llvm::lsp::JSONTransport logs and skips a message that is not JSON, and
// stops serving altogether on one that is JSON but not JSON-RPC. The server
// must answer both with an error and carry on, so this input sits under the
// transport: it reads each message (Content-Length framing), checks it, and
// hands on well-formed ones unchanged. A malformed one becomes a request for
// kInvalidMessageMethod whose params hold the JSON-RPC error to answer with;
// its id is the message's own id when that could be read, else null, as
// JSON-RPC 2.0 wants.
//
// It also remembers the id of the message it handed on last: the transport
// dispatches each message before reading the next, so a request handler can
// learn its own id (needed for $/cancelRequest) from lastId().
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_MESSAGEINPUT_H
#define MEMLINT_SERVER_MESSAGEINPUT_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Transport.h"
#include <cstdio>
#include <optional>
#include <string>

namespace memlint {

constexpr llvm::StringLiteral kInvalidMessageMethod = "$/memlint/invalidMessage";
/// Messages nested deeper than this are refused unparsed (LSP's own
/// messages nest a dozen levels at most).
constexpr unsigned kMaxNestingDepth = 128;

class MessageInput : public llvm::lsp::JSONTransportInput {
public:
  explicit MessageInput(std::FILE *in);

  bool hasError() const final { return std::ferror(in); }
  bool isEndOfInput() const final { return std::feof(in); }
  llvm::LogicalResult readDelimitedMessage(std::string &json) final;
  llvm::LogicalResult readStandardMessage(std::string &json) final;

  /// The id of the last message handed on (none for notifications).
  const std::optional<llvm::json::Value> &lastId() const { return id; }

  /// Checks `text` as one JSON-RPC 2.0 message. Sets `replyId` to its id
  /// (null when it has none or it is unreadable) and, on failure, `code` and
  /// `message` of the error to answer with.
  static bool check(llvm::StringRef text, int &code, std::string &message,
                    llvm::json::Value &replyId, bool &hasId);

  /// True when `text` opens more than `limit` arrays or objects inside one
  /// another, counted without parsing it.
  static bool nestedDeeperThan(llvm::StringRef text, unsigned limit);

private:
  bool readHeaderLine(std::string &line);
  /// Turns `json` into the request that reports a malformed message.
  void replaceWithError(std::string &json, int code, std::string message,
                        llvm::json::Value replyId);

  std::FILE *in;
  std::optional<llvm::json::Value> id;
};

} // namespace memlint

#endif
