#include "server/server.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <boost/asio/post.hpp>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <type_traits>
#include <variant>

#include "server/log.h"
#include "server/runtime_dir.h"

namespace toolchain::daemon {

namespace asio = boost::asio;
using stream_protocol = asio::local::stream_protocol;
using namespace std::chrono_literals;

// Carries replies and worker completions from any thread to the server's thread;
// once the server is gone it drops them.
class Server::Sink final : public ReplySink, public std::enable_shared_from_this<Sink> {
 public:
  Sink(Server* server, asio::io_context& io) : server_(server), io_(io) {}

  void deliver(std::uint64_t connection, std::string id_key, json::object message) override {
    post([connection, key = std::move(id_key), message = std::move(message)](Server& s) mutable {
      s.deliver(connection, key, std::move(message));
    });
  }
  // The worker's bookkeeping, then its reply: a client that hears the reply
  // and asks for daemon/status no longer sees the worker as alive.
  void worker_done(std::uint64_t worker, std::function<void()> reply) {
    post([worker, reply = std::move(reply)](Server& s) {
      s.on_worker_done(worker);
      reply();
    });
  }
  void detach() {
    std::lock_guard lock(mutex_);
    server_ = nullptr;
  }

 private:
  template <typename F>
  void post(F fn) {
    std::lock_guard lock(mutex_);
    if (!server_) return;
    asio::post(io_, [self = shared_from_this(), fn = std::move(fn)]() mutable {
      Server* server;
      {
        std::lock_guard lock(self->mutex_);
        server = self->server_;
      }
      if (server) fn(*server);
    });
  }

  std::mutex mutex_;
  Server* server_;
  asio::io_context& io_;
};

namespace {

std::uint64_t rss_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

std::string describe(const json::value& id) { return json::serialize(id); }

std::string format_duration(std::chrono::milliseconds d) {
  auto ms = d.count();
  if (ms % 3600000 == 0) return std::to_string(ms / 3600000) + "h";
  if (ms % 60000 == 0) return std::to_string(ms / 60000) + "m";
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + "s";
  return std::to_string(ms) + "ms";
}

}  // namespace

Server::Server(asio::io_context& io, ServerOptions options, MethodRegistry registry)
    : io_(io),
      options_(std::move(options)),
      registry_(std::move(registry)),
      idle_timer_(io),
      grace_timer_(io),
      accept_retry_timer_(io) {
  sink_ = std::make_shared<Sink>(this, io);
  register_builtins();
}

Server::~Server() {
  sink_->detach();
  std::vector<std::shared_ptr<Transport>> transports;
  for (auto& [id, conn] : connections_) {
    for (auto& [key, flight] : conn->in_flight) flight.token->cancel(CancelReason::kShutdown);
    transports.push_back(conn->transport);
  }
  connections_.clear();
  for (auto& t : transports) t->close();
  for (auto& [id, thread] : workers_)
    if (thread.joinable()) thread.join();
  stop_listening();
}

// --- listening ---

std::optional<std::string> Server::listen(const std::string& dir, std::chrono::milliseconds lock_wait) {
  std::string pid_path = pid_path_in(dir);
  int lock_fd = ::open(pid_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock_fd < 0) return "cannot open " + pid_path + ": " + std::strerror(errno);
  auto deadline = std::chrono::steady_clock::now() + lock_wait;
  while (::flock(lock_fd, LOCK_EX | LOCK_NB) != 0) {
    if ((errno != EWOULDBLOCK && errno != EINTR) || std::chrono::steady_clock::now() >= deadline) {
      char buf[32] = {};
      ssize_t n = ::pread(lock_fd, buf, sizeof buf - 1, 0);
      ::close(lock_fd);
      std::string pid = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "?";
      while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
      return "another daemon (pid " + pid + ") is serving " + dir;
    }
    std::this_thread::sleep_for(20ms);
  }
  std::string pid = std::to_string(getpid()) + "\n";
  if (::ftruncate(lock_fd, 0) != 0 || ::pwrite(lock_fd, pid.data(), pid.size(), 0) < 0) {
    // Not fatal: the lock is what matters.
    logf("cannot write {}: {}", pid_path, std::strerror(errno));
  }

  std::string path = socket_path_in(dir);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) {
    ::close(lock_fd);
    return "socket path " + path + " is too long";
  }
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  struct stat st{};
  if (::lstat(path.c_str(), &st) == 0) {
    if (!S_ISSOCK(st.st_mode)) {
      ::close(lock_fd);
      return path + " exists and is not a socket";
    }
    ::unlink(path.c_str());  // we hold the lock: it is a dead daemon's
  }
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    ::close(lock_fd);
    return std::string("socket: ") + std::strerror(errno);
  }
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::chmod(path.c_str(), 0600) != 0 ||
      ::listen(fd, SOMAXCONN) != 0) {
    std::string why = "cannot listen on " + path + ": " + std::strerror(errno);
    ::close(fd);
    ::close(lock_fd);
    return why;
  }
  boost::system::error_code ec;
  acceptor_.emplace(io_);
  acceptor_->assign(stream_protocol(), fd, ec);
  if (ec) {
    ::close(fd);
    ::close(lock_fd);
    acceptor_.reset();
    return "cannot listen on " + path + ": " + ec.message();
  }
  socket_path_ = path;
  pid_lock_fd_ = lock_fd;
  logf("listening on {} (version {}, pid {}, idle exit after {})", path, options_.version, getpid(),
       options_.idle_timeout.count() ? format_duration(options_.idle_timeout) : "never");
  accept_next();
  arm_idle_timer();
  return std::nullopt;
}

