// core/io_ring: reads and writes on a socket pair through the loop's
// io_uring; when submissions leave (end of the turn, or a Batch's end);
// cancellation; what the loop's end does to operations still in flight;
// waiting for more completions (CpuShare's pause).
#include <gtest/gtest.h>

#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "core/io_ring.h"

namespace toolchain::core {
namespace {

// Records how an operation ended.
struct Recorder final : IoRing::Operation {
  std::optional<int> result;
  bool abandoned = false;
  void complete(int r) override { result = r; }
  void abandon() override { abandoned = true; }
};

struct SocketPair {
  int ours = -1, theirs = -1;
  SocketPair() {
    int fds[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    ours = fds[0];
    theirs = fds[1];
  }
  ~SocketPair() {
    if (ours >= 0) ::close(ours);
    if (theirs >= 0) ::close(theirs);
  }
  // What the peer can read without waiting.
  std::string peer_reads() const {
    char buffer[256];
    ssize_t n = ::recv(theirs, buffer, sizeof buffer, MSG_DONTWAIT);
    return n > 0 ? std::string(buffer, static_cast<size_t>(n)) : std::string();
  }
};

// Runs the loop until `done` holds (or a second passes). (The loop stops
// whenever nothing is in flight, as with Asio's own operations.)
template <typename Done>
void run_until(boost::asio::io_context& loop, Done done) {
  for (int i = 0; i < 1000 && !done(); ++i) {
    loop.restart();
    loop.run_for(std::chrono::milliseconds(1));
  }
}

// Where the kernel gives no usable io_uring (older than 5.19, disabled by
// sysctl or a container's seccomp filter) the server stays on epoll, and these
// tests are reported skipped (tests/CMakeLists.txt tells CTest so).
constexpr const char* kNoRing = "this kernel gives no usable io_uring: Deno.serve uses epoll";

// A loop with its ring and a socket pair.
class IoRingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!ring) GTEST_SKIP() << kNoRing;
  }
  boost::asio::io_context loop;
  IoRing* ring = IoRing::of(loop);
  SocketPair pair;
};

TEST(IoRing, OnePerLoop) {
  boost::asio::io_context loop, other;
  if (!IoRing::of(loop)) GTEST_SKIP() << kNoRing;
  EXPECT_EQ(IoRing::of(loop), IoRing::of(loop));
  EXPECT_NE(IoRing::of(loop), IoRing::of(other));
}

TEST_F(IoRingTest, ReceivesWhatThePeerSends) {
  char buffer[64];
  Recorder read;
  ring->recv(pair.ours, buffer, sizeof buffer, read);
  loop.poll();
  EXPECT_FALSE(read.result);  // nothing sent yet: waiting
  ASSERT_EQ(::send(pair.theirs, "hello", 5, 0), 5);
  run_until(loop, [&] { return read.result.has_value(); });
  ASSERT_EQ(read.result, 5);
  EXPECT_EQ(std::string(buffer, 5), "hello");
}

TEST_F(IoRingTest, EndOfStreamIsZero) {
  char buffer[8];
  Recorder read;
  ring->recv(pair.ours, buffer, sizeof buffer, read);
  ::shutdown(pair.theirs, SHUT_WR);
  run_until(loop, [&] { return read.result.has_value(); });
  EXPECT_EQ(read.result, 0);
}

TEST_F(IoRingTest, SubmissionsLeaveAtTheEndOfTheTurn) {
  Recorder write;
  ring->send(pair.ours, "ping", 4, write);
  EXPECT_EQ(pair.peer_reads(), "");  // queued, not yet submitted
  run_until(loop, [&] { return write.result.has_value(); });
  EXPECT_EQ(write.result, 4);
  EXPECT_EQ(pair.peer_reads(), "ping");
}

TEST_F(IoRingTest, ABatchSubmitsWhenItCloses) {
  Recorder first, second;
  std::string one = "one ", two = "two";
  iovec parts[] = {{one.data(), one.size()}, {two.data(), two.size()}};
  msghdr message{};
  message.msg_iov = parts;
  message.msg_iovlen = 2;
  {
    IoRing::Batch outer(ring);
    {
      IoRing::Batch inner(ring);
      ring->sendmsg(pair.ours, message, first);
    }
    EXPECT_EQ(pair.peer_reads(), "");  // the outer batch is still open
    ring->send(pair.ours, "!", 1, second);
  }
  // Submitted without the loop running (a short send completes in the submission).
  EXPECT_EQ(pair.peer_reads(), "one two!");
  run_until(loop, [&] { return first.result && second.result; });
  EXPECT_EQ(first.result, 7);
  EXPECT_EQ(second.result, 1);
  IoRing::Batch none(nullptr);  // a server without a ring opens one too
}

TEST_F(IoRingTest, CancelEndsWhatWaitsOnTheDescriptor) {
  char buffer[8];
  Recorder read;
  ring->recv(pair.ours, buffer, sizeof buffer, read);
  loop.poll();
  ring->cancel(pair.ours);
  run_until(loop, [&] { return read.result.has_value(); });
  EXPECT_EQ(read.result, -ECANCELED);
  // The descriptor stays usable.
  Recorder again;
  ring->recv(pair.ours, buffer, sizeof buffer, again);
  ASSERT_EQ(::send(pair.theirs, "x", 1, 0), 1);
  run_until(loop, [&] { return again.result.has_value(); });
  EXPECT_EQ(again.result, 1);
}

