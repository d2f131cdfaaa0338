//===- Inputs.cpp - Turning command-line paths into inputs ----------------===//
#include "cli/Inputs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace fs = std::filesystem;

namespace memlint {

bool expandPaths(const std::vector<std::string> &paths,
                 std::vector<std::string> &files, std::string &error) {
  for (const std::string &p : paths) {
    if (p == "-") {
      files.push_back(p);
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(
               p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec) && it->path().extension() == ".mlir")
          found.push_back(it->path().string());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
      continue;
    }
    if (!fs::exists(p, ec)) {
      error = p + ": no such file or directory";
      return false;
    }
    files.push_back(p);
  }
  return true;
}

std::optional<std::string> readInput(const std::string &path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad())
    return std::nullopt;
  return ss.str();
}

} // namespace memlint
