#include "transport/transport.h"

#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <boost/asio/write.hpp>
#include <cerrno>
#include <cstring>

namespace toolchain::daemon {

namespace asio = boost::asio;

void Transport::start(Callbacks callbacks) {
  callbacks_ = std::move(callbacks);
  read_loop();
}

void Transport::read_loop() {
  if (closed_ || reading_stopped_) return;
  auto self = shared_from_this();
  async_wait_readable([self](const boost::system::error_code& ec) {
    if (self->closed_) return;
    if (ec) return self->finish("read failed: " + ec.message());
    self->on_readable();
  });
}

void Transport::on_readable() {
  auto self = shared_from_this();  // callbacks may drop the last other reference
  std::array<char, 64 * 1024> buf;
  // A bounded number of reads per wake-up so one busy peer cannot starve others.
  for (int round = 0; round < 16; ++round) {
    std::vector<UniqueFd> fds;
    ssize_t n = read_some(buf.data(), buf.size(), fds);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) break;
      return finish(std::string("read failed: ") + std::strerror(errno));
    }
    if (n == 0) {
      // The peer is done sending; what we owe it is still written (it may have
      // only shut down its writing side).
      close_after_flush(parser_.mid_frame() ? "peer closed the connection in the middle of a message"
                                            : "peer closed the connection");
      return;
    }
    parser_.feed(std::string_view(buf.data(), static_cast<std::size_t>(n)), std::move(fds));
    for (;;) {
      Frame frame;
      auto status = parser_.next(frame);
      if (status == FrameParser::Status::kNeedMore) break;
      if (status == FrameParser::Status::kError) {
        reading_stopped_ = true;
        if (callbacks_.on_framing_error) callbacks_.on_framing_error(parser_.error());
        close_after_flush("malformed message header");
        return;
      }
      if (callbacks_.on_frame) callbacks_.on_frame(std::move(frame));
      if (closed_ || reading_stopped_) return;
    }
  }
  read_loop();
}

void Transport::send(std::string body) {
  if (closed_) return;
  out_.push_back(encode_frame(body));
  write_next();
}

void Transport::write_next() {
  if (writing_ || closed_) return;
  if (out_.empty()) {
    if (close_when_flushed_) finish(close_reason_);
    return;
  }
  writing_ = true;
  auto self = shared_from_this();
  async_write(out_.front(), [self](const boost::system::error_code& ec, std::size_t) {
    self->writing_ = false;
    if (self->closed_) return self->out_.clear();
    if (ec) return self->finish("write failed: " + ec.message());
    self->out_.pop_front();
    self->write_next();
  });
}

void Transport::close() { finish("closed"); }

void Transport::close_after_flush(const std::string& reason) {
  if (close_reason_.empty()) close_reason_ = reason;
  close_when_flushed_ = true;
  reading_stopped_ = true;
  write_next();
}

void Transport::finish(const std::string& why) {
  if (closed_) return;
  closed_ = true;
  if (!writing_) out_.clear();  // else the aborted write's completion clears it
  close_io();
  // The callbacks stay: finish() may run inside on_frame. Holders of callbacks
  // that point back at their owner must capture it weakly.
  if (auto on_close = std::move(callbacks_.on_close)) on_close(why);
}

// --- SocketTransport ---

std::shared_ptr<SocketTransport> SocketTransport::create(asio::local::stream_protocol::socket socket,
                                                         FrameParser::Limits limits) {
  return std::shared_ptr<SocketTransport>(new SocketTransport(std::move(socket), limits));
}

void SocketTransport::async_wait_readable(WaitHandler handler) {
  socket_.async_wait(asio::socket_base::wait_read, std::move(handler));
}

ssize_t SocketTransport::read_some(char* buf, std::size_t size, std::vector<UniqueFd>& fds) {
  constexpr std::size_t kMaxFds = 32;
  alignas(struct cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)];
  iovec iov{buf, size};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof(control);
  ssize_t n = ::recvmsg(socket_.native_handle(), &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
  if (n < 0) return n;
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c != nullptr; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    std::size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (std::size_t i = 0; i < count; ++i) {
      int fd;
      std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
      fds.emplace_back(fd);
    }
  }
  // MSG_CTRUNC: the kernel closed the descriptors that did not fit; the frame
  // then carries fewer than were sent and its method rejects it.
  return n;
}

void SocketTransport::async_write(const std::string& data, WriteHandler handler) {
  asio::async_write(socket_, asio::buffer(data), std::move(handler));
}

void SocketTransport::close_io() {
  boost::system::error_code ignored;
  socket_.cancel(ignored);
  socket_.close(ignored);
}

// --- StreamTransport ---

std::shared_ptr<StreamTransport> StreamTransport::create(const asio::any_io_executor& executor,
                                                         int in_fd, int out_fd,
                                                         FrameParser::Limits limits) {
  return std::shared_ptr<StreamTransport>(new StreamTransport(executor, in_fd, out_fd, limits));
}

void StreamTransport::async_wait_readable(WaitHandler handler) {
  in_.async_wait(asio::posix::descriptor_base::wait_read, std::move(handler));
}

ssize_t StreamTransport::read_some(char* buf, std::size_t size, std::vector<UniqueFd>&) {
  if (!in_.native_non_blocking()) {
    boost::system::error_code ignored;
    in_.native_non_blocking(true, ignored);
  }
  return ::read(in_.native_handle(), buf, size);
}

void StreamTransport::async_write(const std::string& data, WriteHandler handler) {
  asio::async_write(out_, asio::buffer(data), std::move(handler));
}

void StreamTransport::close_io() {
  boost::system::error_code ignored;
  in_.cancel(ignored);
  in_.close(ignored);
  out_.cancel(ignored);
  out_.close(ignored);
}

}  // namespace toolchain::daemon
