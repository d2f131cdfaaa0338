//===- RepositoryFiles.h - Every .mlir file of the repository, for tests --===//
//
// Tests that must hold on any IR (parsing in chunks, range answers) run over
// every .mlir file under test/ and examples/: lit tests, examples, the
// runtime, differential and hand-labelled corpora (aliases, wrapped modules,
// gpu modules, custom dialects, files that do not parse or verify).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_TEST_UNIT_REPOSITORYFILES_H
#define MEMLINT_TEST_UNIT_REPOSITORYFILES_H

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace memlint::test {

/// (path, text) of every .mlir file under test/ and examples/ of the
/// source tree (MEMLINT_SOURCE_DIR), in directory order.
inline std::vector<std::pair<std::string, std::string>> repositoryMlirFiles() {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> out;
  for (const char *dir : {"test", "examples"}) {
    fs::path root = fs::path(MEMLINT_SOURCE_DIR) / dir;
    for (const auto &entry : fs::recursive_directory_iterator(root)) {
      std::string path = entry.path().string();
      if (entry.path().extension() != ".mlir" ||
          path.find("node_modules") != std::string::npos)
        continue;
      std::ifstream in(entry.path());
      out.emplace_back(path, std::string(std::istreambuf_iterator<char>(in),
                                         std::istreambuf_iterator<char>()));
    }
  }
  return out;
}

} // namespace memlint::test

#endif
