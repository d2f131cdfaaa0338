#include "analysis/ParseChunks.h"
#include "RepositoryFiles.h"
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

/// The 0-based line of offset `at` in `text`.
size_t lineAt(llvm::StringRef text, size_t at) {
  return text.take_front(at).count('\n');
}

/// Every copied piece is the file's text, on the file's line and column.
void expectFaithful(llvm::StringRef file, const ParseChunk &chunk) {
  for (const ParseChunk::Piece &p : chunk.pieces) {
    EXPECT_EQ(llvm::StringRef(chunk.text).substr(p.at, p.length),
              file.substr(p.from, p.length));
    EXPECT_EQ(lineAt(chunk.text, p.at), lineAt(file, p.from));
    EXPECT_EQ(*chunk.fileOffset(p.at), p.from);
    EXPECT_EQ(*chunk.fileOffset(p.at + p.length), p.from + p.length);
  }
}

const char *Flat = R"(#map = affine_map<(d0) -> (d0)>
!buf = memref<4xf32>
func.func @a() {
  return
}
func.func @b() {
  return
}
func.func @c() {
  return
}
#loc = loc("x.py":1:2)
)";

} // namespace

TEST(ParseChunks, CutsBetweenTopLevelOpsKeepingLinesAndAliases) {
  llvm::StringRef file(Flat);
  auto plan = planParseChunks(file, lineStartsOf(file), 3);
  ASSERT_TRUE(plan);
  EXPECT_FALSE(plan->wrappedModule);
  ASSERT_EQ(plan->chunks.size(), 3u);
  for (const ParseChunk &c : plan->chunks) {
    expectFaithful(file, c);
    // Every chunk defines the aliases, the trailing one included.
    EXPECT_NE(c.text.find("#map = "), std::string::npos);
    EXPECT_NE(c.text.find("!buf = "), std::string::npos);
    EXPECT_NE(c.text.find("#loc = "), std::string::npos);
  }
  // Each function is in exactly one chunk.
  for (const char *fn : {"@a()", "@b()", "@c()"}) {
    unsigned in = 0;
    for (const ParseChunk &c : plan->chunks)
      in += c.text.find(fn) != std::string::npos;
    EXPECT_EQ(in, 1u) << fn;
  }
  // Newlines between pieces map nowhere.
  const ParseChunk &last = plan->chunks.back();
  size_t firstNonCopied = last.pieces.front().at + last.pieces.front().length;
  if (last.pieces.size() > 1 && last.pieces[1].at > firstNonCopied + 1)
    EXPECT_FALSE(last.fileOffset(firstNonCopied + 1));
}

// Every chunk parses the aliases again: beyond `leastParts`, chunks hold
// at least eight times the aliases' size of their own.
TEST(ParseChunks, LargeAliasesMakeFewerChunksDownToLeastParts) {
  std::string file = "#map = affine_map<(d0) -> (d0)>\n";
  for (int i = 0; i < 64; ++i)
    file += "func.func @f" + std::to_string(i) + "() {\n  return\n}\n";
  size_t aliasBytes = file.find('\n') + 1;
  auto lines = lineStartsOf(file);
  auto many = planParseChunks(file, lines, 32);
  ASSERT_TRUE(many);
  EXPECT_EQ(many->chunks.size(), 32u); // no bound asked for
  auto bounded = planParseChunks(file, lines, 32, /*leastParts=*/2);
  ASSERT_TRUE(bounded);
  size_t most = file.size() / (8 * aliasBytes);
  ASSERT_GT(most, 2u);
  ASSERT_LT(most, 32u);
  EXPECT_EQ(bounded->chunks.size(), most);
  // Aliases as large as the rest: down to leastParts, no further.
  std::string heavy = file;
  for (int i = 0; i < 64; ++i)
    heavy.insert(0, "#m" + std::to_string(i) +
                        " = affine_map<(d0, d1) -> (d1, d0)>\n");
  auto least = planParseChunks(heavy, lineStartsOf(heavy), 32, 3);
  ASSERT_TRUE(least);
  EXPECT_EQ(least->chunks.size(), 3u);
}

TEST(ParseChunks, CutsTheBodyOfAWrappingModule) {
  std::string file = "#map = affine_map<(d0) -> (d0)>\n"
                     "module attributes {gpu.container_module} {\n"
                     "  func.func @a() {\n    return\n  }\n"
                     "  func.func @b() {\n    return\n  }\n"
                     "  func.func @c() {\n    return\n  }\n"
                     "}\n";
  auto plan = planParseChunks(file, lineStartsOf(file), 2);
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->wrappedModule);
  ASSERT_EQ(plan->chunks.size(), 2u);
  const std::string &first = plan->chunks[0].text,
                    &second = plan->chunks[1].text;
  EXPECT_NE(first.find("module attributes"), std::string::npos);
  EXPECT_EQ(first.back(), '\n');
  EXPECT_EQ(llvm::StringRef(first).rtrim().back(), '}'); // the module's brace
  EXPECT_EQ(second.find("module"), std::string::npos);
  EXPECT_NE(second.find("#map"), std::string::npos);
  for (const ParseChunk &c : plan->chunks)
    expectFaithful(file, c);
}

