#include "server/registry.h"

#include <stdexcept>

namespace toolchain::daemon {

const char* to_string(CancelReason reason) {
  switch (reason) {
    case CancelReason::kRequested: return "cancelled by the client";
    case CancelReason::kDisconnected: return "the client disconnected";
    case CancelReason::kShutdown: return "the daemon is shutting down";
  }
  return "cancelled";
}

std::optional<CancelReason> CancelToken::reason() const {
  std::lock_guard lock(mutex_);
  return reason_;
}

void CancelToken::on_cancel(std::function<void(CancelReason)> fn) {
  CancelReason reason;
  {
    std::lock_guard lock(mutex_);
    if (!reason_) {
      callbacks_.push_back(std::move(fn));
      return;
    }
    reason = *reason_;
  }
  fn(reason);
}

void CancelToken::cancel(CancelReason reason) {
  std::vector<std::function<void(CancelReason)>> callbacks;
  {
    std::lock_guard lock(mutex_);
    if (reason_) return;
    reason_ = reason;
    callbacks.swap(callbacks_);
  }
  for (auto& fn : callbacks) fn(reason);
}

void CancelToken::on_signal(std::function<bool(const std::string&)> fn) {
  std::lock_guard lock(mutex_);
  signal_handlers_.push_back(std::move(fn));
}

bool CancelToken::signal(const std::string& name) {
  std::vector<std::function<bool(const std::string&)>> handlers;
  {
    std::lock_guard lock(mutex_);
    if (reason_) return false;
    handlers = signal_handlers_;  // copied: called without the lock
  }
  if (handlers.empty()) {
    cancel(CancelReason::kRequested);
    return false;
  }
  bool handled = false;
  for (auto& fn : handlers) handled = fn(name) || handled;
  return handled;
}

Call::Call(std::uint64_t connection, json::value id, std::string method, json::value params,
           std::vector<UniqueFd> fds, std::shared_ptr<CancelToken> cancel,
           std::shared_ptr<ReplySink> sink)
    : connection_(connection),
      id_(std::move(id)),
      method_(std::move(method)),
      params_(std::move(params)),
      fds_(std::move(fds)),
      cancel_(std::move(cancel)),
      sink_(std::move(sink)) {}

Call::~Call() {
  if (!replied())
    reply_error(jsonrpc::kInternalError, "the method '" + method_ + "' ended without a reply");
}

bool Call::replied() const {
  std::lock_guard lock(mutex_);
  return replied_;
}

void Call::send(json::object message) {
  {
    std::lock_guard lock(mutex_);
    if (replied_) return;
    replied_ = true;
  }
  if (sink_) sink_->deliver(connection_, jsonrpc::id_key(id_), std::move(message));
}

void Call::reply(json::value result) { send(jsonrpc::make_result(id_, std::move(result))); }

void Call::reply_error(jsonrpc::Error error) { send(jsonrpc::make_error(id_, error)); }

void MethodRegistry::insert(std::string method, Method m) {
  if (methods_.count(method)) throw std::logic_error("method '" + method + "' registered twice");
  methods_.emplace(std::move(method), std::move(m));
}

void MethodRegistry::add(std::string method, Handler handler) {
  insert(std::move(method), Method{Method::Kind::kRequest, std::move(handler), {}, {}});
}

void MethodRegistry::add_blocking(std::string method, BlockingHandler handler) {
  insert(std::move(method), Method{Method::Kind::kBlocking, {}, std::move(handler), {}});
}

void MethodRegistry::add_notification(std::string method, NotificationHandler handler) {
  insert(std::move(method), Method{Method::Kind::kNotification, {}, {}, std::move(handler)});
}

const MethodRegistry::Method* MethodRegistry::find(std::string_view method) const {
  auto it = methods_.find(method);
  return it == methods_.end() ? nullptr : &it->second;
}

}  // namespace toolchain::daemon
