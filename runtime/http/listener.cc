#include "http/listener.h"

#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include <boost/asio/bind_allocator.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/write.hpp>

#include "http/ring_stream.h"
#include "http/tls_stream.h"

namespace toolchain::http {

namespace {

using tcp = asio::ip::tcp;
using unix_socket = asio::local::stream_protocol;

// Memory for one Asio operation at a time. Asio's own per-thread cache keeps
// two blocks, and a server has an operation pending on every connection, so
// without this each read and write of a request would be a malloc and a free.
struct OpSlot {
  static constexpr size_t kSize = 2048;  // a write of up to 64 buffers fits
  alignas(std::max_align_t) unsigned char bytes[kSize];
  bool used = false;
};

template <typename T>
struct SlotAllocator {
  using value_type = T;
  OpSlot* slot;
  explicit SlotAllocator(OpSlot* s) : slot(s) {}
  template <typename U>
  SlotAllocator(const SlotAllocator<U>& other) : slot(other.slot) {}
  T* allocate(size_t n) {
    if (!slot->used && n * sizeof(T) <= OpSlot::kSize) {
      slot->used = true;
      return reinterpret_cast<T*>(slot->bytes);
    }
    return std::allocator<T>().allocate(n);
  }
  void deallocate(T* p, size_t n) {
    if (reinterpret_cast<unsigned char*>(p) == slot->bytes) slot->used = false;
    else std::allocator<T>().deallocate(p, n);
  }
  template <typename U>
  bool operator==(const SlotAllocator<U>& other) const { return slot == other.slot; }
};

// A plain socket of either kind.
template <typename Socket>
class SocketStream : public Stream {
 public:
  explicit SocketStream(Socket socket) : socket_(std::move(socket)) {}

  void async_read_some(asio::mutable_buffer into, IoHandler handler) override {
    socket_.async_read_some(into, std::move(handler));
  }
  void async_write(const std::vector<asio::const_buffer>& buffers, IoHandler handler) override {
    asio::async_write(socket_, buffers, std::move(handler));
  }
  // (The operation's memory is released before its handler runs, so the
  // handler may start the next one; the target owns this stream, so the slot
  // outlives the operation.)
  void read_for(asio::mutable_buffer into, std::shared_ptr<IoTarget> target) override {
    socket_.async_read_some(into, asio::bind_allocator(SlotAllocator<char>(&read_slot_),
                                                       [target = std::move(target)](boost::system::error_code ec,
                                                                                    size_t n) { target->read_done(ec, n); }));
  }
  void write_for(const std::vector<asio::const_buffer>& buffers, std::shared_ptr<IoTarget> target) override {
    auto done = asio::bind_allocator(SlotAllocator<char>(&write_slot_),
                                     [target = std::move(target)](boost::system::error_code ec, size_t n) {
                                       target->write_done(ec, n);
                                     });
    // One buffer goes out with send(2) rather than sendmsg(2) (no msghdr, no iovec to import).
    if (buffers.size() == 1) asio::async_write(socket_, buffers[0], std::move(done));
    else asio::async_write(socket_, buffers, std::move(done));
  }
  static constexpr int kFlags = MSG_DONTWAIT | MSG_NOSIGNAL;  // write_now's sends
  size_t write_now(const std::vector<asio::const_buffer>& buffers, boost::system::error_code& ec) override {
    ec = {};
    if (!socket_.is_open() || buffers.empty()) return 0;
    size_t total = 0;
    for (const auto& b : buffers) total += b.size();
    if (size_t lead = lead_bytes(buffers[0].size(), total)) {
      // (listener.h, kLargeWrite) The lead alone, then the rest as usual.
      ssize_t sent = ::send(socket_.native_handle(), buffers[0].data(), lead, kFlags);
      if (sent < static_cast<ssize_t>(lead)) return finish_write_now(sent, ec);
      std::vector<asio::const_buffer> rest(buffers.begin(), buffers.end());
      rest[0] += lead;
      if (rest[0].size() == 0) rest.erase(rest.begin());
      return lead + send_now(rest, ec);
    }
    return send_now(buffers, ec);
  }
  // One send(2) or sendmsg(2) of `buffers`, without waiting.
  size_t send_now(const std::vector<asio::const_buffer>& buffers, boost::system::error_code& ec) {
    ssize_t n;
    if (buffers.size() == 1) {
      n = ::send(socket_.native_handle(), buffers[0].data(), buffers[0].size(), kFlags);
    } else {
      constexpr size_t kMaxIov = 64;
      iovec iov[kMaxIov];
      size_t count = std::min(buffers.size(), kMaxIov);
      for (size_t i = 0; i < count; ++i) {
        iov[i].iov_base = const_cast<void*>(buffers[i].data());
        iov[i].iov_len = buffers[i].size();
      }
      msghdr message{};
      message.msg_iov = iov;
      message.msg_iovlen = count;
      n = ::sendmsg(socket_.native_handle(), &message, kFlags);
    }
    return finish_write_now(n, ec);
  }
  // What write_now() says for a send(2) or sendmsg(2) that returned `n`.
  static size_t finish_write_now(ssize_t n, boost::system::error_code& ec) {
    if (n >= 0) return static_cast<size_t>(n);
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
      ec = boost::system::error_code(errno, boost::system::system_category());
    }
    return 0;
  }
  void close() override {
    boost::system::error_code ec;
    char sink[4096];
    while (socket_.available(ec) > 0 && !ec) socket_.read_some(asio::buffer(sink), ec);
    socket_.shutdown(Socket::shutdown_both, ec);
    socket_.close(ec);
  }
  void cancel() override {
    boost::system::error_code ec;
    socket_.cancel(ec);
  }
  tcp::endpoint remote() const override {
    if constexpr (std::is_same_v<Socket, tcp::socket>) {
      boost::system::error_code ec;
      return socket_.remote_endpoint(ec);
    } else {
      return {};
    }
  }

