//===- Config.cpp - Lint options and .memlint.json ------------------------===//
#include "analysis/Config.h"

#include "analysis/checks/CheckInfo.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MathExtras.h"
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

namespace memlint {

LintOptions::LintOptions() {
  for (const CheckInfo &c : checkTable())
    enabled.insert(c.name);
}

static std::string trim(std::string s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

bool applyCheckList(const std::string &list, LintOptions &opts,
                    std::string &error) {
  std::stringstream ss(list);
  std::string item;
  bool first = true;
  while (std::getline(ss, item, ',')) {
    item = trim(item);
    if (item.empty())
      continue;
    bool disable = item[0] == '-';
    std::string name = disable ? item.substr(1) : item;
    if (name == "all") {
      if (disable)
        opts.enabled.clear();
      else
        for (const CheckInfo &c : checkTable())
          opts.enabled.insert(c.name);
    } else if (!findCheckInfo(name)) {
      error = "unknown check '" + name + "'";
      return false;
    } else if (disable) {
      opts.enabled.erase(name);
    } else {
      if (first)
        opts.enabled.clear();
      opts.enabled.insert(name);
    }
    first = false;
  }
  return true;
}

namespace {
// Readers of the keys of .memlint.json. Each reads one key of `j` (present)
// into `opts`, or says what is wrong with it in `error`.
using json = nlohmann::json;

bool readChecks(const json &c, LintOptions &opts, std::string &error) {
  std::string list;
  if (c.is_string()) {
    list = c.get<std::string>();
  } else if (c.is_array()) {
    for (const auto &x : c) {
      if (!x.is_string()) {
        error = "\"checks\" must hold strings";
        return false;
      }
      list += (list.empty() ? "" : ",") + x.get<std::string>();
    }
  } else {
    error = "\"checks\" must be a string or an array";
    return false;
  }
  return applyCheckList(list, opts, error);
}

bool readSeverity(const json &sev, LintOptions &opts, std::string &error) {
  if (!sev.is_object()) {
    error = "\"severity\" must be an object";
    return false;
  }
  for (auto &[k, v] : sev.items()) {
    Severity s;
    if (!findCheckInfo(k) || !v.is_string() ||
        !parseSeverity(v.get<std::string>(), s)) {
      error = "bad severity entry for '" + k + "'";
      return false;
    }
    opts.severity[k] = s;
  }
  return true;
}

bool readBudget(const json &b, LintOptions &opts, std::string &error) {
  bool ok = b.is_object();
  if (ok)
    for (auto &[k, v] : b.items())
      ok = ok && (k == "operations" || k == "bytes") &&
           v.is_number_unsigned() && v.get<uint64_t>() > 0;
  if (!ok) {
    error = "\"analysis_budget\" must be an object with positive "
            "\"operations\" and \"bytes\" counts";
    return false;
  }
  if (b.contains("operations"))
    opts.analysisOperations = b["operations"].get<uint64_t>();
  if (b.contains("bytes"))
    opts.analysisBytes = b["bytes"].get<uint64_t>();
  return true;
}

bool readCapacity(const json &c, LintOptions &opts, std::string &error) {
  if (!c.is_object()) {
    error = "\"capacity\" must be an object";
    return false;
  }
  for (auto &[k, v] : c.items()) {
    if (!v.is_number_unsigned()) {
      error = "capacity of '" + k + "' must be a byte count";
      return false;
    }
    // (Sizes are planned in signed 64 bits.)
    if (v.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max())) {
      error =
          "capacity of '" + k + "' must be at most 9223372036854775807 bytes";
      return false;
    }
    opts.capacity[k] = v.get<uint64_t>();
  }
  return true;
}

/// A positive integer, or `error` = `what`.
std::optional<uint64_t> readPositive(const json &v, const char *what,
                                     std::string &error) {
  if (!v.is_number_unsigned() || v.get<uint64_t>() == 0) {
    error = what;
    return std::nullopt;
  }
  return v.get<uint64_t>();
}

} // namespace

bool addAllocatorPattern(const std::string &pattern, LintOptions &opts,
                         std::string &error) {
  // `@name` as the IR writes it names the same function.
  llvm::StringRef glob(pattern);
  glob.consume_front("@");
  std::string name = glob.str();
  if (llvm::Error err = llvm::GlobPattern::create(name).takeError()) {
    error = llvm::toString(std::move(err));
    return false;
  }
  opts.allocators.push_back(std::move(name));
  return true;
}

namespace {
bool readAllocators(const json &v, LintOptions &opts, std::string &error) {
  const char *what = "\"allocators\" must be a list of function name "
                     "patterns (glob), such as [\"my_alloc\", \"rt_*\"]";
  if (!v.is_array()) {
    error = what;
    return false;
  }
  LintOptions read;
  for (const json &p : v) {
    if (!p.is_string() || p.get<std::string>().empty()) {
      error = what;
      return false;
    }
    if (!addAllocatorPattern(p.get<std::string>(), read, error)) {
      error = "\"allocators\": bad pattern \"" + p.get<std::string>() +
              "\": " + error;
      return false;
    }
  }
  opts.allocators = std::move(read.allocators);
  return true;
}

/// Reads every key memlint knows; unknown keys are left alone (a newer
/// memlint's config still loads).
bool readConfig(const json &j, LintOptions &opts, std::string &error) {
  if (j.contains("checks") && !readChecks(j["checks"], opts, error))
    return false;
  if (j.contains("severity") && !readSeverity(j["severity"], opts, error))
    return false;
  if (j.contains("analysis_budget") &&
      !readBudget(j["analysis_budget"], opts, error))
    return false;
  if (j.contains("capacity") && !readCapacity(j["capacity"], opts, error))
    return false;
  if (j.contains("allocators") && !readAllocators(j["allocators"], opts, error))
    return false;
  if (j.contains("alignment")) {
    // A power of two (memref.alloc's alignment attribute, what `emit`
    // writes, takes no other) that fits the option.
    const char *bad = "\"alignment\" must be a power of two, at most 2^31";
    std::optional<uint64_t> a = readPositive(j["alignment"], bad, error);
    if (!a)
      return false;
    if (!llvm::isPowerOf2_64(*a) || *a > (uint64_t(1) << 31)) {
      error = bad;
      return false;
    }
    opts.alignment = static_cast<unsigned>(*a);
  }
  if (j.contains("max_input_size")) {
    std::optional<uint64_t> m = readPositive(
        j["max_input_size"],
        "\"max_input_size\" must be a positive byte count", error);
    if (!m)
      return false;
    opts.maxInputSize = *m;
  }
  return true;
}
} // namespace

bool loadConfigFile(const std::string &path, LintOptions &opts,
                    std::string &error) {
  // A directory opens as a stream on Linux and throws on the first read:
  // only a regular file (or what a link names) is a config.
  std::error_code ec;
  if (std::filesystem::exists(path, ec) &&
      !std::filesystem::is_regular_file(path, ec)) {
    error = path + ": not a file";
    return false;
  }
  std::ifstream in(path);
  if (!in) {
    error = path + ": cannot read";
    return false;
  }
  json j = json::parse(in, nullptr, /*allow_exceptions=*/false,
                       /*ignore_comments=*/true);
  if (j.is_discarded() || !j.is_object()) {
    error = path + ": not a JSON object";
    return false;
  }
  if (!readConfig(j, opts, error)) {
    error = path + ": " + error;
    return false;
  }
  return true;
}

std::optional<std::string> findConfigFor(const std::string &file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p = file.empty() || file == "-" ? fs::current_path(ec)
                                           : fs::absolute(file, ec);
  if (ec)
    return std::nullopt;
  fs::path dir = fs::is_directory(p, ec) ? p : p.parent_path();
  for (; !dir.empty(); dir = dir.parent_path()) {
    fs::path c = dir / ".memlint.json";
    // A link to nothing is still the config the user put here: reading it
    // fails with a message, rather than a config further up being used.
    if (fs::exists(fs::symlink_status(c, ec)))
      return c.string();
    if (dir == dir.parent_path())
      break;
  }
  return std::nullopt;
}

} // namespace memlint
