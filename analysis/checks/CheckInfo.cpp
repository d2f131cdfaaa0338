//===- CheckInfo.cpp - The check table as data ----------------------------===//
#include "analysis/checks/CheckInfo.h"

namespace memlint {

static const CheckInfo table[] = {
#define MEMLINT_CHECK(E, ID, SEV, FIX, SUMMARY)                                \
  {CheckId::E, ID, Severity::SEV, CheckFix::FIX, SUMMARY},
#include "analysis/checks/CheckTable.def"
};

llvm::ArrayRef<CheckInfo> checkTable() { return table; }

const CheckInfo &checkInfo(CheckId id) {
  // Rows are in enumerator order, both generated from the same table.
  return table[static_cast<size_t>(id)];
}

const CheckInfo *findCheckInfo(llvm::StringRef name) {
  for (const CheckInfo &c : table)
    if (name == c.name)
      return &c;
  return nullptr;
}

std::string CheckInfo::docPath() const {
  return std::string("docs/checks/") + name + ".md";
}

std::string CheckInfo::docUrl() const {
  return std::string(DocsBaseUrl) + "/checks/" + name;
}

} // namespace memlint