void Server::stop_listening() {
  if (!acceptor_) return;
  boost::system::error_code ignored;
  acceptor_->close(ignored);
  acceptor_.reset();
  accept_retry_timer_.cancel();
  // We still hold the lock, so the socket is ours to remove.
  ::unlink(socket_path_.c_str());
  if (pid_lock_fd_ >= 0) {
    if (::ftruncate(pid_lock_fd_, 0) != 0) {
    }
    ::close(pid_lock_fd_);  // releases the lock: a new daemon may bind now
    pid_lock_fd_ = -1;
  }
}

void Server::accept_next() {
  if (!acceptor_ || shutting_down_) return;
  acceptor_->async_wait(stream_protocol::acceptor::wait_read, [this](const boost::system::error_code& ec) {
    if (ec == asio::error::operation_aborted || !acceptor_) return;
    if (ec) {
      logf("accept wait failed: {}", ec.message());
      accept_retry_timer_.expires_after(100ms);
      accept_retry_timer_.async_wait([this](const boost::system::error_code& e) {
        if (!e) accept_next();
      });
      return;
    }
    on_accept_ready();
  });
}

void Server::on_accept_ready() {
  for (;;) {
    if (!acceptor_) return;
    int fd = ::accept4(acceptor_->native_handle(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) break;
      if (errno == EINTR || errno == ECONNABORTED || errno == EPROTO) continue;
      // Out of descriptors or memory: back off instead of spinning.
      logf("accept failed: {}", std::strerror(errno));
      accept_retry_timer_.expires_after(100ms);
      accept_retry_timer_.async_wait([this](const boost::system::error_code& e) {
        if (!e) accept_next();
      });
      return;
    }
    ucred cred{};
    socklen_t len = sizeof cred;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
      logf("refused a connection: SO_PEERCRED failed: {}", std::strerror(errno));
      ::close(fd);
      continue;
    }
    if (cred.uid != options_.allowed_uid) {
      logf("refused a connection from uid {} (pid {}): only uid {} may connect", cred.uid, cred.pid,
           options_.allowed_uid);
      ::close(fd);
      continue;
    }
    stream_protocol::socket socket(io_);
    boost::system::error_code ec;
    socket.assign(stream_protocol(), fd, ec);
    if (ec) {
      logf("cannot use an accepted connection: {}", ec.message());
      ::close(fd);
      continue;
    }
    add_connection(SocketTransport::create(std::move(socket), options_.limits),
                   "pid " + std::to_string(cred.pid));
  }
  accept_next();
}

void Server::serve(std::shared_ptr<Transport> transport) { add_connection(std::move(transport), "stream"); }

void Server::add_connection(std::shared_ptr<Transport> transport, const std::string& peer) {
  if (shutting_down_) {
    transport->close();
    return;
  }
  auto conn = std::make_shared<Connection>();
  conn->id = next_connection_id_++;
  conn->transport = transport;
  conn->peer = peer;
  connections_.emplace(conn->id, conn);
  ++idle_generation_;
  idle_timer_.cancel();
  logf("conn {}: opened ({})", conn->id, peer);
  std::uint64_t id = conn->id;
  transport->start(Transport::Callbacks{
      [this, id](Frame frame) { on_frame(id, std::move(frame)); },
      [this, id](const std::string& why) {
        auto it = connections_.find(id);
        if (it == connections_.end()) return;
        logf("conn {}: malformed message header: {}", id, why);
        send(*it->second, jsonrpc::make_error(nullptr, {jsonrpc::kParseError, "malformed message header: " + why, nullptr}));
      },
      [this, id](const std::string& why) { on_closed(id, why); },
  });
}

