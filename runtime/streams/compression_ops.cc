// zlib behind CompressionStream and DecompressionStream (compression_streams.js).
//
// A stream's zlib state is a resource; each chunk goes through synchronously
// (zlib is fast and the chunk is already in memory), so the JavaScript
// transform needs no promise per chunk. Output matches Deno 2.9.6 byte for byte
// on what zlib and Deno's encoder agree on: each written chunk ends with a sync
// flush, and the gzip header has mtime 0 and OS 255 ("unknown").
//
// Errors are TypeErrors with Deno's messages.
#include <zlib.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bridge/op.h"
#include "core/runtime.h"

namespace toolchain {

namespace {

using bridge::Bytes;
using bridge::ByteView;
using bridge::JsError;
using bridge::type_error;

enum class Format { gzip, deflate, deflate_raw };

class ZlibStream : public Resource {
 public:
  ZlibStream(Format format, bool decompress) : format_(format), decompress_(decompress) {
    std::memset(&z_, 0, sizeof z_);
    int bits = format == Format::gzip ? 15 + 16 : format == Format::deflate ? 15 : -15;
    int rc = decompress ? inflateInit2(&z_, bits)
                        : deflateInit2(&z_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY);
    if (rc != Z_OK) throw JsError{"Error", "failed to initialise zlib"};
    if (!decompress && format == Format::gzip) {
      std::memset(&header_, 0, sizeof header_);
      header_.os = 255;
      deflateSetHeader(&z_, &header_);
    }
  }
  ~ZlibStream() override {
    if (decompress_) inflateEnd(&z_);
    else deflateEnd(&z_);
  }
  std::string_view name() const override { return decompress_ ? "decompression" : "compression"; }

  Bytes write(ByteView input) { return decompress_ ? inflate_some(input, false) : deflate_some(input, Z_SYNC_FLUSH); }

  Bytes finish() {
    if (!decompress_) return deflate_some({}, Z_FINISH);
    Bytes out = inflate_some({}, true);
    if (!ended_) {
      throw type_error(format_ == Format::gzip ? "corrupt gzip stream does not have a matching checksum"
                                               : "unexpected end of file");
    }
    return out;
  }

 private:
  Bytes deflate_some(ByteView input, int flush) {
    Bytes out;
    z_.next_in = input.data;
    z_.avail_in = static_cast<uInt>(input.size);
    size_t chunk = std::max<size_t>(input.size / 2 + 64, 256);
    for (;;) {
      size_t used = out.data.size();
      out.data.resize(used + chunk);
      z_.next_out = out.data.data() + used;
      z_.avail_out = static_cast<uInt>(chunk);
      int rc = ::deflate(&z_, flush);
      out.data.resize(out.data.size() - z_.avail_out);
      if (rc == Z_STREAM_ERROR) throw type_error("compression failed");
      if (flush == Z_FINISH ? rc == Z_STREAM_END : (z_.avail_out != 0 && z_.avail_in == 0)) break;
      chunk *= 2;
    }
    return out;
  }

  Bytes inflate_some(ByteView input, bool at_end) {
    Bytes out;
    if (ended_) {
      if (input.size > 0) throw type_error("failed to write whole buffer");
      return out;
    }
    z_.next_in = input.data;
    z_.avail_in = static_cast<uInt>(input.size);
    size_t chunk = std::max<size_t>(input.size * 4, 1024);
    for (;;) {
      size_t used = out.data.size();
      out.data.resize(used + chunk);
      z_.next_out = out.data.data() + used;
      z_.avail_out = static_cast<uInt>(chunk);
      int rc = ::inflate(&z_, Z_SYNC_FLUSH);
      out.data.resize(out.data.size() - z_.avail_out);
      if (rc == Z_STREAM_END) {
        ended_ = true;
        if (z_.avail_in > 0) throw type_error("failed to write whole buffer");
        break;
      }
      if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) throw type_error(data_error());
      if (rc == Z_MEM_ERROR) throw JsError{"Error", "out of memory"};
      // Z_BUF_ERROR: no progress possible (all input used, or none given).
      if (z_.avail_in == 0 && z_.avail_out != 0) break;
      if (rc == Z_BUF_ERROR && z_.avail_out != 0) break;
      chunk *= 2;
    }
    (void)at_end;
    return out;
  }

  std::string data_error() const {
    if (format_ == Format::gzip) {
      std::string msg = z_.msg ? z_.msg : "";
      if (msg == "incorrect header check" || msg == "unknown compression method" || msg == "unknown header flags set") {
        return "invalid gzip header";
      }
      if (msg == "incorrect data check" || msg == "incorrect length check") {
        return "corrupt gzip stream does not have a matching checksum";
      }
    }
    return "corrupt deflate stream";
  }

  Format format_;
  bool decompress_;
  bool ended_ = false;
  z_stream z_;
  gz_header header_;
};

Format parse_format(const std::string& format) {
  if (format == "gzip") return Format::gzip;
  if (format == "deflate") return Format::deflate;
  if (format == "deflate-raw") return Format::deflate_raw;
  throw type_error("unknown compression format: " + format);
}

uint32_t op_compression_new(Runtime& rt, std::string format, bool decompress) {
  return rt.resources.add(std::make_shared<ZlibStream>(parse_format(format), decompress));
}

Bytes op_compression_write(Runtime& rt, uint32_t rid, ByteView input) {
  auto stream = rt.resources.get<ZlibStream>(rid);
  try {
    return stream->write(input);
  } catch (...) {
    rt.resources.close(rid);
    throw;
  }
}

Bytes op_compression_finish(Runtime& rt, uint32_t rid) {
  auto stream = rt.resources.get<ZlibStream>(rid);
  rt.resources.close(rid);
  return stream->finish();
}

void op_compression_close(Runtime& rt, uint32_t rid) {
  rt.resources.close(rid);
}

}  // namespace

void register_compression_ops(bridge::OpRegistry& r) {
  r.sync<op_compression_new>("op_compression_new");
  r.sync<op_compression_write>("op_compression_write");
  r.sync<op_compression_finish>("op_compression_finish");
  r.sync<op_compression_close>("op_compression_close");
}

}  // namespace toolchain
