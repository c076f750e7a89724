// The native HTTP/1.1 client: response parsing (RFC 9112's cases), content
// decoding, and exchanges against a real local socket server.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>

#include <brotli/encode.h>
#include <gtest/gtest.h>

#include "http_client/content_decoder.h"
#include "http_client/http_client.h"
#include "http_client/http_error.h"
#include "http_client/response_parser.h"

using namespace toolchain::http_client;

namespace {

std::span<const uint8_t> bytes(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

// Runs framing over `wire` fed in pieces of `step` bytes, reading into buffers of `out_size`.
std::string unframe(BodyFraming& f, std::string_view wire, size_t step, size_t out_size = 7) {
  std::string body;
  std::vector<uint8_t> out(out_size);
  size_t pos = 0;
  std::string pending;
  while (!f.done()) {
    if (pos < wire.size()) {
      pending += wire.substr(pos, step);
      pos += step;
    } else if (pending.empty()) {
      f.end_of_input();
      break;
    }
    while (true) {
      auto [taken, made] = f.decode(bytes(pending), out);
      pending.erase(0, taken);
      body.append(reinterpret_cast<char*>(out.data()), made);
      if (taken == 0 && made == 0) break;
    }
  }
  return body;
}

}  // namespace

TEST(ResponseHead, StatusLineAndFields) {
  ResponseHead head;
  std::string wire = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-A:  one \r\nx-a: two\r\n\r\nbody";
  EXPECT_EQ(parse_response_head(wire, head), wire.size() - 4);
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.reason, "OK");
  EXPECT_EQ(head.version_minor, 1);
  ASSERT_EQ(head.headers.size(), 3u);
  EXPECT_EQ(head.headers[1].value, "one");
  EXPECT_EQ(head.get("x-a"), "one, two");
}

TEST(ResponseHead, IncompleteReturnsZero) {
  ResponseHead head;
  EXPECT_EQ(parse_response_head("HTTP/1.1 200 OK\r\nA: b\r\n", head), 0u);
  EXPECT_EQ(parse_response_head("HTT", head), 0u);
}

TEST(ResponseHead, EmptyReasonAndBareLf) {
  ResponseHead head;
  // §4: the reason phrase may be empty (the SP before it stays); §2.2: bare LF ends a line.
  EXPECT_GT(parse_response_head("HTTP/1.1 404 \nA: b\n\n", head), 0u);
  EXPECT_EQ(head.status, 404);
  EXPECT_EQ(head.reason, "");
  EXPECT_GT(parse_response_head("HTTP/1.0 204\r\n\r\n", head), 0u);
  EXPECT_EQ(head.version_minor, 0);
}

TEST(ResponseHead, ObsFoldBecomesSpace) {
  ResponseHead head;
  ASSERT_GT(parse_response_head("HTTP/1.1 200 OK\r\nX: a\r\n  b\r\n\r\n", head), 0u);
  EXPECT_EQ(head.get("x"), "a b");
}

TEST(ResponseHead, Malformed) {
  ResponseHead head;
  EXPECT_THROW(parse_response_head("HTTP/2 200 OK\r\n\r\n", head), HttpError);
  EXPECT_THROW(parse_response_head("ICY 200 OK\r\n\r\n", head), HttpError);
  EXPECT_THROW(parse_response_head("HTTP/1.1 20 OK\r\n\r\n", head), HttpError);
  EXPECT_THROW(parse_response_head("HTTP/1.1 2000 OK\r\n\r\n", head), HttpError);
  // §5.1: no whitespace between field name and colon.
  EXPECT_THROW(parse_response_head("HTTP/1.1 200 OK\r\nBad : x\r\n\r\n", head), HttpError);
  EXPECT_THROW(parse_response_head("HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", head), HttpError);
  EXPECT_THROW(parse_response_head("HTTP/1.1 200 OK\r\nA: x\ry\r\n\r\n", head), HttpError);
  EXPECT_THROW(parse_response_head(std::string("HTTP/1.1 200 OK\r\nA: ") + std::string(kMaxHeadSize, 'a'), head),
               HttpError);
}

