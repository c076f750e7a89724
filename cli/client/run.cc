#include "cli/client/run.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <utility>

#include "cli/client/daemon.h"
#include "cli/client/rpc.h"

extern char** environ;

namespace toolchain::client {

namespace json = boost::json;

namespace {

constexpr int kRunId = 10;
// After a signal the client waits this long for the daemon's answer (the run's
// result, or `$/signalHandled`: the program listens and goes on), then exits
// 128 + signo anyway (130 for Ctrl-C); its connection closing ends the program.
constexpr int kSignalGraceMs = 60;

// The signals the client forwards to the program ($/signal), and their names.
constexpr std::pair<int, const char*> kForwarded[] = {
    {SIGINT, "SIGINT"}, {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"},
    {SIGQUIT, "SIGQUIT"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
};

const char* signal_name(int sig) {
  for (const auto& [number, name] : kForwarded)
    if (number == sig) return name;
  return "SIGINT";
}

int signal_pipe[2] = {-1, -1};

void on_signal(int sig) {
  int saved = errno;
  unsigned char byte = static_cast<unsigned char>(sig);
  [[maybe_unused]] ssize_t ignored = ::write(signal_pipe[1], &byte, 1);
  errno = saved;
}

void install_signal_handlers() {
  if (::pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  for (const auto& [sig, name] : kForwarded) {
    // A shell that started us with SIGINT ignored (`cmd &`) meant it.
    struct sigaction old {};
    ::sigaction(sig, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;
    ::sigaction(sig, &action, nullptr);
  }
}

json::object environment() {
  json::object env;
  for (char** e = environ; *e; ++e) {
    const char* eq = std::strchr(*e, '=');
    if (!eq) continue;
    env[std::string_view(*e, static_cast<size_t>(eq - *e))] = eq + 1;
  }
  return env;
}

int daemon_gone(const Paths& paths) {
  print_error("the toolchain daemon exited unexpectedly (see " + paths.log + ")");
  return 1;
}

}  // namespace

int run_in_daemon(const std::vector<std::string>& argv, const Paths& paths) {
  char cwd[PATH_MAX];
  if (::getcwd(cwd, sizeof cwd) == nullptr) {
    print_error("the current directory is not accessible");
    return 1;
  }
  std::optional<Daemon> daemon;
  if (!ensure_daemon(paths, daemon)) return 1;
  Connection& connection = daemon->connection;

  install_signal_handlers();
  json::array args;
  for (const std::string& arg : argv) args.emplace_back(arg);
  json::object params{{"argv", std::move(args)}, {"cwd", cwd}, {"env", environment()}};
  const int fds[3] = {0, 1, 2};
  if (!connection.send(request(kRunId, "run", std::move(params)), fds)) return daemon_gone(paths);

  long long signal_deadline = -1;  // a signal not yet answered: exit then
  int signal_code = 130;
  for (;;) {
    int timeout = -1;
    if (signal_deadline >= 0) timeout = static_cast<int>(std::max(0LL, signal_deadline - now_ms()));
    pollfd p[2] = {{connection.fd(), POLLIN, 0}, {signal_pipe[0], POLLIN, 0}};
    int rc = ::poll(p, signal_pipe[0] >= 0 ? 2 : 1, timeout);
    if (rc < 0) {
      if (errno == EINTR) continue;
      return daemon_gone(paths);
    }
    if (rc == 0) return signal_code;  // the program did not take the signal

    if (p[1].revents & POLLIN) {
      unsigned char sigs[16];
      ssize_t n = ::read(signal_pipe[0], sigs, sizeof sigs);
      for (ssize_t i = 0; i < n; ++i) {
        // The daemon answers `$/signalHandled` if the program listens for it,
        // else ends the program, which answers the run with 128 + signo.
        connection.send(notification("$/signal", json::object{{"id", kRunId}, {"signal", signal_name(sigs[i])}}));
        signal_code = 128 + sigs[i];
        signal_deadline = now_ms() + kSignalGraceMs;
      }
    }

    if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      bool open = connection.fill();
      json::value message;
      bool broken = false;
      while (connection.take(message, broken)) {
        const json::object* object = message.if_object();
        if (!object) continue;
        const json::value* id = object->if_contains("id");
        if (!id) {
          // A notification. `$/signalHandled`: the program listens for the
          // signal, so it goes on running and the client waits for it.
          if (const json::value* method = object->if_contains("method");
              method && method->is_string() && method->as_string() == "$/signalHandled")
            signal_deadline = -1;
          continue;
        }
        if (!id->is_int64() || id->as_int64() != kRunId) continue;
        if (const json::value* error = object->if_contains("error")) {
          const json::value* text = error->is_object() ? error->as_object().if_contains("message") : nullptr;
          print_error(std::string("the toolchain daemon refused the request: ") +
                      (text && text->is_string() ? text->as_string().c_str() : "unknown error"));
          return 1;
        }
        const json::value* result = object->if_contains("result");
        const json::value* code = result && result->is_object() ? result->as_object().if_contains("exitCode") : nullptr;
        if (code && code->is_int64()) return static_cast<int>(code->as_int64() & 0xff);
        print_error("the toolchain daemon sent a malformed run result");
        return 1;
      }
      if (broken) {
        print_error("the toolchain daemon sent a malformed message");
        return 1;
      }
      if (!open) return signal_deadline >= 0 ? signal_code : daemon_gone(paths);
    }
  }
}

}  // namespace toolchain::client
