// The permissions model of one program run (`--allow-*`, `--deny-*`,
// `--ignore-*`, `Deno.permissions.query/request/revoke`, the checks ops make).
//
// Matches Deno 2.9.6 (checked against the binary; strings copied into
// tests/unit/permissions_test.cc):
//  * Nothing is granted by default; `query` reports "prompt" for anything not
//    explicitly denied. `deno run` prompts unless `--no-prompt`; when stdin is
//    not a TTY the prompt answers "deny" by itself and Deno *records* that
//    denial, so after a failed check `query` reports "denied" for that value
//    (and for the kind as a whole). With `--no-prompt` nothing is recorded and
//    `query` keeps reporting "prompt". We reproduce both: `prompt()` defaults
//    to true and the default prompter answers Deny (Deno's non-TTY answer).
//  * Allow, deny and ignore descriptors live in one list sorted like Deno's
//    (most specific first, deny before allow on a tie, inserted with the exact
//    binary search of Rust's std), and the first entry that matches decides.
//    So `--allow-read=/a/b --deny-read=/a` grants /a/b, `--deny-read=/a/b
//    --allow-read` denies /a/b/c, and a port-qualified allow beats a host-wide
//    deny (`--deny-import=deno.land` does not block the default deno.land:443).
//  * Paths: resolved against the cwd and normalised like deno_path_util
//    (only when they hold `.`/`..`/a trailing `/`); matching is by path
//    component (`/tmp` covers `/tmp/x`, not `/tmpx`); no symlinks resolved.
//    Error messages show the path as the program wrote it when relative, the
//    normalised path when absolute.
//  * Net/import: `host`, `host:port`, `[v6]`, `[v6]:port`, IPv4 `a.b.c.d/nn`
//    subnets, `*.example.com` (which also covers example.com), `vsock:cid:port`,
//    `unix:/abs/path`; hosts are lower-cased FQDNs (trailing dot dropped,
//    `_` allowed). A host without port allows every port. `--allow-import`
//    defaults to deno.land, jsr.io, esm.sh, cdn.jsdelivr.net,
//    raw.githubusercontent.com and gist.githubusercontent.com, all :443.
//  * Env: exact names and `PREFIX*` patterns; FORCE_COLOR, NODE_DEBUG,
//    NODE_OPTIONS and NO_COLOR are readable without permission
//    (`env_readable_without_permission`).
//  * Run: a name is resolved through PATH (the CommandResolver) when the flag
//    is parsed and when a command is checked; an allow entry matches that exact
//    file only; a deny by name also covers `name.*` files and paths whose stem
//    is that name; `--allow-run=x` also adds x's resolved path to the write
//    deny list. Unresolvable `--allow-run` names are dropped with a warning.
//  * Sys: hostname, osRelease, osUptime, loadavg, networkInterfaces,
//    systemMemoryInfo, uid, gid, cpus, homedir, getegid, statfs, getPriority,
//    setPriority, userInfo (`username` is an alias), and at run time also
//    inspector, setegid, seteuid, setgid, setuid.
//  * Special files (/dev, /proc, /sys) need every permission ("all access"),
//    except /dev/{null,zero,random,urandom} and /dev/fd/N, /proc/self/fd/N
//    pipes (N > 2); Deno.symlink needs unscoped read and write.
//  * Error classes: a failed check throws `Deno.errors.NotCapable` (never
//    PermissionDenied, which Deno 2 keeps for EACCES from the OS); an ignored
//    read (`--ignore-read`) is `NotFound` "No such file or directory (os error
//    2)"; an ignored env var reads as undefined (state Ignored, the op decides);
//    a failed import check reaches JS as a TypeError. Malformed query values
//    throw DescriptorError with Deno's class (URIError for hosts, TypeError for
//    unknown sys kinds, Error for empty values).
//
// Simplified / left out:
//  * No interactive prompt: a Prompter callback may be installed; by default
//    every prompt is answered Deny, exactly like Deno without a TTY.
//  * `-P/--permission-set` (permissions from deno.json), the permission
//    broker, audit log and Windows rules are not implemented.
//  * Short-flag clusters mixing permission and other flags (`-Aq`) are not
//    parsed here (parse_flag returns false).
//  * Flags are validated one at a time, so when several flags are wrong the
//    error reported can differ from Deno's (which reports --allow-all
//    conflicts before malformed values).
//  * The object is not thread-safe; one instance belongs to one run (clone it
//    for a worker). parse_flag rebuilds the state, so call it before any
//    check/revoke/request.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace toolchain::permissions {

enum class Kind { Read, Write, Net, Env, Run, Sys, Ffi, Import };

// Deno's internal states. In JS (`PermissionStatus`): Granted -> "granted",
// GrantedPartial -> "granted" with partial: true, Prompt -> "prompt",
// Denied/DeniedPartial/Ignored -> "denied" (see state_name / is_partial).
enum class State { Granted, GrantedPartial, Prompt, Denied, DeniedPartial, Ignored };

const char* kind_name(Kind kind);                          // "read", "write", ...
std::optional<Kind> kind_from_name(std::string_view name); // inverse of kind_name
const char* state_name(State state);                       // "granted" | "prompt" | "denied"
inline bool is_partial(State state) { return state == State::GrantedPartial; }

