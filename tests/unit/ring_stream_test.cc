// http/ring_stream: a TCP connection's reads through the loop's io_uring.
// Where the ring provides buffers, one receive stays armed and what comes
// while no read waits is kept for the next one (to a limit, then receiving
// stops until it is read); these check that no byte is lost, doubled or
// reordered on the way, and how the stream's end and a cancel are told.
#include <gtest/gtest.h>

#include <sys/socket.h>
#include <unistd.h>

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "core/io_ring.h"
#include "http/ring_stream.h"

namespace toolchain::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

constexpr const char* kNoRing = "this kernel gives no usable io_uring: Deno.serve uses epoll";

// A connection over loopback: our end as a ring stream, the peer's a plain socket.
class RingStreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ring = core::IoRing::of(loop);
    if (!ring) GTEST_SKIP() << kNoRing;
    tcp::acceptor acceptor(loop, tcp::endpoint(asio::ip::address_v4::loopback(), 0));
    peer.connect(acceptor.local_endpoint());
    tcp::socket ours(loop);
    acceptor.accept(ours);
    stream = make_ring_stream(*ring, std::move(ours));
    ASSERT_TRUE(stream);
  }
  void TearDown() override {
    if (stream) stream->close();
    stream.reset();
    loop.restart();
    loop.poll();  // (the final completions)
  }

  // Runs the loop until `done` holds (or two seconds pass).
  template <typename Done>
  void run_until(Done done) {
    for (int i = 0; i < 2000 && !done(); ++i) {
      loop.restart();
      loop.run_for(std::chrono::milliseconds(1));
    }
  }

  struct Read {
    std::optional<boost::system::error_code> ec;
    size_t n = 0;
  };
  // One read of up to `size` bytes, waited for.
  Read read_one(char* into, size_t size) {
    Read r;
    stream->async_read_some(asio::buffer(into, size), [&](boost::system::error_code ec, size_t n) {
      r.ec = ec;
      r.n = n;
    });
    run_until([&] { return r.ec.has_value(); });
    return r;
  }

  asio::io_context loop;
  core::IoRing* ring = nullptr;
  tcp::socket peer{loop};
  std::unique_ptr<Stream> stream;
};

TEST_F(RingStreamTest, ReadsWhatThePeerSends) {
  char buffer[64];
  ASSERT_EQ(asio::write(peer, asio::buffer("hello", 5)), 5u);
  auto r = read_one(buffer, sizeof buffer);
  ASSERT_FALSE(*r.ec);
  EXPECT_EQ(std::string(buffer, r.n), "hello");
}

TEST_F(RingStreamTest, WhatComesWhileNoReadWaitsIsKeptForTheNext) {
  char buffer[64];
  ASSERT_EQ(asio::write(peer, asio::buffer("first", 5)), 5u);
  auto r = read_one(buffer, sizeof buffer);
  ASSERT_EQ(std::string(buffer, r.n), "first");
  // Sent while no read waits; the loop runs (the receive stays armed).
  ASSERT_EQ(asio::write(peer, asio::buffer("abc", 3)), 3u);
  for (int i = 0; i < 20; ++i) {
    loop.restart();
    loop.run_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(asio::write(peer, asio::buffer("def", 3)), 3u);
  std::string got;
  while (got.size() < 6) {
    auto more = read_one(buffer, 4);  // (smaller than what waits: the rest stays)
    ASSERT_FALSE(*more.ec);
    ASSERT_GT(more.n, 0u);
    got.append(buffer, more.n);
  }
  EXPECT_EQ(got, "abcdef");
}

// Far more than the inbox keeps, sent before anything is read: receiving
// stops and starts again as it is read, and every byte comes, in order.
TEST_F(RingStreamTest, AFloodComesWholeAndInOrder) {
  constexpr size_t kTotal = 1 << 20;
  std::string sent(kTotal, '\0');
  for (size_t i = 0; i < kTotal; ++i) sent[i] = static_cast<char>('a' + (i * 7 + i / 4096) % 26);
  std::thread sender([&] { asio::write(peer, asio::buffer(sent)); });
  // The loop runs with no read waiting while the sender fills the socket.
  for (int i = 0; i < 50; ++i) {
    loop.restart();
    loop.run_for(std::chrono::milliseconds(1));
  }
  std::string got;
  std::vector<char> buffer(10000);
  while (got.size() < kTotal) {
    auto r = read_one(buffer.data(), buffer.size());
    ASSERT_TRUE(r.ec.has_value());
    ASSERT_FALSE(*r.ec) << r.ec->message();
    got.append(buffer.data(), r.n);
  }
  sender.join();
  EXPECT_TRUE(got == sent);
}

TEST_F(RingStreamTest, TheEndIsToldToEveryRead) {
  char buffer[8];
  peer.shutdown(tcp::socket::shutdown_send);
  auto first = read_one(buffer, sizeof buffer);
  EXPECT_EQ(*first.ec, asio::error::eof);
  auto second = read_one(buffer, sizeof buffer);
  EXPECT_EQ(*second.ec, asio::error::eof);
}

TEST_F(RingStreamTest, ACancelEndsTheWaitingReadAndReadingGoesOn) {
  char buffer[8];
  Read waiting;
  stream->async_read_some(asio::buffer(buffer), [&](boost::system::error_code ec, size_t n) {
    waiting.ec = ec;
    waiting.n = n;
  });
  loop.restart();
  loop.poll();
  stream->cancel();
  run_until([&] { return waiting.ec.has_value(); });
  ASSERT_TRUE(waiting.ec.has_value());
  EXPECT_TRUE(*waiting.ec);  // canceled
  ASSERT_EQ(asio::write(peer, asio::buffer("x", 1)), 1u);
  auto again = read_one(buffer, sizeof buffer);
  ASSERT_FALSE(*again.ec);
  EXPECT_EQ(std::string(buffer, again.n), "x");
}

}  // namespace
}  // namespace toolchain::http
