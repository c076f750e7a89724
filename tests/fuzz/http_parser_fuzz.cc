// libFuzzer target for runtime/http/request_parser (run by CTest, label "fuzz").
// Besides ASan/UBSan, it checks the parser's contract: the same bytes give the
// same requests whether they arrive at once or split at arbitrary points.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "http/request_parser.h"

using namespace toolchain::http;

namespace {

// A transcript of the events, so two ways of feeding can be compared.
std::string run(std::string_view data, uint8_t split_seed) {
  RequestParser parser({.max_request_line = 256, .max_header_bytes = 512, .max_headers = 8, .max_chunk_line = 64});
  std::string log;
  size_t offset = 0;
  uint32_t rng = split_seed * 2654435761u + 1;
  while (offset <= data.size()) {
    size_t piece = data.size() - offset;
    if (split_seed) {
      rng = rng * 1103515245u + 12345u;
      piece = std::min<size_t>(piece, (rng >> 16) % 17);
    }
    std::string_view input = data.substr(offset, piece);
    offset += piece;
    for (;;) {
      Step step = parser.parse(input);
      if (step.consumed > input.size()) abort();
      input.remove_prefix(step.consumed);
      if (step.event == Event::Error) return log + "E" + std::to_string(parser.error().status);
      if (step.event == Event::Head) {
        auto& h = parser.head();
        log += "H" + h.method + " " + h.target + std::to_string(h.version_minor) + (h.keep_alive ? "k" : "c") + "\n";
        for (auto& [n, v] : h.headers) log.append(n).append(":").append(v).append("\n");
      } else if (step.event == Event::Body) {
        if (step.body.empty()) abort();
        log += std::string(step.body);  // pieces differ with the split, the bytes do not
      } else if (step.event == Event::MessageEnd) {
        log += "M";
        for (auto& [n, v] : parser.trailers()) log += n + ":" + v + "\n";
      } else if (input.empty()) {
        break;
      } else {
        abort();  // NeedMore with input left over
      }
    }
    if (piece == 0 && offset == data.size()) break;
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