TEST(BodyFraming, LengthRules) {
  ResponseHead head;
  parse_response_head("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", head);
  EXPECT_EQ(BodyFraming::for_response(head, "GET").mode(), BodyFraming::Mode::Length);
  EXPECT_EQ(BodyFraming::for_response(head, "HEAD").mode(), BodyFraming::Mode::None);
  // §6.3: Transfer-Encoding overrides Content-Length.
  parse_response_head("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", head);
  EXPECT_EQ(BodyFraming::for_response(head, "GET").mode(), BodyFraming::Mode::Chunked);
  // A final coding other than chunked: read until close.
  parse_response_head("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", head);
  EXPECT_EQ(BodyFraming::for_response(head, "GET").mode(), BodyFraming::Mode::UntilClose);
  parse_response_head("HTTP/1.1 200 OK\r\n\r\n", head);
  EXPECT_EQ(BodyFraming::for_response(head, "GET").mode(), BodyFraming::Mode::UntilClose);
  for (const char* no_body : {"HTTP/1.1 204 No Content\r\nContent-Length: 3\r\n\r\n", "HTTP/1.1 304 NM\r\n\r\n"}) {
    parse_response_head(no_body, head);
    EXPECT_EQ(BodyFraming::for_response(head, "GET").mode(), BodyFraming::Mode::None);
  }
  parse_response_head("HTTP/1.1 200 OK\r\nContent-Length: 7, 7\r\n\r\n", head);
  EXPECT_EQ(BodyFraming::for_response(head, "GET").remaining(), 7u);
  for (const char* bad : {"HTTP/1.1 200 OK\r\nContent-Length: 7, 8\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
                          "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                          "HTTP/1.1 200 OK\r\nContent-Length: 0x10\r\n\r\n"}) {
    parse_response_head(bad, head);
    EXPECT_THROW(BodyFraming::for_response(head, "GET"), HttpError) << bad;
  }
}

TEST(BodyFraming, ContentLengthStopsAtEnd) {
  auto f = BodyFraming::of(BodyFraming::Mode::Length, 5);
  std::vector<uint8_t> out(64);
  auto [taken, made] = f.decode(bytes("helloHTTP/1.1"), out);
  EXPECT_EQ(taken, 5u);
  EXPECT_EQ(made, 5u);
  EXPECT_TRUE(f.done());
  auto truncated = BodyFraming::of(BodyFraming::Mode::Length, 10);
  EXPECT_THROW(unframe(truncated, "hello", 2), HttpError);
}

TEST(BodyFraming, ChunkedWithExtensionsAndTrailers) {
  // RFC 9112 §7.1: sizes in hex, chunk extensions ignored, trailer fields after the last chunk.
  std::string wire = "4\r\nWiki\r\n5;name=\"va;l\"\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\nX-T: 1\r\n\r\nNEXT";
  for (size_t step : {1u, 3u, 1000u}) {
    auto f = BodyFraming::of(BodyFraming::Mode::Chunked);
    std::string body = unframe(f, wire.substr(0, wire.size() - 4), step);
    EXPECT_EQ(body, "Wikipedia in\r\n\r\nchunks.") << step;
    ASSERT_EQ(f.trailers().size(), 2u);
    EXPECT_EQ(f.trailers()[0].name, "Expires");
    EXPECT_EQ(f.trailers()[1].value, "1");
  }
  // Bytes after the terminating CRLF are left for the next message.
  auto f = BodyFraming::of(BodyFraming::Mode::Chunked);
  std::vector<uint8_t> out(64);
  auto [taken, made] = f.decode(bytes("3\r\nabc\r\n0\r\n\r\nHTTP"), out);
  EXPECT_TRUE(f.done());
  EXPECT_EQ(made, 3u);
  EXPECT_EQ(taken, 13u);
}

TEST(BodyFraming, ChunkedErrors) {
  std::vector<uint8_t> out(64);
  for (const char* bad : {"g\r\n", "\r\n", "3\r\nabcX", "3\rX", "ffffffffffffffff1\r\n"}) {
    auto f = BodyFraming::of(BodyFraming::Mode::Chunked);
    EXPECT_THROW(f.decode(bytes(bad), out), HttpError) << bad;
  }
  auto f = BodyFraming::of(BodyFraming::Mode::Chunked);
  f.decode(bytes("5\r\nab"), out);
  EXPECT_THROW(f.end_of_input(), HttpError);  // closed inside a chunk
}

TEST(BodyFraming, UntilClose) {
  auto f = BodyFraming::of(BodyFraming::Mode::UntilClose);
  EXPECT_EQ(unframe(f, "all of it", 2), "all of it");
  EXPECT_TRUE(f.done());
  EXPECT_FALSE(f.reusable());
}

namespace {
std::string gzip(const std::string& data, int bits) {
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, data.size()) + 32, '\0');
  z.next_in = (Bytef*)data.data();
  z.avail_in = data.size();
  z.next_out = (Bytef*)out.data();
  z.avail_out = out.size();
  deflate(&z, Z_FINISH);
  out.resize(out.size() - z.avail_out);
  deflateEnd(&z);
  return out;
}
std::string brotli(const std::string& data) {
  size_t size = BrotliEncoderMaxCompressedSize(data.size());
  std::string out(size, '\0');
  BrotliEncoderCompress(5, 22, BROTLI_MODE_GENERIC, data.size(), (const uint8_t*)data.data(), &size, (uint8_t*)out.data());
  out.resize(size);
  return out;
}
std::string decode_all(ContentDecoder& d, const std::string& in, size_t step) {
  std::string out;
  std::vector<uint8_t> buf(13);
  size_t pos = 0;
  while (!d.finished()) {
    std::string_view piece = std::string_view(in).substr(pos, step);
    auto [taken, made] = d.decode(bytes(piece), buf);
    pos += taken;
    out.append((char*)buf.data(), made);
    if (taken == 0 && made == 0 && pos >= in.size()) break;
  }
  return out;
}
}  // namespace

