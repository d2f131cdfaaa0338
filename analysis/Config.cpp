//===- Config.cpp - Lint options and .memlint.json ------------------------===//
#include "analysis/Config.h"

#include "analysis/checks/CheckInfo.h"
#include <filesystem>
#include <fstream>
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
  nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/
                                           false, /*ignore_comments=*/true);
  if (j.is_discarded() || !j.is_object()) {
    error = path + ": not a JSON object";
    return false;
  }
  if (j.contains("checks")) {
    const auto &c = j["checks"];
    std::string list;
    if (c.is_string()) {
      list = c.get<std::string>();
    } else if (c.is_array()) {
      for (const auto &x : c) {
        if (!x.is_string()) {
          error = path + ": \"checks\" must hold strings";
          return false;
        }
        list += (list.empty() ? "" : ",") + x.get<std::string>();
      }
    } else {
      error = path + ": \"checks\" must be a string or an array";
      return false;
    }
    if (!applyCheckList(list, opts, error)) {
      error = path + ": " + error;
      return false;
    }
  }
  if (j.contains("severity")) {
    if (!j["severity"].is_object()) {
      error = path + ": \"severity\" must be an object";
      return false;
    }
    for (auto &[k, v] : j["severity"].items()) {
      Severity s;
      if (!findCheckInfo(k) || !v.is_string() ||
          !parseSeverity(v.get<std::string>(), s)) {
        error = path + ": bad severity entry for '" + k + "'";
        return false;
      }
      opts.severity[k] = s;
    }
  }
  if (j.contains("analysis_budget")) {
    const auto &b = j["analysis_budget"];
    bool ok = b.is_object();
    if (ok)
      for (auto &[k, v] : b.items())
        ok = ok && (k == "operations" || k == "bytes") &&
             v.is_number_unsigned() && v.get<uint64_t>() > 0;
    if (!ok) {
      error = path + ": \"analysis_budget\" must be an object with positive "
                     "\"operations\" and \"bytes\" counts";
      return false;
    }
    if (b.contains("operations"))
      opts.analysisOperations = b["operations"].get<uint64_t>();
    if (b.contains("bytes"))
      opts.analysisBytes = b["bytes"].get<uint64_t>();
  }
  if (j.contains("capacity")) {
    if (!j["capacity"].is_object()) {
      error = path + ": \"capacity\" must be an object";
      return false;
    }
    for (auto &[k, v] : j["capacity"].items()) {
      if (!v.is_number_unsigned()) {
        error = path + ": capacity of '" + k + "' must be a byte count";
        return false;
      }
      opts.capacity[k] = v.get<uint64_t>();
    }
  }
  if (j.contains("alignment")) {
    if (!j["alignment"].is_number_unsigned() ||
        j["alignment"].get<uint64_t>() == 0) {
      error = path + ": \"alignment\" must be a positive integer";
      return false;
    }
    opts.alignment = j["alignment"].get<unsigned>();
  }
  if (j.contains("max_input_size")) {
    if (!j["max_input_size"].is_number_unsigned() ||
        j["max_input_size"].get<uint64_t>() == 0) {
      error = path + ": \"max_input_size\" must be a positive byte count";
      return false;
    }
    opts.maxInputSize = j["max_input_size"].get<uint64_t>();
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
    if (fs::exists(c, ec))
      return c.string();
    if (dir == dir.parent_path())
      break;
  }
  return std::nullopt;
}

} // namespace memlint