// What a failed check throws in JS: `new Deno.errors[error_class](message)`
// (or `new TypeError(message)` when error_class is "TypeError").
struct PermissionError {
  std::string message;
  const char* error_class;  // "NotCapable"; "NotFound" for an ignored read; "TypeError" for import
  State state;              // Prompt, Denied, DeniedPartial or Ignored
};

// A malformed value given to query/request/revoke/check (Deno throws these
// from the op): error_class is "URIError", "TypeError" or "Error".
class DescriptorError : public std::invalid_argument {
 public:
  DescriptorError(const char* error_class, const std::string& message)
      : std::invalid_argument(message), error_class_(error_class) {}
  const char* error_class() const { return error_class_; }

 private:
  const char* error_class_;
};

enum class PromptResponse { Allow, Deny, AllowAll };
// message is Deno's prompt line, e.g. `read access to "/etc/passwd"`.
using Prompter = std::function<PromptResponse(Kind, std::string_view message, std::string_view api_name)>;
// Resolves a bare command name the way `which` does (PATH of the request).
using CommandResolver = std::function<std::optional<std::string>(std::string_view name)>;

class Permissions {
 public:
  Permissions();  // `deno run` without permission flags
  static Permissions allow_all();  // `-A`
  Permissions(const Permissions&);
  Permissions& operator=(const Permissions&);
  Permissions(Permissions&&) noexcept;
  Permissions& operator=(Permissions&&) noexcept;
  ~Permissions();

  // Parses one CLI argument: --allow-X[=a,b], --deny-X[=..], --ignore-env[=..],
  // --ignore-read[=..], -A/--allow-all, --no-prompt, and the short forms
  // -R -W -N -E -S -I (also -R=/p, -R/p, -RW). Returns false when `arg` is not
  // a permission flag. Throws std::invalid_argument with Deno's message for a
  // bad value (e.g. "Empty path is not allowed", "invalid env var name: 'A=B'",
  // "--allow-all conflicts with --allow-read"); the flag is then not applied.
  // Set the command resolver before passing --allow-run.
  bool parse_flag(std::string_view arg, std::string_view cwd);
  // Informational lines Deno prints on stderr as "Info ..." (unresolved
  // --allow-run names).
  const std::vector<std::string>& warnings() const;

  void set_cwd(std::string_view cwd);  // resolves relative values; parse_flag sets it too
  const std::string& cwd() const;
  void set_prompt(bool prompt);        // false = --no-prompt / DENO_NO_PROMPT
  bool prompt() const;
  void set_prompter(Prompter prompter);  // default: always Deny (Deno without a TTY)
  void set_command_resolver(CommandResolver resolver);  // default: none (names stay unresolved)
  void set_standalone(bool standalone);  // `deno compile` wording in messages

  // Deno.permissions.*. `value` is the descriptor's path / host[:port] /
  // variable / command / sys kind; nullopt queries the whole kind. Throws
  // DescriptorError for a malformed value.
  State query(Kind kind, std::optional<std::string_view> value) const;
  State request(Kind kind, std::optional<std::string_view> value);
  State revoke(Kind kind, std::optional<std::string_view> value);

  // Checks made by ops; nullopt when allowed. `value` as for query (a net or
  // import value is "host:port"). For read/write/ffi, `check` also fails when
  // a deny entry lies below the path (Deno 2.9.6 does this for a recursive
  // Deno.remove), `check_partial` does not (what 2.9.6's open, stat, readDir,
  // mkdir, chmod and rename behave like).
  std::optional<PermissionError> check(Kind kind, std::string_view value, std::string_view api_name = {});
  std::optional<PermissionError> check_partial(Kind kind, std::string_view value, std::string_view api_name = {});
  std::optional<PermissionError> check_net(Kind kind, std::string_view host, std::optional<std::uint32_t> port,
                                           std::string_view api_name = {});
  // The kind as a whole: Deno.env.toObject() (env), Deno.kill (run), ...
  std::optional<PermissionError> check_all(Kind kind, std::string_view api_name = {});
  // After the read/write check of an open that follows symlinks, on the
  // canonical path: /dev, /proc and /sys need all permissions. fd_is_pipe
  // (may be empty) tells whether an fd (> 2) of /dev/fd/N, /proc/self/fd/N is a pipe.
  std::optional<PermissionError> check_special_file(std::string_view canonical_path,
                                                    const std::function<bool(int)>& fd_is_pipe = {}) const;
  // Deno.symlink / Deno.symlinkSync (api_name "Deno.symlinkSync()").
  std::optional<PermissionError> check_unscoped_read_write(std::string_view api_name) const;

  bool is_allow_all(Kind kind) const;  // granted globally with no deny/ignore entries
  bool all_granted() const;            // every kind is_allow_all (what -A gives)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Environment variables Deno.env.get reads without a permission check.
bool env_readable_without_permission(std::string_view name);

// deno_path_util::normalize_path: rebuilt only when the path has `.`/`..`
// components or a trailing slash; otherwise returned unchanged.
std::string normalize_path(std::string_view path);
// Absolute paths normalised; relative ones joined to cwd, then normalised.
std::string resolve_path(std::string_view path, std::string_view cwd);
// `which` for one PATH value (the only helper here touching the file system:
// stat + access(X_OK)). Relative PATH entries are taken from cwd.
std::optional<std::string> find_executable(std::string_view name, std::string_view path_env, std::string_view cwd);
CommandResolver path_resolver(std::string path_env, std::string cwd);

}  // namespace toolchain::permissions
