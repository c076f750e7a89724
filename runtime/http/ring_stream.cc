#include "http/ring_stream.h"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include <boost/asio/error.hpp>

namespace toolchain::http {

namespace {

using tcp = asio::ip::tcp;
using boost::system::error_code;

// Writes up to this size that come in pieces are copied into one buffer.
constexpr size_t kGatherLimit = 4096;
// Bytes received while no read waits (pipelined requests, a request read
// later) are kept up to about this much; then the socket stops receiving
// until they are read, so a client that floods fills its own window as it
// would if we did not read.
constexpr size_t kInboxLimit = 64 * 1024;

error_code error_of(int result) {
  if (result == 0) return asio::error::eof;
  return error_code(-result, boost::system::system_category());
}

// The socket and its one read and one write in flight. Shared: an operation
// keeps it alive until the kernel is done with the operation's memory, even
// when the stream has gone (closed, its operations cancelled) before that.
struct Socket : std::enable_shared_from_this<Socket> {
  // Who hears: a target (the HTTP connection) or a handler (a WebSocket).
  struct Listener {
    std::shared_ptr<IoTarget> target;
    Stream::IoHandler handler;
    bool empty() const { return !target && !handler; }
    // Tells the end of a read (or a write) to whichever it is.
    void tell(bool read, error_code ec, size_t n) const {
      if (!target) handler(ec, n);
      else if (read) target->read_done(ec, n);
      else target->write_done(ec, n);
    }
  };

  // The reads, where the ring provides buffers: one receive stays armed
  // (receive_many) and what it brings goes to the read waiting, or to `inbox`.
  struct Receive final : core::IoRing::Receiver {
    Socket* socket = nullptr;
    std::shared_ptr<Socket> keep;  // while armed
    void received(int result, const char* data, bool more) override { socket->received(result, data, more); }
    void abandon() override {
      socket->read.listener = {};
      keep.reset();  // may destroy this operation's socket, and so this: last
    }
  };

  struct Read final : core::IoRing::Operation {
    Listener listener;
    asio::mutable_buffer into;     // (with a Receive: where the waiting read wants its bytes)
    std::shared_ptr<Socket> keep;  // while in flight
    void complete(int result) override {
      auto hold = std::move(keep);
      auto to = std::move(listener);
      listener = {};
      to.tell(true, result > 0 ? error_code() : error_of(result), result > 0 ? static_cast<size_t>(result) : 0);
    }
    void abandon() override {
      listener = {};
      keep.reset();  // may destroy this operation's socket, and so this: last
    }
  };

  struct Write final : core::IoRing::Operation {
    Socket* socket = nullptr;
    Listener listener;
    std::shared_ptr<Socket> keep;
    std::vector<iovec> parts;  // what is left to write
    size_t first = 0;          // the first part not yet written
    msghdr message{};
    size_t total = 0;
    size_t lead = 0;       // bytes at the start that go in a send of their own
    std::string gathered;  // the pieces of a small write, copied together
    void complete(int result) override {
      if (result > 0) {
        // A short write (a signal, or a kernel that does not go on by itself): the rest.
        size_t n = static_cast<size_t>(result);
        lead -= std::min(lead, n);
        while (first < parts.size() && n >= parts[first].iov_len) n -= parts[first++].iov_len;
        if (first < parts.size()) {
          parts[first].iov_base = static_cast<char*>(parts[first].iov_base) + n;
          parts[first].iov_len -= n;
          socket->submit_write();
          return;
        }
      }
      auto hold = std::move(keep);
      auto to = std::move(listener);
      listener = {};
      to.tell(false, result >= 0 ? error_code() : error_of(result), result >= 0 ? total : 0);
    }
    void abandon() override {
      listener = {};
      keep.reset();
    }
  };

  Socket(core::IoRing& ring, int fd) : ring(ring), fd(fd) {
    write.socket = this;
    receive.socket = this;
  }
  ~Socket() { close(); }

