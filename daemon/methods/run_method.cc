#include "methods/run_method.h"

#include <memory>

#include "engine.h"
#include "signals/signal_names.h"

namespace toolchain::daemon {

namespace {

using jsonrpc::RpcError;

[[noreturn]] void invalid(std::string message) { throw RpcError(jsonrpc::kInvalidParams, std::move(message)); }

driver::Invocation invocation_from(Call& call) {
  const json::object* params = call.params().if_object();
  if (!params) invalid("run takes an object: {\"argv\": [...], \"cwd\": \"/abs\", \"env\": {...}}");
  driver::Invocation inv;

  const json::value* argv = params->if_contains("argv");
  if (!argv || !argv->is_array()) invalid("\"argv\" must be an array of strings");
  for (const json::value& arg : argv->as_array()) {
    if (!arg.is_string()) invalid("\"argv\" must be an array of strings");
    inv.argv.emplace_back(arg.as_string());
  }

  const json::value* cwd = params->if_contains("cwd");
  if (!cwd || !cwd->is_string() || !cwd->as_string().starts_with("/"))
    invalid("\"cwd\" must be an absolute path");
  inv.cwd = std::string(cwd->as_string());

  const json::value* env = params->if_contains("env");
  if (!env || !env->is_object()) invalid("\"env\" must be an object of strings");
  for (const auto& [key, value] : env->as_object()) {
    if (!value.is_string()) invalid("\"env\" must be an object of strings (\"" + std::string(key) + "\" is not)");
    inv.env.emplace(std::string(key), std::string(value.as_string()));
  }

  if (call.fds().size() != 3)
    invalid("run needs 3 file descriptors attached (stdin, stdout, stderr), got " +
            std::to_string(call.fds().size()));
  inv.stdio.in = call.fds()[0].get();
  inv.stdio.out = call.fds()[1].get();
  inv.stdio.err = call.fds()[2].get();
  return inv;
}

}  // namespace

void register_run_method(MethodRegistry& registry, RunMethodOptions options) {
  registry.add_blocking("run", [options = std::move(options)](Call& call) -> json::value {
    driver::Invocation inv = invocation_from(call);
    if (options.prepare) options.prepare(inv);
    auto control = std::make_shared<RunControl>();
    inv.control = control;
    // $/cancelRequest, the connection closing, or shutdown: the program ends
    // and the run answers 130.
    call.cancel_token()->on_cancel([control](CancelReason) { control->terminate(130); });
    // A forwarded signal (Ctrl-C: SIGINT) runs the program's listeners if it
    // has some; if not, it ends the program with 128 + signo.
    call.cancel_token()->on_signal([control](const std::string& name) {
      std::optional<int> signo = signals::signal_number(name);
      if (!signo) {
        control->terminate(130);  // a name we do not know: as a cancel
        return false;
      }
      return control->interrupt(*signo);
    });
    // The client hears the exit code as soon as it is known; the isolate is
    // torn down after.
    control->on_finished([&call](int exit_code) {
      call.fds().clear();
      call.reply(json::object{{"exitCode", exit_code}});
    });
    int exit_code = driver::run_command(inv);
    call.fds().clear();  // the client's stdio, closed before it hears the result
    return json::object{{"exitCode", exit_code}};
  });
}

}  // namespace toolchain::daemon
