#include "cli/VerifyDiagnostics.h"

#include <gtest/gtest.h>

using namespace memlint;

static Finding finding(unsigned line, Severity sev, std::string msg) {
  Finding f;
  f.check = "leak";
  f.severity = sev;
  f.message = std::move(msg);
  f.range = {{line, 1}, {line, 2}};
  return f;
}

TEST(VerifyDiagnosticsTest, OffsetsAndMatching) {
  std::string text = "// expected-warning@+1 {{never freed}}\n"
                     "x\n"
                     "y // expected-error {{twice}}\n"
                     "// expected-warning@above {{other}}\n";
  std::vector<std::string> problems;
  EXPECT_TRUE(verifyDiagnostics(
      "f", text,
      {finding(2, Severity::Warning, "a is never freed"),
       finding(3, Severity::Error, "freed twice"),
       finding(3, Severity::Warning, "other thing")},
      problems));
  EXPECT_TRUE(problems.empty());
}

TEST(VerifyDiagnosticsTest, MissingAndUnexpected) {
  std::string text = "x // expected-warning {{never freed}}\n";
  std::vector<std::string> problems;
  EXPECT_FALSE(verifyDiagnostics(
      "f", text, {finding(1, Severity::Error, "never freed")}, problems));
  EXPECT_EQ(problems.size(), 2u);
}
