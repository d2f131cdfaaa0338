//===- MessageTest.cpp - Words that quote source positions ----------------===//
#include "analysis/Message.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

Message loopAt(SourcePos pos) {
  return "the loop at " + Message::position(pos) + " runs";
}

TEST(MessageTest, RendersTextAndPositions) {
  Message m = "buffer %a is never freed when " + loopAt({9, 3});
  EXPECT_EQ(m.str(), "buffer %a is never freed when the loop at 9:3 runs");
  ASSERT_EQ(m.quotes().size(), 1u);
  const Message::Quote &q = m.quotes()[0];
  EXPECT_EQ(m.str().substr(q.offset, q.length), "9:3");
  EXPECT_EQ(q.pos, (SourcePos{9, 3}));
}

TEST(MessageTest, AppendsKeepEveryOffset) {
  Message m;
  m += "from ";
  m.appendPosition({1, 2});
  m += std::string(" to ");
  m += Message::position({30, 40});
  m += " (";
  m += loopAt({5, 6}) + ")";
  EXPECT_EQ(m.str(), "from 1:2 to 30:40 (the loop at 5:6 runs)");
  ASSERT_EQ(m.quotes().size(), 3u);
  for (const Message::Quote &q : m.quotes())
    EXPECT_EQ(m.str().substr(q.offset, q.length),
              std::to_string(q.pos.line) + ":" + std::to_string(q.pos.column));
}

TEST(MessageTest, ShiftRewritesOnlyQuotedPositions) {
  // The op name reads like a position but is text.
  Message m = "'test.use at 3:4' uses buffer %a when " + loopAt({9, 3}) +
              " and " + loopAt({99, 5});
  m.shiftLines(4);
  EXPECT_EQ(m.str(), "'test.use at 3:4' uses buffer %a when the loop at "
                     "13:3 runs and the loop at 103:5 runs");
  ASSERT_EQ(m.quotes().size(), 2u);
  EXPECT_EQ(m.quotes()[0].pos, (SourcePos{13, 3}));
  EXPECT_EQ(m.quotes()[1].pos, (SourcePos{103, 5}));
  for (const Message::Quote &q : m.quotes())
    EXPECT_EQ(m.str().substr(q.offset, q.length),
              std::to_string(q.pos.line) + ":" + std::to_string(q.pos.column));

  // Back up again: the numbers lose their extra digit.
  m.shiftLines(-4);
  EXPECT_EQ(m.str(), "'test.use at 3:4' uses buffer %a when the loop at "
                     "9:3 runs and the loop at 99:5 runs");
  EXPECT_EQ(m.quotes()[1].offset, m.str().find("99:5"));
}

TEST(MessageTest, PlainTextHasNoQuotes) {
  Message m = std::string("the loop at 12:3 runs");
  EXPECT_TRUE(m.quotes().empty());
  m.shiftLines(10);
  EXPECT_EQ(m.str(), "the loop at 12:3 runs");
  EXPECT_TRUE(Message().empty());
}

} // namespace
