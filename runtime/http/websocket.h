#pragma once
// A server-side WebSocket connection (RFC 6455) on the runtime's Asio loop:
// the socket Deno.serve hands over after a 101 response, frames parsed in C++
// (websocket_frame.h), pings answered and the close handshake done here;
// JavaScript (websocket.js) hears of each message and of the end through one
// callback: on_event(kind, a, b, c) with
//   kOpen                    the socket is ready
//   kText (string)           a text message
//   kBinary (ArrayBuffer)    a binary message
//   kPong                    a pong (the idle timeout's answer)
//   kError (message)         the connection failed; kClose follows
//   kClose (code, reason, wasClean)  the end; nothing follows
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <v8.h>

#include "core/resources.h"
#include "http/listener.h"
#include "http/websocket_frame.h"

namespace toolchain {
class Runtime;
}

namespace toolchain::http {

class WebSocketConnection : public std::enable_shared_from_this<WebSocketConnection> {
 public:
  enum EventKind { kOpen = 0, kText = 1, kBinary = 2, kPong = 3, kError = 4, kClose = 5 };

  // `idle_timeout_ms`: 0, or ping after half of it without a frame from the
  // client and fail with 1001 if the other half passes without one.
  WebSocketConnection(Runtime& rt, v8::Local<v8::Function> on_event, uint32_t idle_timeout_ms);
  ~WebSocketConnection();

  // The upgraded connection (none: the client left before the hand-off).
  void start(std::unique_ptr<http::Stream> socket, std::string read_ahead);

  // A text or binary message; ignored once closing.
  void send(websocket::Opcode opcode, const uint8_t* data, size_t size);
  // Starts the closing handshake (kNoStatus: a close frame without a code).
  void close(uint16_t code, const std::string& reason);
  // The server shuts down: as Deno, a close frame 1001 "Server shutting
  // down", then the socket closes without waiting for the client's answer and
  // JavaScript gets kClose(1005, "", clean).
  void go_away();
  // Payload bytes queued and not yet written (WebSocket.bufferedAmount).
  size_t buffered_amount() const { return buffered_; }
  // JavaScript let go (after the close event, or at the program's end): the
  // socket closes, no event follows and the V8 handle goes now, while the
  // isolate exists (a handler still queued on the loop may keep this object
  // past it).
  void detach();

 private:
  enum class State { Connecting, Open, Closing, Closed };

  void read_more();
  // Parses the input and delivers what it completes.
  void process();
  void queue_frame(std::string frame, size_t payload_size);
  void flush();
  // The connection failed (protocol error, idle timeout): a close frame with
  // `code` and `wire_reason`, then the socket closes; JavaScript gets
  // kError(message) then kClose(event_code, event_reason, not clean).
  void fail(uint16_t code, const std::string& wire_reason, const std::string& message, uint16_t event_code,
            const std::string& event_reason);
  // The connection is over: once the queued frames are written, the socket
  // closes and JavaScript gets kClose(code, reason, clean).
  void end(uint16_t code, const std::string& reason, bool clean);
  void finish();
  void arm_idle_timer();
  // Calls on_event(kind, …) with the values `make(isolate, argv)` puts in argv; returns their count.
  template <typename Make>
  void emit(EventKind kind, Make make);

  Runtime& rt_;
  v8::Global<v8::Function> on_event_;
  std::unique_ptr<http::Stream> socket_;
  boost::asio::steady_timer idle_timer_, close_timer_;
  std::chrono::milliseconds idle_period_;  // half the idle timeout
  bool ping_outstanding_ = false;
  State state_ = State::Connecting;
  bool reading_ = false;
  bool close_received_ = false;
  bool close_sent_ = false;
  bool close_socket_ = false;  // after the queued frames are written
  bool ref_ = true;            // an open connection keeps the program alive
  websocket::FrameParser parser_;
  std::string in_;
  std::unique_ptr<char[]> buffer_;
  // Frames to write: queued, and being written.
  std::deque<std::pair<std::string, size_t>> queue_;
  std::vector<std::pair<std::string, size_t>> in_flight_;
  bool writing_ = false;
  bool flush_posted_ = false;
  size_t buffered_ = 0;
  // The close event, given once the socket is closed.
  std::optional<std::tuple<uint16_t, std::string, bool>> end_;
};

// What the resource table holds for a socket: dropping it (op_ws_release, or
// the runtime's end, before the isolate goes) detaches the connection.
class WebSocketResource : public Resource {
 public:
  explicit WebSocketResource(std::shared_ptr<WebSocketConnection> connection) : connection(std::move(connection)) {}
  ~WebSocketResource() override { connection->detach(); }
  std::string_view name() const override { return "serverWebSocket"; }
  const std::shared_ptr<WebSocketConnection> connection;
};

}  // namespace toolchain::http
