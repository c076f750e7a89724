#pragma once
// V8's flags are process-wide (runtime/core/platform.cc sets them once, and
// `--v8-flags` for a program that has the process to itself). One of them is
// also switched per compile, where V8 10.2 has no per-compile option.
#include <v8.h>

namespace toolchain {

// Whether the program's `--v8-flags` were set (then the runtime switches none).
bool user_v8_flags();

// V8's streaming compile of a module (StartStreaming). `eager` compiles every
// function on the task's thread, not just the top level (V8 10.2 reads
// --lazy-streaming when the task is made, so the flag is off for that moment,
// under a lock). Back on, the flags hash in code caches is the same again.
v8::ScriptCompiler::ScriptStreamingTask* start_module_streaming(v8::Isolate* isolate,
                                                                v8::ScriptCompiler::StreamedSource* source,
                                                                bool eager);

}  // namespace toolchain
