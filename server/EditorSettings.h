//===- EditorSettings.h - Lint settings sent by the editor ------*- C++ -*-===//
//
// What an editor's own settings say about linting, sent as
// initializationOptions.settings and again, when the user changes them, as
// workspace/didChangeConfiguration's settings.memlint:
//   {"checks": ["all", "-leak"] | "all,-leak",
//    "capacities": {"default": 1048576, "3": 49152}}
// They mean what the command line's --checks and --capacity mean, and are
// applied like them, over the file's .memlint.json. Each message replaces
// the settings before it (a key left out is not set).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_EDITORSETTINGS_H
#define MEMLINT_SERVER_EDITORSETTINGS_H

#include "analysis/Config.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

struct EditorSettings {
  /// A --checks list.
  std::optional<std::string> checks;
  /// Bytes per memory space, as --capacity SPACE=BYTES.
  std::map<std::string, uint64_t> capacities;

  /// Reads `v` (an object; anything else is no settings). What cannot be
  /// used is left out, and `problems` says why.
  static EditorSettings fromJSON(const llvm::json::Value *v,
                                 std::vector<std::string> &problems);
  void applyTo(LintOptions &opts) const;
};

} // namespace memlint

#endif
