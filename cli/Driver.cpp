//===- Driver.cpp - What every memlint command does first -----------------===//
#include "cli/Driver.h"

#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace memlint {

void Driver::error(const std::string &message) const {
  std::cerr << "memlint " << command << ": " << message << "\n";
}

bool Driver::parseArgs(const Args &args, const OptionFn &own) {
  bool optionsEnded = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (optionsEnded || a == "-" || a.empty() || a[0] != '-') {
      inputPaths.push_back(a);
      continue;
    }
    if (a == "--") {
      optionsEnded = true;
      continue;
    }
    // `--config=` with nothing after it is a slip, not a request for the
    // default: these options need a value.
    for (const char *name :
         {"--config", "--alignment", "--time-budget-ms", "--capacity",
          "--assume", "--format", "--target", "--emit", "-o", "--opt-level",
          "--pass-pipeline", "--dump-dir"})
      if (a == std::string(name) + "=") {
        error(std::string(name) + " wants a value");
        return false;
      }
    std::string v, problem;
    if (takeOption(args, i, "--checks", checks)) {
      LintOptions probe;
      if (!applyCheckList(checks, probe, problem)) {
        error(problem);
        return false;
      }
      continue;
    }
    if (takeOption(args, i, "--config", config)) {
      LintOptions probe;
      if (!optionsFor("", probe, problem)) {
        error(problem);
        return false;
      }
      continue;
    }
    if (takeOption(args, i, "--capacity", v)) {
      // --capacity SPACE=BYTES (the space as `memlint plan` names it).
      size_t eq = v.rfind('=');
      unsigned long long bytes;
      if (eq == std::string::npos || eq == 0 ||
          llvm::StringRef(v).drop_front(eq + 1).getAsInteger(10, bytes)) {
        error("--capacity wants SPACE=BYTES, not '" + v + "'");
        return false;
      }
      // (Sizes are planned in signed 64 bits.)
      if (bytes > uint64_t(std::numeric_limits<int64_t>::max())) {
        error("--capacity of '" + v.substr(0, eq) +
              "' must be at most 9223372036854775807 bytes");
        return false;
      }
      capacities[v.substr(0, eq)] = bytes;
      continue;
    }
    if (takeOption(args, i, "--assume", v)) {
      // --assume NAME<=N: an upper bound for the argument %NAME.
      size_t le = v.find("<=");
      long long bound;
      std::string name = le == std::string::npos ? "" : v.substr(0, le);
      if (!name.empty() && name[0] == '%')
        name = name.substr(1);
      if (name.empty() ||
          llvm::StringRef(v).drop_front(le + 2).getAsInteger(10, bound) ||
          bound < 0) {
        error("--assume wants NAME<=N, not '" + v + "'");
        return false;
      }
      assumptions[name] = bound;
      continue;
    }
    if (takeOption(args, i, "--max-input-size", v)) {
      unsigned long long bytes;
      if (llvm::StringRef(v).getAsInteger(10, bytes) || bytes == 0) {
        error("--max-input-size wants a positive byte count, not '" + v + "'");
        return false;
      }
      maxInputSize = bytes;
      continue;
    }
    if (takeOption(args, i, "--analysis-budget", v)) {
      // OPERATIONS[,BYTES]: what one function's analysis may spend.
      auto [ops, bytes] = llvm::StringRef(v).split(',');
      unsigned long long o = 0, b = 0;
      if (ops.getAsInteger(10, o) || o == 0 ||
          (!bytes.empty() && (bytes.getAsInteger(10, b) || b == 0)) ||
          (bytes.empty() && v.find(',') != std::string::npos)) {
        error("--analysis-budget wants OPERATIONS[,BYTES] (positive counts), "
              "not '" +
              v + "'");
        return false;
      }
      budgetOperations = o;
      if (!bytes.empty())
        budgetBytes = b;
      continue;
    }
    if (a == "--allow-unregistered-dialect")
      continue; // always on: custom accelerator dialects are the norm
    if (own && own(args, i, problem)) {
      if (!problem.empty()) {
        error(problem);
        return false;
      }
      continue;
    }
    error("unknown option '" + a + "'");
    return false;
  }
  return true;
}

namespace {

/// Adds the `*.mlir` files under `dir` to `found`. Links to directories are
/// not followed (no cycles); a `*.mlir` entry that cannot be examined (a
/// dangling link) and a directory that cannot be listed are reported.
bool walkDirectory(const fs::path &dir, std::vector<std::string> &found,
                   const Driver &driver) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  bool ok = true;
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::directory_entry &entry = *it;
    std::error_code kindError;
    if (entry.is_directory(kindError) && !entry.is_symlink(kindError)) {
      ok &= walkDirectory(entry.path(), found, driver);
      continue;
    }
    if (entry.path().extension() != ".mlir")
      continue;
    fs::file_status st = fs::status(entry.path(), kindError);
    if (kindError) {
      driver.error(entry.path().string() +
                   ": cannot read: " + kindError.message());
      ok = false;
    } else if (fs::is_regular_file(st)) {
      found.push_back(entry.path().string());
    }
  }
  if (ec) {
    driver.error(dir.string() + ": cannot read directory: " + ec.message());
    return false;
  }
  return ok;
}

} // namespace

