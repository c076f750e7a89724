// Ops of Deno.test and Deno.bench (testing/test.js, testing/bench.js): the
// conversation with the tool that drives the program (RunOptions::tool), the
// author's source lines for error excerpts, and a nanosecond clock.
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "bridge/op.h"
#include "core/ops_index.h"
#include "core/runtime.h"
#include "modules/module_loader.h"

namespace toolchain {

namespace {

// Sends one JSON event to the tool; false when the tool wants the program to
// stop early (--fail-fast reached). Without a tool there is no one to stop us.
bool op_tool_event(Runtime& rt, std::string json) {
  if (!rt.tool || !rt.tool->on_event) return true;
  return rt.tool->on_event(json);
}

std::string op_tool_mode(Runtime& rt) { return rt.tool ? rt.tool->mode : std::string(); }

std::optional<std::string> op_source_line(Runtime& rt, std::string url, int line) {
  const std::string* source = rt.modules().original_source(url);
  if (!source || line <= 0) return std::nullopt;
  std::string_view text = *source;
  for (int i = 1; i < line; ++i) {
    size_t nl = text.find('\n');
    if (nl == std::string_view::npos) return std::nullopt;
    text.remove_prefix(nl + 1);
  }
  text = text.substr(0, text.find('\n'));
  if (text.ends_with('\r')) text.remove_suffix(1);
  return std::string(text);
}

// Completes on the next turn of the event loop: a macrotask boundary.
auto op_tool_tick(Runtime&) {
  return [] {};
}

// Monotonic nanoseconds, as a double (exact to 2^53 ns, about 104 days).
double op_bench_now(Runtime&) {
  return static_cast<double>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

// A test's `permissions`: `flags` are the grants as CLI flags ("--allow-read",
// "--allow-env=HOME,PATH"); the rest is not granted. A grant the current set
// does not hold is an escalation, refused as Deno refuses it.
void op_test_permissions_push(Runtime& rt, std::vector<std::string> flags) {
  permissions::Permissions child;
  child.set_cwd(rt.cwd);
  child.set_prompt(false);
  for (const std::string& flag : flags) {
    std::string_view rest = std::string_view(flag).substr(std::string_view("--allow-").size());
    size_t eq = rest.find('=');
    auto kind = permissions::kind_from_name(rest.substr(0, eq));
    if (!flag.starts_with("--allow-") || !kind) throw bridge::JsError{"TypeError", "Invalid permission flag " + flag};
    bool allowed = true;
    if (eq == std::string_view::npos) {
      allowed = rt.permissions.is_allow_all(*kind);
    } else {
      std::string_view values = rest.substr(eq + 1);
      while (allowed && !values.empty()) {
        size_t comma = values.find(',');
        std::string value(values.substr(0, comma));
        value = (*kind == permissions::Kind::Read || *kind == permissions::Kind::Write) ? rt.resolve_path(value) : value;
        allowed = rt.permissions.query(*kind, value) == permissions::State::Granted;
        values = comma == std::string_view::npos ? std::string_view() : values.substr(comma + 1);
      }
    }
    if (!allowed) throw bridge::JsError{"NotCapable", "Can't escalate parent thread permissions"};
    try {
      child.parse_flag(flag, rt.cwd);
    } catch (const std::invalid_argument& e) {
      throw bridge::JsError{"TypeError", e.what()};
    }
  }
  rt.saved_permissions.push_back(std::move(rt.permissions));
  rt.permissions = std::move(child);
}

void op_test_permissions_pop(Runtime& rt) {
  if (rt.saved_permissions.empty()) return;
  rt.permissions = std::move(rt.saved_permissions.back());
  rt.saved_permissions.pop_back();
}

// The async ops in flight as JSON: [{"id":…,"name":"op_fs_read_file_async","stack":"…"}].
std::string op_test_ops_in_flight(Runtime& rt) {
  boost::json::array out;
  for (const auto& [id, op] : rt.async_ops_in_flight) {
    std::string name = "unknown";
    for (const auto& info : all_ops().ops())
      if (info.callback == op.op) name = info.name;
    out.push_back(boost::json::object{{"id", id}, {"name", name}, {"stack", op.stack}});
  }
  return boost::json::serialize(out);
}

void op_test_trace_ops(Runtime& rt, bool trace) { rt.trace_async_ops = trace; }

}  // namespace

void register_testing_ops(bridge::OpRegistry& r) {
  r.sync<op_tool_event>("op_tool_event");
  r.sync<op_tool_mode>("op_tool_mode");
  r.sync<op_source_line>("op_source_line");
  r.sync<op_bench_now>("op_bench_now");
  r.async<op_tool_tick>("op_tool_tick");
  r.sync<op_test_ops_in_flight>("op_test_ops_in_flight");
  r.sync<op_test_trace_ops>("op_test_trace_ops");
  r.sync<op_test_permissions_push>("op_test_permissions_push");
  r.sync<op_test_permissions_pop>("op_test_permissions_pop");
}

}  // namespace toolchain
