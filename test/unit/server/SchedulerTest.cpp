//===- SchedulerTest.cpp - LintServer: pool, cancellation, latest result --===//
#include "server/LintServer.h"

#include "TestIR.h"
#include <condition_variable>
#include <future>
#include <gtest/gtest.h>
#include <mutex>

using namespace memlint;
using namespace memlint::test;

namespace {

/// Records what a LintServer publishes and when analyses start.
struct Recorder {
  std::mutex m;
  std::condition_variable cv;
  std::vector<std::pair<std::string, int64_t>> published;
  std::vector<std::pair<std::string, int64_t>> errors; // file, count
  unsigned started = 0;

  LintServer::ResultCallback onResult() {
    return [this](const std::string &f, const LintServer::ResultPtr &r) {
      std::lock_guard<std::mutex> l(m);
      published.push_back({f, r->version});
      errors.push_back({f, static_cast<int64_t>(r->errors.size())});
      cv.notify_all();
    };
  }
  LintServer::ActivityCallback onActivity() {
    return [this](const std::string &, bool running,
                  LintServer::Activity what) {
      std::lock_guard<std::mutex> l(m);
      started += running && what == LintServer::Activity::Analysis;
      cv.notify_all();
    };
  }
  template <typename Pred> bool waitFor(Pred p) {
    std::unique_lock<std::mutex> l(m);
    return cv.wait_for(l, std::chrono::seconds(60), p);
  }
};

std::shared_ptr<const std::string> text(std::string s) {
  return std::make_shared<const std::string>(std::move(s));
}

LintServer::Options options(unsigned workers) {
  LintServer::Options o;
  o.debounce = std::chrono::milliseconds(0);
  o.workers = workers;
  return o;
}

LintServer::OptionsProvider defaults() {
  return [](const std::string &) { return LintOptions(); };
}

TEST(SchedulerTest, AnEditCancelsTheAnalysisOfTheOlderVersion) {
  Recorder rec;
  LintServer server(options(1), defaults(), rec.onResult(), rec.onActivity());
  server.open("a", text(manyFunctions(4000)), 1);
  ASSERT_TRUE(rec.waitFor([&] { return rec.started == 1; }));
  server.change("a", text(leakyFunction("f")), 2);
  ASSERT_TRUE(rec.waitFor([&] { return rec.published.size() == 1; }));
  EXPECT_EQ(rec.published[0], (std::pair<std::string, int64_t>{"a", 2}));
  EXPECT_EQ(server.cancelledCount(), 1u);
}

TEST(SchedulerTest, ASlowDocumentDoesNotHoldUpAnother) {
  Recorder rec;
  LintServer server(options(2), defaults(), rec.onResult(), rec.onActivity());
  server.open("slow", text(manyFunctions(4000)), 1);
  ASSERT_TRUE(rec.waitFor([&] { return rec.started == 1; }));
  server.open("fast", text(leakyFunction("f")), 1);
  ASSERT_TRUE(rec.waitFor([&] { return !rec.published.empty(); }));
  EXPECT_EQ(rec.published[0].first, "fast");
}

TEST(SchedulerTest, RequestsGetTheLastResultWithoutWaiting) {
  Recorder rec;
  LintServer server(options(1), defaults(), rec.onResult(), rec.onActivity());
  server.open("a", text(leakyFunction("f")), 1);
  ASSERT_TRUE(rec.waitFor([&] { return rec.published.size() == 1; }));
  server.change("a", text(manyFunctions(4000)), 2);
  ASSERT_TRUE(rec.waitFor([&] { return rec.started == 2; }));
  std::promise<int64_t> latest;
  server.withLatestResult("a", [&](LintServer::ResultPtr r) {
    latest.set_value(r ? r->version : -1);
  });
  std::future<int64_t> got = latest.get_future();
  // Answered on this thread, from version 1, while version 2 is analysed.
  ASSERT_EQ(got.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  EXPECT_EQ(got.get(), 1);
  // The current-version request waits for version 2.
  std::promise<int64_t> current;
  server.withCurrentResult("a", [&](LintServer::ResultPtr r) {
    current.set_value(r ? r->version : -1);
  });
  EXPECT_EQ(current.get_future().get(), 2);
}

TEST(SchedulerTest, ATooLargeDocumentIsOneErrorAndNotAnalysed) {
  Recorder rec;
  LintServer::Options o = options(1);
  o.maxDocumentBytes = 100;
  LintServer server(o, defaults(), rec.onResult(), rec.onActivity());
  server.open("big", text(manyFunctions(3)), 1);
  std::promise<LintServer::ResultPtr> result;
  server.withCurrentResult(
      "big", [&](LintServer::ResultPtr r) { result.set_value(r); });
  LintServer::ResultPtr r = result.get_future().get();
  ASSERT_TRUE(r);
  ASSERT_EQ(r->errors.size(), 1u);
  EXPECT_EQ(r->errorCode, "document-too-large");
  EXPECT_TRUE(r->findings().empty());
  EXPECT_EQ(r->stats.mode, "not analysed");
  // Raising the limit lets the next version through.
  server.setMaxDocumentBytes(1 << 20);
  server.change("big", text(manyFunctions(3)), 2);
  std::promise<LintServer::ResultPtr> next;
  server.withCurrentResult("big",
                           [&](LintServer::ResultPtr r) { next.set_value(r); });
  LintServer::ResultPtr r2 = next.get_future().get();
  ASSERT_TRUE(r2);
  EXPECT_TRUE(r2->errors.empty());
  EXPECT_EQ(r2->findings().size(), 3u);
}

TEST(SchedulerTest, CancelAllStopsAnalysesAndPublishesNothing) {
  Recorder rec;
  LintServer server(options(1), defaults(), rec.onResult(), rec.onActivity());
  server.open("a", text(manyFunctions(4000)), 1);
  ASSERT_TRUE(rec.waitFor([&] { return rec.started == 1; }));
  auto t0 = std::chrono::steady_clock::now();
  server.cancelAll();
  ASSERT_TRUE(rec.waitFor([&] { return server.cancelledCount() == 1; }));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  EXPECT_TRUE(rec.published.empty());
}

} // namespace
