#pragma once
// A program's signal listeners, as seen from C++: which signals it listens for,
// and how a signal reaches it. In-process (RunOptions::process_signals) the
// process's own signals are caught with an Asio signal_set while the program
// listens, and the default action applies again once it stops; in the daemon
// the client forwards them and RunControl::interrupt calls deliver().
#include <atomic>
#include <cstdint>
#include <memory>

#include <boost/asio/signal_set.hpp>

namespace toolchain {
class Runtime;
}

namespace toolchain::signals {

class SignalHub {
 public:
  SignalHub(Runtime& rt, bool process_signals);
  ~SignalHub();

  // JavaScript thread: the program's first listener for `signo` came / its last went.
  void bind(int signo);
  void unbind(int signo);

  // Any thread. If the program listens for `signo`, queues a call of its
  // listeners on its loop and returns true; otherwise returns false.
  bool deliver(int signo);

 private:
  void wait_next();
  static void dispatch(Runtime& rt, int signo);

  Runtime& rt_;
  bool process_signals_;
  std::atomic<uint64_t> bound_{0};  // bit n: the program listens for signal n
  std::unique_ptr<boost::asio::signal_set> process_set_;
};

}  // namespace toolchain::signals
