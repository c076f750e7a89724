#pragma once
// One connection to the daemon: JSON-RPC 2.0 messages in the LSP's framing
// (`Content-Length: N\r\n\r\n` + N bytes) over a Unix stream socket, with
// blocking POSIX calls and poll. See docs/protocol.md.
#include <optional>
#include <span>
#include <string>

#include <boost/json/value.hpp>

namespace toolchain::client {

class Connection {
 public:
  // Connects to the socket at `path`; nullopt with errno set when nothing accepts.
  static std::optional<Connection> open(const std::string& path);

  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  int fd() const { return fd_; }

  // Sends one message. `fds` travel as one SCM_RIGHTS message on the frame's
  // first byte. False when the daemon is gone.
  bool send(const boost::json::value& message, std::span<const int> fds = {});

  enum class Status { Message, Timeout, Closed };
  // Waits at most `timeout_ms` (-1: forever) for the next message. A frame
  // that cannot be parsed counts as Closed: the stream cannot be trusted.
  Status read(boost::json::value& out, int timeout_ms);

  // Reads what the socket has now (call when poll says it is readable); false
  // on end of stream or error. Then take() yields any complete messages.
  bool fill();
  // Takes one complete message from the buffer, if there is one. Sets `broken`
  // when the buffered bytes are not a valid frame.
  bool take(boost::json::value& out, bool& broken);

 private:
  explicit Connection(int fd) : fd_(fd) {}
  int fd_ = -1;
  std::string buffer_;
};

// A JSON-RPC request object.
boost::json::value request(int id, const char* method, boost::json::value params = nullptr);
// A JSON-RPC notification object.
boost::json::value notification(const char* method, boost::json::value params);

// The result of a call: `ok` with `result`, or an error response (`code`,
// `message`), or the connection ended or timed out (`closed`/`timeout`).
struct Reply {
  enum class Kind { Ok, Error, Closed, Timeout } kind = Kind::Closed;
  boost::json::value result;
  long long code = 0;
  std::string message;
};

// Sends a request and waits at most `timeout_ms` for the response with its id,
// skipping notifications.
Reply call(Connection& connection, int id, const char* method, boost::json::value params, int timeout_ms);

// Milliseconds on a monotonic clock.
long long now_ms();

}  // namespace toolchain::client
