// Ops behind native_streams.js: a ReadableStream pulling from a ByteSource and
// a ReadableStream written to a ByteSink (native_stream.h).
#include "streams/native_stream.h"

#include "bridge/op.h"
#include "core/runtime.h"

namespace toolchain {

namespace {

// Reads into the view's own memory on the blocking pool; resolves with the count.
// The work lets go of the JavaScript memory before it returns: the runtime is
// certainly alive then (it waits for the op), whereas the work's closure may
// be destroyed on the pool thread after the program has ended.
struct Unpin {
  SharedBytes& bytes;
  ~Unpin() { bytes.store.reset(); }
};

auto op_stream_source_read(Runtime& rt, uint32_t rid, SharedBytes into) {
  auto source = rt.resources.get<ByteSource>(rid);
  return [source = std::move(source), into = std::move(into)]() mutable -> double {
    Unpin unpin{into};
    return static_cast<double>(source->read({into.data(), into.size}));
  };
}

auto op_stream_sink_write(Runtime& rt, uint32_t rid, SharedBytes chunk) {
  auto sink = rt.resources.get<ByteSink>(rid);
  return [sink = std::move(sink), chunk = std::move(chunk)]() mutable {
    Unpin unpin{chunk};
    sink->write({chunk.data(), chunk.size});
  };
}

// Ends the sink and removes it from the table.
auto op_stream_sink_close(Runtime& rt, uint32_t rid) {
  auto sink = rt.resources.get<ByteSink>(rid);
  rt.resources.close(rid);
  return [sink = std::move(sink)] { sink->close(); };
}

void op_stream_sink_abort(Runtime& rt, uint32_t rid, std::string reason) {
  auto sink = rt.resources.get<ByteSink>(rid);
  rt.resources.close(rid);
  sink->abort(reason);
}

// Closes any resource; false if the id names none (already closed).
bool op_resource_close(Runtime& rt, uint32_t rid) {
  return rt.resources.close(rid);
}

}  // namespace

void register_native_stream_ops(bridge::OpRegistry& r) {
  r.async<op_stream_source_read>("op_stream_source_read");
  r.async<op_stream_sink_write>("op_stream_sink_write");
  r.async<op_stream_sink_close>("op_stream_sink_close");
  r.sync<op_stream_sink_abort>("op_stream_sink_abort");
  r.sync<op_resource_close>("op_resource_close");
}

}  // namespace toolchain