TEST(ContentDecoder, GzipDeflateBrotli) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "line " + std::to_string(i) + "\n";
  for (size_t step : {1u, 5u, 100000u}) {
    auto g = ContentDecoder::for_encoding("gzip");
    EXPECT_EQ(decode_all(*g, gzip(text, 15 + 16), step), text);
    auto zlib = ContentDecoder::for_encoding("deflate");
    EXPECT_EQ(decode_all(*zlib, gzip(text, 15), step), text);
    auto raw = ContentDecoder::for_encoding("Deflate");
    EXPECT_EQ(decode_all(*raw, gzip(text, -15), step), text);
    auto br = ContentDecoder::for_encoding(" br ");
    EXPECT_EQ(decode_all(*br, brotli(text), step), text);
  }
  EXPECT_EQ(ContentDecoder::for_encoding("identity"), nullptr);
  EXPECT_EQ(ContentDecoder::for_encoding("gzip, br"), nullptr);
  auto bad = ContentDecoder::for_encoding("gzip");
  std::vector<uint8_t> out(64);
  EXPECT_THROW(bad->decode(bytes("not gzip at all"), out), HttpError);
}

// A tiny HTTP server on 127.0.0.1: each accepted connection is handed to `serve`.
class LocalServer {
 public:
  explicit LocalServer(std::function<void(int fd)> serve) : serve_(std::move(serve)) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd_, (sockaddr*)&addr, sizeof addr);
    socklen_t len = sizeof addr;
    getsockname(fd_, (sockaddr*)&addr, &len);
    port_ = ntohs(addr.sin_port);
    listen(fd_, 16);
    thread_ = std::thread([this] {
      while (true) {
        int c = accept(fd_, nullptr, nullptr);
        if (c < 0) return;
        ++connections;
        workers_.emplace_back([this, c] {
          serve_(c);
          close(c);
        });
      }
    });
  }
  ~LocalServer() {
    shutdown(fd_, SHUT_RDWR);
    close(fd_);
    thread_.join();
    for (auto& w : workers_) w.join();
  }
  uint16_t port() const { return port_; }
  std::atomic<int> connections{0};

 private:
  std::function<void(int)> serve_;
  int fd_;
  uint16_t port_;
  std::thread thread_;
  std::vector<std::thread> workers_;
};

// Reads one request head (and a Content-Length body if any); "" when the peer closed.
std::string read_request(int fd) {
  std::string data;
  char buf[4096];
  while (data.find("\r\n\r\n") == std::string::npos) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) return "";
    data.append(buf, n);
  }
  return data;
}

void write_str(int fd, const std::string& s) { (void)!write(fd, s.data(), s.size()); }

// The client's loop: runs handlers until the one awaited has run.
struct Loop {
  boost::asio::io_context io;