 private:
  Socket socket_;
  OpSlot read_slot_, write_slot_;
};

class TcpListener : public Listener {
 public:
  TcpListener(asio::io_context& loop, const tcp::endpoint& endpoint, bool reuse_port,
              std::shared_ptr<asio::ssl::context> tls, bool use_ring)
      : acceptor_(loop), tls_(std::move(tls)) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(tcp::acceptor::reuse_address(true));
    if (reuse_port) acceptor_.set_option(asio::detail::socket_option::boolean<SOL_SOCKET, SO_REUSEPORT>(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    local_ = acceptor_.local_endpoint();
    // (After the acceptor: the loop's reactor is made first, and so outlives the ring.)
    if (use_ring && !tls_) ring_ = core::IoRing::of(loop);
  }

  void async_accept(AcceptHandler handler) override {
    acceptor_.async_accept([this, handler = std::move(handler)](boost::system::error_code ec, tcp::socket socket) {
      if (ec) return handler(ec, nullptr);
      auto stream = stream_of(std::move(socket));
      if (!stream) return handler(asio::error::bad_descriptor, nullptr);
      handler({}, std::move(stream));
    });
  }

  std::unique_ptr<Stream> accept_waiting() override {
    boost::system::error_code ec;
    if (!acceptor_.non_blocking()) acceptor_.non_blocking(true, ec);
    // (Asio's own async_accept copes with a non-blocking acceptor.)
    for (;;) {
      tcp::socket socket = acceptor_.accept(ec);
      if (ec) return nullptr;  // none waiting (or a failed one: the async accept sees it next)
      if (auto stream = stream_of(std::move(socket))) return stream;
    }
  }

  void close() override {
    boost::system::error_code ec;
    acceptor_.close(ec);
  }

  ListenAddress address() const override {
    return ListenAddress{"tcp", local_.address().to_string(), local_.port(), {}};
  }

  std::string_view scheme() const override { return tls_ ? "https" : "http"; }
  core::IoRing* ring() const override { return ring_; }

 private:
  std::unique_ptr<Stream> stream_of(tcp::socket socket) {
    boost::system::error_code ec;
    socket.set_option(tcp::no_delay(true), ec);
    if (tls_) return make_tls_stream(std::move(socket), tls_);
    if (ring_) return make_ring_stream(*ring_, std::move(socket));
    return std::make_unique<SocketStream<tcp::socket>>(std::move(socket));
  }

  tcp::acceptor acceptor_;
  tcp::endpoint local_;
  std::shared_ptr<asio::ssl::context> tls_;
  core::IoRing* ring_ = nullptr;  // plain connections' reads and writes, where the kernel has io_uring
};

class UnixListener : public Listener {
 public:
  UnixListener(asio::io_context& loop, const std::string& path, const std::string& shown)
      : acceptor_(loop), path_(path), shown_(shown) {
    acceptor_.open(unix_socket());
    acceptor_.bind(unix_socket::endpoint(path));
    bound_ = true;
    acceptor_.listen(asio::socket_base::max_listen_connections);
  }
  ~UnixListener() override { close(); }

  void async_accept(AcceptHandler handler) override {
    acceptor_.async_accept([handler = std::move(handler)](boost::system::error_code ec, unix_socket::socket socket) {
      if (ec) return handler(ec, nullptr);
      handler({}, std::make_unique<SocketStream<unix_socket::socket>>(std::move(socket)));
    });
  }

  // The socket file goes with the listener, as in Deno.
  void close() override {
    boost::system::error_code ec;
    acceptor_.close(ec);
    if (bound_) {
      bound_ = false;
      ::unlink(path_.c_str());
    }
  }

  ListenAddress address() const override { return ListenAddress{"unix", {}, 0, shown_}; }
  std::string_view scheme() const override { return "http+unix"; }

 private:
  unix_socket::acceptor acceptor_;
  std::string path_, shown_;
  bool bound_ = false;
};

}  // namespace

void Stream::read_for(asio::mutable_buffer into, std::shared_ptr<IoTarget> target) {
  async_read_some(into, [target = std::move(target)](boost::system::error_code ec, size_t n) { target->read_done(ec, n); });
}

void Stream::write_for(const std::vector<asio::const_buffer>& buffers, std::shared_ptr<IoTarget> target) {
  async_write(buffers, [target = std::move(target)](boost::system::error_code ec, size_t n) { target->write_done(ec, n); });
}

std::unique_ptr<Listener> listen_tcp(asio::io_context& loop, const tcp::endpoint& endpoint, bool reuse_port,
                                     std::shared_ptr<asio::ssl::context> tls, bool use_ring) {
  return std::make_unique<TcpListener>(loop, endpoint, reuse_port, std::move(tls), use_ring);
}

std::unique_ptr<Listener> listen_unix(asio::io_context& loop, const std::string& path, const std::string& shown) {
  return std::make_unique<UnixListener>(loop, path, shown);
}

}  // namespace toolchain::http
