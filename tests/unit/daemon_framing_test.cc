// The framing layer: FrameParser (pure) and the socket and stream transports.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/local/connect_pair.hpp>

#include "daemon_test_util.h"
#include "transport/framing.h"
#include "transport/transport.h"

namespace toolchain::daemon {
namespace {

using testing::send_with_fds;
using Status = FrameParser::Status;

std::vector<std::string> drain(FrameParser& p) {
  std::vector<std::string> out;
  Frame f;
  while (p.next(f) == Status::kFrame) out.push_back(f.body);
  return out;
}

// A pipe; returns {read end, write end}.
std::pair<UniqueFd, UniqueFd> make_pipe() {
  int fds[2];
  EXPECT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

std::vector<UniqueFd> one_fd() {
  auto [r, w] = make_pipe();
  std::vector<UniqueFd> v;
  v.push_back(std::move(w));
  return v;
}

TEST(FrameParser, OneFrame) {
  FrameParser p;
  p.feed("Content-Length: 2\r\n\r\n{}");
  Frame f;
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "{}");
  EXPECT_EQ(p.next(f), Status::kNeedMore);
  EXPECT_FALSE(p.mid_frame());
}

TEST(FrameParser, EncodeRoundTrip) {
  EXPECT_EQ(encode_frame("abc"), "Content-Length: 3\r\n\r\nabc");
  FrameParser p;
  p.feed(encode_frame("") + encode_frame("héllo"));
  EXPECT_EQ(drain(p), (std::vector<std::string>{"", "héllo"}));
}

TEST(FrameParser, SplitAtEveryByte) {
  std::string stream = encode_frame(R"({"a":1})") + encode_frame(R"({"b":[2,3]})");
  FrameParser p;
  std::vector<std::string> got;
  for (char c : stream) {
    p.feed(std::string_view(&c, 1));
    for (auto& b : drain(p)) got.push_back(b);
  }
  EXPECT_EQ(got, (std::vector<std::string>{R"({"a":1})", R"({"b":[2,3]})"}));
  EXPECT_FALSE(p.mid_frame());
}

TEST(FrameParser, CoalescedFrames) {
  std::string stream;
  for (int i = 0; i < 100; ++i) stream += encode_frame(std::to_string(i));
  FrameParser p;
  p.feed(stream);
  auto got = drain(p);
  ASSERT_EQ(got.size(), 100u);
  EXPECT_EQ(got[0], "0");
  EXPECT_EQ(got[99], "99");
}

TEST(FrameParser, OtherHeadersCaseAndLineEndings) {
  FrameParser p;
  p.feed("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  3 \r\n\r\nabc");
  p.feed("CONTENT-LENGTH: 1\n\nx");  // bare LF tolerated
  EXPECT_EQ(drain(p), (std::vector<std::string>{"abc", "x"}));
}

TEST(FrameParser, MissingContentLength) {
  FrameParser p;
  p.feed("Content-Type: x\r\n\r\n{}");
  Frame f;
  EXPECT_EQ(p.next(f), Status::kError);
  EXPECT_NE(p.error().find("missing Content-Length"), std::string::npos);
  p.feed(encode_frame("{}"));
  EXPECT_EQ(p.next(f), Status::kError);  // stays failed
}

TEST(FrameParser, GarbageHeader) {
  FrameParser p;
  p.feed("GET / HTTP/1.1\r\n\r\n");
  Frame f;
  EXPECT_EQ(p.next(f), Status::kError);
  EXPECT_NE(p.error().find("malformed header"), std::string::npos) << p.error();
}

TEST(FrameParser, BadLengths) {
  for (const char* header : {"Content-Length: -1", "Content-Length: 1x", "Content-Length: ",
                             "Content-Length: 99999999999999999999999"}) {
    FrameParser p;
    p.feed(std::string(header) + "\r\n\r\n");
    Frame f;
    EXPECT_EQ(p.next(f), Status::kError) << header;
  }
  FrameParser p;
  p.feed("Content-Length: 2\r\nContent-Length: 3\r\n\r\n");
  Frame f;
  EXPECT_EQ(p.next(f), Status::kError);
}

TEST(FrameParser, HugeContentLengthRefusedWithoutWaiting) {
  FrameParser p(FrameParser::Limits{.max_header_bytes = 8192, .max_body_bytes = 1024});
  p.feed("Content-Length: 1025\r\n\r\n");
  Frame f;
  EXPECT_EQ(p.next(f), Status::kError);
  EXPECT_NE(p.error().find("exceeds"), std::string::npos);
  FrameParser q;
  q.feed("Content-Length: 999999999999\r\n\r\n");
  EXPECT_EQ(q.next(f), Status::kError);
}

TEST(FrameParser, EndlessHeaderRefused) {
  FrameParser p;
  Frame f;
  std::string junk(1000, 'x');
  Status s = Status::kNeedMore;
  for (int i = 0; i < 20 && s == Status::kNeedMore; ++i) {
    p.feed(junk);
    s = p.next(f);
  }
  EXPECT_EQ(s, Status::kError);
}

TEST(FrameParser, FdsGoWithTheFrameTheyArriveWith) {
  FrameParser p;
  std::string a = encode_frame("first"), b = encode_frame("second");
  p.feed(a);
  p.feed(b, one_fd());
  Frame f;
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "first");
  EXPECT_TRUE(f.fds.empty());
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "second");
  EXPECT_EQ(f.fds.size(), 1u);
}

