#pragma once
// The WebSocket wire format (RFC 6455) for the server side: an incremental
// parser of the frames a client sends, the writer of the frames a server
// sends, and the handshake's accept key. No V8, no I/O: unit-tested alone.
//
//   FrameParser p;
//   for (;;) {
//     auto step = p.parse(input);   // consumes a prefix of `input`
//     input.remove_prefix(step.consumed);
//     switch (step.event) {
//       case FrameEvent::NeedMore: … read more, call again …
//       case FrameEvent::Text / Binary: p.payload() is the whole message (fragments joined)
//       case FrameEvent::Ping / Pong:   p.payload() is the control frame's payload
//       case FrameEvent::Close:         p.close_code() and p.payload() (the reason)
//       case FrameEvent::Error:         p.failure(): the close code to send, and why; stop
//     }
//   }
//
// It promises the same events whatever the split of the input, and fails
// (with the status code §7.4.1 gives) on: an unmasked frame (§5.1), reserved
// bits (§5.2; no extension is negotiated), a reserved opcode, a fragmented or
// over-long control frame (§5.5), a continuation with no message in progress
// or a new message inside one (§5.4): 1002; invalid UTF-8 in a text message
// or a close reason (§8.1), checked as the bytes arrive: 1007; a message over
// `max_message` bytes: 1009; a bad close payload (one byte, or a code §7.4
// does not allow on the wire): 1002.
#include <cstdint>
#include <string>
#include <string_view>

namespace toolchain::http::websocket {

enum class Opcode : uint8_t { Continuation = 0, Text = 1, Binary = 2, Close = 8, Ping = 9, Pong = 10 };

// Close codes of RFC 6455 §7.4.1.
constexpr uint16_t kNormalClosure = 1000;
constexpr uint16_t kGoingAway = 1001;
constexpr uint16_t kProtocolError = 1002;
constexpr uint16_t kNoStatus = 1005;   // never sent: "the close frame had no code"
constexpr uint16_t kAbnormal = 1006;   // never sent: "the connection closed without a close frame"
constexpr uint16_t kInvalidData = 1007;
constexpr uint16_t kTooBig = 1009;

// Codes an endpoint may put in a close frame (§7.4.1, §7.4.2 and the IANA registry).
bool close_code_allowed_on_wire(uint32_t code);

// Incremental UTF-8 validation (RFC 3629: no overlongs, surrogates or code points past U+10FFFF).
class Utf8Validator {
 public:
  // False as soon as the bytes so far cannot begin valid UTF-8.
  bool feed(const uint8_t* data, size_t size);
  // True if the bytes fed so far end on a character boundary.
  bool complete() const { return need_ == 0; }
  void reset() { need_ = 0, low_ = 0x80, high_ = 0xbf; }

 private:
  uint8_t need_ = 0;  // continuation bytes still to come
  uint8_t low_ = 0x80, high_ = 0xbf;  // the range of the next continuation byte
};

enum class FrameEvent { NeedMore, Text, Binary, Ping, Pong, Close, Error };

struct FrameStep {
  FrameEvent event;
  size_t consumed;  // bytes of the input used by this step
};

struct Failure {
  uint16_t code = 0;    // the close code to send
  std::string message;  // what was wrong (Deno's wording where it has one)
};

class FrameParser {
 public:
  // Deno (fastwebsockets) allows messages up to 64 MiB.
  static constexpr uint64_t kDefaultMaxMessage = 64ull << 20;
  explicit FrameParser(uint64_t max_message = kDefaultMaxMessage) : max_message_(max_message) {}

  FrameStep parse(std::string_view input);

  // The message, control payload or close reason of the last event; the
  // caller may move it out (it is cleared before the next frame is read).
  std::string& payload() { return payload_; }
  uint16_t close_code() const { return close_code_; }
  const Failure& failure() const { return failure_; }

 private:
  enum class State { Head, Payload, Failed };

  FrameStep fail(uint16_t code, std::string message, size_t consumed);
  // After a frame's head: checks it and decides where its payload goes.
  bool accept_head();
  // After a frame's payload: the event it completes, if any.
  FrameEvent finish_frame();

  uint64_t max_message_;
  State state_ = State::Head;
  uint8_t head_[14];
  size_t head_size_ = 0;  // bytes of head_ read so far
  // The frame being read.
  bool fin_ = false;
  Opcode opcode_ = Opcode::Continuation;
  uint64_t remaining_ = 0;  // payload bytes still to come
  uint8_t mask_[4] = {};
  size_t mask_at_ = 0;      // position in the mask of the next payload byte
  // The message being assembled (data frames) and the control frame's payload.
  Opcode message_ = Opcode::Continuation;  // Text or Binary while fragments come; Continuation otherwise
  std::string message_bytes_;
  std::string control_;
  Utf8Validator utf8_;
  std::string payload_;
  uint16_t close_code_ = kNoStatus;
  Failure failure_;
};

// Appends a server frame's head (unmasked, no extensions) for a payload of `size` bytes.
void append_frame_head(std::string& out, Opcode opcode, uint64_t size, bool fin = true);
// A whole server frame.
std::string server_frame(Opcode opcode, std::string_view payload);
// The payload of a close frame: the code (none if kNoStatus) and the reason.
std::string close_payload(uint16_t code, std::string_view reason);
// A client frame, masked with `mask` (tests and tools speak as a client).
std::string client_frame(Opcode opcode, std::string_view payload, uint32_t mask, bool fin = true, uint8_t rsv = 0);

// Sec-WebSocket-Accept for a Sec-WebSocket-Key (§4.2.2): base64(SHA-1(key + GUID)).
std::string accept_key(std::string_view key);

}  // namespace toolchain::http::websocket
