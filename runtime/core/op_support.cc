// The runtime's side of the op bridge (bridge/op.h): finding the Runtime of an
// isolate, building error objects, and running blocking work off the JS thread.
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include <fmt/format.h>

#include "bridge/op.h"
#include "core/runtime.h"

namespace toolchain::bridge {

Runtime& runtime_of(v8::Isolate* isolate) { return Runtime::from(isolate); }

namespace {

// An error object of the JsError's class, with its message.
v8::Local<v8::Value> make_js_error_of_class(v8::Isolate* isolate, const JsError& error) {
  auto message = v8_str(isolate, error.message);
  if (error.cls == "TypeError") return v8::Exception::TypeError(message);
  if (error.cls == "RangeError") return v8::Exception::RangeError(message);
  if (error.cls == "SyntaxError") return v8::Exception::SyntaxError(message);
  if (error.cls == "ReferenceError") return v8::Exception::ReferenceError(message);
  // Classes registered by the built-ins (core.errorClasses.NotFound = Deno.errors.NotFound).
  auto context = isolate->GetCurrentContext();
  Runtime& rt = Runtime::from(isolate);
  v8::Local<v8::Value> classes, ctor, instance;
  v8::Local<v8::Value> argv[] = {message};
  if (rt.core()->Get(context, v8_str(isolate, "errorClasses")).ToLocal(&classes) && classes->IsObject() &&
      classes.As<v8::Object>()->Get(context, v8_str(isolate, error.cls)).ToLocal(&ctor) && ctor->IsFunction() &&
      ctor.As<v8::Function>()->NewInstance(context, 1, argv).ToLocal(&instance))
    return instance;
  return v8::Exception::Error(message);
}

}  // namespace

v8::Local<v8::Value> make_js_error(v8::Isolate* isolate, const JsError& error) {
  v8::Local<v8::Value> made = make_js_error_of_class(isolate, error);
  if (!error.code.empty() && made->IsObject())
    made.As<v8::Object>()
        ->Set(isolate->GetCurrentContext(), v8_str(isolate, "code"), v8_str(isolate, error.code))
        .FromMaybe(false);  // fails only while the isolate is being terminated
  return made;
}

namespace {
boost::asio::thread_pool& blocking_pool(Runtime& rt) {
  // Made on first use, by a runtime's thread: not with the one CPU a serving
  // loop may have settled on (core/cpu_share.h).
  static boost::asio::thread_pool pool = [&rt] {
    CpuShare::Spawning spawning(rt.cpu_share);
    return boost::asio::thread_pool(4);
  }();
  return pool;
}
}  // namespace

uint64_t park_resolver(Runtime& rt, v8::Local<v8::Promise::Resolver> resolver) {
  return rt.park_resolver(resolver);
}

v8::Local<v8::Promise::Resolver> take_resolver(Runtime& rt, uint64_t id) { return rt.take_resolver(id); }

void async_op_started(Runtime& rt, uint64_t id, v8::FunctionCallback op) {
  std::string stack;
  if (rt.trace_async_ops) {
    // Where the program started it, for --trace-leaks.
    auto* isolate = rt.isolate();
    auto trace = v8::StackTrace::CurrentStackTrace(isolate, 10);
    for (int i = 0; i < trace->GetFrameCount(); ++i) {
      auto frame = trace->GetFrame(isolate, i);
      v8::String::Utf8Value url(isolate, frame->GetScriptNameOrSourceURL());
      v8::String::Utf8Value name(isolate, frame->GetFunctionName());
      std::string where = fmt::format("{}:{}:{}", *url ? *url : "", frame->GetLineNumber(), frame->GetColumn());
      stack += (name.length() > 0) ? fmt::format("    at {} ({})\n", *name, where) : fmt::format("    at {}\n", where);
    }
  }
  rt.async_ops_in_flight.emplace(id, Runtime::InFlightOp{op, std::move(stack)});
}

void async_op_finished(Runtime& rt, uint64_t id) { rt.async_ops_in_flight.erase(id); }

void run_blocking(Runtime& rt, std::function<void()> work, std::function<void()> done) {
  rt.ref();
  auto loop = rt.loop_handle();
  boost::asio::post(blocking_pool(rt), [loop, work = std::move(work), done = std::move(done)]() mutable {
    work();
    loop->post([done = std::move(done)](Runtime& rt) {
      v8::HandleScope scope(rt.isolate());
      v8::Context::Scope context_scope(rt.context());
      rt.unref();
      if (rt.exiting()) return;
      done();
      rt.after_macrotask();
    });
  });
}

}  // namespace toolchain::bridge
