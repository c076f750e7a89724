#include "core/fresh_isolate.h"

#include <optional>

#include "core/loop_platform.h"
#include "core/snapshot.h"

namespace toolchain {

std::unique_ptr<FreshIsolate> make_fresh_isolate(const v8::StartupData* snapshot, size_t max_heap_mb,
                                                 bool for_another_thread,
                                                 const std::function<void(v8::Isolate*)>& before_context) {
  auto fresh = std::make_unique<FreshIsolate>();
  fresh->allocator.reset(v8::ArrayBuffer::Allocator::NewDefaultAllocator());
  v8::Isolate::CreateParams params;
  params.array_buffer_allocator = fresh->allocator.get();
  params.snapshot_blob = const_cast<v8::StartupData*>(snapshot);
  params.external_references = external_references();
  if (max_heap_mb > 0) params.constraints.ConfigureDefaultsFromHeapSize(0, max_heap_mb * 1024 * 1024);
  v8::Isolate* isolate = v8::Isolate::New(params);
  fresh->isolate = isolate;
  fresh->locked = for_another_thread;
  std::optional<v8::Locker> locker;
  if (for_another_thread) locker.emplace(isolate);
  v8::Isolate::Scope isolate_scope(isolate);
  v8::HandleScope scope(isolate);
  if (before_context) before_context(isolate);
  auto context = v8::Context::New(isolate);
  v8::Context::Scope context_scope(context);
  v8::Local<v8::Object> core;
  if (snapshot == nullptr || !context->GetDataFromSnapshotOnce<v8::Object>(0).ToLocal(&core))
    core = bootstrap_context(isolate, context);
  fresh->context.Reset(isolate, context);
  fresh->core.Reset(isolate, core);
  return fresh;
}

FreshIsolate::~FreshIsolate() {
  if (!isolate) return;
  {
    std::optional<v8::Locker> locker;
    if (locked) locker.emplace(isolate);
    context.Reset();
    core.Reset();
    loop_platform().detach(isolate);
  }
  isolate->Dispose();
  loop_platform().forget(isolate);
}

}  // namespace toolchain