TEST(FrameParser, FdsInAChunkThatStartsInThePreviousFrame) {
  // The kernel may return the tail of one frame and the start of the next, which
  // carried the fds, in one read: the fds belong to the frame that starts there.
  std::string a = encode_frame("first"), b = encode_frame("second");
  std::string stream = a + b;
  FrameParser p;
  p.feed(stream.substr(0, a.size() - 2));
  p.feed(stream.substr(a.size() - 2, 10), one_fd());
  p.feed(stream.substr(a.size() + 8));
  Frame f;
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "first");
  EXPECT_TRUE(f.fds.empty());
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "second");
  EXPECT_EQ(f.fds.size(), 1u);
}

TEST(FrameParser, FdsInsideAFrameStayWithIt) {
  std::string a = encode_frame("a long enough body"), b = encode_frame("b");
  FrameParser p;
  p.feed(a.substr(0, 5));
  p.feed(a.substr(5, 5), one_fd());
  p.feed(a.substr(10) + b);
  Frame f;
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.fds.size(), 1u);
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_TRUE(f.fds.empty());
}

TEST(FrameParser, FdsWithBytesOfSeveralFramesGoToTheLastToStart) {
  // One recvmsg returns earlier bytes sent without descriptors glued to those of
  // the sendmsg that carried them (and nothing sent after it).
  FrameParser p;
  auto fds = one_fd();
  auto more = one_fd();
  fds.push_back(std::move(more[0]));
  p.feed(encode_frame("x") + encode_frame("y"), std::move(fds));
  Frame f;
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "x");
  EXPECT_TRUE(f.fds.empty());
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "y");
  EXPECT_EQ(f.fds.size(), 2u);
}

TEST(FrameParser, FdsWhoseFrameIsCutShortWaitForIt) {
  // The descriptors came with the start of a frame whose rest comes later.
  std::string a = encode_frame("first"), b = encode_frame("second, a longer one");
  FrameParser p;
  p.feed(a + b.substr(0, 10), one_fd());
  Frame f;
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_TRUE(f.fds.empty());
  EXPECT_EQ(p.next(f), Status::kNeedMore);
  p.feed(b.substr(10));
  ASSERT_EQ(p.next(f), Status::kFrame);
  EXPECT_EQ(f.body, "second, a longer one");
  EXPECT_EQ(f.fds.size(), 1u);
}

// --- transports ---

namespace asio = boost::asio;
using stream_protocol = asio::local::stream_protocol;

struct Harness {
  asio::io_context io;
  std::shared_ptr<SocketTransport> transport;
  int peer = -1;
  std::vector<Frame> frames;
  std::string framing_error, closed_why;
  bool closed = false;

  Harness() {
    stream_protocol::socket a(io), b(io);
    asio::local::connect_pair(a, b);
    peer = b.release();
    transport = SocketTransport::create(std::move(a), {.max_header_bytes = 8192, .max_body_bytes = 1 << 20});
    transport->start({[this](Frame f) { frames.push_back(std::move(f)); },
                      [this](const std::string& why) {
                        framing_error = why;
                        transport->send(R"({"error":"framing"})");
                      },
                      [this](const std::string& why) {
                        closed = true;
                        closed_why = why;
                      }});
  }
  ~Harness() {
    if (peer >= 0) ::close(peer);
  }
  // Runs the loop until `done` or the timeout.
  template <typename F>
  bool run_until(F done) {
    auto deadline = std::chrono::steady_clock::now() + testing::kTimeout;
    while (!done() && std::chrono::steady_clock::now() < deadline) {
      io.restart();
      io.run_for(std::chrono::milliseconds(10));
    }
    return done();
  }
};

