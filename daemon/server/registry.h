#pragma once
// The method registry: each tool registers its methods by name. A handler gets
// a Call: the params, the descriptors that came with the request, a cancellation
// token, and reply()/reply_error() that may be called from any thread, later.
#include <boost/json.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/jsonrpc.h"
#include "transport/unique_fd.h"

namespace toolchain::daemon {

namespace json = boost::json;

enum class CancelReason {
  kRequested,     // $/cancelRequest (the client's Ctrl-C)
  kDisconnected,  // the client's connection closed
  kShutdown,      // the daemon is shutting down
};
const char* to_string(CancelReason reason);

// Set when the client cancels the request, its connection closes, or the daemon
// shuts down. Thread-safe.
//
// It also carries the signals the client forwards ($/signal: Ctrl-C is
// "SIGINT"). A method that can take signals registers on_signal and decides
// what each one does; for any other method a signal cancels the request.
class CancelToken {
 public:
  bool cancelled() const { return reason().has_value(); }
  std::optional<CancelReason> reason() const;
  // Runs `fn` once: now (on this thread) if already cancelled, else on the
  // thread that cancels (the server's thread). `fn` must be quick.
  void on_cancel(std::function<void(CancelReason)> fn);
  // The first cancel wins; later ones do nothing.
  void cancel(CancelReason reason);

  // Runs `fn(signal name)` on every later $/signal for this request (on the
  // server's thread; must be quick). It returns whether the request handled the
  // signal and goes on running.
  void on_signal(std::function<bool(const std::string&)> fn);
  // What the server does on $/signal: true if a handler took it. With no
  // handler, the signal cancels the request (kRequested) and this returns false.
  bool signal(const std::string& name);

 private:
  mutable std::mutex mutex_;
  std::optional<CancelReason> reason_;
  std::vector<std::function<void(CancelReason)>> callbacks_;
  std::vector<std::function<bool(const std::string&)>> signal_handlers_;
};

// Delivers replies to the server's thread; outlives the server safely.
class ReplySink {
 public:
  virtual ~ReplySink() = default;
  virtual void deliver(std::uint64_t connection, std::string id_key, json::object message) = 0;
};

// One request being served.
class Call {
 public:
  Call(std::uint64_t connection, json::value id, std::string method, json::value params,
       std::vector<UniqueFd> fds, std::shared_ptr<CancelToken> cancel,
       std::shared_ptr<ReplySink> sink);
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;
  // A call dropped without a reply answers -32603, so a client never waits forever.
  ~Call();

  std::uint64_t connection() const { return connection_; }
  const json::value& id() const { return id_; }
  const std::string& method() const { return method_; }
  const json::value& params() const { return params_; }  // object, array, or null
  // The descriptors attached to the request's frame, in the order sent. The
  // handler may move them out; those left are closed with the Call.
  std::vector<UniqueFd>& fds() { return fds_; }
  const std::shared_ptr<CancelToken>& cancel_token() const { return cancel_; }
  bool cancelled() const { return cancel_->cancelled(); }

  // From any thread; the first reply wins, later ones are ignored.
  void reply(json::value result);
  void reply_error(jsonrpc::Error error);
  void reply_error(int code, std::string message, json::value data = nullptr) {
    reply_error(jsonrpc::Error{code, std::move(message), std::move(data)});
  }
  bool replied() const;

 private:
  void send(json::object message);

  std::uint64_t connection_;
  json::value id_;
  std::string method_;
  json::value params_;
  std::vector<UniqueFd> fds_;
  std::shared_ptr<CancelToken> cancel_;
  std::shared_ptr<ReplySink> sink_;
  mutable std::mutex mutex_;
  bool replied_ = false;
};

class MethodRegistry {
 public:
  // Runs on the server's thread and must not block: reply at once, or keep the
  // Call and reply later from any thread.
  using Handler = std::function<void(std::shared_ptr<Call>)>;
  // Runs on a thread of its own; returns the result or throws jsonrpc::RpcError
  // (any other exception answers -32603). While it runs it counts in
  // daemon/status as a program in flight (isolatesAlive); once answered, in
  // requestsServed.
  using BlockingHandler = std::function<json::value(Call&)>;
  // Runs on the server's thread; must not block.
  using NotificationHandler = std::function<void(const json::value& params)>;

  struct Method {
    enum class Kind { kRequest, kBlocking, kNotification } kind;
    Handler handler;
    BlockingHandler blocking;
    NotificationHandler notification;
  };

  // Each throws std::logic_error if the name is taken.
  void add(std::string method, Handler handler);
  void add_blocking(std::string method, BlockingHandler handler);
  void add_notification(std::string method, NotificationHandler handler);

  const Method* find(std::string_view method) const;
  bool contains(std::string_view method) const { return find(method) != nullptr; }

 private:
  void insert(std::string method, Method m);
  std::map<std::string, Method, std::less<>> methods_;
};

}  // namespace toolchain::daemon
