#include "errors/format_error.h"

#include <optional>

#include <fmt/format.h>

#include "bridge/convert.h"
#include "core/runtime.h"
#include "modules/module_loader.h"

namespace toolchain::errors {

using bridge::to_std_string;
using bridge::v8_str;

namespace {

std::string_view nth_line(std::string_view text, int line) {
  for (int i = 1; i < line; ++i) {
    size_t nl = text.find('\n');
    if (nl == std::string_view::npos) return {};
    text.remove_prefix(nl + 1);
  }
  std::string_view out = text.substr(0, text.find('\n'));
  if (out.ends_with('\r')) out.remove_suffix(1);
  return out;
}

// Deno.inspect of a value, through the console built-in.
std::string inspect(Runtime& rt, v8::Local<v8::Value> value) {
  auto* isolate = rt.isolate();
  auto context = rt.context();
  v8::TryCatch try_catch(isolate);
  v8::Local<v8::Value> internals, fn, out;
  if (rt.core()->Get(context, v8_str(isolate, "internals")).ToLocal(&internals) && internals->IsObject() &&
      internals.As<v8::Object>()->Get(context, v8_str(isolate, "inspect")).ToLocal(&fn) && fn->IsFunction() &&
      fn.As<v8::Function>()->Call(context, v8::Undefined(isolate), 1, &value).ToLocal(&out))
    return to_std_string(isolate, out);
  return to_std_string(isolate, value);
}

v8::Local<v8::Value> get(v8::Local<v8::Context> context, v8::Local<v8::Value> object, const char* key) {
  v8::Local<v8::Value> out;
  if (!object->IsObject() || !object.As<v8::Object>()->Get(context, v8_str(context->GetIsolate(), key)).ToLocal(&out))
    return v8::Undefined(context->GetIsolate());
  return out;
}

// The "Error: msg\n    at …" text of an error, or its inspection.
std::string describe(Runtime& rt, v8::Local<v8::Value> value) {
  auto context = rt.context();
  v8::TryCatch try_catch(rt.isolate());
  if (value->IsNativeError()) {
    auto stack = get(context, value, "stack");
    if (stack->IsString()) return to_std_string(rt.isolate(), stack);
  }
  return inspect(rt, value);
}

// "URL:LINE:COLUMN" of one "    at …" line of an error's stack, or nullopt.
struct Location {
  std::string url;
  int line = 0, column = 0;
};
std::optional<Location> frame_location(std::string_view frame) {
  if (frame.ends_with(")")) {
    size_t open = frame.rfind('(');
    if (open == std::string_view::npos) return std::nullopt;
    frame = frame.substr(open + 1, frame.size() - open - 2);
  } else {
    size_t at = frame.find("at ");
    if (at == std::string_view::npos) return std::nullopt;
    frame.remove_prefix(at + 3);
    if (frame.starts_with("async ")) frame.remove_prefix(6);
  }
  size_t c2 = frame.rfind(':');
  if (c2 == std::string_view::npos || c2 == 0) return std::nullopt;
  size_t c1 = frame.rfind(':', c2 - 1);
  if (c1 == std::string_view::npos) return std::nullopt;
  Location loc{std::string(frame.substr(0, c1)), 0, 0};
  for (char ch : frame.substr(c1 + 1, c2 - c1 - 1)) {
    if (ch < '0' || ch > '9') return std::nullopt;
    loc.line = loc.line * 10 + (ch - '0');
  }
  for (char ch : frame.substr(c2 + 1)) {
    if (ch < '0' || ch > '9') return std::nullopt;
    loc.column = loc.column * 10 + (ch - '0');
  }
  return loc;
}

// The source line an error points at and a caret under its column: the first
// frame of its stack that lies in a user module. Read from the `stack` text
// (V8 keeps that for every error anyway): asking V8 for detailed stack traces
// instead would make every `new Error` capture one, a cost the whole runtime paid.
std::string excerpt(Runtime& rt, v8::Local<v8::Value> exception) {
  if (!exception->IsNativeError()) return {};
  auto stack = get(rt.context(), exception, "stack");
  if (!stack->IsString()) return {};
  std::string text = to_std_string(rt.isolate(), stack);
  std::string_view rest(text);
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    size_t start = line.find_first_not_of(' ');
    if (start == std::string_view::npos || !line.substr(start).starts_with("at ")) continue;
    auto loc = frame_location(line);
    if (!loc) continue;
    const std::string* source = rt.modules().original_source(loc->url);
    if (!source) continue;
    std::string_view code = nth_line(*source, loc->line);
    if (code.empty()) return {};
    std::string caret(static_cast<size_t>(std::max(0, loc->column - 1)), ' ');
    caret += rt.stderr_colors() ? "\x1b[31m^\x1b[0m" : "^";
    return fmt::format("{}\n{}\n", code, caret);
  }
  return {};
}

}  // namespace

