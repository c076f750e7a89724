#include "http/listener.h"

#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/write.hpp>

#include "http/tls_stream.h"

namespace toolchain::http {

namespace {

using tcp = asio::ip::tcp;
using unix_socket = asio::local::stream_protocol;

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
};

class TcpListener : public Listener {
 public:
  TcpListener(asio::io_context& loop, const tcp::endpoint& endpoint, bool reuse_port,
              std::shared_ptr<asio::ssl::context> tls)
      : acceptor_(loop), tls_(std::move(tls)) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(tcp::acceptor::reuse_address(true));
    if (reuse_port) acceptor_.set_option(asio::detail::socket_option::boolean<SOL_SOCKET, SO_REUSEPORT>(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    local_ = acceptor_.local_endpoint();
  }

  void async_accept(AcceptHandler handler) override {
    acceptor_.async_accept([this, handler = std::move(handler)](boost::system::error_code ec, tcp::socket socket) {
      if (ec) return handler(ec, nullptr);
      socket.set_option(tcp::no_delay(true), ec);
      if (tls_) return handler({}, make_tls_stream(std::move(socket), tls_));
      handler({}, std::make_unique<SocketStream<tcp::socket>>(std::move(socket)));
    });
  }

  void close() override {
    boost::system::error_code ec;
    acceptor_.close(ec);
  }

  ListenAddress address() const override {
    return ListenAddress{"tcp", local_.address().to_string(), local_.port(), {}};
  }

  std::string_view scheme() const override { return tls_ ? "https" : "http"; }

 private:
  tcp::acceptor acceptor_;
  tcp::endpoint local_;
  std::shared_ptr<asio::ssl::context> tls_;
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

std::unique_ptr<Listener> listen_tcp(asio::io_context& loop, const tcp::endpoint& endpoint, bool reuse_port,
                                     std::shared_ptr<asio::ssl::context> tls) {
  return std::make_unique<TcpListener>(loop, endpoint, reuse_port, std::move(tls));
}

std::unique_ptr<Listener> listen_unix(asio::io_context& loop, const std::string& path, const std::string& shown) {
  return std::make_unique<UnixListener>(loop, path, shown);
}

}  // namespace toolchain::http