bool Driver::expandInputs(bool directories,
                          std::vector<std::string> &files) const {
  bool ok = true;
  for (const std::string &p : inputPaths) {
    if (p == "-") {
      files.push_back(p);
      continue;
    }
    std::error_code ec;
    fs::file_status st = fs::status(p, ec);
    if (!fs::exists(st)) {
      error(p + ": no such file or directory");
      ok = false;
    } else if (!fs::is_directory(st)) {
      files.push_back(p);
    } else if (!directories) {
      error(p + ": is a directory, not a file");
      ok = false;
    } else {
      std::vector<std::string> found;
      ok &= walkDirectory(p, found, *this);
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    }
  }
  return ok;
}

bool Driver::singleInput(std::string &file) const {
  if (inputPaths.size() != 1) {
    error("give exactly one FILE (or - for stdin)");
    return false;
  }
  file = inputPaths.front();
  std::error_code ec;
  if (file != "-" && fs::is_directory(file, ec)) {
    error(file + ": is a directory, not a file");
    return false;
  }
  return true;
}

bool Driver::optionsFor(const std::string &file, LintOptions &opts,
                        std::string &problem) const {
  std::optional<std::string> path =
      config.empty() ? findConfigFor(file) : std::optional<std::string>(config);
  bool ok = true;
  opts = LintOptions();
  if (path) {
    struct stat st;
    std::pair<int64_t, int64_t> stamp{-2, -2};
    if (stat(path->c_str(), &st) == 0)
      stamp = {int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
               int64_t(st.st_size)};
    std::lock_guard<std::mutex> guard(cacheLock);
    LoadedConfig &loaded = configs[*path];
    if (loaded.stamp != stamp) {
      loaded = LoadedConfig();
      loaded.stamp = stamp;
      if (!loadConfigFile(*path, loaded.opts, loaded.error))
        loaded.opts = LintOptions();
    }
    problem = loaded.error;
    ok = problem.empty();
    opts = loaded.opts;
  }
  // The command line over the config.
  if (!checks.empty())
    (void)applyCheckList(checks, opts, problem); // checked by parseArgs
  for (const auto &[space, bytes] : capacities)
    opts.capacity[space] = bytes;
  for (const auto &[name, bound] : assumptions)
    opts.assumptions[name] = bound;
  if (maxInputSize)
    opts.maxInputSize = *maxInputSize;
  if (budgetOperations)
    opts.analysisOperations = *budgetOperations;
  if (budgetBytes)
    opts.analysisBytes = *budgetBytes;
  return ok;
}

std::optional<LintOptions> Driver::optionsFor(const std::string &file) const {
  LintOptions opts;
  std::string problem;
  if (optionsFor(file, opts, problem))
    return opts;
  error(problem);
  return std::nullopt;
}

std::string shownName(const std::string &path) {
  return path == "-" ? "<stdin>" : path;
}

std::optional<std::string> readInput(const std::string &path, uint64_t limit,
                                     std::string &error) {
  std::string shown = shownName(path);
  int fd = path == "-" ? STDIN_FILENO : open(path.c_str(), O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    error = shown + ": error: cannot read file\n";
    if (fd >= 0)
      close(fd);
    return std::nullopt;
  }
  auto fail = [&](const std::string &why) {
    error = shown + ": error: " + why + "\n";
    if (fd != STDIN_FILENO)
      close(fd);
    return std::nullopt;
  };
  if (S_ISDIR(st.st_mode))
    return fail("is a directory, not a file");
  std::string tooLarge = "input is larger than the limit of " +
                         std::to_string(limit) +
                         " bytes (--max-input-size, or \"max_input_size\" in "
                         ".memlint.json)";
  if (S_ISREG(st.st_mode) && uint64_t(st.st_size) > limit)
    return fail(tooLarge);
  // Read in chunks: devices and pipes have no size, and may never end.
  std::string text;
  if (S_ISREG(st.st_mode))
    text.reserve(st.st_size);
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return fail(std::string("cannot read file: ") + std::strerror(errno));
    if (n == 0)
      break;
    if (text.size() + n > limit)
      return fail(tooLarge);
    text.append(buffer, n);
  }
  if (fd != STDIN_FILENO)
    close(fd);
  return text;
}

std::optional<std::string> readInput(const std::string &path,
                                     uint64_t limit) {
  std::string error;
  std::optional<std::string> text = readInput(path, limit, error);
  if (!text)
    std::cerr << error;
  return text;
}

std::string formatInputErrors(const std::string &file,
                              const std::vector<InputError> &errors) {
  std::string out;
  for (const InputError &e : errors) {
    out += file;
    if (e.range.isValid())
      out += ":" + std::to_string(e.range.start.line) + ":" +
             std::to_string(e.range.start.column);
    out += ": error: " + e.message + "\n";
  }
  return out;
}

std::unique_ptr<Document> parseInput(const std::string &text,
                                     const std::string &shown,
                                     unsigned threads) {
  std::unique_ptr<Document> doc = Document::parse(text, shown, threads);
  if (doc->isValid())
    return doc;
  std::cerr << formatInputErrors(shown, doc->errors());
  return nullptr;
}

} // namespace memlint
