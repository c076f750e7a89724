// Ops behind Deno.addSignalListener / Deno.removeSignalListener: checking a
// signal name and (un)binding it in the program's SignalHub.
#include "core/ops_index.h"
#include "core/runtime.h"
#include "signals/signal_hub.h"
#include "signals/signal_names.h"

namespace toolchain {

namespace {

// The signal's number, or Deno's TypeError for a name it refuses.
int op_signal_bind(Runtime& rt, std::string name) {
  auto signo = signals::signal_number(name);
  if (!signo) throw bridge::type_error("Invalid signal: " + name);
  if (signals::is_forbidden(*signo)) throw bridge::type_error("Binding to signal '" + name + "' is not allowed");
  rt.signals().bind(*signo);
  return *signo;
}

void op_signal_unbind(Runtime& rt, int signo) { rt.signals().unbind(signo); }

}  // namespace

void register_signal_ops(bridge::OpRegistry& r) {
  r.sync<op_signal_bind>("op_signal_bind");
  r.sync<op_signal_unbind>("op_signal_unbind");
}

}  // namespace toolchain
