#include "daemon.h"

#include <signal.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <cstdlib>

#include "server/log.h"
#include "server/runtime_dir.h"
#include "server/server.h"

namespace toolchain::daemon {

namespace {

std::chrono::milliseconds idle_timeout_from_env() {
  constexpr auto kDefault = std::chrono::minutes(30);
  const char* text = std::getenv("TOOLCHAIN_DAEMON_IDLE");
  if (!text || !*text) return kDefault;
  if (auto d = parse_duration(text)) return *d;
  logf("TOOLCHAIN_DAEMON_IDLE={} is not a duration (e.g. 90, 90s, 15m, 2h): using 30m", text);
  return kDefault;
}

const char* signal_name(int sig) {
  switch (sig) {
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGHUP: return "SIGHUP";
  }
  return "a signal";
}

}  // namespace

int serve_daemon(const DaemonOptions& options) {
  ::signal(SIGPIPE, SIG_IGN);

  std::string dir = options.socket_dir.empty() ? default_runtime_dir() : options.socket_dir;
  if (auto why = ensure_private_dir(dir)) {
    logf("cannot start: {}", *why);
    return 1;
  }

  ServerOptions server_options;
  server_options.version = options.version;
  server_options.idle_timeout = options.idle_timeout ? *options.idle_timeout : idle_timeout_from_env();
  server_options.shutdown_grace = options.shutdown_grace;
  server_options.extra_status = options.extra_status;

  MethodRegistry registry;
  boost::asio::io_context io(1);
  std::optional<Server> server;
  try {
    if (options.register_methods) options.register_methods(registry);
    server.emplace(io, std::move(server_options), std::move(registry));
  } catch (const std::exception& e) {
    logf("cannot start: {}", e.what());
    return 1;
  }
  if (auto why = server->listen(dir)) {
    logf("cannot start: {}", *why);
    return 1;
  }

  boost::asio::signal_set signals(io);
  int signals_seen = 0;
  std::function<void()> wait_signal = [&] {
    signals.async_wait([&](const boost::system::error_code& ec, int sig) {
      if (ec) return;
      if (++signals_seen > 1) {
        logf("{} again: exiting now", signal_name(sig));
        std::_Exit(1);
      }
      server->shutdown(std::string("received ") + signal_name(sig));
      wait_signal();
    });
  };
  if (options.handle_signals) {
    signals.add(SIGTERM);
    signals.add(SIGINT);
    signals.add(SIGHUP);
    wait_signal();
  }

  if (options.on_listening) options.on_listening(server->socket_path());
  io.run();

  if (server->stuck()) {
    // Threads still running a program cannot be joined; leave without unwinding.
    logf("exiting with programs still running");
    std::_Exit(0);
  }
  boost::system::error_code ignored;
  signals.cancel(ignored);
  server.reset();
  return 0;
}

}  // namespace toolchain::daemon
