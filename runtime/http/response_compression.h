#pragma once
// Deno.serve's automatic response compression (opt-in in Deno 2.9.6: the
// `automaticCompression` option, or DENO_SERVE_AUTOMATIC_COMPRESSION set to
// anything but "0"/"false"). No V8, no I/O: the server asks `negotiate` once
// per response and runs the body through an `Encoder`.
//
// The rules are Deno's, as observed with real requests (tests/e2e/server/
// compression_cases.py): the request's Accept-Encoding picks br or gzip by
// q-value (ties: br, then gzip, then identity); the response is compressed
// when its content-type is in mime-db's compressible list, it has no
// Content-Encoding or Content-Range, Cache-Control has no `no-transform`,
// and a static body has at least 64 bytes. A compressed response gets
// `Content-Encoding`, `Vary: Accept-Encoding` (merged into the handler's
// Vary), a weak ETag, and loses its Content-Length (it goes chunked).
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace toolchain::http {

enum class Coding { None, Gzip, Brotli };

// The coding a request's Accept-Encoding (all its field values joined with
// ", "; empty when absent) asks for among br, gzip and identity.
Coding preferred_coding(std::string_view accept_encoding);

// Whether a Content-Type value names a compressible media type.
bool compressible_content_type(std::string_view content_type);

// Decides for one response. `headers` is the flat [name, value, …] list with
// lower-case names; `static_length` the static body's size (nullopt for a
// stream). When it returns a coding, `rewritten` holds the headers to send.
Coding negotiate(std::string_view accept_encoding, const std::vector<std::string>& headers,
                 std::optional<size_t> static_length, std::vector<std::string>& rewritten);

// A streaming encoder: each `write` flushes, so what it returns decodes on
// its own (a stream's chunks reach the client as they come); `finish` ends
// the coded stream.
class Encoder {
 public:
  static std::unique_ptr<Encoder> make(Coding coding, bool whole_body);
  virtual ~Encoder() = default;
  // Appends the coded bytes for `input` to `out`.
  virtual void write(std::span<const uint8_t> input, std::string& out) = 0;
  virtual void finish(std::string& out) = 0;
};

}  // namespace toolchain::http