TEST(ParseChunks, LeavesAloneWhatItCannotCut) {
  auto plan = [](llvm::StringRef file, unsigned parts = 2) {
    return planParseChunks(file, lineStartsOf(file), parts);
  };
  EXPECT_FALSE(plan(Flat, 1));
  EXPECT_FALSE(plan("func.func @a() {\n  return\n}\n")); // one op
  EXPECT_FALSE(plan(std::string(Flat) + "{-#\n  dialect_resources: {}\n#-}\n"));
  EXPECT_FALSE(plan("module {\n  func.func @a() {\n    return\n  } }\n"));
  EXPECT_FALSE(plan(""));
  // A top-level op that defines a value, in a flat file or a module's body:
  // the value's name is in scope below it.
  EXPECT_FALSE(plan(std::string("%t = \"test.make\"() : () -> i32\n") + Flat));
  EXPECT_FALSE(plan("module {\n  func.func @a() {\n    return\n  }\n"
                    "  %t = \"test.make\"() : () -> i32\n"
                    "  func.func @b() {\n    return\n  }\n}\n"));
}

namespace {

/// A file of `n` functions, big enough to be parsed in chunks: leaks, double
/// frees and calls to functions in other chunks, a type alias used
/// everywhere, and a location alias defined at the end.
std::string bigFile(unsigned n, bool wrapped) {
  std::string ind = wrapped ? "  " : "";
  std::string out = "!buf = memref<64xf32>\n";
  if (wrapped)
    out += "module {\n";
  for (unsigned i = 0; i < n; ++i) {
    std::string f = std::to_string(i);
    out += ind + "func.func @make" + f + "() -> !buf {\n";
    out += ind + "  %b = memref.alloc() : !buf loc(#site)\n";
    out += ind + "  return %b : !buf\n" + ind + "}\n";
    out += ind + "func.func @use" + f + "(%c: i1) {\n";
    // A call into a function far away (another chunk).
    out += ind + "  %m = call @make" + std::to_string((i + n / 2) % n) +
           "() : () -> !buf\n";
    out += ind + "  %x = memref.alloc() : !buf\n";
    out += ind + "  scf.if %c {\n" + ind + "    memref.dealloc %x : !buf\n";
    out += ind + "  }\n";
    if (i % 7 == 0)
      out += ind + "  memref.dealloc %m : !buf\n" + ind +
             "  memref.dealloc %m : !buf\n";
    out += ind + "  return\n" + ind + "}\n";
  }
  if (wrapped)
    out += "}\n";
  out += "#site = loc(\"gen.py\":1:1)\n";
  return out;
}

std::string describe(const std::vector<Finding> &fs) {
  std::string out;
  for (const Finding &f : fs) {
    out += f.check + " " + std::to_string(f.range.start.line) + ":" +
           std::to_string(f.range.start.column) + "-" +
           std::to_string(f.range.end.line) + ":" +
           std::to_string(f.range.end.column) + " " + f.message.str() + "\n";
    for (const auto &r : f.related)
      out += "  " + std::to_string(r.range.start.line) + ":" +
             std::to_string(r.range.start.column) + " " + r.message.str() +
             "\n";
  }
  return out;
}

std::string describe(const std::vector<InputError> &es) {
  std::string out;
  for (const InputError &e : es)
    out += std::to_string(e.range.start.line) + ":" +
           std::to_string(e.range.start.column) + " " + e.message + "\n";
  return out;
}

} // namespace

TEST(ParseChunks, ChunkedParseLintsLikeAWholeFileParse) {
  for (bool wrapped : {false, true}) {
    std::string text = bigFile(1200, wrapped);
    ASSERT_GT(text.size(), 300000u);
    auto whole = Document::parse(text, "big.mlir", 1);
    auto chunked = Document::parse(text, "big.mlir", 3);
    ASSERT_TRUE(whole->isValid()) << describe(whole->errors());
    ASSERT_TRUE(chunked->isValid()) << describe(chunked->errors());
    EXPECT_FALSE(whole->parsedInChunks());
    EXPECT_TRUE(chunked->parsedInChunks()) << "wrapped=" << wrapped;
    LintOptions opts;
    auto expected = lintDocument(*whole, opts);
    auto got = lintDocument(*chunked, opts);
    // Two per @use<i>: %x leaks when %c is false, and %m leaks (every
    // seventh: is freed twice).
    EXPECT_EQ(expected.size(), 2400u);
    EXPECT_EQ(describe(got), describe(expected)) << "wrapped=" << wrapped;
  }
}