TEST_F(IoRingTest, ErrorsAreNegativeErrno) {
  ::close(pair.theirs);
  pair.theirs = -1;
  Recorder write;
  ring->send(pair.ours, "lost", 4, write);  // MSG_NOSIGNAL: an error, not SIGPIPE
  run_until(loop, [&] { return write.result.has_value(); });
  EXPECT_EQ(write.result, -EPIPE);
}

// What completions ask to run after the reap runs once all of them were
// delivered, in the same loop handler (the server's dispatch of the requests
// that came together).
TEST_F(IoRingTest, AfterTheReapComesOnceAllWereDelivered) {
  SocketPair other;
  char a[8], b[8];
  std::vector<std::string> events;
  struct Reader final : IoRing::Operation {
    IoRing* ring;
    std::vector<std::string>* events;
    std::string name;
    void complete(int) override {
      events->push_back(name);
      ring->after_reap([events = events, name = name] { events->push_back("after " + name); });
    }
    void abandon() override {}
  } first, second;
  first.ring = second.ring = ring;
  first.events = second.events = &events;
  first.name = "first";
  second.name = "second";
  ring->recv(pair.ours, a, sizeof a, first);
  ring->recv(other.ours, b, sizeof b, second);
  loop.poll();  // submitted
  ASSERT_EQ(::send(pair.theirs, "1", 1, 0), 1);
  ASSERT_EQ(::send(other.theirs, "2", 1, 0), 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  // One handler: both completions, then both callbacks.
  for (int i = 0; i < 100 && events.empty(); ++i) {
    loop.restart();
    loop.run_one_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(events.size(), 4u);
  std::sort(events.begin(), events.begin() + 2);
  EXPECT_EQ(events[0], "first");
  EXPECT_EQ(events[1], "second");
  EXPECT_EQ(events[2].substr(0, 6), "after ");
  EXPECT_EQ(events[3].substr(0, 6), "after ");
}

TEST_F(IoRingTest, AfterTheReapOutsideOneIsPosted) {
  bool ran = false;
  ring->after_reap([&] { ran = true; });
  EXPECT_FALSE(ran);
  loop.poll();
  EXPECT_TRUE(ran);
}

// CpuShare's pause: it ends when new completions come, or when its time is up,
// and leaves what came for the loop to reap.
TEST_F(IoRingTest, WaitingForMoreEndsWhenTheyCome) {
  char buffer[16];
  Recorder read;
  ring->recv(pair.ours, buffer, sizeof buffer, read);  // submitted by the wait
  std::thread peer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(::send(pair.theirs, "later", 5, 0), 5);
  });
  auto start = std::chrono::steady_clock::now();
  ring->wait_for_more(1, std::chrono::seconds(5));
  auto waited = std::chrono::steady_clock::now() - start;
  peer.join();
  EXPECT_GE(waited, std::chrono::milliseconds(15));
  EXPECT_LT(waited, std::chrono::seconds(4));
  EXPECT_FALSE(read.result);  // not reaped by the wait
  run_until(loop, [&] { return read.result.has_value(); });
  ASSERT_EQ(read.result, 5);
  EXPECT_EQ(std::string(buffer, 5), "later");
}

TEST_F(IoRingTest, WaitingForMoreEndsWhenTheTimeIsUp) {
  char buffer[16];
  Recorder read;
  ring->recv(pair.ours, buffer, sizeof buffer, read);  // nothing will come
  auto start = std::chrono::steady_clock::now();
  ring->wait_for_more(1, std::chrono::milliseconds(30));
  auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_GE(waited, std::chrono::milliseconds(25));
  EXPECT_LT(waited, std::chrono::seconds(3));
  EXPECT_FALSE(read.result);
  ::shutdown(pair.theirs, SHUT_WR);  // the read ends before `read` goes
  run_until(loop, [&] { return read.result.has_value(); });
  EXPECT_EQ(read.result, 0);
}

TEST(IoRing, TheLoopsEndAbandonsWhatIsInFlight) {
  SocketPair pair;
  char buffer[8];
  Recorder read;
  {
    boost::asio::io_context loop;
    IoRing* ring = IoRing::of(loop);
    if (!ring) GTEST_SKIP() << kNoRing;
    ring->recv(pair.ours, buffer, sizeof buffer, read);
    loop.poll();
  }
  EXPECT_TRUE(read.abandoned);
  EXPECT_FALSE(read.result);
  // The kernel let go of the buffer: what the peer sends now stays in the socket.
  ASSERT_EQ(::send(pair.theirs, "late", 4, 0), 4);
  char after[8];
  EXPECT_EQ(::recv(pair.ours, after, sizeof after, MSG_DONTWAIT), 4);
}

}  // namespace
}  // namespace toolchain::core