void Server::on_closed(std::uint64_t conn_id, const std::string& why) {
  auto it = connections_.find(conn_id);
  if (it == connections_.end()) return;
  auto conn = it->second;
  connections_.erase(it);
  std::size_t cancelled = 0;
  for (auto& [key, flight] : conn->in_flight) {
    if (!flight.token->cancelled()) ++cancelled;
    flight.token->cancel(CancelReason::kDisconnected);
  }
  conn->in_flight.clear();
  if (cancelled)
    logf("conn {}: closed: {} ({} request{} in flight cancelled)", conn_id, why, cancelled,
         cancelled == 1 ? "" : "s");
  else
    logf("conn {}: closed: {}", conn_id, why);
  arm_idle_timer();
  maybe_finish();
}

// --- dispatch ---

void Server::send(Connection& conn, const json::value& message) {
  conn.transport->send(jsonrpc::serialize(message));
}

void Server::on_frame(std::uint64_t conn_id, Frame frame) {
  auto it = connections_.find(conn_id);
  if (it == connections_.end()) return;
  auto conn = it->second;  // keep it while dispatching
  jsonrpc::Message message = jsonrpc::parse(frame.body);
  std::visit(
      [&](auto&& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, jsonrpc::Invalid>) {
          logf("conn {}: bad message ({} {}): answered with an error", conn_id, m.error.code, m.error.message);
          send(*conn, jsonrpc::make_error(m.id, m.error));
        } else if constexpr (std::is_same_v<T, jsonrpc::Response>) {
          logf("conn {}: ignored a response to id {} (the daemon sends no requests)", conn_id, describe(m.id));
        } else if constexpr (std::is_same_v<T, jsonrpc::Notification>) {
          dispatch_notification(*conn, std::move(m));
        } else {
          dispatch_request(*conn, std::move(m), std::move(frame.fds));
        }
      },
      std::move(message));
}

void Server::dispatch_notification(Connection& conn, jsonrpc::Notification note) {
  if (note.method == "$/cancelRequest") {
    const json::value* id = note.params.is_object() ? note.params.as_object().if_contains("id") : nullptr;
    if (!id || !jsonrpc::is_valid_id(*id)) {
      logf("conn {}: $/cancelRequest without a valid id: ignored", conn.id);
      return;
    }
    auto it = conn.in_flight.find(jsonrpc::id_key(*id));
    if (it == conn.in_flight.end()) return;  // already answered
    logf("conn {}: cancel {} (id {})", conn.id, it->second.method, describe(*id));
    it->second.token->cancel(CancelReason::kRequested);
    return;
  }
  if (note.method == "$/signal") {
    const json::object* params = note.params.if_object();
    const json::value* id = params ? params->if_contains("id") : nullptr;
    const json::value* signal = params ? params->if_contains("signal") : nullptr;
    if (!id || !jsonrpc::is_valid_id(*id) || !signal || !signal->is_string()) {
      logf("conn {}: $/signal without a valid id and signal name: ignored", conn.id);
      return;
    }
    auto it = conn.in_flight.find(jsonrpc::id_key(*id));
    if (it == conn.in_flight.end()) return;  // already answered
    std::string name(signal->as_string());
    bool handled = it->second.token->signal(name);
    logf("conn {}: {} for {} (id {}): {}", conn.id, name, it->second.method, describe(*id),
         handled ? "handled by the program" : "ends it");
    if (handled) send(conn, jsonrpc::make_notification("$/signalHandled", json::object{{"id", *id}, {"signal", name}}));
    return;
  }
  const MethodRegistry::Method* method = registry_.find(note.method);
  if (!method) {
    if (note.method.rfind("$/", 0) != 0) logf("conn {}: ignored unknown notification {}", conn.id, note.method);
    return;
  }
  if (method->kind != MethodRegistry::Method::Kind::kNotification) {
    logf("conn {}: {} sent without an id", conn.id, note.method);
    send(conn, jsonrpc::make_error(nullptr, {jsonrpc::kInvalidRequest,
                                             "'" + note.method + "' is a request: it needs an \"id\"", nullptr}));
    return;
  }
  try {
    method->notification(note.params);
  } catch (const std::exception& e) {
    logf("conn {}: notification {} failed: {}", conn.id, note.method, e.what());
  }
}

