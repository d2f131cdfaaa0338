//===- Driver.h - What every memlint command does first ---------*- C++ -*-===//
//
// The prologue of every command: the common options (--checks, --config,
// --capacity, --assume, --max-input-size, --allow-unregistered-dialect,
// `--` to end the options), the options of each input file (its nearest
// .memlint.json or --config, then the command line), reading files,
// directories and `-` within the size limit, and parsing with the parser's
// errors printed clang style. One place, so that every command treats bad
// input alike (CONTRACT.md: exit 2, a message, never a signal).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_CLI_DRIVER_H
#define MEMLINT_CLI_DRIVER_H

#include "analysis/Config.h"
#include "analysis/Document.h"
#include "cli/Commands.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

class Driver {
public:
  /// A command's own option: takes args[i] (advancing i past a value) and
  /// returns true, or returns false for an option it does not know. A bad
  /// value sets `error` (the message after "memlint CMD: ").
  using OptionFn =
      std::function<bool(const Args &args, size_t &i, std::string &error)>;

  /// `command` names the command in messages ("memlint lint: ...").
  explicit Driver(std::string command) : command(std::move(command)) {}

  /// Parses the command line: the common options here, the others through
  /// `own`; everything else, and everything after `--`, is a path. Prints
  /// the problem and returns false on bad usage.
  bool parseArgs(const Args &args, const OptionFn &own);
  const std::vector<std::string> &paths() const { return inputPaths; }

  /// The inputs: files and `-` as given; with `directories`, a directory
  /// stands for its `*.mlir` files (recursively, sorted). Prints every
  /// path that is missing, of the wrong kind or unreadable and returns
  /// false if there was one.
  bool expandInputs(bool directories, std::vector<std::string> &files) const;
  /// The single FILE (or `-`) of fix, plan and emit; prints and returns
  /// false unless there is exactly one and it is not a directory.
  bool singleInput(std::string &file) const;

  /// The options for `file` (`-`: the working directory): its nearest
  /// .memlint.json, or --config, then the command line. A config that
  /// cannot be loaded sets `error` and is left out; the command line is
  /// applied all the same (the server goes on with it). Thread-safe.
  bool optionsFor(const std::string &file, LintOptions &opts,
                  std::string &error) const;
  /// As above for a command: prints the error and returns nullopt.
  std::optional<LintOptions> optionsFor(const std::string &file) const;

  /// Prints "memlint CMD: message".
  void error(const std::string &message) const;

private:
  std::string command;
  std::vector<std::string> inputPaths;
  std::string checks, config;
  std::map<std::string, uint64_t> capacities;
  std::map<std::string, int64_t> assumptions;
  std::optional<uint64_t> maxInputSize;
  /// --analysis-budget=OPERATIONS[,BYTES]
  std::optional<uint64_t> budgetOperations, budgetBytes;
  /// Loaded configs by path, with their error: the files of a tree share
  /// them. Reloaded when the file changes (the server runs for hours).
  struct LoadedConfig {
    std::pair<int64_t, int64_t> stamp{-1, -1}; // mtime (ns), size
    LintOptions opts;
    std::string error;
  };
  mutable std::mutex cacheLock;
  mutable std::map<std::string, LoadedConfig> configs;
};

/// How a path is shown in messages: `-` is "<stdin>".
std::string shownName(const std::string &path);

/// Reads a file, or stdin for `-`, refusing more than `limit` bytes. On
/// failure returns nullopt with `error` set to the clang style line(s)
/// ("FILE: error: ...\n"). Thread-safe.
std::optional<std::string> readInput(const std::string &path, uint64_t limit,
                                     std::string &error);
/// As above for a command: prints the error and returns nullopt.
std::optional<std::string> readInput(const std::string &path, uint64_t limit);

/// The parser's errors, clang style: "FILE:LINE:COL: error: MESSAGE\n".
std::string formatInputErrors(const std::string &file,
                              const std::vector<InputError> &errors);

/// Parses `text`; prints the parser's errors and returns null when it does
/// not parse or verify.
std::unique_ptr<Document> parseInput(const std::string &text,
                                     const std::string &shown,
                                     unsigned threads = 1);

} // namespace memlint

#endif
