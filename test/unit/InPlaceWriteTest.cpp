//===- InPlaceWriteTest.cpp - fix -i's write ------------------------------===//
#include "cli/InPlaceWrite.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace memlint;

namespace {

struct InPlaceWriteTest : ::testing::Test {
  fs::path dir;
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("memlint-inplace-" + std::to_string(getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

  static void put(const fs::path &p, const std::string &text) {
    std::ofstream(p, std::ios::binary) << text;
  }
  static std::string get(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  size_t entries() const {
    return std::distance(fs::directory_iterator(dir), fs::directory_iterator());
  }
};

TEST_F(InPlaceWriteTest, ReplacesTheContents) {
  fs::path f = dir / "a.mlir";
  put(f, "old");
  std::string error;
  ASSERT_TRUE(writeInPlace(f.string(), "old", "new", false, error)) << error;
  EXPECT_EQ(get(f), "new");
  EXPECT_EQ(entries(), 1u);
}

// The user saved the file after memlint read it: their edit is kept.
TEST_F(InPlaceWriteTest, RefusesAFileChangedMeanwhile) {
  fs::path f = dir / "a.mlir";
  put(f, "edited by the user");
  std::string error;
  EXPECT_FALSE(
      writeInPlace(f.string(), "what memlint read", "fixed", false, error));
  EXPECT_NE(error.find("changed on disk"), std::string::npos) << error;
  EXPECT_EQ(get(f), "edited by the user");
  EXPECT_EQ(entries(), 1u) << "a temporary file was left behind";
}

TEST_F(InPlaceWriteTest, WritesThroughALink) {
  fs::path target = dir / "target.mlir", link = dir / "link.mlir";
  put(target, "old");
  fs::create_symlink(target, link);
  std::string error;
  ASSERT_TRUE(writeInPlace(link.string(), "old", "new", false, error)) << error;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(get(target), "new");
}

TEST_F(InPlaceWriteTest, RefusesAReadOnlyFileUnlessForced) {
  fs::path f = dir / "a.mlir";
  put(f, "old");
  fs::permissions(f, fs::perms::owner_read | fs::perms::group_read);
  std::string error;
  EXPECT_FALSE(writeInPlace(f.string(), "old", "new", false, error));
  EXPECT_EQ(get(f), "old");
  ASSERT_TRUE(writeInPlace(f.string(), "old", "new", true, error)) << error;
  EXPECT_EQ(get(f), "new");
  EXPECT_EQ(fs::status(f).permissions() & fs::perms::owner_write,
            fs::perms::none);
}

} // namespace