std::string error_prefix(const Runtime& rt) {
  return rt.stderr_colors() ? "\x1b[1m\x1b[31merror\x1b[0m: " : "error: ";
}

namespace {

// getSourceLine(url, line) for the console's formatError: the author's text of that line.
void get_source_line(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  Runtime& rt = Runtime::from(isolate);
  const std::string* source = rt.modules().original_source(to_std_string(isolate, info[0]));
  int line = info[1]->Int32Value(isolate->GetCurrentContext()).FromMaybe(0);
  if (!source || line <= 0) return;
  info.GetReturnValue().Set(v8_str(isolate, nth_line(*source, line)));
}

// The console built-in's internals.formatError, which knows Deno's layout for
// AggregateError members, cause loops and colours; nullopt if unavailable.
std::optional<std::string> format_with_console(Runtime& rt, v8::Local<v8::Value> exception) {
  auto* isolate = rt.isolate();
  auto context = rt.context();
  v8::TryCatch try_catch(isolate);
  auto internals = get(context, rt.core(), "internals");
  auto fn = get(context, internals, "formatError");
  if (!fn->IsFunction()) return std::nullopt;
  auto options = v8::Object::New(isolate);
  options->Set(context, v8_str(isolate, "colors"), v8::Boolean::New(isolate, rt.stderr_colors())).Check();
  options->Set(context, v8_str(isolate, "cwd"), v8_str(isolate, rt.cwd)).Check();
  options->Set(context, v8_str(isolate, "getSourceLine"),
               v8::Function::New(context, get_source_line).ToLocalChecked()).Check();
  v8::Local<v8::Value> argv[] = {exception, options};
  v8::Local<v8::Value> text;
  if (!fn.As<v8::Function>()->Call(context, v8::Undefined(isolate), 2, argv).ToLocal(&text) || !text->IsString())
    return std::nullopt;
  return to_std_string(isolate, text);
}

}  // namespace

std::string format_uncaught(Runtime& rt, v8::Local<v8::Value> exception, bool in_promise) {
  return error_prefix(rt) + (in_promise ? "Uncaught (in promise) " : "Uncaught ") + format_exception(rt, exception);
}

std::string format_exception(Runtime& rt, v8::Local<v8::Value> exception) {
  auto context = rt.context();
  std::string out;
  if (auto text = format_with_console(rt, exception)) return out + *text + "\n";
  std::string text = describe(rt, exception);
  if (!exception->IsNativeError()) return out + text + "\n";
  size_t frames = text.find("\n    at ");
  std::string header = text.substr(0, frames);
  out += header + "\n" + excerpt(rt, exception);
  if (frames != std::string::npos) out += text.substr(frames + 1) + "\n";
  // The cause chain, as Deno prints it.
  auto cause = get(context, exception, "cause");
  for (int depth = 0; !cause->IsUndefined() && depth < 16; ++depth) {
    out += "Caused by: " + describe(rt, cause) + "\n";
    if (!cause->IsNativeError()) break;
    cause = get(context, cause, "cause");
  }
  return out;
}

std::string format_load_error(const Runtime& rt, std::string_view message) {
  return error_prefix(rt) + std::string(message) + "\n";
}

std::string format_compile_error(Runtime& rt, const modules::CompileError& error) {
  std::string out = error_prefix(rt) + error.message + "\n";
  const std::string* source = rt.modules().original_source(error.url);
  if (source) {
    std::string number = std::to_string(error.line);
    std::string gutter(number.size(), ' ');
    std::string_view text = nth_line(*source, error.line);
    out += fmt::format("{} |\n{} | {}\n{} | {}~\n", gutter, number, text, gutter,
                       std::string(static_cast<size_t>(std::max(0, error.column - 1)), ' '));
  }
  out += fmt::format("    at {}:{}:{}\n", error.url, error.line, error.column);
  return out;
}

}  // namespace toolchain::errors
