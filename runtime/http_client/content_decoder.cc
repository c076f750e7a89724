// gzip/deflate through zlib's inflate, br through brotli's streaming decoder.
#include "http_client/content_decoder.h"

#include <algorithm>
#include <string>

#include <brotli/decode.h>
#include <zlib.h>

#include "http_client/http_error.h"

namespace toolchain::http_client {

namespace {

[[noreturn]] void corrupt(const std::string& what) {
  throw HttpError(HttpError::Kind::Io, "error decoding response body: " + what);
}

class ZlibDecoder : public ContentDecoder {
 public:
  // gzip: window bits 15 + 16. deflate: HTTP says zlib-wrapped (RFC 9110
  // §8.4.1.2), but some servers send raw deflate; the first bytes tell which.
  explicit ZlibDecoder(bool gzip) : gzip_(gzip) {}
  ~ZlibDecoder() override {
    if (started_) inflateEnd(&z_);
  }

  std::pair<size_t, size_t> decode(std::span<const uint8_t> in, std::span<uint8_t> out) override {
    if (finished_ || (in.empty() && out.empty())) return {0, 0};
    if (!started_) {
      if (in.empty()) return {0, 0};
      int bits = 15 + 16;
      if (!gzip_) {
        if (in.size() < 2 && first_.empty()) {
          first_.assign(in.begin(), in.end());
          return {in.size(), 0};
        }
        std::string head = first_ + std::string(in.begin(), in.begin() + std::min<size_t>(2 - first_.size(), in.size()));
        uint8_t b0 = head[0], b1 = head[1];
        bool zlib = (b0 & 0x0f) == 8 && ((b0 << 8) | b1) % 31 == 0;
        bits = zlib ? 15 : -15;
      }
      if (inflateInit2(&z_, bits) != Z_OK) corrupt("zlib init failed");
      started_ = true;
      if (!first_.empty()) {
        // Feed the held byte first.
        auto held = std::move(first_);
        z_.next_in = reinterpret_cast<Bytef*>(held.data());
        z_.avail_in = static_cast<uInt>(held.size());
        z_.next_out = out.data();
        z_.avail_out = static_cast<uInt>(out.size());
        step();
        size_t produced = out.size() - z_.avail_out;
        auto [taken, more] = decode(in, out.subspan(produced));
        return {taken, produced + more};
      }
    }
    z_.next_in = const_cast<Bytef*>(in.data());
    z_.avail_in = static_cast<uInt>(in.size());
    z_.next_out = out.data();
    z_.avail_out = static_cast<uInt>(out.size());
    step();
    return {in.size() - z_.avail_in, out.size() - z_.avail_out};
  }

  bool finished() const override { return finished_; }

 private:
  void step() {
    int rc = inflate(&z_, Z_NO_FLUSH);
    if (rc == Z_STREAM_END) finished_ = true;
    else if (rc != Z_OK && rc != Z_BUF_ERROR) corrupt(z_.msg ? z_.msg : "corrupt deflate stream");
  }

  bool gzip_;
  bool started_ = false;
  bool finished_ = false;
  std::string first_;
  z_stream z_{};
};

class BrotliDecoder : public ContentDecoder {
 public:
  BrotliDecoder() : state_(BrotliDecoderCreateInstance(nullptr, nullptr, nullptr)) {
    if (!state_) corrupt("brotli init failed");
  }
  ~BrotliDecoder() override { BrotliDecoderDestroyInstance(state_); }

  std::pair<size_t, size_t> decode(std::span<const uint8_t> in, std::span<uint8_t> out) override {
    if (finished_) return {0, 0};
    size_t avail_in = in.size(), avail_out = out.size();
    const uint8_t* next_in = in.data();
    uint8_t* next_out = out.data();
    auto rc = BrotliDecoderDecompressStream(state_, &avail_in, &next_in, &avail_out, &next_out, nullptr);
    if (rc == BROTLI_DECODER_RESULT_ERROR)
      corrupt(BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state_)));
    if (rc == BROTLI_DECODER_RESULT_SUCCESS) finished_ = true;
    return {in.size() - avail_in, out.size() - avail_out};
  }

  bool finished() const override { return finished_; }

 private:
  BrotliDecoderState* state_;
  bool finished_ = false;
};

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

}  // namespace

std::unique_ptr<ContentDecoder> ContentDecoder::for_encoding(std::string_view coding) {
  while (!coding.empty() && (coding.front() == ' ' || coding.front() == '\t')) coding.remove_prefix(1);
  while (!coding.empty() && (coding.back() == ' ' || coding.back() == '\t')) coding.remove_suffix(1);
  if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) return std::make_unique<ZlibDecoder>(true);
  if (iequals(coding, "deflate")) return std::make_unique<ZlibDecoder>(false);
  if (iequals(coding, "br")) return std::make_unique<BrotliDecoder>();
  return nullptr;
}

}  // namespace toolchain::http_client
