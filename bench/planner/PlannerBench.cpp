//===- PlannerBench.cpp - memlint's planner against the reference ones ----===//
//
// Usage: memlint_planner_bench [--alignment=N] [--budget-ms=N] [PATH...]
//
// Each PATH is a MiniMalloc CSV file or a directory searched recursively for
// them (default: the suite in shared/data/minimalloc). Prints one row per
// instance with the peak of every planner, and checks every plan with
// validatePlan: the exit code is 1 if any plan is invalid, 2 on bad input.
//
//===----------------------------------------------------------------------===//

#include "analysis/planner/Planner.h"
#include "bench/planner/CsvReader.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

using namespace memlint::planner;
namespace fs = std::filesystem;

#ifndef MEMLINT_PLANNER_DEFAULT_DATA
#define MEMLINT_PLANNER_DEFAULT_DATA "../shared/data/minimalloc"
#endif

static void collectCsvFiles(const std::string &path,
                            std::vector<std::string> &files) {
  if (!fs::is_directory(path)) {
    files.push_back(path);
    return;
  }
  std::vector<std::string> found;
  for (const auto &entry : fs::recursive_directory_iterator(path))
    if (entry.is_regular_file() && entry.path().extension() == ".csv")
      found.push_back(entry.path().string());
  std::sort(found.begin(), found.end());
  files.insert(files.end(), found.begin(), found.end());
}

/// The name a row shows: the path below the directory given, or the file.
static std::string instanceName(const std::string &file) {
  fs::path p(file);
  return p.parent_path().filename().string() + "/" + p.filename().string();
}

int main(int argc, char **argv) {
  int64_t alignment = 1; // the suite's sizes are exact byte counts
  int64_t budgetMs = 1000;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!std::strncmp(arg, "--alignment=", 12)) {
      alignment = std::atoll(arg + 12);
    } else if (!std::strncmp(arg, "--budget-ms=", 12)) {
      budgetMs = std::atoll(arg + 12);
    } else if (arg[0] == '-') {
      std::fprintf(stderr,
                   "usage: %s [--alignment=N] [--budget-ms=N] [PATH...]\n",
                   argv[0]);
      return 2;
    } else {
      paths.push_back(arg);
    }
  }
  if (paths.empty())
    paths.push_back(MEMLINT_PLANNER_DEFAULT_DATA);
  std::vector<std::string> files;
  for (const std::string &path : paths)
    collectCsvFiles(path, files);

  std::printf("%-28s %5s %9s %9s %9s %9s %9s %9s %8s %9s\n", "instance", "bufs",
              "lower", "greedy", "xla-size", "xla-life", "in-time", "memlint",
              "ms", "");
  int exitCode = 0;
  for (const std::string &file : files) {
    std::vector<Buffer> buffers;
    std::string error;
    if (!readMiniMallocCsv(file, buffers, error)) {
      std::fprintf(stderr, "error: %s\n", error.c_str());
      return 2;
    }
    Plan greedy = planGreedyBySize(buffers, alignment);
    Plan xlaSize = planXlaBestFitBySize(buffers, alignment);
    Plan xlaLife = planXlaBestFitByLifetime(buffers, alignment);
    Plan inTime = planBestFitInTime(buffers, alignment);
    auto start = std::chrono::steady_clock::now();
    Plan memlint = planMemory(buffers, {alignment, budgetMs});
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();

    for (const Plan *plan : {&greedy, &xlaSize, &xlaLife, &inTime, &memlint}) {
      std::string problem = validatePlan(buffers, *plan, alignment);
      if (!problem.empty()) {
        std::fprintf(stderr, "INVALID %s plan for %s: %s\n",
                     plan->method.c_str(), file.c_str(), problem.c_str());
        exitCode = 1;
      }
    }
    std::printf("%-28s %5zu %9lld %9lld %9lld %9lld %9lld %9lld %8.1f %s\n",
                instanceName(file).c_str(), buffers.size(),
                (long long)memlint.lowerBound, (long long)greedy.peak,
                (long long)xlaSize.peak, (long long)xlaLife.peak,
                (long long)inTime.peak, (long long)memlint.peak, ms,
                memlint.optimal ? "optimal" : "");
  }
  return exitCode;
}
