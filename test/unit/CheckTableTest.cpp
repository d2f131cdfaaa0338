// The check table (analysis/checks/CheckTable.def) against everything that
// lists checks: the registered check classes, the doc pages, the README
// table, and the VS Code extension's settings schema and known names.
#include "analysis/checks/Check.h"
#include "analysis/checks/CheckInfo.h"

#include "llvm/ADT/STLExtras.h"
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

using namespace memlint;

namespace {

std::string readSource(const std::string &relative) {
  std::ifstream in(std::string(MEMLINT_SOURCE_DIR) + "/" + relative);
  EXPECT_TRUE(in.good()) << "cannot read " << relative;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::set<std::string> tableIds() {
  std::set<std::string> ids;
  for (const CheckInfo &c : checkTable())
    ids.insert(c.name);
  return ids;
}

TEST(CheckTableTest, IdsAreUniqueAndRowsFollowTheEnum) {
  EXPECT_EQ(tableIds().size(), checkTable().size());
  for (auto [i, c] : llvm::enumerate(checkTable())) {
    EXPECT_EQ(static_cast<size_t>(c.id), i) << c.name;
    EXPECT_EQ(&checkInfo(c.id), &c) << c.name;
    EXPECT_EQ(findCheckInfo(c.name), &c) << c.name;
    EXPECT_TRUE(std::regex_match(c.name, std::regex("[a-z]+(-[a-z]+)*")))
        << c.name;
    EXPECT_NE(std::string(c.summary), "") << c.name;
  }
  EXPECT_EQ(findCheckInfo("all"), nullptr);
  EXPECT_EQ(findCheckInfo("Leak"), nullptr);
}

TEST(CheckTableTest, EveryRegisteredCheckHasItsRowInOrder) {
  ASSERT_EQ(allChecks().size(), checkTable().size());
  for (auto [i, check] : llvm::enumerate(allChecks())) {
    const CheckInfo &row = checkTable()[i];
    EXPECT_EQ(&check->info(), &row) << check->name();
    EXPECT_EQ(findCheck(row.name), check.get()) << row.name;
  }
}

TEST(CheckTableTest, EveryEventKindHasALifetimeCheck) {
  for (EventKind k : {EventKind::Leak, EventKind::DoubleFree,
                      EventKind::UseAfterFree, EventKind::InvalidFree})
    EXPECT_EQ(checkInfo(checkOfEvent(k)).fix, CheckFix::Frees);
}

TEST(CheckTableTest, EveryCheckHasItsDocPage) {
  for (const CheckInfo &c : checkTable()) {
    EXPECT_EQ(c.docPath(), std::string("docs/checks/") + c.name + ".md");
    EXPECT_EQ(c.docUrl(), std::string("https://memlint.dev/checks/") + c.name);
    std::string page = readSource(c.docPath());
    // Every page opens with `# <id> (<default severity>)`.
    std::string heading =
        std::string("# ") + c.name + " (" + severityName(c.severity) + ")\n";
    EXPECT_EQ(page.substr(0, heading.size()), heading) << c.docPath();
  }
}

TEST(CheckTableTest, ReadmeTableListsExactlyTheChecks) {
  std::string readme = readSource("README.md");
  // | [`id`](docs/checks/id.md) | severity | ...
  std::regex row(R"(\n\| \[`([a-z-]+)`\]\((docs/checks/[a-z-]+\.md)\) \| )"
                 R"(([a-z]+) \|)");
  std::set<std::string> listed;
  for (std::sregex_iterator it(readme.begin(), readme.end(), row), end;
       it != end; ++it) {
    std::string id = (*it)[1];
    const CheckInfo *c = findCheckInfo(id);
    ASSERT_NE(c, nullptr) << "README lists unknown check " << id;
    EXPECT_EQ((*it)[2].str(), c->docPath()) << id;
    EXPECT_EQ((*it)[3].str(), severityName(c->severity)) << id;
    EXPECT_TRUE(listed.insert(id).second) << "README lists " << id << " twice";
  }
  EXPECT_EQ(listed, tableIds());
}

TEST(CheckTableTest, VsCodeSettingsSchemaListsExactlyTheChecks) {
  nlohmann::json pkg =
      nlohmann::json::parse(readSource("editors/vscode/package.json"));
  const nlohmann::json &setting =
      pkg["contributes"]["configuration"]["properties"]["memlint.checks"];
  ASSERT_TRUE(setting.is_object());
  // Each item: `all` or a check's id, either one with or without a `-`.
  std::set<std::string> values;
  for (const auto &v : setting["items"]["enum"])
    values.insert(v.get<std::string>());
  std::set<std::string> expected{"all", "-all"};
  for (const CheckInfo &c : checkTable()) {
    expected.insert(c.name);
    expected.insert(std::string("-") + c.name);
  }
  EXPECT_EQ(values, expected);
  // The description names them too.
  std::string text = setting["markdownDescription"].get<std::string>();
  for (const CheckInfo &c : checkTable())
    EXPECT_NE(text.find(std::string("`") + c.name + "`"), std::string::npos)
        << c.name;
}

TEST(CheckTableTest, VsCodeKnownChecksAreTheTable) {
  std::string config = readSource("editors/vscode/src/config.ts");
  size_t at = config.find("KNOWN_CHECKS");
  ASSERT_NE(at, std::string::npos);
  size_t open = config.find('[', config.find('=', at));
  size_t close = config.find(']', open);
  ASSERT_NE(close, std::string::npos);
  std::string list = config.substr(open, close - open);
  std::regex quoted("'([^']*)'");
  std::set<std::string> known;
  for (std::sregex_iterator it(list.begin(), list.end(), quoted), end;
       it != end; ++it)
    known.insert((*it)[1]);
  EXPECT_EQ(known, tableIds());
}

} // namespace