  void run_until(const bool& done) {
    io.restart();
    while (!done) io.run_one();
  }
  Failure wait(const std::function<void(Done)>& start) {
    Failure result;
    bool done = false;
    bool returned = false;
    start([&](Failure f) {
      EXPECT_TRUE(returned) << "a handler ran inside the call that started it";
      result = std::move(f);
      done = true;
    });
    returned = true;
    run_until(done);
    return result;
  }
  // Throws the failure, for tests that expect none.
  void ok(const std::function<void(Done)>& start) {
    if (auto f = wait(start)) throw *f;
  }
  std::string read_all(std::shared_ptr<Exchange> ex, size_t piece = 1000) {
    std::string body;
    std::vector<uint8_t> buf(piece);
    while (true) {
      size_t got = 0;
      bool done = false;
      Failure failure;
      ex->read_body(buf, [&](size_t n, Failure f) {
        got = n;
        failure = std::move(f);
        done = true;
      });
      run_until(done);
      if (failure) throw *failure;
      if (got == 0) return body;
      body.append((char*)buf.data(), got);
    }
  }
};

Request get(uint16_t port, std::string target = "/") {
  Request r;
  r.origin = {false, "127.0.0.1", port};
  r.target = std::move(target);
  return r;
}

std::shared_ptr<Exchange> exchange(std::shared_ptr<HttpClient> client, Request r) {
  return std::make_shared<Exchange>(std::move(client), std::move(r));
}

