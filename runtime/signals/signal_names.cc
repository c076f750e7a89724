#include "signals/signal_names.h"

#include <csignal>
#include <utility>

namespace toolchain::signals {

namespace {
// Deno's list for Linux, aliases included (SIGIOT, SIGPOLL, SIGUNUSED).
constexpr std::pair<std::string_view, int> kSignals[] = {
    {"SIGHUP", SIGHUP},       {"SIGINT", SIGINT},       {"SIGQUIT", SIGQUIT},     {"SIGILL", SIGILL},
    {"SIGTRAP", SIGTRAP},     {"SIGABRT", SIGABRT},     {"SIGIOT", SIGIOT},       {"SIGBUS", SIGBUS},
    {"SIGFPE", SIGFPE},       {"SIGKILL", SIGKILL},     {"SIGUSR1", SIGUSR1},     {"SIGSEGV", SIGSEGV},
    {"SIGUSR2", SIGUSR2},     {"SIGPIPE", SIGPIPE},     {"SIGALRM", SIGALRM},     {"SIGTERM", SIGTERM},
    {"SIGSTKFLT", SIGSTKFLT}, {"SIGCHLD", SIGCHLD},     {"SIGCONT", SIGCONT},     {"SIGSTOP", SIGSTOP},
    {"SIGTSTP", SIGTSTP},     {"SIGTTIN", SIGTTIN},     {"SIGTTOU", SIGTTOU},     {"SIGURG", SIGURG},
    {"SIGXCPU", SIGXCPU},     {"SIGXFSZ", SIGXFSZ},     {"SIGVTALRM", SIGVTALRM}, {"SIGPROF", SIGPROF},
    {"SIGWINCH", SIGWINCH},   {"SIGIO", SIGIO},         {"SIGPOLL", SIGPOLL},     {"SIGPWR", SIGPWR},
    {"SIGSYS", SIGSYS},       {"SIGUNUSED", SIGSYS},
};
}  // namespace

std::optional<int> signal_number(std::string_view name) {
  for (const auto& [known, number] : kSignals)
    if (known == name) return number;
  return std::nullopt;
}

bool is_forbidden(int signo) {
  return signo == SIGKILL || signo == SIGSTOP || signo == SIGILL || signo == SIGFPE || signo == SIGSEGV;
}

bool terminates_by_default(int signo) {
  switch (signo) {
    case SIGCHLD: case SIGCONT: case SIGURG: case SIGWINCH:  // ignored
    case SIGSTOP: case SIGTSTP: case SIGTTIN: case SIGTTOU:  // stop the process
      return false;
    default:
      return true;
  }
}

}  // namespace toolchain::signals
