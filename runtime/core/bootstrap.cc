// Builds the JavaScript side of a runtime: the `core` object with every op, then
// each built-in file in order. Run once at build time into the snapshot (or per
// isolate in a binary without a snapshot).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bridge/convert.h"
#include "core/builtins.h"
#include "core/ops_index.h"
#include "core/snapshot.h"

namespace toolchain {

using bridge::v8_str;

const intptr_t* external_references() {
  static const std::vector<intptr_t> refs = [] {
    std::vector<intptr_t> out;
    for (const auto& op : all_ops().ops()) out.push_back(reinterpret_cast<intptr_t>(op.callback));
    out.push_back(0);
    return out;
  }();
  return refs.data();
}

v8::Local<v8::Object> bootstrap_context(v8::Isolate* isolate, v8::Local<v8::Context> context) {
  v8::EscapableHandleScope scope(isolate);
  v8::Context::Scope context_scope(context);
  auto core = v8::Object::New(isolate);
  auto ops = v8::Object::New(isolate);
  for (const auto& op : all_ops().ops()) {
    auto name = v8_str(isolate, op.name);
    auto fn = v8::FunctionTemplate::New(isolate, op.callback, {}, {}, 0, v8::ConstructorBehavior::kThrow)
                  ->GetFunction(context)
                  .ToLocalChecked();
    fn->SetName(name);
    ops->Set(context, name, fn).Check();
  }
  core->Set(context, v8_str(isolate, "ops"), ops).Check();
  auto internals = v8::Object::New(isolate);
  core->Set(context, v8_str(isolate, "internals"), internals).Check();

  for (size_t i = 0; i < kBuiltinCount; ++i) {
    const BuiltinSource& builtin = kBuiltins[i];
    // The wrapper sits on the file's first line so line numbers stay true.
    std::string text = "(function (core, internals) { \"use strict\"; ";
    text.append(builtin.source, builtin.length);
    text += "\n})";
    v8::TryCatch try_catch(isolate);
    v8::ScriptOrigin origin(isolate, v8_str(isolate, builtin.name));
    v8::Local<v8::Script> script;
    v8::Local<v8::Value> fn;
    v8::Local<v8::Value> argv[] = {core, internals};
    if (!v8::Script::Compile(context, v8_str(isolate, text), &origin).ToLocal(&script) ||
        !script->Run(context).ToLocal(&fn) ||
        fn.As<v8::Function>()->Call(context, v8::Undefined(isolate), 2, argv).IsEmpty()) {
      auto message = try_catch.Message();
      v8::String::Utf8Value error(isolate, try_catch.Exception());
      int line = message.IsEmpty() ? 0 : message->GetLineNumber(context).FromMaybe(0);
      std::fprintf(stderr, "toolchain: built-in %s failed at line %d: %s\n", builtin.name, line, *error);
      std::abort();
    }
  }
  return scope.Escape(core);
}

}  // namespace toolchain
