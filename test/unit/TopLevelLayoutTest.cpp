//===- TopLevelLayoutTest.cpp - The lexical split into top-level ops ------===//
#include "analysis/TopLevelLayout.h"

#include "analysis/PositionSlice.h"
#include <gtest/gtest.h>
#include <random>

using namespace memlint;

namespace {

using Kind = LayoutItem::Kind;

/// "kind first-last" per item, e.g. "op 3-5".
std::string describe(const TopLevelLayout &layout) {
  std::string out;
  for (const LayoutItem &item : layout.items) {
    out += item.kind == Kind::Op        ? "op"
           : item.kind == Kind::Prelude ? "prelude"
                                        : "trivia";
    out += " " + std::to_string(item.firstLine) + "-" +
           std::to_string(item.lastLine) + "\n";
  }
  return out;
}

/// Every line in exactly one item, in order, and the byte ranges agree.
void expectCoversText(llvm::StringRef text, const TopLevelLayout &layout) {
  std::vector<size_t> starts = lineStartsOf(text);
  unsigned next = 1;
  for (const LayoutItem &item : layout.items) {
    EXPECT_EQ(item.firstLine, next);
    EXPECT_LE(item.firstLine, item.lastLine);
    EXPECT_EQ(item.begin, starts[item.firstLine - 1]);
    EXPECT_EQ(item.end, item.lastLine < starts.size() ? starts[item.lastLine]
                                                      : text.size());
    next = item.lastLine + 1;
  }
  EXPECT_EQ(layout.lineStarts, starts);
}

} // namespace

TEST(TopLevelLayout, SplitsAFlatFileIntoItems) {
  std::string text = "// A header comment.\n"              // 1
                     "\n"                                  // 2
                     "#map = affine_map<(d0) -> (d0)>\n"   // 3
                     "!buf = memref<4xf32>\n"              // 4
                     "func.func @a() {\n"                  // 5
                     "  return\n"                          // 6
                     "}\n"                                 // 7
                     "// About @b.\n"                      // 8
                     "\n"                                  // 9
                     "func.func private @b()\n"            // 10
                     "memref.global @g : memref<4xf32>\n"; // 11
  TopLevelLayout layout = computeLayout(text);
  ASSERT_TRUE(layout.ok) << layout.reason;
  EXPECT_FALSE(layout.insideModule);
  // Comments and blank lines after an item are the item's; only those
  // before the first item are trivia. The empty line after the last
  // newline (12) is the last item's too.
  EXPECT_EQ(describe(layout), "trivia 1-2\nprelude 3-3\nprelude 4-4\n"
                              "op 5-9\nop 10-10\nop 11-12\n");
  expectCoversText(text, layout);
  EXPECT_EQ(layout.itemAtLine(1), 0);
  EXPECT_EQ(layout.itemAtLine(8), 3);
  EXPECT_EQ(layout.itemAtLine(11), 5);
  EXPECT_EQ(layout.itemAtLine(12), 5);
  EXPECT_EQ(layout.itemAtLine(13), -1);
  // The hash is the text's: equal items hash equal, wherever they are.
  EXPECT_NE(layout.items[4].hash, layout.items[5].hash);
  TopLevelLayout moved = computeLayout("\n\n" + text);
  ASSERT_TRUE(moved.ok);
  EXPECT_EQ(moved.items[3].hash, layout.items[3].hash);
}

TEST(TopLevelLayout, TextNoOperationStartsWithIsAnItemOfItsOwn) {
  // A byte order mark before the first operation made the whole file
  // trivia (nothing parsed: the editor showed a clean file where the CLI
  // reports a parse error); a number or `()` between operations went into
  // the operation before it, whose findings its parse error then hid.
  std::string f = "func.func @f() {\n  return\n}\n";
  std::string bom = "\xEF\xBB\xBF" + f;
  TopLevelLayout a = computeLayout(bom);
  ASSERT_TRUE(a.ok) << a.reason;
  EXPECT_EQ(describe(a), "op 1-4\n");
  for (const char *junk : {"42\n", "()\n", "[1, 2]\n", "@x\n"}) {
    std::string text = f + junk + f;
    TopLevelLayout b = computeLayout(text);
    ASSERT_TRUE(b.ok) << b.reason;
    EXPECT_EQ(describe(b), "op 1-3\nop 4-4\nop 5-8\n") << junk;
    expectCoversText(text, b);
  }
  // Lines inside an operation's brackets are its own, whatever they start
  // with.
  TopLevelLayout c = computeLayout("func.func @g(%a: i32,\n42: i32) {\n}\n");
  ASSERT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(describe(c), "op 1-4\n");
}

