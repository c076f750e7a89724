// Ops behind `navigator` (web/navigator.js): what it says of the machine and
// of the program's locale, from the program's own environment (the daemon
// runs each program with its client's), never the host process's.
#include <sched.h>

#include <string>
#include <thread>

#include "bridge/op.h"
#include "core/runtime.h"

namespace toolchain {

namespace {

// The CPUs this process may run on (its affinity), as Rust's
// available_parallelism counts them for Deno.
double op_hardware_concurrency(Runtime&) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  return std::max(1u, std::thread::hardware_concurrency());
}

// The locale as BCP 47, from LC_ALL, LC_MESSAGES or LANG (the first set), as
// Deno's sys-locale reads them: "de_DE.UTF-8" is "de-DE"; the C/POSIX locale
// (also when none is set) is ICU's "en-US-u-va-posix".
std::string op_navigator_language(Runtime& rt) {
  std::string value;
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    auto it = rt.env.find(name);
    if (it != rt.env.end() && !it->second.empty()) {
      value = it->second;
      break;
    }
  }
  value = value.substr(0, value.find_first_of(".@"));
  if (value.empty() || value == "C" || value == "POSIX") return "en-US-u-va-posix";
  for (char& c : value)
    if (c == '_') c = '-';
  return value;
}

}  // namespace

void register_navigator_ops(bridge::OpRegistry& r) {
  r.sync<op_hardware_concurrency>("op_hardware_concurrency");
  r.sync<op_navigator_language>("op_navigator_language");
}

}  // namespace toolchain
