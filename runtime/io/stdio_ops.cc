// Ops behind Deno.stdin, Deno.stdout, Deno.stderr and Deno.consoleSize. Resource
// ids 0, 1, 2 are the run's stdio (RunOptions::stdio: in the daemon, the
// client's fds), looked up through the program's StdioState.
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>

#include "bridge/op.h"
#include "core/ops_index.h"
#include "core/runtime.h"
#include "io/stdio_state.h"

namespace toolchain {

namespace {

using bridge::ByteView;
using bridge::JsError;

// One write(2): the number of bytes it took (Deno's write/writeSync return it).
double write_once(int fd, const uint8_t* data, size_t size) {
  ssize_t n;
  do n = ::write(fd, data, size);
  while (n < 0 && errno == EINTR);
  if (n < 0) throw bridge::os_error(errno, {});  // EPIPE: BrokenPipe "Broken pipe (os error 32)"
  return static_cast<double>(n);
}

double op_io_write_sync(Runtime& rt, int rid, ByteView bytes) {
  return write_once(rt.stdio_state().fd(rid), bytes.data, bytes.size);
}

// On the blocking pool: a pipe whose reader is slow must not stall the loop.
auto op_io_write(Runtime& rt, int rid, ByteView bytes) {
  int fd = rt.stdio_state().fd(rid);
  return [fd, data = std::vector<uint8_t>(bytes.data, bytes.data + bytes.size)] {
    return write_once(fd, data.data(), data.size());
  };
}

// Bytes read into `into`, or null at end of file. Blocks, as Deno's readSync does.
std::optional<double> op_io_read_sync(Runtime& rt, int rid, ByteView into) {
  int fd = rt.stdio_state().fd(rid);
  ssize_t n;
  do n = ::read(fd, into.data, into.size);
  while (n < 0 && errno == EINTR);
  if (n < 0) throw bridge::os_error(errno, {});
  if (n == 0) return std::nullopt;
  return static_cast<double>(n);
}

// op_io_read(rid, size) → Promise<Uint8Array | null>: a chunk of at most `size`
// bytes, or null at end of file. The loop waits for the data (StdioState::read);
// JavaScript copies the chunk into the caller's buffer.
void op_io_read(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  auto context = isolate->GetCurrentContext();
  auto resolver = v8::Promise::Resolver::New(context).ToLocalChecked();
  info.GetReturnValue().Set(resolver->GetPromise());
  Runtime& rt = Runtime::from(isolate);
  try {
    int rid = bridge::FromV8<int>::get(isolate, info[0]);
    auto size = bridge::FromV8<size_t>::get(isolate, info[1]);
    uint64_t pending = rt.park_resolver(resolver);
    rt.stdio_state().read(rid, size, [&rt, pending](io::ReadResult result) {
      auto* isolate = rt.isolate();
      v8::HandleScope scope(isolate);
      auto context = rt.context();
      v8::Context::Scope context_scope(context);
      auto resolver = rt.take_resolver(pending);
      if (rt.exiting()) return;
      if (result.error == EBADF) {
        resolver->Reject(context, bridge::make_js_error(isolate, {"BadResource", "Bad resource ID"})).FromMaybe(false);
      } else if (result.error) {
        resolver->Reject(context, bridge::make_js_error(isolate, bridge::os_error(result.error, {}))).FromMaybe(false);
      } else if (result.data.empty()) {
        resolver->Resolve(context, v8::Null(isolate)).FromMaybe(false);
      } else {
        resolver->Resolve(context, bridge::ToV8<bridge::Bytes>::make(isolate, {std::move(result.data)})).FromMaybe(false);
      }
      rt.after_macrotask();
    });
  } catch (const JsError& error) {
    resolver->Reject(context, bridge::make_js_error(isolate, error)).FromMaybe(false);
  }
}

void op_io_close(Runtime& rt, int rid) { rt.stdio_state().close(rid); }

// false once closed, as in Deno.
bool op_io_is_terminal(Runtime& rt, int rid) {
  auto& state = rt.stdio_state();
  return !state.closed(rid) && ::isatty(state.fd(rid)) == 1;
}

void op_io_set_raw(Runtime& rt, int rid, bool raw, bool cbreak) { rt.stdio_state().set_raw(rid, raw, cbreak); }

// [columns, rows] of the terminal on stdout, stderr or stdin, the first that is one.
std::vector<double> op_console_size(Runtime& rt) {
  for (int fd : {rt.stdio.out, rt.stdio.err, rt.stdio.in}) {
    winsize size{};
    if (::ioctl(fd, TIOCGWINSZ, &size) == 0) return {static_cast<double>(size.ws_col), static_cast<double>(size.ws_row)};
  }
  throw JsError{"Error", "Could not get console size: stdin, stdout, and stderr are not connected to a terminal"};
}

}  // namespace

void register_io_ops(bridge::OpRegistry& r) {
  r.sync<op_io_write_sync>("op_io_write_sync");
  r.async<op_io_write>("op_io_write");
  r.sync<op_io_read_sync>("op_io_read_sync");
  r.raw("op_io_read", op_io_read);
  r.sync<op_io_close>("op_io_close");
  r.sync<op_io_is_terminal>("op_io_is_terminal");
  r.sync<op_io_set_raw>("op_io_set_raw");
  r.sync<op_console_size>("op_console_size");
}

}  // namespace toolchain
