// Ops behind the process part of the Deno namespace: args, env, cwd, exit,
// permissions. All of it reads the program's own state (Runtime), never the
// host process's, so programs in one daemon never see each other.
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>

#include <fmt/format.h>

#include "bridge/op.h"
#include "core/runtime.h"

namespace toolchain {

namespace {

using bridge::JsError;
using permissions::Kind;

void validate_env_key(const std::string& key) {
  if (key.empty()) throw bridge::type_error("Key is an empty string.");
  if (key.find_first_of("=\0", 0, 2) != std::string::npos)
    throw bridge::type_error("Key contains invalid characters: " + bridge::rust_debug_quoted(key));
}

std::vector<std::string> op_args(Runtime& rt) { return rt.args; }

std::optional<std::string> op_env_get(Runtime& rt, std::string key) {
  validate_env_key(key);
  if (!permissions::env_readable_without_permission(key)) rt.require(Kind::Env, key);
  auto it = rt.env.find(key);
  if (it == rt.env.end()) return std::nullopt;
  return it->second;
}

void op_env_set(Runtime& rt, std::string key, std::string value) {
  validate_env_key(key);
  if (value.find('\0') != std::string::npos)
    throw bridge::type_error("Value contains invalid characters: " + bridge::rust_debug_quoted(value));
  rt.require(Kind::Env, key);
  rt.env[key] = std::move(value);
}

void op_env_delete(Runtime& rt, std::string key) {
  validate_env_key(key);
  rt.require(Kind::Env, key);
  rt.env.erase(key);
}

bridge::Value op_env_to_object(Runtime& rt) {
  rt.require_all(Kind::Env);
  auto* isolate = rt.isolate();
  auto context = rt.context();
  auto obj = v8::Object::New(isolate);
  for (const auto& [k, v] : rt.env) obj->Set(context, bridge::v8_str(isolate, k), bridge::v8_str(isolate, v)).Check();
  return obj;
}

std::string op_cwd(Runtime& rt) { return rt.cwd; }

void op_chdir(Runtime& rt, std::string path) {
  std::string target = rt.resolve_path(path);
  rt.require(Kind::Read, target);
  char resolved[PATH_MAX];
  if (::realpath(target.c_str(), resolved) == nullptr) throw bridge::os_error(errno, "chdir", path);
  struct stat st;
  if (::stat(resolved, &st) != 0) throw bridge::os_error(errno, "chdir", path);
  if (!S_ISDIR(st.st_mode)) throw bridge::os_error(ENOTDIR, "chdir", path);
  // Per program: the daemon's own cwd never changes.
  rt.cwd = resolved;
  rt.permissions.set_cwd(rt.cwd);
}

double op_pid(Runtime&) { return ::getpid(); }
double op_ppid(Runtime&) { return ::getppid(); }
std::string op_main_module(Runtime& rt) { return rt.main_module_url; }

std::string op_exec_path(Runtime& rt) {
  char buf[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  std::string path = n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
  rt.require(Kind::Read, path);
  return path;
}

Kind kind_from_name(const std::string& name) {
  if (auto kind = permissions::kind_from_name(name)) return *kind;
  throw bridge::type_error(fmt::format("The provided value \"{}\" is not a valid permission name", name));
}

// Paths in descriptors are relative to the program's cwd.
std::optional<std::string> descriptor_value(Runtime& rt, Kind kind, const std::optional<std::string>& value) {
  if (!value) return std::nullopt;
  if (kind == Kind::Read || kind == Kind::Write || kind == Kind::Ffi) return rt.resolve_path(*value);
  return value;
}

std::string op_permission_query(Runtime& rt, std::string name, std::optional<std::string> value) {
  Kind kind = kind_from_name(name);
  auto v = descriptor_value(rt, kind, value);
  try {
    return permissions::state_name(rt.permissions.query(kind, v ? std::optional<std::string_view>(*v) : std::nullopt));
  } catch (const permissions::DescriptorError& error) {
    throw JsError{error.error_class(), error.what()};
  }
}

std::string op_permission_revoke(Runtime& rt, std::string name, std::optional<std::string> value) {
  Kind kind = kind_from_name(name);
  auto v = descriptor_value(rt, kind, value);
  auto view = v ? std::optional<std::string_view>(*v) : std::nullopt;
  try {
    return permissions::state_name(rt.permissions.revoke(kind, view));
  } catch (const permissions::DescriptorError& error) {
    throw JsError{error.error_class(), error.what()};
  }
}

}  // namespace

void register_deno_ops(bridge::OpRegistry& r) {
  r.sync<op_args>("op_args");
  r.sync<op_env_get>("op_env_get");
  r.sync<op_env_set>("op_env_set");
  r.sync<op_env_delete>("op_env_delete");
  r.sync<op_env_to_object>("op_env_to_object");
  r.sync<op_cwd>("op_cwd");
  r.sync<op_chdir>("op_chdir");
  r.sync<op_pid>("op_pid");
  r.sync<op_ppid>("op_ppid");
  r.sync<op_main_module>("op_main_module");
  r.sync<op_exec_path>("op_exec_path");
  r.sync<op_permission_query>("op_permission_query");
  r.sync<op_permission_revoke>("op_permission_revoke");
}

}  // namespace toolchain
