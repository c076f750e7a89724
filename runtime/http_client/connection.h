#pragma once
// One HTTP/1.1 transport: a TCP connection, optionally TLS (OpenSSL through
// asio::ssl, SNI, verification against the system store plus extra CA files,
// hostname check). Asynchronous on the caller's io_context (in the runtime,
// the program's own loop): every operation takes a completion handler that
// runs on that loop, after the call has returned. Not thread-safe: all calls
// come from the loop's thread.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>

#include "http_client/http_error.h"

namespace toolchain::http_client {

class Lookup;
using Clock = std::chrono::steady_clock;

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

// Completion of an operation: nothing on success, else what went wrong.
using Failure = std::optional<HttpError>;
using Done = std::function<void(Failure)>;
using SizeDone = std::function<void(size_t, Failure)>;

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(boost::asio::io_context& loop, Origin origin);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Resolves, connects and (for https) completes the handshake, all within
  // `timeout`; `tls` is needed for https only. Fails with HttpError Dns,
  // Connect, Tls, Timeout or Aborted.
  void open(TlsConfig* tls, std::chrono::milliseconds timeout, Done done);
  // Writes all of `buffers` (whose memory the caller keeps until `done`);
  // `timeout` 0 = none. Fails with Io, Timeout or Aborted.
  void write(std::vector<boost::asio::const_buffer> buffers, std::chrono::milliseconds timeout, Done done);
  // Reads what is there (at least one byte) into `into` (kept by the caller
  // until `done`); 0 when the peer closed. Fails with Io, Timeout or Aborted.
  void read_some(std::span<uint8_t> into, std::chrono::milliseconds timeout, SizeDone done);
  // The operation in progress (and any later one) fails with Aborted.
  void cancel();
  // An idle connection is fit to reuse if the peer has neither closed it nor sent anything.
  bool idle_and_open();
  const Origin& origin() const { return origin_; }
  // How many responses this connection has carried (0 for a fresh one).
  int uses = 0;

 private:
  void connect_next(size_t index, boost::system::error_code last);
  void handshake();
  void opened(Failure failure);
  // Arms the deadline of the one operation in progress (timeout 0: none);
  // `phase` names it in the Timeout message.
  void arm(std::chrono::milliseconds timeout, const char* phase);
  // The operation ended: Aborted or Timeout if it was cut short, else nothing.
  Failure disarm();
  // Stops the operation in progress (cancel() or its deadline).
  void interrupt();

  boost::asio::io_context& loop_;
  Origin origin_;
  boost::asio::ip::tcp::socket socket_;
  std::optional<boost::asio::ssl::stream<boost::asio::ip::tcp::socket&>> tls_;
  std::string name_mismatch_;  // rustls' text when the certificate names another host
  std::shared_ptr<Lookup> lookup_;  // the name lookup in progress
  boost::asio::steady_timer deadline_;
  TlsConfig* tls_config_ = nullptr;
  std::vector<boost::asio::ip::tcp::endpoint> endpoints_;
  Done open_done_;
  unsigned generation_ = 0;  // which operation the armed deadline belongs to
  const char* phase_ = "";
  bool armed_ = false;
  bool timed_out_ = false;
  bool cancelled_ = false;
};

}  // namespace toolchain::http_client