TEST(SocketTransport, SplitAndCoalescedWrites) {
  Harness h;
  std::string stream = encode_frame("one") + encode_frame("two") + encode_frame("three");
  ASSERT_TRUE(send_with_fds(h.peer, stream.substr(0, 7), {}));
  h.io.run_for(std::chrono::milliseconds(100));  // nothing complete yet
  EXPECT_TRUE(h.frames.empty());
  ASSERT_TRUE(send_with_fds(h.peer, stream.substr(7), {}));
  ASSERT_TRUE(h.run_until([&] { return h.frames.size() == 3; }));
  EXPECT_EQ(h.frames[2].body, "three");
}

TEST(SocketTransport, ReceivesFdsWithTheirFrame) {
  Harness h;
  auto [r1, w1] = make_pipe();
  auto [r2, w2] = make_pipe();
  auto [r3, w3] = make_pipe();
  ASSERT_TRUE(send_with_fds(h.peer, encode_frame("init"), {}));
  ASSERT_TRUE(send_with_fds(h.peer, encode_frame("run"), {w1.get(), w2.get(), w3.get()}));
  ASSERT_TRUE(send_with_fds(h.peer, encode_frame("after"), {}));
  w1.reset();
  w2.reset();
  w3.reset();
  ASSERT_TRUE(h.run_until([&] { return h.frames.size() == 3; }));
  EXPECT_TRUE(h.frames[0].fds.empty());
  ASSERT_EQ(h.frames[1].fds.size(), 3u);
  EXPECT_TRUE(h.frames[2].fds.empty());
  // They are the pipes' write ends, in order, close-on-exec.
  const UniqueFd* reads[] = {&r1, &r2, &r3};
  for (int i = 0; i < 3; ++i) {
    int fd = h.frames[1].fds[i].get();
    EXPECT_TRUE(::fcntl(fd, F_GETFD) & FD_CLOEXEC);
    std::string text = "pipe" + std::to_string(i);
    ASSERT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    h.frames[1].fds[i].reset();
    EXPECT_EQ(testing::read_all(reads[i]->get()), text);
  }
}

TEST(SocketTransport, SendsFrames) {
  Harness h;
  h.transport->send("hello");
  h.transport->send("world");
  h.run_until([&] { return h.transport->flushed(); });
  EXPECT_FALSE(h.closed);
  ::shutdown(h.peer, SHUT_WR);
  h.run_until([&] { return h.closed; });
  EXPECT_EQ(testing::read_all(h.peer), encode_frame("hello") + encode_frame("world"));
}

TEST(SocketTransport, MalformedHeaderRepliesThenCloses) {
  Harness h;
  ASSERT_TRUE(send_with_fds(h.peer, "Content-Length: banana\r\n\r\n", {}));
  ASSERT_TRUE(h.run_until([&] { return h.closed; }));
  EXPECT_NE(h.framing_error.find("invalid Content-Length"), std::string::npos);
  EXPECT_EQ(testing::read_all(h.peer), encode_frame(R"({"error":"framing"})"));
}

TEST(SocketTransport, PeerClosesMidFrame) {
  Harness h;
  ASSERT_TRUE(send_with_fds(h.peer, "Content-Length: 100\r\n\r\n{\"half", {}));
  ::close(h.peer);
  h.peer = -1;
  ASSERT_TRUE(h.run_until([&] { return h.closed; }));
  EXPECT_NE(h.closed_why.find("middle of a message"), std::string::npos) << h.closed_why;
  EXPECT_TRUE(h.frames.empty());
}

TEST(StreamTransport, PipesBothWays) {
  asio::io_context io;
  auto [in_r, in_w] = make_pipe();
  auto [out_r, out_w] = make_pipe();
  auto t = StreamTransport::create(io.get_executor(), in_r.release(), out_w.release());
  std::vector<std::string> got;
  bool closed = false;
  t->start({[&](Frame f) {
              got.push_back(f.body);
              t->send("echo:" + f.body);
            },
            {},
            [&](const std::string&) { closed = true; }});
  std::string stream = encode_frame("a") + encode_frame("bc");
  ASSERT_EQ(::write(in_w.get(), stream.data(), stream.size()), static_cast<ssize_t>(stream.size()));
  in_w.reset();  // EOF ends the session
  auto deadline = std::chrono::steady_clock::now() + testing::kTimeout;
  while (!closed && std::chrono::steady_clock::now() < deadline) {
    io.restart();
    io.run_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(closed);
  EXPECT_EQ(got, (std::vector<std::string>{"a", "bc"}));
  // Replies written before the input ended reach the output.
  std::string out = testing::read_all(out_r.get()).value_or("");
  EXPECT_EQ(out.substr(0, encode_frame("echo:a").size()), encode_frame("echo:a"));
}

}  // namespace
}  // namespace toolchain::daemon
