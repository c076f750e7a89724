// The native HTTP/1.1 client: response parsing (RFC 9112's cases), content
// decoding, and exchanges against a real local socket server.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

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

std::string read_all(Exchange& ex) {
  std::string body;
  std::vector<uint8_t> buf(1000);
  while (size_t n = ex.read_body(buf)) body.append((char*)buf.data(), n);
  return body;
}

Request get(uint16_t port, std::string target = "/") {
  Request r;
  r.origin = {false, "127.0.0.1", port};
  r.target = std::move(target);
  return r;
}

TEST(Exchange, KeepAliveReusesOneConnection) {
  LocalServer server([](int fd) {
    while (!read_request(fd).empty()) write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
  });
  auto client = std::make_shared<HttpClient>();
  for (int i = 0; i < 5; ++i) {
    Exchange ex(client, get(server.port()));
    ex.send();
    EXPECT_EQ(ex.read_head().status, 200);
    EXPECT_EQ(read_all(ex), "ok");
    EXPECT_EQ(ex.reused_connection(), i > 0);
  }
  EXPECT_EQ(server.connections.load(), 1);
  EXPECT_EQ(client->idle_count({false, "127.0.0.1", server.port()}), 1u);
}

TEST(Exchange, ConnectionCloseIsNotPooledAndStaleConnectionsRetry) {
  LocalServer server([](int fd) {
    // Answers one request per connection, then closes without saying so.
    if (!read_request(fd).empty()) write_str(fd, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx");
  });
  auto client = std::make_shared<HttpClient>();
  for (int i = 0; i < 3; ++i) {
    Exchange ex(client, get(server.port()));
    ex.send();
    EXPECT_EQ(read_all(ex), "x");
    usleep(20000);
  }
  EXPECT_EQ(server.connections.load(), 3);
}

TEST(Exchange, ChunkedStreamingBothWays) {
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
  auto client = std::make_shared<HttpClient>();
  Request r = get(server.port(), "/echo");
  r.method = "POST";
  r.body = Request::Body::Streaming;
  Exchange ex(client, r);
  ex.send();
  ex.write_body(bytes("hello "));
  ex.write_body(bytes("streaming "));
  ex.write_body(bytes("world"));
  ex.finish_body();
  EXPECT_EQ(ex.read_head().status, 200);
  EXPECT_EQ(read_all(ex), "hello streaming world");
}

TEST(Exchange, GzipResponseDecoded) {
  std::string text(10000, 'z');
  std::string body = gzip(text, 31);
  LocalServer server([&](int fd) {
    read_request(fd);
    write_str(fd, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: " + std::to_string(body.size()) +
                      "\r\n\r\n" + body);
  });
  auto client = std::make_shared<HttpClient>();
  Exchange ex(client, get(server.port()));
  ex.send();
  ex.read_head();
  EXPECT_EQ(read_all(ex), text);
}

TEST(Exchange, Errors) {
  auto client = std::make_shared<HttpClient>(ClientOptions{.connect_timeout = std::chrono::milliseconds(2000), .io_timeout = std::chrono::milliseconds(200)});
  // A port nobody listens on: refused.
  int probe = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(probe, (sockaddr*)&addr, sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(probe, (sockaddr*)&addr, &len);
  close(probe);
  try {
    Exchange ex(client, get(ntohs(addr.sin_port)));
    ex.send();
    FAIL();
  } catch (const HttpError& e) {
    EXPECT_EQ(e.kind(), HttpError::Kind::Connect);
    EXPECT_STREQ(e.what(), "tcp connect error: Connection refused (os error 111)");
  }
  try {
    Request r = get(80);
    r.origin.host = "nonexistent.invalid";
    Exchange ex(client, r);
    ex.send();
    FAIL();
  } catch (const HttpError& e) {
    EXPECT_EQ(e.kind(), HttpError::Kind::Dns);
    EXPECT_EQ(std::string(e.what()).rfind("dns error: failed to lookup address information: ", 0), 0u) << e.what();
  }
  // A server that never answers: the read deadline, and abort from another thread.
  LocalServer silent([](int fd) {
    char buf[256];
    while (read(fd, buf, sizeof buf) > 0) {
    }
  });
  try {
    Exchange ex(client, get(silent.port()));
    ex.send();
    ex.read_head();
    FAIL();
  } catch (const HttpError& e) {
    EXPECT_EQ(e.kind(), HttpError::Kind::Timeout);
  }
  auto patient = std::make_shared<HttpClient>();
  Exchange ex(patient, get(silent.port()));
  ex.send();
  std::thread aborter([&] {
    usleep(50000);
    ex.abort();
  });
  try {
    ex.read_head();
    FAIL();
  } catch (const HttpError& e) {
    EXPECT_EQ(e.kind(), HttpError::Kind::Aborted);
  }
  aborter.join();
}
