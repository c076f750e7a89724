#pragma once
// An incremental HTTP/1.1 request parser (RFC 9112), fed byte chunks as they
// arrive from a socket. No V8, no I/O: unit-tested and fuzzed on its own.
//
//   RequestParser p;
//   for (;;) {
//     auto step = p.parse(input);      // consumes a prefix of `input`
//     input.remove_prefix(step.consumed);
//     switch (step.event) {
//       case Event::NeedMore: … read more, call again …
//       case Event::Head:       p.head() is the request line and header fields
//       case Event::Body:       step.body is the next piece of the body (a view into input)
//       case Event::MessageEnd: the request is complete; the parser is ready for the next
//       case Event::Error:      p.error() is the status to answer (then close)
//     }
//   }
//
// Strictness where framing is concerned (request smuggling): Content-Length
// and Transfer-Encoding together, a second Content-Length, a non-numeric one,
// a bad chunk size, obs-fold, whitespace before the colon, control characters
// and bare CR are errors. Bare LF ends a line, as RFC 9112 §2.2 allows.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolchain::http {

struct Limits {
  size_t max_request_line = 8 * 1024;   // longer: 414 URI Too Long
  size_t max_header_bytes = 16 * 1024;  // the whole field section; longer: 431
  size_t max_headers = 100;             // more fields: 431
  size_t max_chunk_line = 1024;         // chunk size + extensions; longer: 400
};

enum class BodyKind { None, Length, Chunked };

// A field line: its name (lower-cased) and value (without surrounding whitespace).
using Field = std::pair<std::string_view, std::string_view>;

struct RequestHead {
  std::string method;
  std::string target;
  int version_minor = 1;
  // The fields, in order: views into `bytes` (no string per field). Copies
  // and moves of a head keep them pointing into its own bytes.
  std::vector<Field> headers;
  BodyKind body = BodyKind::None;
  uint64_t content_length = 0;
  bool keep_alive = true;        // after this request (Connection, version)
  bool expect_continue = false;  // Expect: 100-continue
  // The head as received, field names lower-cased in place.
  std::string bytes;

  RequestHead() = default;
  RequestHead(const RequestHead& other) { *this = other; }
  RequestHead(RequestHead&& other) noexcept { *this = std::move(other); }
  RequestHead& operator=(const RequestHead& other);
  RequestHead& operator=(RequestHead&& other) noexcept;
};

struct ParseError {
  int status = 400;
  std::string reason;  // for logs and tests; never sent to the client
};

enum class Event { NeedMore, Head, Body, MessageEnd, Error };

struct Step {
  Event event;
  size_t consumed;        // bytes of the input used by this step
  std::string_view body;  // Event::Body: the bytes (inside the input)
};

class RequestParser {
 public:
  explicit RequestParser(Limits limits = {}) : limits_(limits) {}

  Step parse(std::string_view input);

  const RequestHead& head() const { return head_; }
  RequestHead& head() { return head_; }
  // Trailer fields of a chunked body, once MessageEnd is reported.
  const std::vector<std::pair<std::string, std::string>>& trailers() const { return trailers_; }
  const ParseError& error() const { return error_; }
  // True between Head and MessageEnd.
  bool in_body() const { return state_ == State::LengthBody || state_ >= State::ChunkSize; }
  // True before any byte of a next request was seen (an idle keep-alive connection).
  bool idle() const { return state_ == State::Head && buffer_.empty(); }

 private:
  enum class State { Head, LengthBody, Done, Failed, ChunkSize, ChunkData, ChunkDataEnd, Trailers };

  Step parse_step(std::string_view input);
  bool has_event_without_input() const;
  Step fail(int status, std::string reason, size_t consumed);
  Step parse_head(std::string_view input);
  Step parse_chunk_line(std::string_view input);
  Step parse_trailers(std::string_view input);
  // Completes head_ from the buffered head; false (and error_ set) if it is bad.
  bool interpret_head();
  bool parse_request_line(std::string_view line);
  // The field line at buffer_[start, end): its name is lower-cased in place.
  bool parse_field(size_t start, size_t end, Field& field);
  bool frame_body();
  void reset();

  Limits limits_;
  State state_ = State::Head;
  std::string buffer_;      // the head (or a chunk line, or trailers) gathered so far; head_'s fields view it
  size_t scanned_ = 0;      // where the current, unfinished line of buffer_ starts
  size_t request_line_end_ = 0;  // offset in buffer_ just after the request line
  RequestHead head_;
  std::vector<std::pair<std::string, std::string>> trailers_;
  uint64_t remaining_ = 0;  // body bytes left (of the message or of the chunk)
  ParseError error_;
};

// "Bad Request", "Request Header Fields Too Large", … for the statuses the parser gives.
std::string_view reason_phrase(int status);

}  // namespace toolchain::http
