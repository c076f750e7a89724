#include "cli/client/daemon.h"
#include "cli/engine_identity.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include <boost/json/serialize.hpp>

#include "client_texts.h"  // generated: TOOLCHAIN_VERSION

namespace toolchain::client {

namespace json = boost::json;

namespace {

constexpr int kInitializeTimeoutMs = 10000;
constexpr int kShutdownTimeoutMs = 10000;
constexpr int kStartTimeoutMs = 30000;

void sleep_ms(int ms) {
  timespec ts{ms / 1000, (ms % 1000) * 1000000L};
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

void fail(const std::string& message) { print_error(message); }

// True while `pid` exists and is not a zombie (a zombie's parent may never reap it).
bool process_alive(long long pid) {
  if (pid <= 0) return false;
  if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) return false;
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%lld/stat", pid);
  FILE* f = std::fopen(path, "re");
  if (!f) return false;
  char line[512];
  bool alive = true;
  if (std::fgets(line, sizeof line, f)) {
    const char* close_paren = std::strrchr(line, ')');
    if (close_paren && close_paren[1] == ' ' && (close_paren[2] == 'Z' || close_paren[2] == 'X')) alive = false;
  }
  std::fclose(f);
  return alive;
}

bool wait_for_exit(long long pid, int timeout_ms) {
  long long deadline = now_ms() + timeout_ms;
  while (process_alive(pid)) {
    if (now_ms() > deadline) return false;
    sleep_ms(5);
  }
  return true;
}

// Reads until the daemon closes the connection (or the timeout passes).
void wait_for_close(Connection& connection, int timeout_ms) {
  long long deadline = now_ms() + timeout_ms;
  for (;;) {
    long long left = deadline - now_ms();
    if (left <= 0) return;
    json::value ignored;
    if (connection.read(ignored, static_cast<int>(left)) != Connection::Status::Message) return;
  }
}

enum class Probe { Ready, NoDaemon, Dying, Failed };

// Connects and sends `initialize`. NoDaemon: nothing accepts. Dying: it
// accepted but closed the connection without answering.
Probe probe(const Paths& paths, std::optional<Daemon>& out, std::string& error) {
  std::optional<Connection> connection = Connection::open(paths.socket);
  if (!connection) {
    if (errno == ECONNREFUSED || errno == ENOENT || errno == ENOTDIR) return Probe::NoDaemon;
    error = "cannot connect to the toolchain daemon at " + paths.socket + ": " + std::strerror(errno);
    return Probe::Failed;
  }
  Reply reply = call(*connection, 1, "initialize", json::object{{"clientVersion", client_version()}},
                     kInitializeTimeoutMs);
  switch (reply.kind) {
    case Reply::Kind::Closed:
      return Probe::Dying;
    case Reply::Kind::Timeout:
      error = "the toolchain daemon does not answer (see " + paths.log + ")";
      return Probe::Failed;
    case Reply::Kind::Error:
      error = "the toolchain daemon refused to initialize: " + reply.message;
      return Probe::Failed;
    case Reply::Kind::Ok:
      break;
  }
  Daemon daemon{std::move(*connection), 0, ""};
  if (const json::object* result = reply.result.if_object()) {
    if (const json::value* v = result->if_contains("version"); v && v->is_string()) daemon.version = v->as_string();
    if (const json::value* v = result->if_contains("pid"); v && v->is_int64()) daemon.pid = v->as_int64();
  }
  out.emplace(std::move(daemon));
  return Probe::Ready;
}

// Starts `toolchain-engine daemon` in its own session, stdin from /dev/null,
// stdout and stderr appended to the log. Returns its pid, or -1 with `error`.
pid_t spawn_daemon(const Paths& paths, std::string& error) {
  make_dirs(paths.toolchain_dir, 0755);
  int log = ::open(paths.log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log < 0) log = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  int null_in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) {
    error = std::string("cannot start the toolchain daemon: ") + std::strerror(errno);
    return -1;
  }
  pid_t pid = ::fork();
  if (pid == 0) {
    ::setsid();
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    for (int sig = 1; sig < NSIG; ++sig) ::signal(sig, SIG_DFL);
    ::dup2(null_in, 0);
    ::dup2(log, 1);
    ::dup2(log, 2);
    // Nothing else of ours (the lock, the caller's pipes) may outlive the exec.
    ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
    char arg0[] = "toolchain-engine";
    char arg1[] = "daemon";
    char* argv[] = {arg0, arg1, nullptr};
    ::execv(paths.engine.c_str(), argv);
    int e = errno;
    [[maybe_unused]] ssize_t ignored = ::write(report[1], &e, sizeof e);
    ::_exit(127);
  }
  int saved = errno;
  ::close(report[1]);
  ::close(log);
  ::close(null_in);
  if (pid < 0) {
    ::close(report[0]);
    error = std::string("cannot start the toolchain daemon: ") + std::strerror(saved);
    return -1;
  }
  int e = 0;
  ssize_t n;
  do n = ::read(report[0], &e, sizeof e);
  while (n < 0 && errno == EINTR);
  ::close(report[0]);
  if (n > 0) {
    ::waitpid(pid, nullptr, 0);
    error = "cannot start " + paths.engine + ": " + std::strerror(e);
    return -1;
  }
  return pid;
}

// Sends `shutdown` and waits until the daemon has gone.
void shut_down(Daemon& daemon) {
  Reply reply = call(daemon.connection, 2, "shutdown", nullptr, kShutdownTimeoutMs);
  if (reply.kind == Reply::Kind::Ok) wait_for_close(daemon.connection, kShutdownTimeoutMs);
  wait_for_exit(daemon.pid, kShutdownTimeoutMs);
}

std::string human_duration(long long ms) {
  char text[64];
  long long s = ms / 1000;
  if (s < 60) std::snprintf(text, sizeof text, "%.1fs", static_cast<double>(ms) / 1000);
  else if (s < 3600) std::snprintf(text, sizeof text, "%lldm %llds", s / 60, s % 60);
  else if (s < 86400) std::snprintf(text, sizeof text, "%lldh %lldm %llds", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(text, sizeof text, "%lldd %lldh %lldm", s / 86400, s / 3600 % 24, s / 60 % 60);
  return text;
}

std::string human_bytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  while (bytes >= 1024 && unit < 4) {
    bytes /= 1024;
    ++unit;
  }
  char text[64];
  if (unit == 0) std::snprintf(text, sizeof text, "%.0f B", bytes);
  else std::snprintf(text, sizeof text, "%.1f %s", bytes, units[unit]);
  return text;
}

const json::value* field(const json::value& v, std::initializer_list<const char*> path) {
  const json::value* at = &v;
  for (const char* key : path) {
    const json::object* o = at->if_object();
    if (!o) return nullptr;
    at = o->if_contains(key);
    if (!at) return nullptr;
  }
  return at;
}

std::optional<double> number(const json::value& v, std::initializer_list<const char*> path) {
  const json::value* f = field(v, path);
  if (!f) return std::nullopt;
  if (f->is_int64()) return static_cast<double>(f->as_int64());
  if (f->is_uint64()) return static_cast<double>(f->as_uint64());
  if (f->is_double()) return f->as_double();
  return std::nullopt;
}

void print_status(const json::value& status) {
  auto line = [](const char* name, const std::string& value) { std::printf("%-24s%s\n", name, value.c_str()); };
  auto count = [&](const char* name, std::initializer_list<const char*> path) {
    if (auto n = number(status, path)) line(name, std::to_string(static_cast<long long>(*n)));
  };
  count("pid", {"pid"});
  if (const json::value* v = field(status, {"version"}); v && v->is_string()) line("version", std::string(v->as_string()));
  if (auto ms = number(status, {"uptimeMs"})) line("uptime", human_duration(static_cast<long long>(*ms)));
  count("requests served", {"requestsServed"});
  count("isolates alive", {"isolatesAlive"});
  if (auto rss = number(status, {"memory", "rssBytes"})) line("memory (RSS)", human_bytes(*rss));
  count("module cache entries", {"moduleCache", "entries"});
  count("module cache hits", {"moduleCache", "hits"});
  count("module cache misses", {"moduleCache", "misses"});
  count("module cache transpiles", {"moduleCache", "transpiles"});
  count("disk cache sqlite reads", {"diskCache", "sqliteReads"});
  count("disk cache downloads", {"diskCache", "downloads"});
}

const std::string kDaemonUsage = "Usage: toolchain daemon start|stop|status [--json]\n";

// Connects to a running daemon of any version, without starting one; waits out
// one that is shutting down. NoDaemon, Ready or Failed.
Probe find_running(const Paths& paths, std::optional<Daemon>& out, std::string& error) {
  long long deadline = now_ms() + kShutdownTimeoutMs;
  for (;;) {
    Probe p = probe(paths, out, error);
    if (p != Probe::Dying) return p;
    if (now_ms() > deadline) {
      error = "the toolchain daemon does not answer (see " + paths.log + ")";
      return Probe::Failed;
    }
    sleep_ms(10);
  }
}

}  // namespace

