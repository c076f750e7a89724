#pragma once
// HTTP/1.1 response parsing as RFC 9112 describes it, with no I/O: the status
// line and header section, and the framing of the body that follows
// (Content-Length, chunked with trailers, or delimited by the connection's close).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolchain::http_client {

struct Header {
  std::string name;   // as received
  std::string value;  // leading and trailing whitespace removed
};

struct ResponseHead {
  int version_minor = 1;  // HTTP/1.<minor>
  int status = 0;
  std::string reason;
  std::vector<Header> headers;

  // The combined value of every field named `name` (", "-joined), or "" if none.
  std::string get(std::string_view name) const;
  bool has(std::string_view name) const;
  // True if the Connection field lists `option` (case-insensitively).
  bool connection_has(std::string_view option) const;
};

// The largest header section accepted (status line included).
inline constexpr size_t kMaxHeadSize = 256 * 1024;

// Parses the response head at the front of `data`. Returns the bytes it took
// (through the empty line), or 0 if `data` does not yet hold a whole head.
// Throws HttpError(Protocol) for malformed input or a head over kMaxHeadSize.
size_t parse_response_head(std::string_view data, ResponseHead& head);

// How the body after a head ends, and the decoding of chunked framing.
class BodyFraming {
 public:
  enum class Mode { None, Length, Chunked, UntilClose };

  // RFC 9112 §6.3 for the response to a request with `request_method`. Throws
  // HttpError(Protocol) for an invalid or conflicting Content-Length.
  static BodyFraming for_response(const ResponseHead& head, std::string_view request_method);
  static BodyFraming of(Mode mode, uint64_t length = 0);

  Mode mode() const { return mode_; }
  // Moves body bytes from `in` (framed bytes as received) to `out`, removing the
  // framing; returns {bytes of `in` taken, bytes written to `out`}. Stops at the
  // end of the body: bytes past it are left in `in`.
  std::pair<size_t, size_t> decode(std::span<const uint8_t> in, std::span<uint8_t> out);
  // The peer closed the connection: the end for UntilClose, an error otherwise.
  void end_of_input();
  // Length and UntilClose bodies only: `n` body bytes were read straight into
  // the caller's memory (no framing to remove); counts them.
  void account(size_t n);
  bool done() const { return state_ == State::Done; }
  // Bytes of body still expected in Length mode.
  uint64_t remaining() const { return remaining_; }
  // A connection whose body ended by close cannot carry another response.
  bool reusable() const { return mode_ != Mode::UntilClose; }
  const std::vector<Header>& trailers() const { return trailers_; }

 private:
  enum class State { Data, Size, Extension, SizeLf, ChunkData, ChunkCr, ChunkLf, Trailer, Done };
  Mode mode_ = Mode::None;
  State state_ = State::Done;
  uint64_t remaining_ = 0;
  int size_digits_ = 0;
  std::string trailer_line_;
  std::vector<Header> trailers_;
};

}  // namespace toolchain::http_client