void Server::dispatch_request(Connection& conn, jsonrpc::Request request, std::vector<UniqueFd> fds) {
  auto fail = [&](int code, std::string message) {
    logf("conn {}: {} (id {}): error {} {}", conn.id, request.method, describe(request.id), code, message);
    send(conn, jsonrpc::make_error(request.id, {code, std::move(message), nullptr}));
  };
  if (shutting_down_) return fail(jsonrpc::kShuttingDown, "the daemon is shutting down");
  const MethodRegistry::Method* method = registry_.find(request.method);
  if (!method) return fail(jsonrpc::kMethodNotFound, "method not found: " + request.method);
  if (method->kind == MethodRegistry::Method::Kind::kNotification)
    return fail(jsonrpc::kInvalidRequest, "'" + request.method + "' is a notification: send it without an \"id\"");
  std::string key = jsonrpc::id_key(request.id);
  if (conn.in_flight.count(key))
    return fail(jsonrpc::kInvalidRequest, "request id " + describe(request.id) + " is already in use");

  auto token = std::make_shared<CancelToken>();
  conn.in_flight.emplace(key, InFlight{token, request.method, std::chrono::steady_clock::now()});
  if (request.method != "daemon/status")
    logf("conn {}: {} (id {}){}", conn.id, request.method, describe(request.id),
         fds.empty() ? "" : fmt::format(" with {} fds", fds.size()));
  auto call = std::make_shared<Call>(conn.id, request.id, request.method, std::move(request.params),
                                     std::move(fds), token, sink_);
  if (method->kind == MethodRegistry::Method::Kind::kBlocking) {
    unanswered_blocking_.emplace(conn.id, key);
    return run_blocking(method->blocking, std::move(call));
  }
  try {
    method->handler(call);
  } catch (const jsonrpc::RpcError& e) {
    call->reply_error(e.error());
  } catch (const std::exception& e) {
    call->reply_error(jsonrpc::kInternalError, e.what());
  }
}

void Server::run_blocking(const MethodRegistry::BlockingHandler& handler, std::shared_ptr<Call> call) {
  std::uint64_t worker = next_worker_id_++;
  auto sink = sink_;
  try {
    workers_.emplace(worker, std::thread([handler, call = std::move(call), sink, worker]() mutable {
      std::optional<json::value> result;
      jsonrpc::Error error;
      try {
        result = handler(*call);
      } catch (const jsonrpc::RpcError& e) {
        error = e.error();
      } catch (const std::exception& e) {
        error = {jsonrpc::kInternalError, e.what(), nullptr};
      } catch (...) {
        error = {jsonrpc::kInternalError, "unknown exception", nullptr};
      }
      call->fds().clear();  // the client's stdio: closed before it hears the result
      sink->worker_done(worker, [call = std::move(call), result = std::move(result), error]() {
        if (result) call->reply(*result);
        else call->reply_error(error);
      });
    }));
  } catch (const std::system_error& e) {
    // The Call went into the thread's function, now destroyed without having
    // run: its destructor answered -32603.
    logf("cannot start a thread: {}", e.what());
  }
}

void Server::on_worker_done(std::uint64_t worker) {
  auto it = workers_.find(worker);
  if (it == workers_.end()) return;
  if (it->second.joinable()) it->second.join();
  workers_.erase(it);
  maybe_finish();
}

void Server::deliver(std::uint64_t conn_id, const std::string& key, json::object message) {
  // Counted when answered, not when its thread ends: a run answers as soon as
  // the exit code is known and tears its isolate down after, so a client that
  // asks for daemon/status right away already sees it served.
  if (unanswered_blocking_.erase({conn_id, key})) ++requests_served_;
  auto it = connections_.find(conn_id);
  if (it == connections_.end()) return;  // the client went away: nobody to tell
  Connection& conn = *it->second;
  auto flight = conn.in_flight.find(key);
  if (flight != conn.in_flight.end()) {
    if (flight->second.method != "daemon/status") {
      auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                      flight->second.start);
      const json::value* error = message.if_contains("error");
      logf("conn {}: {} (id {}) answered in {} ms{}", conn_id, flight->second.method, key, ms.count(),
           error ? ": error " + json::serialize(*error) : "");
    }
    conn.in_flight.erase(flight);
  }
  send(conn, message);
  maybe_finish();
}

