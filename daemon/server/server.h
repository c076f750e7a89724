#pragma once
// The JSON-RPC server: accepts connections on the daemon's socket (or serves a
// given transport), dispatches requests to the method registry, and implements
// the built-in methods: initialize, daemon/status, shutdown, $/cancelRequest.
// Everything runs on one Asio thread; blocking methods run on threads of their
// own and post their replies back.
#include <sys/types.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "server/registry.h"
#include "transport/transport.h"

namespace toolchain::daemon {

struct ServerOptions {
  std::string version;
  // No connection open for this long: shut down. Zero: never.
  std::chrono::milliseconds idle_timeout = std::chrono::minutes(30);
  // After shutdown begins, how long running programs get to end.
  std::chrono::milliseconds shutdown_grace = std::chrono::seconds(10);
  // Merged into the daemon/status result (the engine's moduleCache). Runs on the
  // server's thread: must be quick.
  std::function<json::object()> extra_status;
  uid_t allowed_uid = ::geteuid();
  FrameParser::Limits limits;
};

class Server {
 public:
  // `registry` must not define the built-in methods.
  Server(boost::asio::io_context& io, ServerOptions options, MethodRegistry registry);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Takes the daemon's lock in `dir` (waiting up to `lock_wait` for a daemon that
  // is shutting down), removes a stale socket, binds and starts accepting.
  // `dir` must already be private (ensure_private_dir). Returns why it failed.
  std::optional<std::string> listen(const std::string& dir,
                                    std::chrono::milliseconds lock_wait = std::chrono::seconds(5));
  // Serves one already-open connection (stdio, or a socketpair in tests).
  void serve(std::shared_ptr<Transport> transport);
  // Graceful shutdown: stop accepting, cancel every request, wait for blocking
  // methods to return (up to shutdown_grace), flush replies, close, stop.
  void shutdown(const std::string& reason);

  // After io.run() returns: whether blocking methods were still running when the
  // grace period ran out (their threads cannot be joined; the caller must _exit).
  bool stuck() const { return !workers_.empty(); }
  const std::string& socket_path() const { return socket_path_; }

 private:
  struct InFlight {
    std::shared_ptr<CancelToken> token;
    std::string method;
    std::chrono::steady_clock::time_point start;
  };
  struct Connection {
    std::uint64_t id;
    std::shared_ptr<Transport> transport;
    std::map<std::string, InFlight> in_flight;  // by jsonrpc::id_key
    std::string peer;
  };
  class Sink;

  void accept_next();
  void on_accept_ready();
  void add_connection(std::shared_ptr<Transport> transport, const std::string& peer);
  void on_frame(std::uint64_t conn_id, Frame frame);
  void on_closed(std::uint64_t conn_id, const std::string& why);
  void dispatch_request(Connection& conn, jsonrpc::Request request, std::vector<UniqueFd> fds);
  void dispatch_notification(Connection& conn, jsonrpc::Notification note);
  void run_blocking(const MethodRegistry::BlockingHandler& handler, std::shared_ptr<Call> call);
  void deliver(std::uint64_t conn_id, const std::string& key, json::object message);
  void send(Connection& conn, const json::value& message);
  void register_builtins();
  json::object status() const;
  void arm_idle_timer();
  void on_worker_done(std::uint64_t worker);
  void stop_listening();
  void maybe_finish();

  boost::asio::io_context& io_;
  ServerOptions options_;
  MethodRegistry registry_;
  std::shared_ptr<Sink> sink_;  // Sink is defined in server.cc
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();

  std::optional<boost::asio::local::stream_protocol::acceptor> acceptor_;
  std::string socket_path_;
  int pid_lock_fd_ = -1;
  boost::asio::steady_timer idle_timer_;
  std::uint64_t idle_generation_ = 0;
  boost::asio::steady_timer grace_timer_;
  boost::asio::steady_timer accept_retry_timer_;

  std::map<std::uint64_t, std::shared_ptr<Connection>> connections_;
  std::uint64_t next_connection_id_ = 1;
  std::map<std::uint64_t, std::thread> workers_;
  std::uint64_t next_worker_id_ = 1;
  std::uint64_t requests_served_ = 0;
  // Blocking calls not yet answered, by connection and id key: each counts in
  // requestsServed once answered, even if its client has gone.
  std::set<std::pair<std::uint64_t, std::string>> unanswered_blocking_;
  bool shutting_down_ = false;
  bool finished_ = false;
};

}  // namespace toolchain::daemon
