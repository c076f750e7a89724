#pragma once
// An HTTP/1.1 client with no V8 in it: a keep-alive pool of connections per
// origin and Exchange, one request/response on one connection with streaming
// in both directions. Asynchronous on one Asio loop (in the runtime, the
// program's own): every operation takes a completion handler that runs on
// that loop after the call has returned; nothing blocks and no thread waits
// on a slow peer. Not thread-safe: all calls come from the loop's thread.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "http_client/connection.h"
#include "http_client/content_decoder.h"
#include "http_client/response_parser.h"

namespace toolchain::http_client {

struct ClientOptions {
  std::chrono::milliseconds connect_timeout{30'000};
  // Longest wait for any one read or write once connected; 0 = none.
  std::chrono::milliseconds io_timeout{0};
  std::vector<std::string> ca_files;  // PEM files trusted beside the system store
  bool verify_certificates = true;
  size_t max_idle_per_origin = 16;
  std::chrono::milliseconds idle_timeout{90'000};
};

class HttpClient {
 public:
  explicit HttpClient(boost::asio::io_context& loop, ClientOptions options = {});
  const ClientOptions& options() const { return options_; }
  // Made on first use (loading the system store takes milliseconds): plain
  // http never pays for it. Extra CA files are loaded at construction, so a
  // bad one is an error there (HttpError Tls).
  TlsConfig& tls();
  boost::asio::io_context& loop() { return loop_; }

  // An idle pooled connection to `origin` that is still open, or null.
  std::shared_ptr<Connection> take_idle(const Origin& origin);
  // Puts a connection that finished a response cleanly back in the pool.
  void checkin(std::shared_ptr<Connection> connection);
  size_t idle_count(const Origin& origin) const;

 private:
  struct Idle {
    std::shared_ptr<Connection> connection;
    Clock::time_point since;
  };
  boost::asio::io_context& loop_;
  ClientOptions options_;
  std::unique_ptr<TlsConfig> tls_;
  std::map<std::string, std::vector<Idle>> idle_;
};

struct Request {
  std::string method = "GET";
  Origin origin;
  std::string target = "/";  // path and query, as sent on the request line
  std::vector<Header> headers;
  enum class Body { None, Fixed, Streaming } body = Body::None;
  std::string fixed_body;  // for Body::Fixed
  // Decode gzip/deflate/br bodies (off when the caller chose Accept-Encoding itself).
  bool decode_content = true;
};

class Exchange : public std::enable_shared_from_this<Exchange> {
 public:
  Exchange(std::shared_ptr<HttpClient> client, Request request);
  ~Exchange();

  // Connects (or takes a pooled connection) and writes the head, with a fixed
  // body if there is one. For a streaming body, write_body()/finish_body() follow.
  void send(Done done);
  // Writes one chunk of a streaming body (its memory kept by the caller until `done`).
  void write_body(std::span<const uint8_t> chunk, Done done);
  void finish_body(Done done);
  // Reads the final response head (interim 1xx heads are skipped), sending the
  // request first if send() was not called; then head() holds it.
  void read_head(Done done);
  const ResponseHead& head() const { return head_; }
  // The whole decoded body if it has already arrived with the head (up to
  // `limit` bytes, no content coding): true, and the connection is released.
  // Otherwise false and nothing is taken: read_body() as usual.
  bool take_buffered_body(size_t limit, std::vector<uint8_t>& out);
  // The decoded body into `into` (kept by the caller until `done`); 0 at its
  // end (the connection then goes back to the pool if it can carry another request).
  void read_body(std::span<uint8_t> into, SizeDone done);
  // Every operation in progress or to come fails with HttpError(Aborted).
  void abort();
  bool aborted() const { return aborted_; }
  // Whether this exchange ran on a connection used before.
  bool reused_connection() const { return reused_; }
  const Request& request() const { return request_; }

 private:
  class Step;
  std::string head_bytes() const;
  void attempt_send(int attempt, Done done);
  void write_request(int attempt, Done done);
  void head_step(Done done);
  void head_read(Done done);
  void body_step(std::span<uint8_t> into, SizeDone done);
  // Reads more bytes into buffer_; then `then(n)`, 0 at EOF.
  void fill(SizeDone then);
  void release_connection();
  // Runs `done` now from a completion handler, or posted when still inside the caller's call.
  void finish(Done& done, Failure failure);
  void finish(SizeDone& done, size_t n, Failure failure);

  std::shared_ptr<HttpClient> client_;
  Request request_;
  std::shared_ptr<Connection> connection_;
  std::string out_;       // the request head being written
  std::string chunk_head_;  // a body chunk's size line being written
  bool aborted_ = false;
  bool reused_ = false;
  bool sent_ = false;
  int attempt_ = 0;       // 1 once the request is being sent again on a new connection
  bool body_sent_ = false;
  int in_call_ = 0;       // > 0 while a public call is on the stack
  ResponseHead head_;
  bool have_head_ = false;
  BodyFraming framing_;
  std::unique_ptr<ContentDecoder> decoder_;
  // Bytes received: [buffer_pos_, buffer_end_) not yet parsed.
  std::unique_ptr<uint8_t[]> buffer_;
  size_t buffer_capacity_ = 0;
  size_t buffer_pos_ = 0;
  size_t buffer_end_ = 0;
  std::vector<uint8_t> framed_;  // de-framed bytes waiting for the content decoder
  size_t framed_pos_ = 0;
  bool body_done_ = false;
};

}  // namespace toolchain::http_client