// --- built-in methods ---

void Server::register_builtins() {
  registry_.add("initialize", [this](std::shared_ptr<Call> call) {
    const json::value& params = call->params();
    if (!params.is_null() && !params.is_object())
      throw jsonrpc::RpcError(jsonrpc::kInvalidParams, "initialize takes an object");
    if (params.is_object()) {
      if (const json::value* v = params.as_object().if_contains("clientVersion")) {
        if (!v->is_string())
          throw jsonrpc::RpcError(jsonrpc::kInvalidParams, "\"clientVersion\" must be a string");
        if (v->as_string() != options_.version)
          logf("conn {}: client version {} differs from ours ({})", call->connection(),
               std::string_view(v->as_string()), options_.version);
      }
    }
    call->reply(json::object{{"version", options_.version}, {"pid", getpid()}});
  });
  registry_.add("daemon/status", [this](std::shared_ptr<Call> call) { call->reply(status()); });
  registry_.add("shutdown", [this](std::shared_ptr<Call> call) {
    call->reply(nullptr);
    shutdown("shutdown requested by conn " + std::to_string(call->connection()));
  });
  // Handled in dispatch_notification (it needs the connection); registered so
  // the name is taken.
  registry_.add_notification("$/cancelRequest", [](const json::value&) {});
  registry_.add_notification("$/signal", [](const json::value&) {});
}

json::object Server::status() const {
  auto uptime = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_);
  json::object s{
      {"pid", getpid()},
      {"version", options_.version},
      {"uptimeMs", uptime.count()},
      {"requestsServed", requests_served_},
      {"isolatesAlive", workers_.size()},
      {"connections", connections_.size()},
      {"memory", json::object{{"rssBytes", rss_bytes()}}},
  };
  if (options_.extra_status) {
    try {
      for (auto& [key, value] : options_.extra_status()) s[key] = value;
    } catch (const std::exception& e) {
      logf("extra status failed: {}", e.what());
    }
  }
  return s;
}

// --- idle exit and shutdown ---

void Server::arm_idle_timer() {
  if (options_.idle_timeout.count() == 0 || shutting_down_ || !connections_.empty()) return;
  std::uint64_t generation = ++idle_generation_;
  idle_timer_.expires_after(options_.idle_timeout);
  idle_timer_.async_wait([this, generation](const boost::system::error_code& ec) {
    if (ec || generation != idle_generation_ || !connections_.empty()) return;
    shutdown("idle for " + format_duration(options_.idle_timeout));
  });
}

void Server::shutdown(const std::string& reason) {
  if (shutting_down_) return;
  shutting_down_ = true;
  std::size_t in_flight = 0;
  for (auto& [id, conn] : connections_) in_flight += conn->in_flight.size();
  logf("shutting down: {} ({} connection{}, {} request{} in flight)", reason, connections_.size(),
       connections_.size() == 1 ? "" : "s", in_flight, in_flight == 1 ? "" : "s");
  stop_listening();
  ++idle_generation_;
  idle_timer_.cancel();
  for (auto& [id, conn] : connections_)
    for (auto& [key, flight] : conn->in_flight) flight.token->cancel(CancelReason::kShutdown);
  grace_timer_.expires_after(options_.shutdown_grace);
  grace_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || finished_) return;
    logf("shutdown: still {} program{} running and {} connection{} open after {}: giving up on them",
         workers_.size(), workers_.size() == 1 ? "" : "s", connections_.size(),
         connections_.size() == 1 ? "" : "s", format_duration(options_.shutdown_grace));
    finished_ = true;
    std::vector<std::shared_ptr<Transport>> transports;
    for (auto& [id, conn] : connections_) transports.push_back(conn->transport);
    for (auto& t : transports) t->close();
    io_.stop();
  });
  maybe_finish();
}

void Server::maybe_finish() {
  if (!shutting_down_ || finished_) return;
  if (!workers_.empty()) return;
  for (auto& [id, conn] : connections_)
    if (!conn->in_flight.empty()) return;
  // Everything answered: close each connection once its replies are written.
  std::vector<std::shared_ptr<Transport>> transports;
  for (auto& [id, conn] : connections_) transports.push_back(conn->transport);
  for (auto& t : transports) t->close_after_flush("the daemon shut down");
  if (!connections_.empty() || finished_) return;
  finished_ = true;
  grace_timer_.cancel();
  logf("shut down");
  io_.stop();
}

}  // namespace toolchain::daemon
