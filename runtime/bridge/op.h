#pragma once
// The one bridge from JavaScript to C++: ops.
//
// An op is a plain C++ function whose first parameter is the Runtime and whose
// other parameters and result are ordinary C++ types (see convert.h):
//
//   std::string op_read_text_file_sync(Runtime& rt, std::string path);
//   registry.sync<op_read_text_file_sync>("op_read_text_file_sync");
//
// An async op returns the work to do off the JavaScript thread; JavaScript gets a
// promise that settles with the work's result:
//
//   auto op_read_text_file(Runtime& rt, std::string path) { return [path] { return read(path); }; }
//   registry.async<op_read_text_file>("op_read_text_file");
//
// Arguments are checked before the op runs; a JsError thrown by the op (or the
// work) becomes a JavaScript exception (or rejection) of the class it names.
// Every callback is listed in external_references() so the startup snapshot can
// refer to it.
#include <functional>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <v8.h>

#include "bridge/convert.h"
#include "bridge/js_error.h"

namespace toolchain {
class Runtime;
}

namespace toolchain::bridge {

// Provided by the runtime (core/runtime.cc).
Runtime& runtime_of(v8::Isolate* isolate);
v8::Local<v8::Value> make_js_error(v8::Isolate* isolate, const JsError& error);
// Runs `work` on the blocking pool, then `done` on the JavaScript thread inside a
// HandleScope and the runtime's context; keeps the event loop alive meanwhile.
// Neither closure may hold V8 handles: if the program ends first, they are
// destroyed on the pool thread. Park a promise's resolver with the runtime instead.
void run_blocking(Runtime& rt, std::function<void()> work, std::function<void()> done);
uint64_t park_resolver(Runtime& rt, v8::Local<v8::Promise::Resolver> resolver);
// The runtime's table of async ops in flight (the test runner's op sanitizer).
void async_op_started(Runtime& rt, uint64_t id, v8::FunctionCallback op);
void async_op_finished(Runtime& rt, uint64_t id);
v8::Local<v8::Promise::Resolver> take_resolver(Runtime& rt, uint64_t id);

inline void throw_js_error(v8::Isolate* isolate, const JsError& error) {
  isolate->ThrowException(make_js_error(isolate, error));
}

template <typename T>
void set_return(const v8::FunctionCallbackInfo<v8::Value>& info, T&& value) {
  info.GetReturnValue().Set(ToV8<std::decay_t<T>>::make(info.GetIsolate(), std::forward<T>(value)));
}

template <typename... A, size_t... I>
std::tuple<std::decay_t<A>...> read_args(const v8::FunctionCallbackInfo<v8::Value>& info,
                                         std::index_sequence<I...>) {
  // Braced initialisation evaluates left to right, so errors name the first bad argument.
  return std::tuple<std::decay_t<A>...>{FromV8<std::decay_t<A>>::get(info.GetIsolate(), info[I])...};
}

template <auto F>
struct SyncOp;
template <typename R, typename... A, R (*F)(Runtime&, A...)>
struct SyncOp<F> {
  static void call(const v8::FunctionCallbackInfo<v8::Value>& info) {
    v8::Isolate* isolate = info.GetIsolate();
    try {
      auto args = read_args<A...>(info, std::index_sequence_for<A...>{});
      Runtime& rt = runtime_of(isolate);
      if constexpr (std::is_void_v<R>) {
        std::apply([&](auto&&... a) { F(rt, std::move(a)...); }, std::move(args));
      } else {
        set_return(info, std::apply([&](auto&&... a) { return F(rt, std::move(a)...); }, std::move(args)));
      }
    } catch (const JsError& error) {
      throw_js_error(isolate, error);
    } catch (const JsExceptionPending&) {
    }
  }
};

template <auto F>
struct AsyncOp;
template <typename W, typename... A, W (*F)(Runtime&, A...)>
struct AsyncOp<F> {
  using R = std::invoke_result_t<W>;
  using Outcome = std::variant<std::monostate, std::conditional_t<std::is_void_v<R>, std::monostate, R>, JsError>;

  static void call(const v8::FunctionCallbackInfo<v8::Value>& info) {
    v8::Isolate* isolate = info.GetIsolate();
    auto context = isolate->GetCurrentContext();
    v8::Local<v8::Promise::Resolver> resolver;
    if (!v8::Promise::Resolver::New(context).ToLocal(&resolver)) return;  // terminating
    info.GetReturnValue().Set(resolver->GetPromise());
    try {
      auto args = read_args<A...>(info, std::index_sequence_for<A...>{});
      Runtime& rt = runtime_of(isolate);
      W work = std::apply([&](auto&&... a) { return F(rt, std::move(a)...); }, std::move(args));
      auto outcome = std::make_shared<Outcome>();
      uint64_t pending = park_resolver(rt, resolver);
      async_op_started(rt, pending, &call);
      run_blocking(
          rt,
          [outcome, work = std::move(work)]() mutable {
            try {
              if constexpr (std::is_void_v<R>) {
                work();
                outcome->template emplace<1>();
              } else {
                outcome->template emplace<1>(work());
              }
            } catch (const JsError& error) {
              outcome->template emplace<2>(error);
            }
          },
          [isolate, &rt, outcome, pending] {
            async_op_finished(rt, pending);
            auto resolver = take_resolver(rt, pending);
            auto context = isolate->GetCurrentContext();
            if (auto* error = std::get_if<2>(outcome.get())) {
              // Resolve and Reject fail only while the isolate is being terminated.
              resolver->Reject(context, make_js_error(isolate, *error)).FromMaybe(false);
            } else if constexpr (std::is_void_v<R>) {
              resolver->Resolve(context, v8::Undefined(isolate)).FromMaybe(false);
            } else {
              try {  // a result V8 cannot hold (a string over its maximum length) rejects
                resolver->Resolve(context, ToV8<R>::make(isolate, std::move(std::get<1>(*outcome)))).FromMaybe(false);
              } catch (const JsError& error) {
                resolver->Reject(context, make_js_error(isolate, error)).FromMaybe(false);
              }
            }
          });
    } catch (const JsError& error) {
      resolver->Reject(context, make_js_error(isolate, error)).FromMaybe(false);
    } catch (const JsExceptionPending&) {
    }
  }
};

struct OpInfo {
  const char* name;
  v8::FunctionCallback callback;
};

class OpRegistry {
 public:
  template <auto F>
  void sync(const char* name) { ops_.push_back({name, &SyncOp<F>::call}); }
  template <auto F>
  void async(const char* name) { ops_.push_back({name, &AsyncOp<F>::call}); }
  // For ops that work on V8 values directly.
  void raw(const char* name, v8::FunctionCallback callback) { ops_.push_back({name, callback}); }

  const std::vector<OpInfo>& ops() const { return ops_; }

 private:
  std::vector<OpInfo> ops_;
};

}  // namespace toolchain::bridge
