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

// Loop-native resources (on_loop()): the op's promise settles from the loop
// handler that completes the I/O; the others take the blocking pool.
template <typename R>
std::shared_ptr<R> loop_native(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsUint32()) return nullptr;
  auto& rt = Runtime::from(info.GetIsolate());
  try {
    auto resource = rt.resources.get<R>(info[0].As<v8::Uint32>()->Value());
    return resource->on_loop() ? resource : nullptr;
  } catch (const bridge::JsError&) {
    return nullptr;  // the pool path reports it
  }
}

// A promise for JavaScript and the function that settles it from the loop.
std::pair<v8::Local<v8::Promise>, std::function<void(std::optional<bridge::JsError>, double)>> loop_promise(
    v8::Isolate* isolate) {
  auto& rt = Runtime::from(isolate);
  auto resolver = v8::Promise::Resolver::New(isolate->GetCurrentContext()).ToLocalChecked();
  uint64_t id = rt.park_resolver(resolver);
  rt.ref();
  return {resolver->GetPromise(), [&rt, id](std::optional<bridge::JsError> error, double value) {
            v8::Isolate* isolate = rt.isolate();
            v8::HandleScope scope(isolate);
            v8::Context::Scope context_scope(rt.context());
            rt.unref();
            auto resolver = rt.take_resolver(id);
            if (rt.exiting()) return;
            auto context = rt.context();
            if (error) resolver->Reject(context, bridge::make_js_error(isolate, *error)).FromMaybe(false);
            else resolver->Resolve(context, v8::Number::New(isolate, value)).FromMaybe(false);
            rt.after_macrotask();
          }};
}

void source_read(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto source = loop_native<ByteSource>(info);
  if (!source || !info[1]->IsArrayBufferView()) return bridge::AsyncOp<op_stream_source_read>::call(info);
  auto [promise, settle] = loop_promise(info.GetIsolate());
  info.GetReturnValue().Set(promise);
  auto into = bridge::FromV8<SharedBytes>::get(info.GetIsolate(), info[1]);
  source->read_on_loop(into, [settle = settle, into](size_t n, std::optional<bridge::JsError> error) {
    settle(std::move(error), static_cast<double>(n));
  });
}

void sink_write(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto sink = loop_native<ByteSink>(info);
  if (!sink || !info[1]->IsArrayBufferView()) return bridge::AsyncOp<op_stream_sink_write>::call(info);
  auto [promise, settle] = loop_promise(info.GetIsolate());
  info.GetReturnValue().Set(promise);
  auto chunk = bridge::FromV8<SharedBytes>::get(info.GetIsolate(), info[1]);
  // The chunk's BackingStore rides along in the closure until the write is done.
  sink->write_on_loop(chunk, [settle = settle, chunk](std::optional<bridge::JsError> error) {
    settle(std::move(error), 0);
  });
}

void sink_close(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto sink = loop_native<ByteSink>(info);
  if (!sink) return bridge::AsyncOp<op_stream_sink_close>::call(info);
  Runtime::from(info.GetIsolate()).resources.close(info[0].As<v8::Uint32>()->Value());
  auto [promise, settle] = loop_promise(info.GetIsolate());
  info.GetReturnValue().Set(promise);
  sink->close_on_loop([settle = settle](std::optional<bridge::JsError> error) { settle(std::move(error), 0); });
}

}  // namespace

void register_native_stream_ops(bridge::OpRegistry& r) {
  // Pool ops, or loop-native ones for resources that say so (native_stream.h).
  r.raw("op_stream_source_read", &source_read);
  r.raw("op_stream_sink_write", &sink_write);
  r.raw("op_stream_sink_close", &sink_close);
  r.sync<op_stream_sink_abort>("op_stream_sink_abort");
  r.sync<op_resource_close>("op_resource_close");
}

}  // namespace toolchain
