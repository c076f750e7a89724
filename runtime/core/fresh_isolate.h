#pragma once
// A V8 isolate and its context, deserialised from the snapshot, not yet used.
// Made on one thread and used on another (`toolchain test` makes the next
// file's while the current file runs, on the other core): it is then made and
// used under a v8::Locker, which V8 asks of an isolate that changes threads
// (the Locker moves the isolate's stack limit to the thread that takes it).
#include <functional>
#include <memory>

#include <v8.h>

namespace toolchain {

struct FreshIsolate {
  std::unique_ptr<v8::ArrayBuffer::Allocator> allocator;
  v8::Isolate* isolate = nullptr;  // not entered
  v8::Global<v8::Context> context;
  v8::Global<v8::Object> core;     // the built-ins' object from the snapshot
  bool locked = false;             // made under a Locker: use it under one
  FreshIsolate() = default;
  FreshIsolate(const FreshIsolate&) = delete;
  FreshIsolate& operator=(const FreshIsolate&) = delete;
  ~FreshIsolate();                 // disposes an isolate nobody took
};

// `for_another_thread`: made under a Locker, to be used on another thread.
// `before_context` runs once the isolate exists, before its context is
// deserialised (the module loader starts its background compiles there).
std::unique_ptr<FreshIsolate> make_fresh_isolate(const v8::StartupData* snapshot, size_t max_heap_mb,
                                                 bool for_another_thread,
                                                 const std::function<void(v8::Isolate*)>& before_context = {});

}  // namespace toolchain
