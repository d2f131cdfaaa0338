//===- FixCommand.cpp - memlint fix ---------------------------------------===//
#include "fixes/FixCommand.h"

#include "analysis/Config.h"
#include "fixes/Fixes.h"
#include "fixes/TextEdits.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace memlint {

const char *const fixCommandHelp =
    "fix [--unsafe-fixes] [-i] [--diff] [--check] FILE: apply the safe fixes";

namespace {

enum { ExitOk = 0, ExitFindings = 1, ExitError = 2 };

std::optional<std::string> readAll(const std::string &path) {
  std::ostringstream ss;
  if (path == "-") {
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  ss << in.rdbuf();
  if (in.bad())
    return std::nullopt;
  return ss.str();
}

/// Writes `text` to a temporary file next to `path` and renames it over
/// `path`, so an interrupted run leaves either the old or the new file.
bool writeAtomically(const std::string &path, const std::string &text,
                     std::string &error) {
  std::string tmpl = path + ".memlint-XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  int fd = mkstemp(name.data());
  if (fd < 0) {
    error = "cannot create a temporary file next to " + path + ": " +
            std::strerror(errno);
    return false;
  }
  struct stat st;
  if (stat(path.c_str(), &st) == 0)
    (void)fchmod(fd, st.st_mode & 07777);
  size_t done = 0;
  bool ok = true;
  while (done < text.size()) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      ok = false;
      break;
    }
    done += n;
  }
  ok = ok && fsync(fd) == 0;
  ok = (close(fd) == 0) && ok;
  if (ok && std::rename(name.data(), path.c_str()) == 0)
    return true;
  error = "cannot write " + path + ": " + std::strerror(errno);
  std::remove(name.data());
  return false;
}

bool takeValue(const std::vector<std::string> &args, size_t &i,
               const std::string &name, std::string &value) {
  const std::string &a = args[i];
  if (a.rfind(name + "=", 0) == 0) {
    value = a.substr(name.size() + 1);
    return true;
  }
  if (a == name && i + 1 < args.size()) {
    value = args[++i];
    return true;
  }
  return false;
}

} // namespace

int runFixCommand(const std::vector<std::string> &args) {
  bool unsafe = false, inPlace = false, diff = false, check = false;
  std::string checks, configPath;
  std::vector<std::string> files;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (takeValue(args, i, "--checks", checks) ||
        takeValue(args, i, "--config", configPath))
      continue;
    if (a == "--unsafe-fixes")
      unsafe = true;
    else if (a == "-i" || a == "--in-place")
      inPlace = true;
    else if (a == "--diff")
      diff = true;
    else if (a == "--check")
      check = true;
    else if (a == "--allow-unregistered-dialect" || a == "--no-color")
      ; // always on / nothing coloured
    else if (a == "-" || a.empty() || a[0] != '-')
      files.push_back(a);
    else {
      std::cerr << "memlint fix: unknown option '" << a << "'\n";
      return ExitError;
    }
  }
  if (files.size() != 1) {
    std::cerr << "memlint fix: give exactly one FILE (or - for stdin)\n";
    return ExitError;
  }
  const std::string &file = files.front();
  if (inPlace && file == "-") {
    std::cerr << "memlint fix: -i needs a file, not stdin\n";
    return ExitError;
  }

  LintOptions opts;
  std::string error;
  std::optional<std::string> cfg =
      configPath.empty() ? (file == "-" ? std::optional<std::string>()
                                        : findConfigFor(file))
                         : std::optional<std::string>(configPath);
  if (cfg && !loadConfigFile(*cfg, opts, error)) {
    std::cerr << "memlint fix: " << error << "\n";
    return ExitError;
  }
  if (!checks.empty() && !applyCheckList(checks, opts, error)) {
    std::cerr << "memlint fix: " << error << "\n";
    return ExitError;
  }

  std::optional<std::string> input = readAll(file);
  if (!input) {
    std::cerr << file << ": error: cannot read file\n";
    return ExitError;
  }
  std::string shown = file == "-" ? "<stdin>" : file;
  FixRunResult result = fixText(*input, shown, opts, unsafe);
  if (!result.inputValid) {
    for (const InputError &e : result.errors) {
      std::cerr << shown;
      if (e.range.isValid())
        std::cerr << ":" << e.range.start.line << ":" << e.range.start.column;
      std::cerr << ": error: " << e.message << "\n";
    }
    return ExitError;
  }
  bool changed = result.text != *input;

  if (diff) {
    // git's a/ b/ prefixes for relative paths; absolute ones as they are.
    bool absolute = !shown.empty() && shown[0] == '/';
    std::cout << unifiedDiff(*input, result.text,
                             absolute ? shown : "a/" + shown,
                             absolute ? shown : "b/" + shown);
  }
  if (inPlace && changed && !check &&
      !writeAtomically(file, result.text, error)) {
    std::cerr << "memlint fix: " << error << "\n";
    return ExitError;
  }
  if (!diff && !inPlace && !check)
    std::cout << result.text;
  std::cout.flush();

  if (check || diff) {
    if (changed)
      std::cerr << shown << ": " << result.applied << " fix"
                << (result.applied == 1 ? "" : "es") << " would be applied\n";
    return changed ? ExitFindings : ExitOk;
  }
  unsigned left = 0;
  for (const Finding &f : result.remaining)
    left += f.severity != Severity::Note;
  if (left) {
    std::cerr << shown << ": " << left << " finding" << (left == 1 ? "" : "s")
              << " left that no " << (unsafe ? "" : "safe ")
              << "fix removes; see memlint lint\n";
    return ExitFindings;
  }
  return ExitOk;
}

} // namespace memlint
