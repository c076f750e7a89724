#include "http/websocket.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include "bridge/convert.h"
#include "core/runtime.h"

namespace toolchain::http {

namespace asio = boost::asio;
using namespace websocket;

namespace {
constexpr size_t kReadSize = 64 * 1024;
// How long a close we started waits for the client's close frame.
constexpr auto kCloseTimeout = std::chrono::seconds(10);
}  // namespace

WebSocketConnection::WebSocketConnection(Runtime& rt, v8::Local<v8::Function> on_event, uint32_t idle_timeout_ms)
    : rt_(rt),
      on_event_(rt.isolate(), on_event),
      idle_timer_(rt.loop()),
      close_timer_(rt.loop()),
      idle_period_(idle_timeout_ms / 2) {
  rt_.ref();
}

WebSocketConnection::~WebSocketConnection() { detach(); }

void WebSocketConnection::detach() {
  state_ = State::Closed;
  idle_timer_.cancel();
  close_timer_.cancel();
  if (socket_) socket_->close();
  on_event_.Reset();
  if (ref_) {
    ref_ = false;
    rt_.unref();
  }
}

template <typename Make>
void WebSocketConnection::emit(EventKind kind, Make make) {
  if (on_event_.IsEmpty()) return;  // detached
  v8::Isolate* isolate = rt_.isolate();
  v8::HandleScope scope(isolate);
  v8::Context::Scope context_scope(rt_.context());
  v8::Local<v8::Value> argv[4];
  argv[0] = v8::Integer::New(isolate, kind);
  int argc = 1 + make(isolate, argv + 1);
  rt_.call_from_loop(on_event_.Get(isolate), argc, argv);
}

void WebSocketConnection::start(std::unique_ptr<http::Stream> socket, std::string read_ahead) {
  if (!socket) {
    // The client went away before the 101 response was written.
    state_ = State::Closed;
    emit(kError, [](v8::Isolate* isolate, v8::Local<v8::Value>* argv) {
      argv[0] = bridge::v8_str(isolate, "connection closed before the upgrade");
      return 1;
    });
    end_.emplace(kAbnormal, "", false);
    finish();
    return;
  }
  socket_ = std::move(socket);
  in_ = std::move(read_ahead);
  asio::post(rt_.loop(), [self = shared_from_this()] {
    if (self->state_ == State::Closed) return;
    if (self->state_ == State::Connecting) {
      self->state_ = State::Open;
      self->emit(kOpen, [](v8::Isolate*, v8::Local<v8::Value>*) { return 0; });
      if (self->close_sent_) self->state_ = State::Closing;  // the server went away first (go_away)
    }
    self->arm_idle_timer();
    self->flush();
    self->process();
    self->read_more();
  });
}

void WebSocketConnection::read_more() {
  if (reading_ || close_received_ || state_ == State::Closed || !socket_) return;
  reading_ = true;
  // Not zeroed: only the pages a read fills become resident (an idle keep-alive
  // connection holds one, not 64 KiB).
  if (!buffer_) buffer_ = std::make_unique_for_overwrite<char[]>(kReadSize);
  socket_->async_read_some(asio::buffer(buffer_.get(), kReadSize),
                           [self = shared_from_this()](boost::system::error_code ec, size_t n) {
                             self->reading_ = false;
                             if (self->state_ == State::Closed) return;
                             if (ec) {
                               // Gone without a close frame (or mid-message).
                               if (!self->end_) {
                                 if (self->state_ == State::Open) {
                                   self->emit(kError, [](v8::Isolate* isolate, v8::Local<v8::Value>* argv) {
                                     argv[0] = bridge::v8_str(isolate, "Unexpected EOF");
                                     return 1;
                                   });
                                 }
                                 self->end_.emplace(kAbnormal, "", false);
                               }
                               self->finish();
                               return;
                             }
                             self->in_.append(self->buffer_.get(), n);
                             self->process();
                             self->read_more();
                           });
}

void WebSocketConnection::process() {
  std::string_view input(in_);
  size_t used = 0;
  while (!close_received_ && state_ != State::Closed) {
    auto step = parser_.parse(input.substr(used));
    used += step.consumed;
    if (step.event == FrameEvent::NeedMore) break;
    // Any frame shows the client is there.
    ping_outstanding_ = false;
    arm_idle_timer();
    switch (step.event) {
      case FrameEvent::Text:
      case FrameEvent::Binary: {
        if (state_ != State::Open) break;  // after close(): dropped, as the standard says
        bool is_text = step.event == FrameEvent::Text;
        emit(is_text ? kText : kBinary, [&](v8::Isolate* isolate, v8::Local<v8::Value>* argv) {
          auto& payload = parser_.payload();
          if (is_text) {
            argv[0] = v8::String::NewFromUtf8(isolate, payload.data(), v8::NewStringType::kNormal,
                                              static_cast<int>(payload.size()))
                          .ToLocalChecked();
          } else {
            // The message's own memory becomes the ArrayBuffer's.
            auto* owned = new std::string(std::move(payload));
            auto store = v8::ArrayBuffer::NewBackingStore(
                owned->data(), owned->size(),
                [](void*, size_t, void* owner) { delete static_cast<std::string*>(owner); }, owned);
            argv[0] = v8::ArrayBuffer::New(isolate, std::move(store));
          }
          return 1;
        });
        break;
      }
      case FrameEvent::Ping:
        if (!close_sent_) queue_frame(server_frame(Opcode::Pong, parser_.payload()), 0);
        break;
      case FrameEvent::Pong:
        break;
      case FrameEvent::Close: {
        close_received_ = true;
        uint16_t code = parser_.close_code();
        std::string reason = parser_.payload();
        if (!close_sent_) {
          // The client closed first: echo its close frame (§5.5.1), then close the socket.
          close_sent_ = true;
          queue_frame(server_frame(Opcode::Close, close_payload(code, reason)), 0);
        }
        state_ = State::Closing;
        end(code, reason, true);
        break;
      }
      case FrameEvent::Error: {
        auto failure = parser_.failure();
        fail(failure.code, "", failure.message, kAbnormal, "");
        break;
      }
      default:
        break;
    }
  }
  in_.erase(0, used);
}

void WebSocketConnection::queue_frame(std::string frame, size_t payload_size) {
  buffered_ += payload_size;
  queue_.emplace_back(std::move(frame), payload_size);
  if (!socket_ || writing_ || flush_posted_) return;
  // Frames queued in one turn of the loop leave in one writev.
  flush_posted_ = true;
  asio::post(rt_.loop(), [self = shared_from_this()] {
    self->flush_posted_ = false;
    self->flush();
  });
}

void WebSocketConnection::flush() {
  if (writing_ || !socket_ || state_ == State::Closed) return;
  if (queue_.empty()) {
    if (close_socket_) finish();
    return;
  }
  writing_ = true;
  in_flight_.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
  queue_.clear();
  std::vector<asio::const_buffer> buffers;
  buffers.reserve(in_flight_.size());
  for (auto& [frame, size] : in_flight_) buffers.push_back(asio::buffer(frame));
  socket_->async_write(buffers, [self = shared_from_this()](boost::system::error_code ec, size_t) {
    self->writing_ = false;
    for (auto& [frame, size] : self->in_flight_) self->buffered_ -= size;
    self->in_flight_.clear();
    if (self->state_ == State::Closed) return;
    if (ec) {
      if (!self->end_) self->end_.emplace(kAbnormal, "", false);
      self->finish();
      return;
    }
    self->flush();
  });
}

void WebSocketConnection::send(Opcode opcode, const uint8_t* data, size_t size) {
  if ((state_ != State::Open && state_ != State::Connecting) || close_sent_) return;
  std::string frame;
  frame.reserve(size + 10);
  append_frame_head(frame, opcode, size);
  frame.append(reinterpret_cast<const char*>(data), size);
  queue_frame(std::move(frame), size);
}

void WebSocketConnection::close(uint16_t code, const std::string& reason) {
  if (close_sent_ || state_ == State::Closed) return;
  close_sent_ = true;
  state_ = State::Closing;
  queue_frame(server_frame(Opcode::Close, close_payload(code, reason)), 0);
  // The client has a while to answer with its own close frame.
  close_timer_.expires_after(kCloseTimeout);
  close_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->state_ == State::Closed || self->end_) return;
    self->end_.emplace(kAbnormal, "", false);
    self->finish();
  });
}

