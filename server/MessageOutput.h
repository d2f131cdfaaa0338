//===- MessageOutput.h - One stdout for the transport and us ----*- C++ -*-===//
//
// JSONTransport writes each message as a header and a body under a lock of
// its MessageHandler. Publishing diagnostics through it means building an
// llvm::json::Value tree of every diagnostic, then copying it, then
// printing it: far too slow for thousands of diagnostics on every edit. So
// the server streams publishDiagnostics itself, and both writers share this
// stream as their output: it collects the transport's pieces until a whole
// message is there, and puts every message on the file descriptor whole,
// under its own lock, so messages from both never interleave.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_MESSAGEOUTPUT_H
#define MEMLINT_SERVER_MESSAGEOUTPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>
#include <string>

namespace memlint {

class MessageOutput : public llvm::raw_ostream {
public:
  explicit MessageOutput(int fd);

  /// Writes one message with its Content-Length header, whole.
  void writeMessage(llvm::StringRef body);

private:
  /// The transport's writes (always under its own lock): buffered until a
  /// whole message is there.
  void write_impl(const char *ptr, size_t size) override;
  uint64_t current_pos() const override { return position; }
  void writeWhole(llvm::StringRef header, llvm::StringRef body);

  int fd;
  std::mutex fdMutex;
  std::string pending;
  uint64_t position = 0;
};

} // namespace memlint

#endif
