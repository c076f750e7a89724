// Ops every built-in needs: output, terminal facts, time, promise and
// microtask access, exit.
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <chrono>
#include <string_view>
#include <utility>
#include <vector>

#include "core/runtime.h"
#include "core/ops_index.h"
#include "io/stdio_state.h"

namespace toolchain {

namespace {

using bridge::Value;

void write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // a closed pipe loses output, as in Deno
    text.remove_prefix(static_cast<size_t>(n));
  }
}

void op_print(Runtime& rt, std::string text, bool to_stderr) {
  // Through the Deno.stdout/stderr resource: once the program closed it, BadResource.
  int fd = rt.stdio_state().fd(to_stderr ? 2 : 1);
  if (!rt.console_prefix.empty()) text.insert(0, rt.console_prefix);
  write_all(fd, text);
}

bool op_is_terminal(Runtime& rt, int fd) {
  int real = fd == 0 ? rt.stdio.in : fd == 1 ? rt.stdio.out : fd == 2 ? rt.stdio.err : fd;
  return ::isatty(real) == 1;
}

bool op_no_color(Runtime& rt) { return rt.env.contains("NO_COLOR"); }

// Milliseconds since the process's time origin, monotonic.
double op_now(Runtime&) {
  static const auto origin = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - origin).count();
}

// Wall-clock time of the origin op_now counts from, in ms since the epoch.
double op_time_origin(Runtime& rt) {
  static const double origin = std::chrono::duration<double, std::milli>(
                                   std::chrono::system_clock::now().time_since_epoch()).count() - op_now(rt);
  return origin;
}

void op_exit(Runtime& rt, int code) { rt.exit(code); }
void op_set_exit_code(Runtime& rt, int code) { rt.set_exit_code(code); }
int op_get_exit_code(Runtime& rt) { return rt.exit_code(); }

void op_arm_timer(Runtime& rt, double delay_ms, bool keep_alive) { rt.arm_timer(delay_ms, keep_alive); }
void op_disarm_timer(Runtime& rt) { rt.disarm_timer(); }

// [state, value]: 0 pending, 1 fulfilled, 2 rejected — for the inspector.
void op_promise_state(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  if (!info[0]->IsPromise()) return;
  auto promise = info[0].As<v8::Promise>();
  v8::Local<v8::Value> pair[2] = {v8::Integer::New(isolate, 0), v8::Undefined(isolate)};
  switch (promise->State()) {
    case v8::Promise::kPending: break;
    case v8::Promise::kFulfilled: pair[0] = v8::Integer::New(isolate, 1); pair[1] = promise->Result(); break;
    case v8::Promise::kRejected: pair[0] = v8::Integer::New(isolate, 2); pair[1] = promise->Result(); break;
  }
  info.GetReturnValue().Set(v8::Array::New(isolate, pair, 2));
}

// [target, handler] of a Proxy, or undefined.
void op_proxy_details(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  if (!info[0]->IsProxy()) return;
  auto proxy = info[0].As<v8::Proxy>();
  v8::Local<v8::Value> pair[2] = {proxy->GetTarget(), proxy->GetHandler()};
  info.GetReturnValue().Set(v8::Array::New(isolate, pair, 2));
}

void op_queue_microtask(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsFunction()) {
    info.GetIsolate()->ThrowException(v8::Exception::TypeError(
        bridge::v8_str(info.GetIsolate(), "Failed to execute 'queueMicrotask': the callback provided as parameter 1 is not a function.")));
    return;
  }
  info.GetIsolate()->EnqueueMicrotask(info[0].As<v8::Function>());
}

void op_detach_array_buffer(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsArrayBuffer() || !info[0].As<v8::ArrayBuffer>()->IsDetachable()) {
    info.GetIsolate()->ThrowException(
        v8::Exception::TypeError(bridge::v8_str(info.GetIsolate(), "ArrayBuffer is not detachable")));
    return;
  }
  info[0].As<v8::ArrayBuffer>()->Detach();
}

