#pragma once
// An HTTP/1.1 client with no V8 in it: a keep-alive pool of connections per
// origin and Exchange, one request/response on one connection with streaming
// in both directions. Every call blocks the calling thread (up to its deadline)
// and can be cancelled from another thread with Exchange::abort().
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
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
  explicit HttpClient(ClientOptions options = {});
  const ClientOptions& options() const { return options_; }
  TlsConfig& tls() { return tls_; }

  // An idle pooled connection to `origin` that is still open, or a new one.
  std::unique_ptr<Connection> checkout(const Origin& origin, const std::atomic<bool>* aborted);
  // Puts a connection that finished a response cleanly back in the pool.
  void checkin(std::unique_ptr<Connection> connection);
  size_t idle_count(const Origin& origin);

 private:
  struct Idle {
    std::unique_ptr<Connection> connection;
    Clock::time_point since;
  };
  ClientOptions options_;
  TlsConfig tls_;
  std::mutex mutex_;
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

class Exchange {
 public:
  Exchange(std::shared_ptr<HttpClient> client, Request request);
  ~Exchange();

  // Connects (or reuses a pooled connection) and writes the head, with a fixed
  // body if there is one. For a streaming body, write_body()/finish_body() follow.
  void send();
  void write_body(std::span<const uint8_t> chunk);
  void finish_body();
  // Reads the final response head (interim 1xx heads are skipped).
  const ResponseHead& read_head();
  // The decoded body into `into`; 0 at its end (the connection then goes back
  // to the pool if it can carry another request).
  size_t read_body(std::span<uint8_t> into);
  // From any thread: every call in progress or to come throws HttpError(Aborted).
  void abort();
  bool aborted() const { return aborted_; }
  // Whether this exchange ran on a connection used before.
  bool reused_connection() const { return reused_; }
  const Request& request() const { return request_; }

 private:
  Deadline io_deadline() const;
  std::string head_bytes() const;
  size_t fill();  // reads more bytes into buffer_; 0 at EOF
  void release_connection();

  std::shared_ptr<HttpClient> client_;
  Request request_;
  std::mutex connection_mutex_;  // guards connection_ against abort() from another thread
  std::unique_ptr<Connection> connection_;
  std::atomic<bool> aborted_{false};
  bool reused_ = false;
  bool body_sent_ = false;
  ResponseHead head_;
  bool have_head_ = false;
  BodyFraming framing_;
  std::unique_ptr<ContentDecoder> decoder_;
  std::string buffer_;    // bytes received and not yet parsed
  size_t buffer_pos_ = 0;
  std::vector<uint8_t> framed_;  // de-framed bytes waiting for the content decoder
  size_t framed_pos_ = 0;
  bool body_done_ = false;
};

}  // namespace toolchain::http_client
