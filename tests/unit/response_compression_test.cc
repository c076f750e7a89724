// Deno.serve's automatic compression rules and encoders (runtime/http/response_compression.h).
// The end-to-end behaviour against Deno is tests/e2e/server/compression_cases.py.
#include "http/response_compression.h"

#include <brotli/decode.h>
#include <gtest/gtest.h>
#include <zlib.h>

namespace toolchain::http {
namespace {

std::string gunzip(const std::string& in) {
  z_stream z{};
  inflateInit2(&z, 15 + 16);
  std::string out(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  inflate(&z, Z_SYNC_FLUSH);
  out.resize(out.size() - z.avail_out);
  inflateEnd(&z);
  return out;
}

std::string unbrotli(const std::string& in) {
  std::string out(1 << 20, '\0');
  size_t size = out.size();
  auto* state = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
  size_t avail_in = in.size(), avail_out = size;
  auto* next_in = reinterpret_cast<const uint8_t*>(in.data());
  auto* next_out = reinterpret_cast<uint8_t*>(out.data());
  BrotliDecoderDecompressStream(state, &avail_in, &next_in, &avail_out, &next_out, nullptr);
  BrotliDecoderDestroyInstance(state);
  out.resize(size - avail_out);
  return out;
}

TEST(PreferredCoding, QValuesAndTies) {
  EXPECT_EQ(preferred_coding("gzip"), Coding::Gzip);
  EXPECT_EQ(preferred_coding("gzip, deflate, br"), Coding::Brotli);
  EXPECT_EQ(preferred_coding("gzip, br"), Coding::Brotli);  // ties: br first
  EXPECT_EQ(preferred_coding("br;q=0.5, gzip;q=0.9"), Coding::Gzip);
  EXPECT_EQ(preferred_coding("identity, gzip"), Coding::Gzip);
  EXPECT_EQ(preferred_coding("identity;q=1, gzip;q=0.5"), Coding::None);
  EXPECT_EQ(preferred_coding("gzip;q=0"), Coding::None);
  EXPECT_EQ(preferred_coding("br;q=0, br"), Coding::Brotli);
  EXPECT_EQ(preferred_coding("*"), Coding::None);
  EXPECT_EQ(preferred_coding(""), Coding::None);
}

TEST(PreferredCoding, SkipsWhatDenoCannotParse) {
  EXPECT_EQ(preferred_coding("GZIP"), Coding::None);
  EXPECT_EQ(preferred_coding("gzip; q=0.5"), Coding::None);
  EXPECT_EQ(preferred_coding("gzip ;q=0.5"), Coding::None);
  EXPECT_EQ(preferred_coding("gzip;q=1.01"), Coding::None);
  EXPECT_EQ(preferred_coding("gzip;q=nan"), Coding::None);
  EXPECT_EQ(preferred_coding("gzip;x=1"), Coding::None);
  EXPECT_EQ(preferred_coding("gzip;q=0.7, br;q=0.7;level=1"), Coding::Gzip);
  EXPECT_EQ(preferred_coding("gzip;q=.5"), Coding::Gzip);
  EXPECT_EQ(preferred_coding("gzip;q=1e-1"), Coding::Gzip);
  EXPECT_EQ(preferred_coding("  gzip\t"), Coding::Gzip);
}

TEST(CompressibleContentType, EssenceLowerCased) {
  EXPECT_TRUE(compressible_content_type("text/plain"));
  EXPECT_TRUE(compressible_content_type("Text/HTML; charset=utf-8"));
  EXPECT_TRUE(compressible_content_type("application/json;"));
  EXPECT_TRUE(compressible_content_type("image/svg+xml"));
  EXPECT_FALSE(compressible_content_type("text/plain ;x=1"));
  EXPECT_FALSE(compressible_content_type("image/png"));
  EXPECT_FALSE(compressible_content_type("text/x-unknown"));
  EXPECT_FALSE(compressible_content_type(""));
}

TEST(Negotiate, RewritesHeaders) {
  std::vector<std::string> headers = {"content-type", "text/plain", "content-length", "100", "etag", "\"x\"",
                                      "vary", "Origin"};
  std::vector<std::string> out;
  EXPECT_EQ(negotiate("gzip", headers, 100, out), Coding::Gzip);
  std::vector<std::string> expected = {"content-type", "text/plain", "etag", "W/\"x\"", "vary",
                                       "Accept-Encoding, Origin", "content-encoding", "gzip"};
  EXPECT_EQ(out, expected);
  out.clear();
  EXPECT_EQ(negotiate("gzip", headers, 63, out), Coding::None);  // too small
  EXPECT_EQ(negotiate("gzip", {"content-type", "text/plain", "cache-control", "no-transform"}, 100, out),
            Coding::None);
  EXPECT_EQ(negotiate("gzip", {"content-type", "text/plain", "content-encoding", "identity"}, std::nullopt, out),
            Coding::None);
  EXPECT_TRUE(out.empty());
}

TEST(Encoder, ChunksDecodeAsTheyCome) {
  for (Coding coding : {Coding::Gzip, Coding::Brotli}) {
    auto encoder = Encoder::make(coding, false);
    std::string coded;
    std::string first(1000, 'a');
    encoder->write({reinterpret_cast<const uint8_t*>(first.data()), first.size()}, coded);
    // Flushed: what came out so far decodes to the first chunk.
    EXPECT_EQ(coding == Coding::Gzip ? gunzip(coded) : unbrotli(coded), first);
    std::string second = "second";
    encoder->write({reinterpret_cast<const uint8_t*>(second.data()), second.size()}, coded);
    encoder->finish(coded);
    EXPECT_EQ(coding == Coding::Gzip ? gunzip(coded) : unbrotli(coded), first + second);
  }
}

}  // namespace
}  // namespace toolchain::http
