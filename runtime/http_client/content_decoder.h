#pragma once
// Response Content-Encoding decoders: gzip and deflate (zlib) and br (brotli),
// streaming: bytes in, bytes out, in pieces of any size.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <utility>

namespace toolchain::http_client {

class ContentDecoder {
 public:
  virtual ~ContentDecoder() = default;
  // Decodes from `in` into `out`; returns {bytes of `in` taken, bytes written}.
  // Throws HttpError(Io) for corrupt data.
  virtual std::pair<size_t, size_t> decode(std::span<const uint8_t> in, std::span<uint8_t> out) = 0;
  // True once the encoded stream's own end marker has been decoded and output drained.
  virtual bool finished() const = 0;

  // The decoder for a Content-Encoding value ("gzip", "x-gzip", "deflate", "br"),
  // or null for identity, an unknown coding or a list of several codings (the
  // body is then passed through as it came, with its Content-Encoding).
  static std::unique_ptr<ContentDecoder> for_encoding(std::string_view content_encoding);
};

}  // namespace toolchain::http_client
