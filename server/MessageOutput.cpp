//===- MessageOutput.cpp - One stdout for the transport and us ------------===//
#include "server/MessageOutput.h"

#include <cerrno>
#include <unistd.h>

namespace memlint {

MessageOutput::MessageOutput(int fd)
    : llvm::raw_ostream(/*unbuffered=*/true), fd(fd) {}

void MessageOutput::writeWhole(llvm::StringRef header, llvm::StringRef body) {
  std::lock_guard<std::mutex> lock(fdMutex);
  for (llvm::StringRef part : {header, body}) {
    while (!part.empty()) {
      ssize_t n = ::write(fd, part.data(), part.size());
      if (n < 0) {
        if (errno == EINTR)
          continue;
        return; // the client is gone; nothing to tell it
      }
      part = part.drop_front(n);
    }
  }
}

void MessageOutput::writeMessage(llvm::StringRef body) {
  writeWhole("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n",
             body);
}

void MessageOutput::write_impl(const char *ptr, size_t size) {
  position += size;
  pending.append(ptr, size);
  // Emit every complete "Content-Length: N\r\n\r\n" + N bytes.
  while (true) {
    size_t headerEnd = pending.find("\r\n\r\n");
    if (headerEnd == std::string::npos)
      return;
    llvm::StringRef header(pending.data(), headerEnd);
    size_t at = header.find("Content-Length: ");
    unsigned long long length = 0;
    if (at == llvm::StringRef::npos ||
        header.drop_front(at + 16).trim().getAsInteger(10, length)) {
      // Not ours to judge: pass it on as it is.
      writeWhole(pending, "");
      pending.clear();
      return;
    }
    size_t total = headerEnd + 4 + length;
    if (pending.size() < total)
      return;
    writeWhole(llvm::StringRef(pending.data(), headerEnd + 4),
               llvm::StringRef(pending.data() + headerEnd + 4, length));
    pending.erase(0, total);
  }
}

} // namespace memlint
