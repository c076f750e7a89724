#include "http/response_compression.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <stdexcept>

#include <brotli/encode.h>
#include <zlib.h>

namespace toolchain::http {

namespace {

constexpr std::string_view kCompressibleTypes[] = {
#include "http/compressible_types.inc"
};

// A static body smaller than this is sent as it is (Deno's threshold).
constexpr size_t kMinLength = 64;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A q-value as Deno reads it: a decimal float (sign, fraction and exponent
// allowed, nothing else), between 0 and 1. nullopt when malformed.
std::optional<double> parse_q(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t int_digits = 0, frac_digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++int_digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++frac_digits;
  }
  if (int_digits + frac_digits == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < s.size() && is_digit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  std::string text(s.front() == '+' ? s.substr(1) : s);
  double q = std::strtod(text.c_str(), nullptr);
  if (!(q >= 0 && q <= 1)) return std::nullopt;
  return q;
}

std::string_view header(const std::vector<std::string>& headers, std::string_view name) {
  for (size_t i = 0; i + 1 < headers.size(); i += 2) {
    if (headers[i] == name) return headers[i + 1];
  }
  return {};
}

bool has_header(const std::vector<std::string>& headers, std::string_view name) {
  for (size_t i = 0; i + 1 < headers.size(); i += 2) {
    if (headers[i] == name) return true;
  }
  return false;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Cache-Control's no-transform directive, matched as Deno does (exactly, case included).
bool no_transform(std::string_view cache_control) {
  while (!cache_control.empty()) {
    size_t comma = cache_control.find(',');
    if (trim(cache_control.substr(0, comma)) == "no-transform") return true;
    if (comma == std::string_view::npos) break;
    cache_control.remove_prefix(comma + 1);
  }
  return false;
}

class GzipEncoder : public Encoder {
 public:
  explicit GzipEncoder(int level) {
    // windowBits 15 + 16: a gzip wrapper around the deflate stream.
    if (deflateInit2(&z_, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
      throw std::runtime_error("gzip: deflateInit2 failed");
    }
  }
  ~GzipEncoder() override { deflateEnd(&z_); }
  void write(std::span<const uint8_t> input, std::string& out) override {
    if (!input.empty()) run(input, Z_SYNC_FLUSH, out);
  }
  void finish(std::string& out) override { run({}, Z_FINISH, out); }

 private:
  void run(std::span<const uint8_t> input, int flush, std::string& out) {
    z_.next_in = const_cast<Bytef*>(input.data());
    z_.avail_in = static_cast<uInt>(input.size());
    do {
      size_t at = out.size();
      size_t room = deflateBound(&z_, z_.avail_in) + 64;
      out.resize(at + room);
      z_.next_out = reinterpret_cast<Bytef*>(out.data() + at);
      z_.avail_out = static_cast<uInt>(room);
      int rc = deflate(&z_, flush);
      out.resize(at + room - z_.avail_out);
      if (rc == Z_STREAM_END) break;
      if (rc != Z_OK && rc != Z_BUF_ERROR) throw std::runtime_error("gzip: deflate failed");
    } while (z_.avail_in > 0 || z_.avail_out == 0);
  }
  z_stream z_{};
};

class BrotliEncoder : public Encoder {
 public:
  BrotliEncoder() : state_(BrotliEncoderCreateInstance(nullptr, nullptr, nullptr)) {
    if (!state_) throw std::runtime_error("brotli: out of memory");
    BrotliEncoderSetParameter(state_, BROTLI_PARAM_QUALITY, 6);
    BrotliEncoderSetParameter(state_, BROTLI_PARAM_LGWIN, 22);
  }
  ~BrotliEncoder() override { BrotliEncoderDestroyInstance(state_); }
  void write(std::span<const uint8_t> input, std::string& out) override {
    if (!input.empty()) run(input, BROTLI_OPERATION_FLUSH, out);
  }
  void finish(std::string& out) override { run({}, BROTLI_OPERATION_FINISH, out); }

 private:
  void run(std::span<const uint8_t> input, BrotliEncoderOperation op, std::string& out) {
    size_t avail_in = input.size();
    const uint8_t* next_in = input.data();
    while (true) {
      size_t avail_out = 0;
      if (!BrotliEncoderCompressStream(state_, op, &avail_in, &next_in, &avail_out, nullptr, nullptr)) {
        throw std::runtime_error("brotli: compression failed");
      }
      size_t size = 0;
      const uint8_t* bytes = BrotliEncoderTakeOutput(state_, &size);
      out.append(reinterpret_cast<const char*>(bytes), size);
      bool done = op == BROTLI_OPERATION_FINISH ? BrotliEncoderIsFinished(state_) : avail_in == 0;
      if (done && !BrotliEncoderHasMoreOutput(state_)) break;
    }
  }
  BrotliEncoderState* state_;
};

}  // namespace

Coding preferred_coding(std::string_view accept_encoding) {
  // The highest q wins; among equals br, then gzip, then identity (which means none).
  auto rank = [](Coding c, bool identity) { return identity ? 1 : c == Coding::Gzip ? 2 : 3; };
  double best_q = 0;
  int best_rank = 0;
  Coding best = Coding::None;
  while (!accept_encoding.empty()) {
    size_t comma = accept_encoding.find(',');
    std::string_view item = trim(accept_encoding.substr(0, comma));
    accept_encoding.remove_prefix(comma == std::string_view::npos ? accept_encoding.size() : comma + 1);
    if (item.empty()) continue;
    size_t semi = item.find(';');
    std::string_view name = item.substr(0, semi);
    double q = 1;
    if (semi != std::string_view::npos) {
      std::string_view param = item.substr(semi + 1);
      if (!param.starts_with("q=")) continue;  // a malformed item is skipped
      auto parsed = parse_q(param.substr(2));
      if (!parsed) continue;
      q = *parsed;
    }
    Coding coding;
    bool identity = false;
    if (name == "br") coding = Coding::Brotli;
    else if (name == "gzip") coding = Coding::Gzip;
    else if (name == "identity") coding = Coding::None, identity = true;
    else continue;  // other codings, "*" and other spellings take no part
    if (q <= 0) continue;
    int r = rank(coding, identity);
    if (q > best_q || (q == best_q && r > best_rank)) {
      best_q = q;
      best_rank = r;
      best = coding;
    }
  }
  return best;
}

bool compressible_content_type(std::string_view content_type) {
  std::string essence = lower(content_type.substr(0, content_type.find(';')));
  return std::binary_search(std::begin(kCompressibleTypes), std::end(kCompressibleTypes), std::string_view(essence));
}

Coding negotiate(std::string_view accept_encoding, const std::vector<std::string>& headers,
                 std::optional<size_t> static_length, std::vector<std::string>& rewritten) {
  if (accept_encoding.empty() || (static_length && *static_length < kMinLength)) return Coding::None;
  Coding coding = preferred_coding(accept_encoding);
  if (coding == Coding::None) return Coding::None;
  if (!has_header(headers, "content-type") || !compressible_content_type(header(headers, "content-type"))) {
    return Coding::None;
  }
  if (has_header(headers, "content-encoding") || has_header(headers, "content-range")) return Coding::None;
  if (no_transform(header(headers, "cache-control"))) return Coding::None;

  bool has_vary = false;
  std::vector<std::string> out;
  out.reserve(headers.size() + 4);
  for (size_t i = 0; i + 1 < headers.size(); i += 2) {
    const auto& name = headers[i];
    std::string value = headers[i + 1];
    if (name == "content-length") continue;  // the coded length is not known yet
    if (name == "vary" && !has_vary) {
      has_vary = true;
      if (lower(value).find("accept-encoding") == std::string::npos) value = "Accept-Encoding, " + value;
    } else if (name == "etag" && !value.starts_with("W/")) {
      value = "W/" + value;  // the coded bytes differ from those the strong tag named
    }
    out.push_back(name);
    out.push_back(std::move(value));
  }
  if (!has_vary) {
    out.emplace_back("vary");
    out.emplace_back("Accept-Encoding");
  }
  out.emplace_back("content-encoding");
  out.emplace_back(coding == Coding::Gzip ? "gzip" : "br");
  rewritten = std::move(out);
  return coding;
}

std::unique_ptr<Encoder> Encoder::make(Coding coding, bool whole_body) {
  switch (coding) {
    case Coding::Gzip: return std::make_unique<GzipEncoder>(whole_body ? 1 : 6);
    case Coding::Brotli: return std::make_unique<BrotliEncoder>();
    case Coding::None: break;
  }
  return nullptr;
}

}  // namespace toolchain::http
