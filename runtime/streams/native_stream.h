#pragma once
// The native side of "a ReadableStream handed to native code" (seed 003): byte
// sources a ReadableStream pulls from and byte sinks a ReadableStream is
// written to, both resources in the runtime's ResourceTable.
//
// JavaScript side (native_streams.js, on internals.streams):
//   readableStreamForResource(rid, autoAllocateChunkSize = 65536) -> ReadableStream
//     a byte stream; each pull calls source->read() with the memory of the
//     pending pull-into (the caller's own buffer for a BYOB read), so bytes are
//     written once, straight where the reader wants them. read() returning 0
//     closes the stream; cancel closes the resource.
//   readableStreamToResource(stream, rid) -> Promise<void>
//     reads `stream` with an internal reader (no promise per read; one reusable
//     read request) and passes each chunk's own memory to sink->write() without
//     copying; close() at the end, abort() if the stream errors. Chunks must be
//     ArrayBuffer views (TypeError otherwise; the stream is then cancelled).
//
// Threading: read(), write() and close() run on the blocking pool, one call at
// a time per resource (the stream never has two in flight). The memory they get
// is kept alive by the chunk's BackingStore for the duration of the call, and
// let go of on the pool thread as the call returns (the runtime waits for the
// op, so its ArrayBuffer allocator is alive then). Known limit: a program that
// ends (Deno.exit, termination) while a call is in flight frees the Runtime's
// allocator under it; the runtime would need to wait for pinned work first.
//
// Resources whose I/O lives on the runtime's own loop (the HTTP server's
// sockets) say so with on_loop() and get the *_on_loop calls instead, on the
// JavaScript thread; they call `done` later from a loop handler (never inside
// the call), so a slow peer never holds a blocking-pool thread.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include <v8.h>

#include "bridge/convert.h"
#include "core/resources.h"

namespace toolchain {

struct SharedBytes;
// Completion of a loop-native read/write: an error, or nothing for success.
using LoopDone = std::function<void(std::optional<bridge::JsError>)>;

class ByteSource : public Resource {
 public:
  virtual bool on_loop() const { return false; }
  // Fills the front of `into`; done(count or error); count 0 at the end.
  virtual void read_on_loop(const SharedBytes& into, std::function<void(size_t, std::optional<bridge::JsError>)> done) {}
  // Fills the front of `into` with up to into.size() bytes; returns how many,
  // 0 at the end of the data. Throws bridge::JsError on failure.
  virtual size_t read(std::span<uint8_t> into) = 0;
};

class ByteSink : public Resource {
 public:
  virtual bool on_loop() const { return false; }
  virtual void write_on_loop(const SharedBytes& chunk, LoopDone done) {}
  virtual void close_on_loop(LoopDone done) {}
  // Takes all of `chunk` (the memory is the JavaScript chunk's own).
  virtual void write(std::span<const uint8_t> chunk) = 0;
  // The stream ended normally.
  virtual void close() = 0;
  // The stream errored; `reason` is the error's string form.
  virtual void abort(const std::string& reason) = 0;
};

// The bytes of an ArrayBufferView argument, shared with JavaScript rather than
// copied: the BackingStore keeps them alive while work on another thread uses them.
struct SharedBytes {
  std::shared_ptr<v8::BackingStore> store;
  size_t offset = 0;
  size_t size = 0;
  uint8_t* data() const { return static_cast<uint8_t*>(store->Data()) + offset; }
};

}  // namespace toolchain

namespace toolchain::bridge {
template <>
struct FromV8<SharedBytes> {
  static SharedBytes get(v8::Isolate*, v8::Local<v8::Value> v) {
    if (!v->IsArrayBufferView()) throw type_error("expected typed ArrayBufferView");
    auto view = v.As<v8::ArrayBufferView>();
    return {view->Buffer()->GetBackingStore(), view->ByteOffset(), view->ByteLength()};
  }
};
}  // namespace toolchain::bridge
