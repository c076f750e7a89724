#pragma once
// The command line, parsed as Deno parses its own: `toolchain run [flags] FILE
// [args…]` and the shorthand `toolchain FILE [args…]`.
#include <optional>
#include <string>
#include <vector>

#include "permissions/permissions.h"

namespace toolchain::cli {

struct Command {
  enum class Kind { Run, Version, Help } kind = Kind::Help;
  std::string script;
  std::vector<std::string> script_args;
  permissions::Permissions permissions;
  bool no_daemon = false;
  bool quiet = false;
};

// Throws std::invalid_argument with the message to print after "error: ".
Command parse_args(const std::vector<std::string>& argv, const std::string& cwd);

extern const char kUsage[];

}  // namespace toolchain::cli