  void start_read(asio::mutable_buffer into, Listener to) {
    read.listener = std::move(to);
    if (fd < 0 || !ring.open()) return fail(read, asio::error::bad_descriptor);
    if (!ring.receives_many()) {
      read.keep = shared_from_this();
      ring.recv(fd, into.data(), into.size(), read);
      return;
    }
    read.into = into;
    if (inbox_at < inbox.size() || ended) {
      // What came already is told from the loop, as any other completion.
      asio::post(ring.loop(), [self = shared_from_this()] { self->deliver(); });
      return;
    }
    arm();
  }

  // (Receive) The receive, armed unless it is, or the inbox is full, or the stream ended.
  void arm() {
    if (receiving || ended || fd < 0 || !ring.open() || inbox.size() - inbox_at >= kInboxLimit) return;
    receiving = true;
    receive.keep = shared_from_this();
    ring.receive_many(fd, receive);
  }

  // Tells the waiting read what the inbox has (or how the stream ended).
  void deliver() {
    if (read.listener.empty()) return;  // cancelled or closed meanwhile
    auto to = std::move(read.listener);
    read.listener = {};
    if (inbox_at < inbox.size()) {
      size_t n = std::min(read.into.size(), inbox.size() - inbox_at);
      std::memcpy(read.into.data(), inbox.data() + inbox_at, n);
      inbox_at += n;
      if (inbox_at == inbox.size()) {
        inbox.clear();
        inbox_at = 0;
      }
      arm();  // (stopped when the inbox was full)
      to.tell(true, error_code(), n);
    } else {
      to.tell(true, end, 0);
    }
  }

  void received(int result, const char* data, bool more) {
    std::shared_ptr<Socket> hold;  // keeps this alive through the call when the receive ends
    if (!more) {
      hold = std::move(receive.keep);
      receiving = false;
    }
    bool stopped = stopping && !more;
    if (!more) stopping = false;
    if (result > 0) {
      size_t n = static_cast<size_t>(result);
      if (!read.listener.empty() && inbox_at == inbox.size()) {
        // A read waits (the usual case): the bytes go straight to it.
        size_t now = std::min(n, read.into.size());
        std::memcpy(read.into.data(), data, now);
        inbox.append(data + now, n - now);
        auto to = std::move(read.listener);
        read.listener = {};
        if (!more) arm();
        to.tell(true, error_code(), now);
        return;
      }
      inbox.append(data, n);
      if (more && !stopping && inbox.size() - inbox_at >= kInboxLimit) {
        stopping = true;  // until the inbox is read
        ring.cancel(receive);
      }
      if (!more) arm();
      return;
    }
    if (result == -ENOBUFS || (result == -ECANCELED && stopped)) {
      // The ring's buffers ran out for a moment, or our own stop: armed again when there is room.
      if (!read.listener.empty()) arm();
      return;
    }
    if (result != -ECANCELED) {
      // The end of the stream (0) or an error: every read from now on hears it.
      ended = true;
      end = error_of(result);
    }
    if (read.listener.empty() || inbox_at < inbox.size()) return;
    auto to = std::move(read.listener);
    read.listener = {};
    to.tell(true, error_of(result), 0);
  }

  template <typename Buffers>
  void start_write(const Buffers& buffers, Listener to) {
    write.listener = std::move(to);
    if (fd < 0 || !ring.open()) return fail(write, asio::error::bad_descriptor);
    write.parts.clear();
    write.first = 0;
    write.total = 0;
    for (const auto& b : buffers) {
      if (b.size() == 0) continue;
      write.parts.push_back(iovec{const_cast<void*>(b.data()), b.size()});
      write.total += b.size();
    }
    if (write.parts.size() > 1 && write.total <= kGatherLimit) {
      // A few small pieces (a streamed response's head, chunk and last
      // chunk) go out as one buffer: a plain send costs the kernel less than
      // a sendmsg, which imports a message header and an iovec array.
      write.gathered.clear();
      for (const auto& part : write.parts) write.gathered.append(static_cast<const char*>(part.iov_base), part.iov_len);
      write.parts.assign(1, iovec{write.gathered.data(), write.gathered.size()});
    }
    write.lead = write.parts.empty() ? 0 : lead_bytes(write.parts[0].iov_len, write.total);
    write.keep = shared_from_this();
    if (write.parts.empty()) {
      // Nothing to write: done, from the loop as any other completion.
      write.keep.reset();
      return fail(write, {});
    }
    submit_write();
  }

