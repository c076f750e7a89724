#pragma once
// The V8 startup snapshot: a heap in which every built-in is already evaluated.
// Made at build time by the toolchain-snapshot tool and linked into the engine.
#include <v8.h>

namespace toolchain {

// The snapshot embedded in the engine (tc_engine).
const v8::StartupData* embedded_snapshot();

// Every native function the built-ins reference, for the snapshot serializer.
const intptr_t* external_references();

// Evaluates the built-ins into `context` and returns the `core` object.
v8::Local<v8::Object> bootstrap_context(v8::Isolate* isolate, v8::Local<v8::Context> context);

// V8 flags every isolate (and the snapshot) is made with.
extern const char kV8Flags[];

}  // namespace toolchain