TEST(TopLevelLayout, FindsSymbolsAndReferences) {
  std::string text = "func.func @caller(%m: memref<4xf32>) {\n"
                     "  func.call @z(%m) : (memref<4xf32>) -> ()\n"
                     "  %g = memref.get_global @g : memref<4xf32>\n"
                     "  func.call @z(%g) : (memref<4xf32>) -> ()\n"
                     "  func.call @\"odd name\"() : () -> ()\n"
                     "  return\n"
                     "}\n"
                     "func.func private @z(memref<4xf32>)\n"
                     "\"test.op\"() {callee = @z} : () -> ()\n";
  TopLevelLayout layout = computeLayout(text);
  ASSERT_TRUE(layout.ok) << layout.reason;
  ASSERT_EQ(layout.items.size(), 3u);
  EXPECT_EQ(layout.items[0].symbol, "caller");
  EXPECT_EQ(layout.items[0].refs,
            (std::vector<std::string>{"g", "odd name", "z"}));
  EXPECT_EQ(layout.items[1].symbol, "z");
  EXPECT_TRUE(layout.items[1].refs.empty());
  // A symbol inside brackets is a reference, not the op's name.
  EXPECT_EQ(layout.items[2].symbol, "");
  EXPECT_EQ(layout.items[2].refs, (std::vector<std::string>{"z"}));
}

TEST(TopLevelLayout, SplitsTheBodyOfOneModule) {
  std::string text = "#map = affine_map<(d0) -> (d0)>\n" // 1
                     "module attributes {a.b = 1} {\n"   // 2
                     "  func.func @a() {\n"              // 3
                     "    return\n"                      // 4
                     "  }\n"                             // 5
                     "  func.func @b() {\n"              // 6
                     "    return\n"                      // 7
                     "  }\n"                             // 8
                     "} // end\n";                       // 9
  TopLevelLayout layout = computeLayout(text);
  ASSERT_TRUE(layout.ok) << layout.reason;
  EXPECT_TRUE(layout.insideModule);
  // The module's header and closing line are prelude every op needs.
  EXPECT_EQ(describe(layout),
            "prelude 1-1\nprelude 2-2\nop 3-5\nop 6-8\nprelude 9-10\n");
  expectCoversText(text, layout);
  EXPECT_EQ(layout.items[2].symbol, "a");
  EXPECT_EQ(layout.items[3].symbol, "b");

  // `builtin.module` too; a named module is still one module.
  TopLevelLayout named = computeLayout("builtin.module @m {\n"
                                       "  func.func @a() {\n"
                                       "    return\n"
                                       "  }\n"
                                       "}\n");
  ASSERT_TRUE(named.ok) << named.reason;
  EXPECT_TRUE(named.insideModule);
  EXPECT_EQ(describe(named), "prelude 1-1\nop 2-4\nprelude 5-6\n");

  // Two modules are two top-level ops.
  TopLevelLayout two = computeLayout("module {\n}\nmodule {\n}\n");
  ASSERT_TRUE(two.ok) << two.reason;
  EXPECT_FALSE(two.insideModule);
  EXPECT_EQ(describe(two), "op 1-2\nop 3-5\n");
}

TEST(TopLevelLayout, BracketsInStringsAndCommentsDoNotCount) {
  std::string text = "\"test.a\"() {s = \"}{)(][\"} : () -> ()\n" // 1
                     "// a } in a comment (\n"                    // 2
                     "\"test.b\"() {s = \"\\\"}\"} : () -> ()\n"  // 3
                     "func.func @f() { // {\n"                    // 4
                     "  return\n"                                 // 5
                     "}\n";                                       // 6
  TopLevelLayout layout = computeLayout(text);
  ASSERT_TRUE(layout.ok) << layout.reason;
  EXPECT_EQ(describe(layout), "op 1-2\nop 3-3\nop 4-7\n");
  expectCoversText(text, layout);
  EXPECT_EQ(layout.items[2].symbol, "f");
}

TEST(TopLevelLayout, RefusesWhatItCannotSplit) {
  auto reason = [](llvm::StringRef text) {
    TopLevelLayout layout = computeLayout(text);
    EXPECT_FALSE(layout.ok) << text.str();
    EXPECT_TRUE(layout.items.empty());
    return layout.reason;
  };
  EXPECT_EQ(reason("func.func @f() {\n  return\n}\n}\n"),
            "unbalanced '}' at line 4");
  EXPECT_EQ(reason("func.func @f() {\n  return\n"),
            "unbalanced brackets at the end of the file");
  EXPECT_EQ(reason("\"test.a\"() {s = \"open} : () -> ()\n"),
            "unterminated string at line 1");
  EXPECT_EQ(reason("%0 = \"test.make\"() : () -> i32\n"),
            "a top-level value or block at line 1");
  EXPECT_EQ(reason("module { func.func @f() { return } }\n"),
            "the module's body does not start on a line of its own");
  EXPECT_EQ(
      reason("module {\n  func.func @f() {\n    return\n  }\n} loc(#x)\n"),
      "the module's closing brace is not alone on its line");
}

