// libFuzzer target for runtime/http/websocket_frame's FrameParser (run by
// CTest, label "fuzz"). Besides ASan/UBSan, it checks the parser's contract:
// the same events whether the bytes arrive at once or split at arbitrary
// points, every step consuming only what it was given, and nothing read after
// an error.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "http/websocket_frame.h"

using namespace toolchain::http::websocket;

namespace {

// A transcript of the events, so two ways of feeding can be compared. A small
// message limit makes the 1009 path reachable.
std::string run(std::string_view data, uint8_t split_seed) {
  FrameParser parser(/*max_message=*/4096);
  std::string log;
  size_t offset = 0;
  uint32_t rng = split_seed * 2654435761u + 1;
  while (offset < data.size()) {
    size_t piece = data.size() - offset;
    if (split_seed) {
      rng = rng * 1103515245u + 12345u;
      piece = std::min<size_t>(piece, 1 + (rng >> 16) % 23);
    }
    std::string_view input = data.substr(offset, piece);
    offset += piece;
    for (;;) {
      FrameStep step = parser.parse(input);
      if (step.consumed > input.size()) abort();
      input.remove_prefix(step.consumed);
      switch (step.event) {
        case FrameEvent::NeedMore:
          if (!input.empty()) abort();  // NeedMore with input left over
          break;
        case FrameEvent::Error:
          // Failed for good: a second call reports the error again and reads nothing.
          if (parser.parse(input).consumed != 0) abort();
          return log + "E" + std::to_string(parser.failure().code) + parser.failure().message;
        case FrameEvent::Text:
        case FrameEvent::Binary:
          if (parser.payload().size() > 4096) abort();
          log += (step.event == FrameEvent::Text ? "T" : "B") + std::to_string(parser.payload().size()) + ":" +
                 parser.payload() + "\n";
          break;
        case FrameEvent::Ping:
        case FrameEvent::Pong:
          if (parser.payload().size() > 125) abort();
          log += (step.event == FrameEvent::Ping ? "I" : "O") + parser.payload() + "\n";
          break;
        case FrameEvent::Close:
          if (parser.close_code() != kNoStatus && !close_code_allowed_on_wire(parser.close_code())) abort();
          log += "C" + std::to_string(parser.close_code()) + parser.payload() + "\n";
          break;
      }
      if (step.event == FrameEvent::NeedMore) break;
    }
  }
  return log;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  uint8_t seed = data[0] | 1;
  if (run(input, 0) != run(input, seed)) abort();
  return 0;
}
