//===- CsvReader.cpp - MiniMalloc benchmark CSV files ---------------------===//

#include "bench/planner/CsvReader.h"

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace memlint {
namespace planner {

static std::vector<std::string> splitFields(const std::string &line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, ','))
    fields.push_back(field);
  return fields;
}

static bool parseInt(const std::string &text, int64_t &value) {
  if (text.empty())
    return false;
  errno = 0;
  char *end = nullptr;
  long long parsed = std::strtoll(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0')
    return false;
  value = parsed;
  return true;
}

bool readMiniMallocCsv(const std::string &path, std::vector<Buffer> &buffers,
                       std::string &error) {
  std::ifstream file(path);
  if (!file) {
    error = path + ": cannot open";
    return false;
  }
  std::string line;
  if (!std::getline(file, line)) {
    error = path + ": empty file";
    return false;
  }
  std::vector<std::string> header = splitFields(line);
  int column[4] = {-1, -1, -1, -1};
  const char *names[4] = {"id", "lower", "upper", "size"};
  for (size_t c = 0; c < header.size(); ++c)
    for (int n = 0; n < 4; ++n)
      if (header[c] == names[n])
        column[n] = static_cast<int>(c);
  for (int n = 0; n < 4; ++n)
    if (column[n] < 0) {
      error = path + ": no '" + names[n] + "' column";
      return false;
    }

  buffers.clear();
  for (int lineNo = 2; std::getline(file, line); ++lineNo) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty())
      continue;
    std::vector<std::string> fields = splitFields(line);
    Buffer b;
    bool ok = fields.size() == header.size();
    if (ok) {
      b.id = fields[column[0]];
      ok = parseInt(fields[column[1]], b.lower) &&
           parseInt(fields[column[2]], b.upper) &&
           parseInt(fields[column[3]], b.size) && b.size >= 0;
    }
    if (!ok) {
      error = path + ":" + std::to_string(lineNo) + ": malformed row";
      return false;
    }
    buffers.push_back(std::move(b));
  }
  return true;
}

} // namespace planner
} // namespace memlint
