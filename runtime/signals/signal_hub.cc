#include "signals/signal_hub.h"

#include <csignal>

#include "bridge/convert.h"
#include "core/runtime.h"

namespace toolchain::signals {

SignalHub::SignalHub(Runtime& rt, bool process_signals) : rt_(rt), process_signals_(process_signals) {}

SignalHub::~SignalHub() {
  // Puts back the default actions (Asio restores them as each signal is removed).
  if (process_set_) process_set_->clear();
}

void SignalHub::bind(int signo) {
  bound_.fetch_or(uint64_t{1} << signo);
  if (!process_signals_) return;
  if (!process_set_) {
    process_set_ = std::make_unique<boost::asio::signal_set>(rt_.loop());
    wait_next();
  }
  process_set_->add(signo);
}

void SignalHub::unbind(int signo) {
  bound_.fetch_and(~(uint64_t{1} << signo));
  if (process_set_) process_set_->remove(signo);
}

bool SignalHub::deliver(int signo) {
  if (signo <= 0 || signo >= 64 || !(bound_.load() & (uint64_t{1} << signo))) return false;
  rt_.loop_handle()->post([signo](Runtime& rt) { dispatch(rt, signo); });
  return true;
}

// The pending wait does not keep the loop alive: as in Deno, listening for a
// signal alone does not keep a program running.
void SignalHub::wait_next() {
  process_set_->async_wait([this](const boost::system::error_code& ec, int signo) {
    if (ec) return;
    wait_next();
    // The listener may have gone between the signal and now.
    if (bound_.load() & (uint64_t{1} << signo)) dispatch(rt_, signo);
  });
}

// Calls core.dispatchSignal(name) (signals.js), which runs the listeners.
void SignalHub::dispatch(Runtime& rt, int signo) {
  if (rt.exiting()) return;
  auto* isolate = rt.isolate();
  v8::HandleScope scope(isolate);
  auto context = rt.context();
  v8::Context::Scope context_scope(context);
  v8::Local<v8::Value> fn;
  if (!rt.core()->Get(context, bridge::v8_str(isolate, "dispatchSignal")).ToLocal(&fn) || !fn->IsFunction()) return;
  v8::Local<v8::Value> argv[] = {v8::Integer::New(isolate, signo)};
  rt.call_from_loop(fn.As<v8::Function>(), 1, argv);
}

}  // namespace toolchain::signals
