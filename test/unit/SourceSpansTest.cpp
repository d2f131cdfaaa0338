#include "analysis/SourceSpans.h"
#include "RepositoryFiles.h"
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"

#include "mlir/IR/Operation.h"
#include <gtest/gtest.h>

using namespace memlint;

namespace {

std::string str(const SourceRange &r) {
  return std::to_string(r.start.line) + ":" + std::to_string(r.start.column) +
         "-" + std::to_string(r.end.line) + ":" + std::to_string(r.end.column);
}

/// Every range query's answer for every op, result and block argument of
/// `doc`, in walk order (the same for two parses of one text).
std::vector<std::string> rangeAnswers(Document &doc) {
  std::vector<std::string> out;
  doc.module()->walk([&](mlir::Operation *op) {
    std::string line = op->getName().getStringRef().str() + " " +
                       str(doc.rangeOf(op)) + " " + str(doc.fullRangeOf(op)) +
                       " " + str(doc.nameRangeOf(op)) + " " +
                       str(doc.symbolNameRangeOf(op));
    for (mlir::Value v : op->getResults())
      line += " " + doc.nameOf(v) + "@" + str(doc.definitionRangeOf(v));
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Value arg : block.getArguments())
          line += " " + doc.nameOf(arg) + "@" + str(doc.definitionRangeOf(arg));
    out.push_back(std::move(line));
  });
  return out;
}

std::string describe(const std::vector<Finding> &fs) {
  std::string out;
  for (const Finding &f : fs) {
    out += f.check + " " + str(f.range) + " " + f.message.str() + "\n";
    for (const auto &r : f.related)
      out += "  " + str(r.range) + " " + r.message.str() + "\n";
  }
  return out;
}

std::string describe(const std::vector<InputError> &es) {
  std::string out;
  for (const InputError &e : es)
    out += str(e.range) + " " + e.message + "\n";
  return out;
}

} // namespace

TEST(SourceSpanIndex, RoundTripsAndRefusesOffsetsPast32Bits) {
  SourceSpanIndex index;
  auto *op = reinterpret_cast<mlir::Operation *>(uintptr_t(0x1000));
  auto *other = reinterpret_cast<mlir::Operation *>(uintptr_t(0x2000));
  OpSpans spans;
  spans.scope = {10, 40};
  spans.name = {15, 27};
  spans.groups = {{0, {10, 12}}, {2, {OffsetSpan::npos, OffsetSpan::npos}}};
  ASSERT_TRUE(index.addOp(op, spans));
  std::optional<OpSpans> got = index.op(op);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->scope.start, 10u);
  EXPECT_EQ(got->scope.end, 40u);
  EXPECT_EQ(got->name.start, 15u);
  ASSERT_EQ(got->groups.size(), 2u);
  EXPECT_EQ(got->groups[1].startIndex, 2u);
  EXPECT_EQ(got->groups[1].name.start, OffsetSpan::npos);
  EXPECT_FALSE(index.op(other));

  OpSpans far;
  far.scope = {size_t(1) << 33, (size_t(1) << 33) + 4};
  EXPECT_FALSE(index.addOp(other, far));
  EXPECT_FALSE(index.op(other)); // nothing half added

  auto *block = reinterpret_cast<mlir::Block *>(uintptr_t(0x3000));
  ASSERT_TRUE(index.addBlock(block, {{1, 3}, {5, 7}}));
  ASSERT_TRUE(index.blockArgument(block, 0));
  auto second = index.blockArgument(block, 1);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->end, 7u);
  EXPECT_FALSE(index.blockArgument(block, 2)); // two arguments, no more
  EXPECT_FALSE(index.blockArgument(
      reinterpret_cast<mlir::Block *>(uintptr_t(0x4000)), 0));
}

// The index's own hash table grows as ops come; every op is found after,
// none that was not added is, and an op added twice keeps its first spans.
TEST(SourceSpanIndex, FindsEveryOpAsTheTableGrows) {
  SourceSpanIndex index;
  auto opAt = [](size_t i) {
    return reinterpret_cast<mlir::Operation *>(uintptr_t(0x10000 + 64 * i));
  };
  constexpr size_t N = 20000;
  for (size_t i = 0; i < N; ++i) {
    OpSpans spans;
    spans.scope = {i, i + 1};
    ASSERT_TRUE(index.addOp(opAt(i), spans));
  }
  OpSpans again;
  again.scope = {7, 7};
  ASSERT_TRUE(index.addOp(opAt(3), again));
  for (size_t i = 0; i < N; ++i) {
    std::optional<OpSpans> got = index.op(opAt(i));
    ASSERT_TRUE(got) << i;
    EXPECT_EQ(got->scope.start, i);
  }
  for (size_t i = N; i < N + 100; ++i)
    EXPECT_FALSE(index.op(opAt(i)));
}

// Every .mlir file of the repository, parsed with the parser's full record
// and for findings only (in chunks of a few bytes, on one thread and on
// three, so most files are cut into many chunks, each dropped as it is
// parsed; and whole, the record dropped after): every range query answers
// the same, and the lint reports the same.
TEST(SourceSpans, FindingsOnlyDocumentsAnswerRangeQueriesAlike) {
  unsigned files = 0, chunked = 0, chunkedAlone = 0;
  for (const auto &[path, text] : test::repositoryMlirFiles()) {
    SCOPED_TRACE(path);
    ++files;
    auto full = Document::parse(text, "f.mlir", 1);
    auto dropped = Document::parse(text, "f.mlir", 1);
    dropped->dropParserState();
    std::vector<std::unique_ptr<Document>> docs;
    docs.push_back(std::move(dropped));
    for (unsigned threads : {1u, 3u})
      docs.push_back(Document::parseForFindings(
          text, "f.mlir", threads, /*minChunkedBytes=*/0, /*chunkBytes=*/64));
    // Cut on one thread too: a chunk's record goes as soon as it is parsed.
    chunkedAlone += docs[1]->parsedInChunks();
    chunked += docs.back()->parsedInChunks();
    std::vector<std::string> expected;
    std::string expectedFindings;
    if (full->isValid()) {
      EXPECT_TRUE(full->keepsParserState());
      expected = rangeAnswers(*full);
      expectedFindings = describe(lintDocument(*full, LintOptions()));
    }
    for (auto &doc : docs) {
      ASSERT_EQ(doc->isValid(), full->isValid());
      EXPECT_EQ(describe(doc->errors()), describe(full->errors()));
      if (!doc->isValid())
        continue;
      EXPECT_FALSE(doc->keepsParserState());
      EXPECT_EQ(rangeAnswers(*doc), expected);
      EXPECT_EQ(describe(lintDocument(*doc, LintOptions())), expectedFindings);
    }
  }
  EXPECT_GT(files, 100u);
  EXPECT_GT(chunked, files / 2);
  EXPECT_GT(chunkedAlone, files / 2);
}