TEST(ParseChunks, ErrorsAreThoseOfAWholeFileParse) {
  std::string text = bigFile(1200, false);
  size_t late = text.size() * 3 / 4;
  size_t at = text.find("  return\n", late);
  ASSERT_NE(at, std::string::npos);
  std::string parseError = text, verifyError = text, topLevelValue = text;
  parseError.insert(at, "  %bad = memref.alloc( : !buf\n");
  verifyError.insert(at, "  func.call @nowhere() : () -> ()\n");
  // A top-level value used far below: no chunk can parse on its own.
  topLevelValue.insert(0, "%t = \"test.make\"() : () -> i32\n");
  topLevelValue += "\"test.use\"(%t) : (i32) -> ()\n";
  // A top-level value whose name a function far below defines again: the
  // parser refuses the shadowing, which a piece without the value would
  // not see (found by lint_ir_fuzzer).
  // Indented, the planner cannot tell it from a line of a body.
  std::string shadowed = text, indentedShadowed = text;
  for (std::string *t : {&shadowed, &indentedShadowed})
    t->insert(at, "  %late = arith.constant 0 : i32\n");
  shadowed.insert(0, "%late = \"test.make\"() : () -> i32\n");
  indentedShadowed.insert(0, "  %late = \"test.make\"() : () -> i32\n");
  for (auto [t, valid] :
       {std::pair{parseError, false}, std::pair{verifyError, false},
        std::pair{topLevelValue, true}, std::pair{shadowed, false},
        std::pair{indentedShadowed, false}}) {
    auto whole = Document::parse(t, "big.mlir", 1);
    auto chunked = Document::parse(t, "big.mlir", 2);
    EXPECT_EQ(whole->isValid(), valid) << describe(whole->errors());
    EXPECT_EQ(chunked->isValid(), valid);
    EXPECT_EQ(whole->errors().empty(), valid);
    EXPECT_FALSE(chunked->parsedInChunks());
    EXPECT_EQ(describe(chunked->errors()), describe(whole->errors()));
  }
}

// Every .mlir file of the repository (lit tests, examples, runtime and
// differential corpora: aliases, wrapped modules, gpu modules, custom
// dialects, files that do not parse or verify), parsed in chunks however
// small, must lint and fail exactly as when parsed whole.
TEST(ParseChunks, EveryRepositoryFileLintsTheSameInChunks) {
  unsigned files = 0, chunked = 0;
  for (const auto &[path, text] : test::repositoryMlirFiles()) {
    auto whole = Document::parse(text, "f.mlir", 1);
    auto pieces = Document::parse(text, "f.mlir", 3, /*minChunkedBytes=*/0);
    SCOPED_TRACE(path);
    ++files;
    chunked += pieces->parsedInChunks();
    ASSERT_EQ(pieces->isValid(), whole->isValid());
    EXPECT_EQ(describe(pieces->errors()), describe(whole->errors()));
    if (!whole->isValid())
      continue;
    LintOptions opts;
    EXPECT_EQ(describe(lintDocument(*pieces, opts)),
              describe(lintDocument(*whole, opts)));
  }
  EXPECT_GT(files, 100u);
  EXPECT_GT(chunked, files / 2); // most files do get cut
}

// Ops written without indentation look like top-level statements to the
// planner: a cut may land inside a function. That chunk does not parse and
// the file is parsed whole: same validity, same findings.
TEST(ParseChunks, CutsInsideUnindentedBodiesFallBackToAWholeParse) {
  std::string text = bigFile(1200, false), flat;
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  for (llvm::StringRef l : lines)
    flat += l.ltrim().str() + "\n";
  auto whole = Document::parse(flat, "flat.mlir", 1);
  auto chunked = Document::parse(flat, "flat.mlir", 4);
  ASSERT_TRUE(whole->isValid()) << describe(whole->errors());
  ASSERT_TRUE(chunked->isValid()) << describe(chunked->errors());
  EXPECT_FALSE(chunked->parsedInChunks()); // a cut did land inside a body
  LintOptions opts;
  EXPECT_EQ(describe(lintDocument(*chunked, opts)),
            describe(lintDocument(*whole, opts)));
}

// The dialects loaded before a chunked parse: every name a dialect can be
// written by, and not the tails of qualified names.
TEST(ParseChunks, DialectNamesAreThoseTheTextUses) {
  std::vector<llvm::StringRef> names = dialectNamesIn(R"(
#layout = #gpu.address_space<workgroup>
func.func @f(%p: !llvm.ptr, %q: !transform<any_op>) {
  %a = memref.alloc() : memref<4xf32, #nvvm<shared>>
  "npu.fill"(%a) : (memref<4xf32, #nvvm<shared>>) -> ()
  %s = arith.addi.x
  return
})");
  std::vector<std::string> got(names.begin(), names.end());
  EXPECT_EQ(got, (std::vector<std::string>{"gpu", "func", "llvm", "transform",
                                           "memref", "nvvm", "npu", "arith"}));
}