namespace {

void expectSameLayout(const TopLevelLayout &got, const TopLevelLayout &want,
                      const std::string &text) {
  ASSERT_EQ(got.ok, want.ok) << text;
  EXPECT_EQ(got.reason, want.reason);
  EXPECT_EQ(got.insideModule, want.insideModule);
  EXPECT_EQ(got.lineStarts, want.lineStarts);
  ASSERT_EQ(describe(got), describe(want)) << text;
  if (got.ok)
    EXPECT_EQ(got.opIndent, want.opIndent);
  for (size_t i = 0; i < got.items.size(); ++i) {
    const LayoutItem &g = got.items[i], &w = want.items[i];
    EXPECT_EQ(g.begin, w.begin) << i;
    EXPECT_EQ(g.end, w.end) << i;
    EXPECT_EQ(g.symbol, w.symbol) << i;
    EXPECT_EQ(g.refs, w.refs) << i;
    EXPECT_EQ(g.hash, w.hash) << i;
  }
}

std::string functions(int n, bool inModule) {
  std::string pad = inModule ? "  " : "";
  std::string out = inModule ? "#map = affine_map<(d0) -> (d0)>\nmodule {\n"
                             : "// header\n#map = affine_map<(d0) -> (d0)>\n";
  for (int i = 0; i < n; ++i) {
    std::string name = "@f" + std::to_string(i);
    out += pad + "func.func " + name + "(%n: index) {\n";
    out += pad + "  %a = memref.alloc() : memref<4xf32>\n";
    out += pad + "  \"test.op\"() {s = \"}{ @x\"} : () -> () // ) @y\n";
    if (i)
      out += pad + "  call @f" + std::to_string(i - 1) + "(%n) : (index) -> ()\n";
    out += pad + "  return\n" + pad + "}\n";
    if (i % 3 == 0)
      out += pad + "// after " + name + "\n\n";
  }
  if (inModule)
    out += "}\n";
  return out;
}

} // namespace

// Random edits, each applied to the text the last one left: the layout
// updated from the last one must be the layout of the new text, whichever
// way it was computed; and most small edits must be rescanned in part.
TEST(TopLevelLayout, UpdatedLayoutIsTheLayoutOfTheNewText) {
  const std::vector<std::string> snippets = {
      "}",  "{", "\n", "// c\n", "\"s{\"", " ", "  ", "@g", "(", ")",
      "%b = memref.alloc() : memref<8xf32>\n",
      "func.func @new() {\n  return\n}\n", "module {\n", "#m2 = 3\n", "x"};
  for (bool inModule : {true, false}) {
    std::mt19937 rng(inModule ? 7 : 11);
    std::string text = functions(40, inModule);
    TopLevelLayout layout = computeLayout(text);
    std::string before = text;
    unsigned partial = 0, okCount = 0, edits = 600;
    for (unsigned e = 0; e < edits; ++e) {
      std::string next = text;
      size_t at = rng() % (next.size() + 1);
      unsigned kind = rng() % 3;
      if (kind == 0 || next.empty()) {
        next.insert(at, snippets[rng() % snippets.size()]);
      } else if (kind == 1) {
        next.erase(at, rng() % 12);
      } else {
        next.erase(at, rng() % 6);
        next.insert(at, snippets[rng() % snippets.size()]);
      }
      // Every fifth edit undoes the one before, as deleting what was just
      // typed does.
      if (e % 5 == 4)
        next = before;
      bool wasPartial = false;
      TopLevelLayout updated =
          updateLayout(std::move(layout), text, next, &wasPartial);
      partial += wasPartial;
      okCount += updated.ok;
      expectSameLayout(updated, computeLayout(next), next);
      if (::testing::Test::HasFailure())
        return;
      // Broken texts pile up; start again from a good one now and then.
      if (!updated.ok && rng() % 4 == 0) {
        next = functions(40, inModule);
        updated = computeLayout(next);
      }
      before = std::move(text);
      text = std::move(next);
      layout = std::move(updated);
    }
    // Most texts split (the comparisons are not all of failures), and most
    // of those were rescanned in part (about 220 of 260 when written).
    EXPECT_GT(okCount, edits / 3) << (inModule ? "module" : "flat");
    EXPECT_GT(partial, edits / 4) << (inModule ? "module" : "flat");
  }
}

TEST(TopLevelLayout, AnEditInsideOneFunctionRescansOnlyIt) {
  std::string text = functions(100, true);
  TopLevelLayout layout = computeLayout(text);
  size_t at = text.find("return", text.size() / 2);
  std::string next = text;
  next.insert(at, "memref.dealloc %a : memref<4xf32>\n    ");
  bool partial = false;
  TopLevelLayout updated = updateLayout(layout, text, next, &partial);
  EXPECT_TRUE(partial);
  expectSameLayout(updated, computeLayout(next), next);
  // The other way, and a change of nothing.
  TopLevelLayout back = updateLayout(updated, next, text, &partial);
  EXPECT_TRUE(partial);
  expectSameLayout(back, layout, text);
  updateLayout(layout, text, text, &partial);
  EXPECT_TRUE(partial);
  // The module's header or closing line: the whole file.
  std::string header = text;
  header.insert(header.find("module {") + 7, " attributes {x}");
  updateLayout(layout, text, header, &partial);
  EXPECT_FALSE(partial);
}
