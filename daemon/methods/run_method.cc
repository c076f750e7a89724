#include "methods/run_method.h"

#include <memory>

#include "engine.h"

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
    // Ctrl-C in the client, its connection closing, or shutdown: the program
    // ends and the run answers 130. (For programs that listen for SIGINT, the
    // engine will offer a RunControl call that runs the listeners, or terminates
    // with 130 when there are none; register it here with
    // call.cancel_token()->on_interrupt: each Ctrl-C then reaches the program,
    // and a disconnect or shutdown still terminates it.)
    call.cancel_token()->on_cancel([control](CancelReason) { control->terminate(130); });
    int exit_code = driver::run_command(inv);
    call.fds().clear();  // the client's stdio, closed before it hears the result
    return json::object{{"exitCode", exit_code}};
  });
}

}  // namespace toolchain::daemon
