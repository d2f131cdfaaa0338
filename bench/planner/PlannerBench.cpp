//===- PlannerBench.cpp - memlint's planner against the reference ones ----===//
//
// Usage: memlint_planner_bench [--alignment=N] [--budget-ms=N] [--nodes=N]
//                              [--capacity=N|--capacity=file]
//                              [--fingerprint] [PATH...]
//
// By default the exact phase runs on planMemory's default work budget and
// no clock, as `memlint plan` does: the peaks are the same on every run.
// --nodes=-1 --budget-ms=N bounds it by the clock alone. --capacity gives
// the planner an arena capacity to fit first (PlanOptions::capacity), as
// `memlint lint` does for over-capacity: N bytes, or `file` for the one a
// MiniMalloc file name carries (`A.1048576.csv`). --fingerprint adds a
// column with an FNV-1a hash of memlint's offsets, to check that a change
// meant to be only faster leaves every plan byte for byte the same.
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
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
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

/// The capacity a MiniMalloc file name carries (`A.1048576.csv`), or 0.
static int64_t capacityInName(const std::string &file) {
  std::string stem = fs::path(file).stem().string(); // "A.1048576"
  size_t dot = stem.rfind('.');
  if (dot == std::string::npos)
    return 0;
  return std::atoll(stem.c_str() + dot + 1);
}

/// FNV-1a over the offsets' bytes (little-endian, 8 per offset), so equal
/// fingerprints mean equal plans (barring a collision).
static uint64_t fingerprint(const std::vector<int64_t> &offsets) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (int64_t offset : offsets)
    for (int byte = 0; byte < 8; ++byte) {
      hash ^= (static_cast<uint64_t>(offset) >> (8 * byte)) & 0xff;
      hash *= 0x100000001b3ULL;
    }
  return hash;
}

int main(int argc, char **argv) {
  int64_t alignment = 1; // the suite's sizes are exact byte counts
  int64_t budgetMs = 0;  // no clock: the plans are the same on every run
  int64_t nodes = PlanOptions::kDefaultSearchNodeBudget;
  int64_t capacity = 0;
  bool capacityFromName = false;
  bool printFingerprint = false;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!std::strncmp(arg, "--alignment=", 12)) {
      alignment = std::atoll(arg + 12);
    } else if (!std::strncmp(arg, "--budget-ms=", 12)) {
      budgetMs = std::atoll(arg + 12);
    } else if (!std::strncmp(arg, "--nodes=", 8)) {
      nodes = std::atoll(arg + 8);
    } else if (!std::strcmp(arg, "--capacity=file")) {
      capacityFromName = true;
    } else if (!std::strncmp(arg, "--capacity=", 11)) {
      capacity = std::atoll(arg + 11);
    } else if (!std::strcmp(arg, "--fingerprint")) {
      printFingerprint = true;
    } else if (arg[0] == '-') {
      std::fprintf(stderr,
                   "usage: %s [--alignment=N] [--budget-ms=N] [--nodes=N] "
                   "[--capacity=N|--capacity=file] [--fingerprint] [PATH...]\n",
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

  std::printf("%-26s %7s %8s %8s %8s %8s %8s %8s %8s %8s", "instance",
              "buffers", "lower", "greedy", "xla-size", "xla-life", "in-time",
              "memlint", "ms", "cpu-ms");
  if (printFingerprint)
    std::printf(" %16s", "fingerprint");
  std::printf("\n");
  // Per planner: instances at the lower bound, and the sum of log(peak/LB)
  // for the geometric mean.
  const char *names[5] = {"greedy", "xla-size", "xla-life", "in-time",
                          "memlint"};
  int atBound[5] = {0, 0, 0, 0, 0};
  double logRatio[5] = {0, 0, 0, 0, 0};
  int instances = 0;
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
    // Wall time is what the budget bounds; CPU time tells how much of it
    // the planner had on a loaded machine.
    auto start = std::chrono::steady_clock::now();
    std::clock_t cpuStart = std::clock();
    PlanOptions options;
    options.alignment = alignment;
    options.timeBudgetMs = budgetMs;
    options.searchNodeBudget = nodes;
    options.capacity = capacityFromName ? capacityInName(file) : capacity;
    Plan memlint = planMemory(buffers, options);
    double cpuMs = 1000.0 * (std::clock() - cpuStart) / CLOCKS_PER_SEC;
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();

    const Plan *plans[5] = {&greedy, &xlaSize, &xlaLife, &inTime, &memlint};
    for (int p = 0; p < 5; ++p) {
      std::string problem = validatePlan(buffers, *plans[p], alignment);
      if (!problem.empty()) {
        std::fprintf(stderr, "INVALID %s plan for %s: %s\n",
                     plans[p]->method.c_str(), file.c_str(), problem.c_str());
        exitCode = 1;
      }
      atBound[p] += plans[p]->peak == plans[p]->lowerBound;
      if (plans[p]->lowerBound > 0)
        logRatio[p] += std::log(static_cast<double>(plans[p]->peak) /
                                static_cast<double>(plans[p]->lowerBound));
    }
    ++instances;
    std::printf(
        "%-26s %7zu %8lld %8lld %8lld %8lld %8lld %8lld %8.1f %8.1f%s",
        instanceName(file).c_str(), buffers.size(),
        (long long)memlint.lowerBound, (long long)greedy.peak,
        (long long)xlaSize.peak, (long long)xlaLife.peak,
        (long long)inTime.peak, (long long)memlint.peak, ms, cpuMs,
        memlint.optimal ? " optimal" : "");
    if (printFingerprint)
      std::printf(" %016llx",
                  (unsigned long long)fingerprint(memlint.offsets));
    std::printf("\n");
  }
  if (instances > 0) {
    std::printf("\n%-12s %-15s %s\n", "planner", "at lower bound",
                "peak / lower (geomean)");
    for (int p = 0; p < 5; ++p)
      std::printf("%-12s %3d of %-8d %.4f\n", names[p], atBound[p], instances,
                  std::exp(logRatio[p] / instances));
  }
  return exitCode;
}