void WebSocketConnection::go_away() {
  if (state_ == State::Closed || end_) return;
  close_received_ = true;  // read no more
  if (!close_sent_) {
    close_sent_ = true;
    queue_frame(server_frame(Opcode::Close, close_payload(kGoingAway, "Server shutting down")), 0);
  }
  // Not connected yet: start() opens (as Deno), writes the frame and closes.
  if (!socket_) {
    end_.emplace(kNoStatus, "", true);
    close_socket_ = true;
    return;
  }
  state_ = State::Closing;
  end(kNoStatus, "", true);
}

void WebSocketConnection::fail(uint16_t code, const std::string& wire_reason, const std::string& message,
                               uint16_t event_code, const std::string& event_reason) {
  if (state_ == State::Closed || end_) return;
  close_received_ = true;  // read no more
  if (!close_sent_) {
    close_sent_ = true;
    queue_frame(server_frame(Opcode::Close, close_payload(code, wire_reason)), 0);
  }
  state_ = State::Closing;
  emit(kError, [&](v8::Isolate* isolate, v8::Local<v8::Value>* argv) {
    argv[0] = bridge::v8_str(isolate, message);
    return 1;
  });
  end(event_code, event_reason, false);
}

void WebSocketConnection::end(uint16_t code, const std::string& reason, bool clean) {
  if (!end_) end_.emplace(code, reason, clean);
  close_socket_ = true;
  if (!writing_ && queue_.empty() && !flush_posted_) finish();
}

void WebSocketConnection::finish() {
  if (state_ == State::Closed && !ref_) return;
  state_ = State::Closed;
  boost::system::error_code ec;
  idle_timer_.cancel();
  close_timer_.cancel();
  // Bytes the client sent after its close frame are dropped by close(), so
  // closing does not reset the connection (and lose our close frame).
  if (socket_) socket_->close();
  if (!ref_) return;
  ref_ = false;
  auto [code, reason, clean] = end_.value_or(std::make_tuple(kAbnormal, std::string(), false));
  auto self = shared_from_this();
  rt_.unref();
  emit(kClose, [&](v8::Isolate* isolate, v8::Local<v8::Value>* argv) {
    argv[0] = v8::Integer::New(isolate, code);
    argv[1] = bridge::v8_str(isolate, reason);
    argv[2] = v8::Boolean::New(isolate, clean);
    return 3;
  });
}

void WebSocketConnection::arm_idle_timer() {
  if (idle_period_.count() == 0 || state_ != State::Open) return;
  idle_timer_.expires_after(idle_period_);
  idle_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->state_ != State::Open) return;
    if (!self->ping_outstanding_) {
      self->ping_outstanding_ = true;
      self->queue_frame(server_frame(Opcode::Ping, ""), 0);
      self->arm_idle_timer();
      return;
    }
    // Deno's wording and codes: 1001 on the wire and in the close event.
    const std::string reason = "No response from ping frame.";
    self->fail(kGoingAway, reason, reason, kGoingAway, reason);
  });
}

}  // namespace toolchain::http
