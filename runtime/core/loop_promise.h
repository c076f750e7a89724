#pragma once
// A promise an op returns and a completion handler on the runtime's own loop
// settles later: for ops whose I/O is asynchronous on the loop itself (Asio
// operations whose handlers run on the isolate's thread) rather than blocking
// work on the pool (bridge/op.h's async ops). The loop stays alive until it is
// settled, so every path of the I/O must end by settling it exactly once.
#include <functional>
#include <utility>

#include <v8.h>

#include "bridge/js_error.h"
#include "bridge/op.h"
#include "core/runtime.h"

namespace toolchain {

class LoopPromise {
 public:
  // In an op's call: parks a resolver (and its op, for the test runner's op
  // sanitizer) and returns the promise for JavaScript.
  static std::pair<v8::Local<v8::Promise>, LoopPromise> make(Runtime& rt, v8::FunctionCallback op) {
    auto resolver = v8::Promise::Resolver::New(rt.context()).ToLocalChecked();
    uint64_t id = rt.park_resolver(resolver);
    bridge::async_op_started(rt, id, op);
    rt.ref();
    return {resolver->GetPromise(), LoopPromise(rt, id)};
  }

  // From a loop handler, never inside the op's call: resolves with `make(isolate)`
  // (called in a HandleScope in the program's context), then runs microtasks.
  void resolve(const std::function<v8::Local<v8::Value>(v8::Isolate*)>& make) const {
    settle([&](v8::Isolate* isolate, v8::Local<v8::Promise::Resolver> resolver) {
      resolver->Resolve(rt_->context(), make(isolate)).FromMaybe(false);
    });
  }
  void reject(const bridge::JsError& error) const {
    settle([&](v8::Isolate* isolate, v8::Local<v8::Promise::Resolver> resolver) {
      resolver->Reject(rt_->context(), bridge::make_js_error(isolate, error)).FromMaybe(false);
    });
  }

 private:
  LoopPromise(Runtime& rt, uint64_t id) : rt_(&rt), id_(id) {}
  template <typename F>
  void settle(F f) const {
    Runtime& rt = *rt_;
    v8::Isolate* isolate = rt.isolate();
    v8::HandleScope scope(isolate);
    v8::Context::Scope context_scope(rt.context());
    rt.unref();
    bridge::async_op_finished(rt, id_);
    auto resolver = rt.take_resolver(id_);
    if (rt.exiting()) return;
    f(isolate, resolver);
    rt.after_macrotask();
  }

  Runtime* rt_;
  uint64_t id_;
};

}  // namespace toolchain
