// The method registry, calls, cancellation tokens, and the runtime-dir helpers.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <thread>

#include "daemon_test_util.h"
#include "server/registry.h"
#include "server/runtime_dir.h"

namespace toolchain::daemon {
namespace {

using namespace std::chrono_literals;

struct RecordingSink : ReplySink {
  std::mutex mutex;
  std::vector<std::pair<std::string, json::object>> replies;
  void deliver(std::uint64_t, std::string key, json::object message) override {
    std::lock_guard lock(mutex);
    replies.emplace_back(std::move(key), std::move(message));
  }
};

std::shared_ptr<Call> make_call(std::shared_ptr<RecordingSink> sink, json::value id = 1) {
  return std::make_shared<Call>(1, id, "m", nullptr, std::vector<UniqueFd>{}, std::make_shared<CancelToken>(),
                                sink);
}

TEST(Registry, AddFindAndDuplicates) {
  MethodRegistry r;
  r.add("a", [](std::shared_ptr<Call>) {});
  r.add_blocking("b", [](Call&) { return json::value(nullptr); });
  r.add_notification("c", [](const json::value&) {});
  ASSERT_TRUE(r.find("a"));
  EXPECT_EQ(r.find("a")->kind, MethodRegistry::Method::Kind::kRequest);
  EXPECT_EQ(r.find("b")->kind, MethodRegistry::Method::Kind::kBlocking);
  EXPECT_EQ(r.find("c")->kind, MethodRegistry::Method::Kind::kNotification);
  EXPECT_FALSE(r.contains("d"));
  EXPECT_THROW(r.add("a", [](std::shared_ptr<Call>) {}), std::logic_error);
  EXPECT_THROW(r.add_notification("b", [](const json::value&) {}), std::logic_error);
}

TEST(CancelToken, CallbacksRunOnceWithTheFirstReason) {
  CancelToken t;
  std::vector<CancelReason> seen;
  t.on_cancel([&](CancelReason r) { seen.push_back(r); });
  EXPECT_FALSE(t.cancelled());
  t.cancel(CancelReason::kRequested);
  t.cancel(CancelReason::kShutdown);
  EXPECT_TRUE(t.cancelled());
  EXPECT_EQ(t.reason(), CancelReason::kRequested);
  // Registered after cancellation: runs at once.
  t.on_cancel([&](CancelReason r) { seen.push_back(r); });
  EXPECT_EQ(seen, (std::vector<CancelReason>{CancelReason::kRequested, CancelReason::kRequested}));
}

TEST(CancelToken, SignalHandlersTakeSignals) {
  CancelToken plain;
  EXPECT_FALSE(plain.signal("SIGINT"));
  EXPECT_EQ(plain.reason(), CancelReason::kRequested);  // nobody handles signals: cancelled

  CancelToken t;
  std::vector<std::string> seen;
  std::optional<CancelReason> cancelled;
  t.on_signal([&](const std::string& name) {
    seen.push_back(name);
    return name == "SIGINT";
  });
  t.on_cancel([&](CancelReason r) { cancelled = r; });
  EXPECT_TRUE(t.signal("SIGINT"));
  EXPECT_FALSE(t.signal("SIGTERM"));  // the handler said no: the token is not cancelled for it
  EXPECT_EQ(seen, (std::vector<std::string>{"SIGINT", "SIGTERM"}));
  EXPECT_FALSE(t.cancelled());
  t.cancel(CancelReason::kDisconnected);  // a client going away still ends it
  EXPECT_EQ(cancelled, CancelReason::kDisconnected);
  EXPECT_FALSE(t.signal("SIGINT"));
  EXPECT_EQ(seen.size(), 2u);
}

TEST(CancelToken, ThreadSafe) {
  CancelToken t;
  std::atomic<int> calls{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      for (int j = 0; j < 100; ++j) t.on_cancel([&](CancelReason) { ++calls; });
      t.cancel(CancelReason::kDisconnected);
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(calls, 800);
}

TEST(Call, FirstReplyWins) {
  auto sink = std::make_shared<RecordingSink>();
  auto call = make_call(sink, "id");
  call->reply(json::object{{"exitCode", 3}});
  call->reply_error(jsonrpc::kInternalError, "late");
  call.reset();
  ASSERT_EQ(sink->replies.size(), 1u);
  EXPECT_EQ(sink->replies[0].first, R"("id")");
  EXPECT_EQ(sink->replies[0].second.at("result").at("exitCode"), json::value(3));
}

TEST(Call, DroppedWithoutAReplyAnswersAnError) {
  auto sink = std::make_shared<RecordingSink>();
  make_call(sink, 5).reset();
  ASSERT_EQ(sink->replies.size(), 1u);
  EXPECT_EQ(sink->replies[0].second.at("error").at("code"), json::value(jsonrpc::kInternalError));
  EXPECT_EQ(sink->replies[0].second.at("id"), json::value(5));
}

TEST(Call, RepliesFromManyThreadsOnlyOnce) {
  auto sink = std::make_shared<RecordingSink>();
  auto call = make_call(sink);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) threads.emplace_back([call, i] { call->reply(i); });
  for (auto& th : threads) th.join();
  call.reset();
  EXPECT_EQ(sink->replies.size(), 1u);
}

TEST(Call, ClosesItsFds) {
  int p[2];
  ASSERT_EQ(::pipe(p), 0);
  std::vector<UniqueFd> fds;
  fds.emplace_back(p[1]);
  auto sink = std::make_shared<RecordingSink>();
  {
    Call call(1, 1, "m", nullptr, std::move(fds), std::make_shared<CancelToken>(), sink);
    call.reply(nullptr);
  }
  char c;
  EXPECT_EQ(::read(p[0], &c, 1), 0);  // EOF: the write end is closed
  ::close(p[0]);
}

TEST(Duration, Parses) {
  EXPECT_EQ(parse_duration("90"), 90s);
  EXPECT_EQ(parse_duration("90s"), 90s);
  EXPECT_EQ(parse_duration("15m"), 15min);
  EXPECT_EQ(parse_duration("2h"), 2h);
  EXPECT_EQ(parse_duration("250ms"), 250ms);
  EXPECT_EQ(parse_duration("0"), 0s);
  for (const char* bad : {"", "m", "-1", "1.5m", "10d", "1 m", "99999999999999999999h"})
    EXPECT_FALSE(parse_duration(bad)) << bad;
}

TEST(RuntimeDir, DefaultFollowsTheEnvironment) {
  ::setenv("TOOLCHAIN_RUNTIME_DIR", "/x/y", 1);
  EXPECT_EQ(default_runtime_dir(), "/x/y");
  ::unsetenv("TOOLCHAIN_RUNTIME_DIR");
  ::setenv("XDG_RUNTIME_DIR", "/run/user/7", 1);
  EXPECT_EQ(default_runtime_dir(), "/run/user/7/toolchain");
  ::unsetenv("XDG_RUNTIME_DIR");
  EXPECT_EQ(default_runtime_dir(), "/tmp/toolchain-" + std::to_string(::geteuid()));
  EXPECT_EQ(socket_path_in("/d"), "/d/daemon.sock");
}

TEST(RuntimeDir, CreatesPrivateAndRefusesOthers) {
  testing::TempDir tmp;
  std::string dir = tmp.path() + "/a/b";
  EXPECT_EQ(ensure_private_dir(dir), std::nullopt);
  struct stat st{};
  ASSERT_EQ(::stat(dir.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  EXPECT_EQ(ensure_private_dir(dir), std::nullopt);  // again: fine

  ASSERT_EQ(::chmod(dir.c_str(), 0755), 0);
  auto why = ensure_private_dir(dir);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("0755"), std::string::npos) << *why;
  ASSERT_EQ(::chmod(dir.c_str(), 0700), 0);

  std::string file = tmp.path() + "/file";
  ::close(::open(file.c_str(), O_CREAT | O_WRONLY, 0600));
  EXPECT_TRUE(ensure_private_dir(file));
  std::string link = tmp.path() + "/link";
  ASSERT_EQ(::symlink(dir.c_str(), link.c_str()), 0);
  EXPECT_TRUE(ensure_private_dir(link));  // a symlink is not trusted
  EXPECT_TRUE(ensure_private_dir("relative/dir"));

  if (::geteuid() == 0) {
    ASSERT_EQ(::chown(dir.c_str(), 65534, 65534), 0);
    why = ensure_private_dir(dir);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("owned by uid 65534"), std::string::npos) << *why;
  }
}

}  // namespace
}  // namespace toolchain::daemon
