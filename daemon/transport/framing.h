#pragma once
// The LSP's base protocol framing: `Content-Length: N\r\n` (other headers accepted
// and ignored), a blank line, then N bytes of body. Pure: no I/O, so the same
// parser serves a Unix socket (with file descriptors) and stdio.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "transport/unique_fd.h"

namespace toolchain::daemon {

// One message: its body and the file descriptors that arrived with it.
struct Frame {
  std::string body;
  std::vector<UniqueFd> fds;
};

// "Content-Length: N\r\n\r\n" + body.
std::string encode_frame(std::string_view body);

class FrameParser {
 public:
  struct Limits {
    std::size_t max_header_bytes = 8 * 1024;
    std::size_t max_body_bytes = 64 * 1024 * 1024;
  };
  enum class Status { kFrame, kNeedMore, kError };

  FrameParser() : FrameParser(Limits{}) {}
  explicit FrameParser(Limits limits) : limits_(limits) {}

  // Appends bytes read from the stream and the descriptors received with them
  // (one recvmsg). The descriptors go to the last frame that starts within these
  // bytes, or, when none does, to the frame these bytes belong to. Why the last:
  // one recvmsg may return bytes sent earlier without descriptors followed by
  // those of the sendmsg that carried them, never anything sent after that; so
  // when each message is sent with one sendmsg (as docs/protocol.md asks), the
  // descriptors' frame is the last one to start in the bytes they came with.
  void feed(std::string_view data, std::vector<UniqueFd> fds = {});

  // kFrame: `out` holds the next frame. kNeedMore: feed more. kError: the header
  // is malformed (the stream cannot be re-synchronised); error() says why and
  // every later call returns kError.
  Status next(Frame& out);

  const std::string& error() const { return error_; }
  // Bytes are buffered that do not yet make a whole frame.
  bool mid_frame() const { return start_ < buffer_.size(); }

 private:
  struct FdBatch {
    std::uint64_t begin, end;  // stream offsets of the bytes they came with
    std::vector<UniqueFd> fds;
  };
  Status fail(std::string message);
  void take_fds(std::uint64_t frame_begin, std::uint64_t frame_end, std::vector<UniqueFd>& out);

  Limits limits_;
  std::string buffer_;
  std::size_t start_ = 0;      // first unconsumed byte in buffer_
  std::uint64_t base_ = 0;     // stream offset of buffer_[0]
  std::deque<FdBatch> batches_;
  std::string error_;
};

}  // namespace toolchain::daemon