void print_error(const std::string& message) {
  // Coloured like the engine's errors: only on a terminal and without NO_COLOR.
  bool colors = std::getenv("NO_COLOR") == nullptr && ::isatty(2) == 1;
  std::fprintf(stderr, "%s%s\n", colors ? "\x1b[1m\x1b[31merror\x1b[0m: " : "error: ", message.c_str());
}

std::string client_version() {
  static const std::string version = [] {
    std::string override_version = env("TOOLCHAIN_VERSION_OVERRIDE");
    return override_version.empty() ? toolchain::cli::engine_identity(TOOLCHAIN_VERSION, paths().engine)
                                    : override_version;
  }();
  return version;
}

bool ensure_daemon(const Paths& paths, std::optional<Daemon>& out) {
  if (std::string problem = prepare_runtime_dir(paths.runtime_dir); !problem.empty()) {
    fail(problem);
    return false;
  }
  const std::string version = client_version();
  int lock = -1;
  pid_t started = 0;
  int backoff = 1;
  long long deadline = now_ms() + kStartTimeoutMs;
  auto finish = [&](bool ok) {
    if (lock >= 0) ::close(lock);  // releases the flock
    return ok;
  };
  for (;;) {
    if (now_ms() > deadline) {
      fail("timed out waiting for the toolchain daemon to start (see " + paths.log + ")");
      return finish(false);
    }
    std::string error;
    Probe p = probe(paths, out, error);
    switch (p) {
      case Probe::Failed:
        fail(error);
        return finish(false);
      case Probe::Dying:
        sleep_ms(10);
        continue;
      case Probe::Ready:
        if (out->version == version) return finish(true);
        if (started) {
          fail(paths.engine + " reports version " + out->version + ", expected " + version);
          return finish(false);
        }
        // A daemon of another version: stop it, then start ours.
        shut_down(*out);
        out.reset();
        continue;
      case Probe::NoDaemon:
        break;
    }
    if (started) {
      int status;
      if (::waitpid(started, &status, WNOHANG) == started) {
        fail("the toolchain daemon exited during start-up (see " + paths.log + ")");
        return finish(false);
      }
      sleep_ms(backoff);
      backoff = std::min(backoff * 2, 20);
      continue;
    }
    if (lock < 0) {
      // Only one client starts the daemon; the others wait here, then find it.
      lock = ::open(paths.lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
      if (lock < 0) {
        fail("cannot open " + paths.lock + ": " + std::strerror(errno));
        return false;
      }
      while (::flock(lock, LOCK_EX) != 0 && errno == EINTR) {
      }
      continue;  // look again: another client may have started it meanwhile
    }
    // Holding the lock, nobody answers: start one. (A socket file left by a
    // daemon that died is the new daemon's to remove, under its daemon.pid lock.)
    started = spawn_daemon(paths, error);
    if (started < 0) {
      fail(error);
      return finish(false);
    }
  }
}

int daemon_command(const std::vector<std::string>& args, const Paths& paths) {
  bool as_json = false;
  std::string action;
  for (const std::string& arg : args) {
    if (arg == "--json") as_json = true;
    else if (arg == "-h" || arg == "--help") {
      std::fputs(kDaemonUsage.c_str(), stdout);
      return 0;
    } else if (action.empty() && (arg == "start" || arg == "stop" || arg == "status")) action = arg;
    else {
      print_error("unexpected argument '" + arg + "'\n\n" + kDaemonUsage.substr(0, kDaemonUsage.size() - 1));
      return 1;
    }
  }
  if (action.empty()) {
    print_error("a daemon command is required\n\n" + kDaemonUsage.substr(0, kDaemonUsage.size() - 1));
    return 1;
  }

  std::optional<Daemon> daemon;
  if (action == "start") {
    if (!ensure_daemon(paths, daemon)) return 1;
    if (as_json)
      std::printf("%s\n", json::serialize(json::object{{"pid", daemon->pid}, {"version", daemon->version}}).c_str());
    else std::printf("daemon running (pid %lld)\n", daemon->pid);
    return 0;
  }

  std::string error;
  Probe p = find_running(paths, daemon, error);
  if (p == Probe::Failed) {
    fail(error);
    return 1;
  }
  if (action == "stop") {
    if (p == Probe::NoDaemon) {
      std::puts("no daemon running");
      return 0;
    }
    shut_down(*daemon);
    if (process_alive(daemon->pid)) {
      fail("the toolchain daemon (pid " + std::to_string(daemon->pid) + ") did not stop");
      return 1;
    }
    std::puts("daemon stopped");
    return 0;
  }
  // status
  if (p == Probe::NoDaemon) {
    if (as_json) std::puts("null");
    else std::puts("no daemon running");
    return 1;
  }
  Reply reply = call(daemon->connection, 2, "daemon/status", nullptr, kInitializeTimeoutMs);
  if (reply.kind != Reply::Kind::Ok) {
    fail(reply.kind == Reply::Kind::Error ? "daemon/status failed: " + reply.message
                                          : "the toolchain daemon did not answer daemon/status (see " + paths.log + ")");
    return 1;
  }
  if (as_json) std::printf("%s\n", json::serialize(reply.result).c_str());
  else print_status(reply.result);
  return 0;
}

}  // namespace toolchain::client
