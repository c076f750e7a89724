#pragma once
// What Deno.serve listens on and what a connection reads and writes: a TCP
// socket (optionally with SO_REUSEPORT), TLS over TCP, or a Unix domain socket.
// The server (server.cc) sees only these two interfaces; everything that
// differs between the socket kinds lives here and in tls_stream.cc.
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace boost::asio::ssl {
class context;
}

namespace toolchain::core {
class IoRing;
}

namespace toolchain::http {

namespace asio = boost::asio;

// Who hears of the reads and writes a Stream does for it (the HTTP connection).
class IoTarget {
 public:
  virtual ~IoTarget() = default;
  virtual void read_done(boost::system::error_code ec, size_t n) = 0;
  virtual void write_done(boost::system::error_code ec, size_t n) = 0;
};

// A large write (a page of HTML, a big chunk) sends its first bytes (a
// response's head) on their own, then the rest, as hyper does for Deno. Sent
// in one call, the first TCP segment filled the client's initial receive
// window (64 KiB on loopback), the client's kernel never saw it read fast
// enough to grow the window, and every large response stalled on a zero
// window (wrk -c50 on a 112 KB page: p99 1.1 s and timeouts; then 0.4 s).
constexpr size_t kLargeWrite = 64 * 1024;
constexpr size_t kLeadBytes = 1024;
// How many bytes of a write of `total` bytes, whose first buffer holds
// `first`, go alone before the rest (0: all at once).
inline size_t lead_bytes(size_t first, size_t total) {
  return total > kLargeWrite ? std::min(first, kLeadBytes) : 0;
}

// One accepted connection's byte stream. Handlers run on the loop.
class Stream {
 public:
  using IoHandler = std::function<void(boost::system::error_code, size_t)>;
  virtual ~Stream() = default;
  // As async_read_some and async_write, telling `target` (kept alive until
  // then). A plain socket does these without a heap allocation per operation:
  // one read and one write in flight at most, each in memory the stream keeps.
  virtual void read_for(asio::mutable_buffer into, std::shared_ptr<IoTarget> target);
  virtual void write_for(const std::vector<asio::const_buffer>& buffers, std::shared_ptr<IoTarget> target);
  // Writes what the socket takes of `buffers` now, without waiting, and says
  // how many bytes that was (0 if it would block; `ec` set if it failed). A
  // plain socket only: other streams write nothing here (their writes go
  // through async_write).
  virtual size_t write_now(const std::vector<asio::const_buffer>& buffers, boost::system::error_code& ec) {
    ec = {};
    return 0;
  }
  virtual void async_read_some(asio::mutable_buffer into, IoHandler handler) = 0;
  // Writes all of `buffers` (they stay valid until the handler runs).
  virtual void async_write(const std::vector<asio::const_buffer>& buffers, IoHandler handler) = 0;
  // Shuts the socket down and closes it; pending operations end with an error.
  // Bytes the peer already sent are read and dropped first, so that closing
  // does not reset the connection (and lose what was just written).
  virtual void close() = 0;
  // Ends pending operations (operation_aborted); the stream stays open.
  virtual void cancel() = 0;
  // The peer of a TCP connection (default-constructed for Unix sockets).
  virtual asio::ip::tcp::endpoint remote() const = 0;
};

// Where a server listens, as Deno.serve's `addr` tells it.
struct ListenAddress {
  std::string transport;  // "tcp" or "unix"
  std::string hostname;   // tcp
  uint16_t port = 0;      // tcp
  std::string path;       // unix
};

class Listener {
 public:
  using AcceptHandler = std::function<void(boost::system::error_code, std::unique_ptr<Stream>)>;
  virtual ~Listener() = default;
  virtual void async_accept(AcceptHandler handler) = 0;
  // A connection already waiting, accepted without waiting; null if none. The
  // server takes all that wait after each accept, as Deno's accept loop does:
  // one accept per loop turn left the last of 125 new connections waiting
  // behind many batches of slow handlers (wrk -c125: seconds, timeouts).
  virtual std::unique_ptr<Stream> accept_waiting() { return nullptr; }
  // Stops listening (pending accepts end with an error); idempotent.
  virtual void close() = 0;
  virtual ListenAddress address() const = 0;
  // The request URL's scheme: "http", "https" or "http+unix".
  virtual std::string_view scheme() const = 0;
  // The io_uring its connections read and write through, if any (the server
  // opens a core::IoRing::Batch around a batch of responses).
  virtual core::IoRing* ring() const { return nullptr; }
};

// TCP on `endpoint`; `reuse_port` sets SO_REUSEPORT so several listeners (one
// per worker of `serve --parallel`) share the port and the kernel spreads the
// connections. With `tls`, each connection is TLS (the handshake happens on the
// connection's first read). With `use_ring`, plain connections read and write
// through the loop's io_uring where the kernel has one (http/ring_stream.h),
// else through Asio's epoll. Throws boost::system::system_error.
std::unique_ptr<Listener> listen_tcp(asio::io_context& loop, const asio::ip::tcp::endpoint& endpoint,
                                     bool reuse_port, std::shared_ptr<asio::ssl::context> tls, bool use_ring);

// A Unix domain socket at `path` (absolute), shown as `shown` (the path as the
// program gave it, as Deno's addr does). The socket file is removed when the
// listener closes. Throws boost::system::system_error (EADDRINUSE if `path` exists).
std::unique_ptr<Listener> listen_unix(asio::io_context& loop, const std::string& path, const std::string& shown);

}  // namespace toolchain::http