// A port with nothing listening.
uint16_t refused_port() {
  int probe = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(probe, (sockaddr*)&addr, sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(probe, (sockaddr*)&addr, &len);
  close(probe);
  return ntohs(addr.sin_port);
}

TEST(Exchange, KeepAliveReusesOneConnection) {
  Loop loop;
  LocalServer server([](int fd) {
    while (!read_request(fd).empty()) write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  for (int i = 0; i < 5; ++i) {
    auto ex = exchange(client, get(server.port()));
    loop.ok([&](Done d) { ex->read_head(d); });  // sends first
    EXPECT_EQ(ex->head().status, 200);
    EXPECT_EQ(loop.read_all(ex), "ok");
    EXPECT_EQ(ex->reused_connection(), i > 0);
  }
  EXPECT_EQ(server.connections.load(), 1);
  EXPECT_EQ(client->idle_count({false, "127.0.0.1", server.port()}), 1u);
}

TEST(Exchange, BodyThatCameWithTheHeadIsTakenWhole) {
  Loop loop;
  LocalServer server([](int fd) {
    read_request(fd);
    write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
    read_request(fd);
    write_str(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
    read_request(fd);
    // Part of the body now, the rest later: not taken whole.
    write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nabc");
    usleep(100000);
    write_str(fd, "def");
    read_request(fd);
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  std::vector<uint8_t> body;
  for (std::string expected : {"hello", "abcde"}) {
    auto ex = exchange(client, get(server.port()));
    loop.ok([&](Done d) { ex->read_head(d); });
    ASSERT_TRUE(ex->take_buffered_body(1024, body));
    EXPECT_EQ(std::string(body.begin(), body.end()), expected);
    EXPECT_EQ(client->idle_count({false, "127.0.0.1", server.port()}), 1u);  // released at once
  }
  auto ex = exchange(client, get(server.port()));
  loop.ok([&](Done d) { ex->read_head(d); });
  EXPECT_FALSE(ex->take_buffered_body(1024, body));
  EXPECT_EQ(loop.read_all(ex, 2), "abcdef");
  EXPECT_EQ(server.connections.load(), 1);
}

TEST(Exchange, ServerClosingIdleConnectionIsNotReused) {
  Loop loop;
  LocalServer server([](int fd) {
    // Answers one request per connection, then closes without saying so.
    if (!read_request(fd).empty()) write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx");
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  for (int i = 0; i < 3; ++i) {
    auto ex = exchange(client, get(server.port()));
    loop.ok([&](Done d) { ex->read_head(d); });
    EXPECT_EQ(loop.read_all(ex), "x");
    EXPECT_FALSE(ex->reused_connection());
    usleep(20000);
  }
  EXPECT_EQ(server.connections.load(), 3);
}

TEST(Exchange, ConnectionClosedAsTheRequestArrivesIsRetriedOnce) {
  Loop loop;
  std::atomic<int> served{0};
  LocalServer server([&](int fd) {
    // The first connection answers once, then reads the next request and
    // closes without answering (the keep-alive race); later ones answer.
    bool first = served++ == 0;
    if (read_request(fd).empty()) return;
    write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n1");
    if (!first) return;
    read_request(fd);
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  auto first = exchange(client, get(server.port()));
  loop.ok([&](Done d) { first->read_head(d); });
  EXPECT_EQ(loop.read_all(first), "1");
  auto second = exchange(client, get(server.port()));
  loop.ok([&](Done d) { second->read_head(d); });
  EXPECT_EQ(loop.read_all(second), "1");
  EXPECT_EQ(server.connections.load(), 2);
}

TEST(Exchange, ChunkedStreamingBothWays) {
  Loop loop;
  LocalServer server([](int fd) {
    std::string req = read_request(fd);
    // Echo the chunked request body back as it arrives, chunked.
    std::string data = req.substr(req.find("\r\n\r\n") + 4);
    write_str(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
    auto f = BodyFraming::of(BodyFraming::Mode::Chunked);
    std::vector<uint8_t> out(4096);
    char buf[4096];
    while (true) {
      auto [taken, made] = f.decode(bytes(data), out);
      data.erase(0, taken);
      if (made) {
        char line[32];
        snprintf(line, sizeof line, "%zx\r\n", made);
        write_str(fd, line + std::string((char*)out.data(), made) + "\r\n");
      }
      if (f.done()) break;
      if (taken == 0 && made == 0) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) return;
        data.append(buf, n);
      }
    }
    write_str(fd, "0\r\nX-Trailer: yes\r\n\r\n");
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  Request r = get(server.port(), "/echo");
  r.method = "POST";
  r.body = Request::Body::Streaming;
  auto ex = exchange(client, r);
  loop.ok([&](Done d) { ex->send(d); });
  for (std::string_view part : {"hello ", "", "streaming ", "world"})
    loop.ok([&](Done d) { ex->write_body(bytes(part), d); });
  loop.ok([&](Done d) { ex->finish_body(d); });
  loop.ok([&](Done d) { ex->read_head(d); });
  EXPECT_EQ(ex->head().status, 200);
  EXPECT_EQ(loop.read_all(ex, 3), "hello streaming world");
}

TEST(Exchange, GzipResponseDecoded) {
  Loop loop;
  std::string text(100000, 'z');
  std::string body = gzip(text, 31);
  LocalServer server([&](int fd) {
    read_request(fd);
    write_str(fd, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: " + std::to_string(body.size()) +
                      "\r\n\r\n" + body);
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  auto ex = exchange(client, get(server.port()));
  loop.ok([&](Done d) { ex->read_head(d); });
  std::vector<uint8_t> whole;
  EXPECT_FALSE(ex->take_buffered_body(1 << 20, whole));  // coded bodies are read through the decoder
  EXPECT_EQ(loop.read_all(ex, 4096), text);
}

TEST(Exchange, ConnectErrors) {
  Loop loop;
  auto client = std::make_shared<HttpClient>(loop.io);
  auto ex = exchange(client, get(refused_port()));
  auto f = loop.wait([&](Done d) { ex->send(d); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind(), HttpError::Kind::Connect);
  EXPECT_STREQ(f->what(), "tcp connect error: Connection refused (os error 111)");

  Request r = get(80);
  r.origin.host = "nonexistent.invalid";
  auto named = exchange(client, r);
  f = loop.wait([&](Done d) { named->send(d); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind(), HttpError::Kind::Dns);
  EXPECT_EQ(std::string(f->what()).rfind("dns error: failed to lookup address information: ", 0), 0u) << f->what();

  // A name that resolves: localhost, through the lookup thread.
  LocalServer server([](int fd) {
    read_request(fd);
    write_str(fd, "HTTP/1.1 204 No Content\r\n\r\n");
  });
  Request local = get(server.port());
  local.origin.host = "localhost";
  auto ok = exchange(client, local);
  f = loop.wait([&](Done d) { ok->read_head(d); });
  if (!f) EXPECT_EQ(ok->head().status, 204);
  else EXPECT_EQ(f->kind(), HttpError::Kind::Connect) << f->what();  // localhost is ::1 only here
}

TEST(Exchange, TimeoutsAndAbort) {
  Loop loop;
  // A server that never answers.
  LocalServer silent([](int fd) {
    char buf[256];
    while (read(fd, buf, sizeof buf) > 0) {
    }
  });
  auto hasty = std::make_shared<HttpClient>(loop.io, ClientOptions{.io_timeout = std::chrono::milliseconds(100)});
  auto ex = exchange(hasty, get(silent.port()));
  auto f = loop.wait([&](Done d) { ex->read_head(d); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind(), HttpError::Kind::Timeout);
  EXPECT_STREQ(f->what(), "read timed out");

  auto client = std::make_shared<HttpClient>(loop.io);
  auto waiting = exchange(client, get(silent.port()));
  boost::asio::steady_timer timer(loop.io, std::chrono::milliseconds(50));
  timer.async_wait([&](auto) { waiting->abort(); });
  f = loop.wait([&](Done d) { waiting->read_head(d); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind(), HttpError::Kind::Aborted);
  // Everything after an abort fails at once.
  f = loop.wait([&](Done d) { waiting->read_head(d); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind(), HttpError::Kind::Aborted);

  // Aborted while the name is being looked up, and while connecting.
  Request named = get(silent.port());
  named.origin.host = "localhost";
  auto looking = exchange(client, named);
  f = loop.wait([&](Done d) {
    looking->send(d);
    looking->abort();
  });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind(), HttpError::Kind::Aborted);
}

TEST(Exchange, AbortMidBody) {
  Loop loop;
  LocalServer server([](int fd) {
    read_request(fd);
    write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nfirst;");
    char buf[256];
    while (read(fd, buf, sizeof buf) > 0) {
    }
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  auto ex = exchange(client, get(server.port()));
  loop.ok([&](Done d) { ex->read_head(d); });
  std::vector<uint8_t> buf(64);
  size_t got = 0;
  Failure failure;
  bool done = false;
  ex->read_body(buf, [&](size_t n, Failure f) {
    got = n;
    done = true;
  });
  loop.run_until(done);
  EXPECT_EQ(std::string((char*)buf.data(), got), "first;");
  done = false;
  ex->read_body(buf, [&](size_t n, Failure f) {
    failure = std::move(f);
    done = true;
  });
  boost::asio::steady_timer timer(loop.io, std::chrono::milliseconds(50));
  timer.async_wait([&](auto) { ex->abort(); });
  loop.run_until(done);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->kind(), HttpError::Kind::Aborted);
  EXPECT_EQ(client->idle_count({false, "127.0.0.1", server.port()}), 0u);
}

// One loop carries many exchanges at once, and a slow server holds up only its own.
TEST(Exchange, ManyAtOnceAndSlowServersBlockNobody) {
  Loop loop;
  // The slow server answers only once every fast exchange has finished.
  std::atomic<bool> release{false};
  LocalServer slow([&](int fd) {
    read_request(fd);
    while (!release) usleep(1000);
    write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nslow");
  });
  LocalServer fast([](int fd) {
    while (!read_request(fd).empty()) {
      usleep(20000);
      write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nfast");
    }
  });
  auto client = std::make_shared<HttpClient>(loop.io);
  std::vector<std::string> order;
  int pending = 0;
  auto start = [&](uint16_t port) {
    auto ex = exchange(client, get(port));
    ++pending;
    ex->read_head([&, ex](Failure f) {
      ASSERT_FALSE(f) << f->what();
      std::vector<uint8_t> body;
      ASSERT_TRUE(ex->take_buffered_body(100, body));
      order.emplace_back(body.begin(), body.end());
      if (std::count(order.begin(), order.end(), "fast") == 60) release = true;
      --pending;
    });
  };
  for (int i = 0; i < 4; ++i) start(slow.port());
  for (int i = 0; i < 60; ++i) start(fast.port());
  loop.io.restart();
  while (pending > 0) loop.io.run_one();
  ASSERT_EQ(order.size(), 64u);
  for (int i = 0; i < 60; ++i) EXPECT_EQ(order[i], "fast") << i;
  for (int i = 60; i < 64; ++i) EXPECT_EQ(order[i], "slow") << i;
  EXPECT_EQ(fast.connections.load(), 60);
  // All 60 fast connections are pooled, up to the per-origin limit.
  EXPECT_EQ(client->idle_count({false, "127.0.0.1", fast.port()}), 16u);
}
