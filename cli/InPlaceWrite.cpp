//===- InPlaceWrite.cpp - Rewriting a user's file safely ------------------===//
#include "cli/InPlaceWrite.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Signals.h"
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace memlint {
namespace {

/// The whole contents of `path`, or false.
bool readBack(const std::string &path, std::string &out) {
  int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0)
    return false;
  char buffer[1 << 16];
  ssize_t n;
  while ((n = read(fd, buffer, sizeof(buffer))) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    out.append(buffer, n);
  }
  close(fd);
  return n == 0;
}

bool writeAll(int fd, const std::string &text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    done += n;
  }
  return true;
}

} // namespace

bool writeInPlace(const std::string &path, const std::string &original,
                  const std::string &text, bool force, std::string &error) {
  // The file a link names is the one to change; renaming over the link
  // would turn it into a copy and leave its target unfixed.
  std::error_code ec;
  std::string target = std::filesystem::canonical(path, ec).string();
  struct stat st;
  if (ec || stat(target.c_str(), &st) != 0) {
    error = path + ": cannot resolve: " +
            (ec ? ec.message() : std::string(std::strerror(errno)));
    return false;
  }
  // Root may write anything; a file without write bits is read-only to
  // its user all the same.
  if (!force && ((st.st_mode & 0222) == 0 || access(target.c_str(), W_OK))) {
    error = path + ": read-only file, not rewritten (--force rewrites it)";
    return false;
  }
  std::string tmpl = target + ".memlint-XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  int fd = mkstemp(name.data());
  if (fd < 0) {
    error = "cannot create a temporary file next to " + target + ": " +
            std::strerror(errno);
    return false;
  }
  std::string tmp = name.data();
  llvm::sys::RemoveFileOnSignal(tmp);
  auto fail = [&](const std::string &why) {
    std::remove(tmp.c_str());
    llvm::sys::DontRemoveFileOnSignal(tmp);
    error = why;
    return false;
  };
  (void)fchmod(fd, st.st_mode & 07777);
  bool ok = writeAll(fd, text) && fsync(fd) == 0;
  ok = (close(fd) == 0) && ok;
  if (!ok)
    return fail("cannot write " + target + ": " + std::strerror(errno));
  // The last moment to notice an edit made meanwhile (an editor saving
  // the file): what is there now must be what was fixed.
  std::string now;
  if (!readBack(target, now) || now != original)
    return fail(path + ": changed on disk while memlint worked on it; not "
                       "rewritten (run memlint fix again)");
  if (std::rename(tmp.c_str(), target.c_str()) != 0)
    return fail("cannot write " + target + ": " + std::strerror(errno));
  llvm::sys::DontRemoveFileOnSignal(tmp);
  return true;
}

} // namespace memlint
