// The op behind the DOM's "report an exception" (events/event.js): a listener's
// exception goes the way of any uncaught one (Runtime::report_exception).
#include "bridge/op.h"
#include "core/ops_index.h"
#include "core/runtime.h"

namespace toolchain {

namespace {

void op_report_exception(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Runtime::from(info.GetIsolate()).report_exception(info[0]);
}

}  // namespace

void register_events_ops(bridge::OpRegistry& r) {
  r.raw("op_report_exception", op_report_exception);
}

}  // namespace toolchain