  void submit_write() {
    size_t count = write.parts.size() - write.first;
    if (write.lead > 0) {  // (listener.h, kLargeWrite)
      ring.send(fd, write.parts[write.first].iov_base, write.lead, write);
      return;
    }
    if (count == 1) {
      ring.send(fd, write.parts[write.first].iov_base, write.parts[write.first].iov_len, write);
      return;
    }
    write.message = msghdr{};
    write.message.msg_iov = write.parts.data() + write.first;
    write.message.msg_iovlen = std::min<size_t>(count, IOV_MAX);
    ring.sendmsg(fd, write.message, write);
  }

  // An operation that cannot start ends from the loop, as Asio's do.
  template <typename Op>
  void fail(Op& op, error_code ec) {
    auto to = std::move(op.listener);
    op.listener = {};
    asio::post(ring.loop(), [to = std::move(to), ec] { to.tell(std::is_same_v<Op, Read>, ec, 0); });
  }

  void cancel() {
    if (fd >= 0 && (!read.listener.empty() || !write.listener.empty() || receiving)) ring.cancel(fd);
  }

  // As SocketStream::close: what the peer already sent is read and dropped so
  // that closing does not reset the connection and lose what we wrote.
  void close() {
    if (fd < 0) return;
    cancel();
    char sink[4096];
    int available = 0;
    while (::ioctl(fd, FIONREAD, &available) == 0 && available > 0) {
      if (::recv(fd, sink, sizeof sink, MSG_DONTWAIT) <= 0) break;
    }
    ::shutdown(fd, SHUT_RDWR);
    ::close(fd);
    fd = -1;
  }

  core::IoRing& ring;
  int fd;
  Read read;
  Write write;
  Receive receive;
  bool receiving = false;  // receive is armed
  bool stopping = false;   // ... and being cancelled because the inbox is full
  std::string inbox;       // received, not yet read: from inbox_at on
  size_t inbox_at = 0;
  bool ended = false;      // the stream ended (end: eof or the error)
  error_code end;
};

class RingStream : public Stream {
 public:
  RingStream(core::IoRing& ring, int fd, tcp::endpoint remote)
      : socket_(std::make_shared<Socket>(ring, fd)), remote_(remote) {}
  ~RingStream() override { socket_->close(); }

  void read_for(asio::mutable_buffer into, std::shared_ptr<IoTarget> target) override {
    socket_->start_read(into, {std::move(target), nullptr});
  }
  void write_for(const std::vector<asio::const_buffer>& buffers, std::shared_ptr<IoTarget> target) override {
    socket_->start_write(buffers, {std::move(target), nullptr});
  }
  // write_now() stays Stream's "0 bytes": the batch's writes go through the
  // ring, submitted together at the end of the loop turn.
  void async_read_some(asio::mutable_buffer into, IoHandler handler) override {
    socket_->start_read(into, {nullptr, std::move(handler)});
  }
  void async_write(const std::vector<asio::const_buffer>& buffers, IoHandler handler) override {
    socket_->start_write(buffers, {nullptr, std::move(handler)});
  }
  void close() override { socket_->close(); }
  void cancel() override { socket_->cancel(); }
  tcp::endpoint remote() const override { return remote_; }

 private:
  std::shared_ptr<Socket> socket_;
  tcp::endpoint remote_;
};

}  // namespace

std::unique_ptr<Stream> make_ring_stream(core::IoRing& ring, tcp::socket socket) {
  error_code ec;
  tcp::endpoint remote = socket.remote_endpoint(ec);
  int fd = socket.release(ec);
  if (ec) return nullptr;
  // Blocking again: the ring waits for readiness itself, and a non-blocking
  // descriptor would have it answer -EAGAIN instead.
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return std::make_unique<RingStream>(ring, fd, remote);
}

}  // namespace toolchain::http
