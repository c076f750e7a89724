#pragma once
// A framed, full-duplex message connection on a single-threaded Asio executor:
// frames come in through callbacks, bodies go out with send(). Two kinds:
// a Unix stream socket (frames may carry file descriptors, SCM_RIGHTS) and a
// pair of plain descriptors (stdio, for the LSP). Every member function and
// callback runs on the executor's one thread.
#include <sys/types.h>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "transport/framing.h"

namespace toolchain::daemon {

class Transport : public std::enable_shared_from_this<Transport> {
 public:
  struct Callbacks {
    std::function<void(Frame)> on_frame;
    // The byte stream is malformed beyond repair (a bad header). The transport
    // stops reading and closes once what is queued (e.g. an error reply) is written.
    std::function<void(const std::string& why)> on_framing_error;
    // Once, when the transport has closed: the peer hung up (after what was
    // queued for it is written), an I/O error, or close().
    std::function<void(const std::string& why)> on_close;
  };

  virtual ~Transport() = default;
  void start(Callbacks callbacks);
  void send(std::string body);      // queues one frame
  void close();                      // now; queued frames are dropped
  // Once queued frames are written; `reason` goes to on_close.
  void close_after_flush(const std::string& reason = "closed by this side");
  bool closed() const { return closed_; }
  bool flushed() const { return closed_ || out_.empty(); }

 protected:
  explicit Transport(FrameParser::Limits limits) : parser_(limits) {}

  // Input and output primitives of the concrete transport.
  using WaitHandler = std::function<void(const boost::system::error_code&)>;
  virtual void async_wait_readable(WaitHandler handler) = 0;
  // Reads what is available without blocking: >0 bytes, 0 at end of stream,
  // -1 with errno (EAGAIN: nothing yet). Received descriptors go to `fds`.
  virtual ssize_t read_some(char* buf, std::size_t size, std::vector<UniqueFd>& fds) = 0;
  using WriteHandler = std::function<void(const boost::system::error_code&, std::size_t)>;
  virtual void async_write(const std::string& data, WriteHandler handler) = 0;
  virtual void close_io() = 0;

 private:
  void read_loop();
  void on_readable();
  void write_next();
  void finish(const std::string& why);

  FrameParser parser_;
  Callbacks callbacks_;
  std::deque<std::string> out_;
  bool writing_ = false;
  bool reading_stopped_ = false;
  bool close_when_flushed_ = false;
  bool closed_ = false;
  std::string close_reason_;
};

// A Unix stream socket; receives descriptors with recvmsg (close-on-exec).
class SocketTransport final : public Transport {
 public:
  static std::shared_ptr<SocketTransport> create(boost::asio::local::stream_protocol::socket socket,
                                                 FrameParser::Limits limits = {});
  int native_handle() { return socket_.native_handle(); }

 private:
  SocketTransport(boost::asio::local::stream_protocol::socket socket, FrameParser::Limits limits)
      : Transport(limits), socket_(std::move(socket)) {}
  void async_wait_readable(WaitHandler handler) override;
  ssize_t read_some(char* buf, std::size_t size, std::vector<UniqueFd>& fds) override;
  void async_write(const std::string& data, WriteHandler handler) override;
  void close_io() override;

  boost::asio::local::stream_protocol::socket socket_;
};

// Frames read from one descriptor and written to another (stdin/stdout for the
// LSP). Both must be pollable (pipes, sockets, terminals), not regular files.
class StreamTransport final : public Transport {
 public:
  static std::shared_ptr<StreamTransport> create(const boost::asio::any_io_executor& executor,
                                                 int in_fd, int out_fd,
                                                 FrameParser::Limits limits = {});

 private:
  StreamTransport(const boost::asio::any_io_executor& executor, int in_fd, int out_fd,
                  FrameParser::Limits limits)
      : Transport(limits), in_(executor, in_fd), out_(executor, out_fd) {}
  void async_wait_readable(WaitHandler handler) override;
  ssize_t read_some(char* buf, std::size_t size, std::vector<UniqueFd>& fds) override;
  void async_write(const std::string& data, WriteHandler handler) override;
  void close_io() override;

  boost::asio::posix::stream_descriptor in_, out_;
};

}  // namespace toolchain::daemon
