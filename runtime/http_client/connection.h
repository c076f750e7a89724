#pragma once
// One HTTP/1.1 transport: a TCP connection, optionally TLS (OpenSSL through
// asio::ssl, SNI, verification against the system store plus extra CA files,
// hostname check). Blocking calls with deadlines: each connection owns a small
// io_context that the calling thread runs until the operation completes, the
// deadline passes or cancel() is called (from any thread).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>

namespace toolchain::http_client {

using Clock = std::chrono::steady_clock;
using Deadline = Clock::time_point;

struct Origin {
  bool tls = false;
  std::string host;  // a name, an IPv4 address, or an IPv6 address without brackets
  uint16_t port = 80;
  std::string key() const { return (tls ? "https://" : "http://") + host + ":" + std::to_string(port); }
};

// What TLS connections trust: the system store, plus extra PEM files (--cert,
// DENO_CERT); verification can be switched off for tests of failure paths.
class TlsConfig {
 public:
  explicit TlsConfig(const std::vector<std::string>& extra_ca_files = {}, bool verify = true);
  boost::asio::ssl::context& context() { return context_; }
  bool verify() const { return verify_; }

 private:
  boost::asio::ssl::context context_;
  bool verify_;
};

class Connection {
 public:
  // Resolves, connects and (for https) completes the handshake. Throws HttpError
  // (Dns, Connect, Tls, Timeout, Aborted).
  static std::unique_ptr<Connection> open(const Origin& origin, TlsConfig& tls, Deadline deadline,
                                          const std::atomic<bool>* aborted = nullptr);
  ~Connection();

  void write_all(std::span<const uint8_t> data, Deadline deadline);
  // Reads what is there (at least one byte); 0 when the peer closed. Throws HttpError.
  size_t read_some(std::span<uint8_t> into, Deadline deadline);
  // From any thread: the operation in progress (and any later one) fails with Aborted.
  void cancel();
  // An idle connection is fit to reuse if the peer has neither closed it nor sent anything.
  bool idle_and_open();
  const Origin& origin() const { return origin_; }
  // How many responses this connection has carried (0 for a fresh one).
  int uses = 0;

 private:
  Connection(const Origin& origin);
  template <typename Start>
  size_t wait(Start start, Deadline deadline, const char* what);

  Origin origin_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::socket socket_{io_};
  std::optional<boost::asio::ssl::stream<boost::asio::ip::tcp::socket&>> tls_;
  std::atomic<bool> cancelled_{false};
};

}  // namespace toolchain::http_client