// Internal details the inspector shows: [kind, …] for Map/Set iterators, weak collections.
void op_preview_entries(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsObject()) return;
  bool is_key_value = false;
  v8::Local<v8::Array> entries;
  if (!info[0].As<v8::Object>()->PreviewEntries(&is_key_value).ToLocal(&entries)) return;
  auto* isolate = info.GetIsolate();
  v8::Local<v8::Value> pair[2] = {entries, v8::Boolean::New(isolate, is_key_value)};
  info.GetReturnValue().Set(v8::Array::New(isolate, pair, 2));
}

void op_get_constructor_name(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsObject()) return;
  info.GetReturnValue().Set(info[0].As<v8::Object>()->GetConstructorName());
}

// Own keys that are not array indices (strings, then symbols): lets the
// inspector show a large array's extra properties without walking its elements.
void op_get_non_index_property_names(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsObject()) return;
  auto* isolate = info.GetIsolate();
  auto filter = info[1]->BooleanValue(isolate) ? v8::PropertyFilter::ONLY_ENUMERABLE : v8::PropertyFilter::ALL_PROPERTIES;
  v8::Local<v8::Array> names;
  if (info[0].As<v8::Object>()
          ->GetPropertyNames(isolate->GetCurrentContext(), v8::KeyCollectionMode::kOwnOnly, filter,
                             v8::IndexFilter::kSkipIndices, v8::KeyConversionMode::kKeepNumbers)
          .ToLocal(&names))
    info.GetReturnValue().Set(names);
}

// Closes the resource `rid` (Deno's core.close): BadResource if there is none.
void op_close(Runtime& rt, uint32_t rid) {
  if (!rt.resources.close(rid)) throw bridge::JsError{"BadResource", "Bad resource ID"};
}

// The resource table as [[rid, name], …] sorted by rid (Deno's core.resources(),
// for the test runner's resource sanitizer; programs do not see it).
void op_resources(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  std::vector<std::pair<uint32_t, std::string_view>> list;
  Runtime::from(isolate).resources.for_each([&](uint32_t id, std::string_view name) { list.emplace_back(id, name); });
  std::sort(list.begin(), list.end());
  std::vector<v8::Local<v8::Value>> pairs;
  for (const auto& [id, name] : list) {
    v8::Local<v8::Value> pair[2] = {v8::Integer::NewFromUnsigned(isolate, id), bridge::v8_str(isolate, name)};
    pairs.push_back(v8::Array::New(isolate, pair, 2));
  }
  info.GetReturnValue().Set(v8::Array::New(isolate, pairs.data(), pairs.size()));
}

}  // namespace

void register_core_ops(bridge::OpRegistry& r) {
  r.sync<op_print>("op_print");
  r.sync<op_is_terminal>("op_is_terminal");
  r.sync<op_no_color>("op_no_color");
  r.sync<op_now>("op_now");
  r.sync<op_time_origin>("op_time_origin");
  r.sync<op_exit>("op_exit");
  r.sync<op_set_exit_code>("op_set_exit_code");
  r.sync<op_get_exit_code>("op_get_exit_code");
  r.sync<op_arm_timer>("op_arm_timer");
  r.sync<op_disarm_timer>("op_disarm_timer");
  r.raw("op_promise_state", op_promise_state);
  r.raw("op_proxy_details", op_proxy_details);
  r.raw("op_queue_microtask", op_queue_microtask);
  r.raw("op_detach_array_buffer", op_detach_array_buffer);
  r.raw("op_preview_entries", op_preview_entries);
  r.raw("op_get_constructor_name", op_get_constructor_name);
  r.raw("op_get_non_index_property_names", op_get_non_index_property_names);
  r.sync<op_close>("op_close");
  r.raw("op_resources", op_resources);
}

}  // namespace toolchain
