#include "core/runtime.h"

#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <fmt/format.h>

#include "bridge/op.h"
#include "core/loop_platform.h"
#include "core/snapshot.h"
#include "coverage/precise_coverage.h"
#include "errors/format_error.h"
#include "io/stdio_state.h"
#include "signals/signal_hub.h"
#include "modules/module_loader.h"
#include "modules/specifier.h"

namespace toolchain {

using bridge::v8_str;

Runtime::Runtime(const RunOptions& options, const v8::StartupData* snapshot, std::unique_ptr<FreshIsolate> fresh,
                 bool graph_only)
    : cwd(options.cwd),
      env(options.env),
      args(options.args),
      permissions(options.permissions),
      stdio(options.stdio),
      tool(options.tool),
      console_prefix(options.console_prefix),
      main_specifier_(options.main_module) {
  signals_ = std::make_unique<signals::SignalHub>(*this, options.process_signals);
  if (options.max_heap_mb > 0) heap_limit_mb_ = options.max_heap_mb;
  // Workers prepare the main module's graph while the isolate is made.
  modules_ = std::make_unique<ModuleLoader>(*this, options.module_store, options.fetch_policy, options.import_map);
  if (!main_specifier_.empty()) {
    try {
      modules_->prefetch_main(modules::resolve_main(main_specifier_, cwd));
    } catch (const std::exception&) {
      // run() reports it
    }
  }
  // V8's compiles of the modules prepared so far start on the workers while
  // the context is deserialised (~4 ms), not once the loader needs them
  // (unless coverage is on: V8 must know that before it compiles anything).
  std::function<void(v8::Isolate*)> compile_ahead;
  if (!graph_only && options.coverage_dir.empty()) compile_ahead = [this](v8::Isolate* isolate) { modules_->compile_ahead(isolate); };
  if (!fresh) fresh = make_fresh_isolate(snapshot, options.max_heap_mb, false, compile_ahead);
  allocator_ = std::move(fresh->allocator);
  isolate_ = std::exchange(fresh->isolate, nullptr);
  if (fresh->locked) locker_.emplace(isolate_);  // made on another thread
  ModuleLoader::install(isolate_);
  isolate_->Enter();
  isolate_->SetData(0, this);
  // V8's own tasks (FinalizationRegistry callbacks, GC scheduling) run on our loop.
  loop_platform().attach(isolate_, loop_, [this] { after_macrotask(); });
  isolate_->SetMicrotasksPolicy(v8::MicrotasksPolicy::kExplicit);
  isolate_->SetPromiseRejectCallback(on_promise_reject);
  isolate_->AddNearHeapLimitCallback(on_near_heap_limit, this);
  // Exceptions no TryCatch sees (a throwing microtask) arrive here.
  isolate_->AddMessageListenerWithErrorLevel(
      [](v8::Local<v8::Message>, v8::Local<v8::Value> error) {
        Runtime& rt = from(v8::Isolate::GetCurrent());
        v8::HandleScope scope(rt.isolate());
        rt.report_exception(error);
      },
      v8::Isolate::kMessageError);

  v8::HandleScope scope(isolate_);
  context_ = std::move(fresh->context);
  core_ = std::move(fresh->core);
  auto context = this->context();
  context->Enter();
  store_ = options.module_store;
  if (!options.coverage_dir.empty()) {
    coverage_dir = options.coverage_dir;
    coverage = std::make_unique<coverage::PreciseCoverage>(isolate_, context);
  }
}

void LoopHandle::post(std::function<void(Runtime&)> fn) {
  std::lock_guard lock(mutex_);
  if (!rt_) return;
  Runtime* rt = rt_;
  boost::asio::post(rt->loop(), [rt, fn = std::move(fn)] { fn(*rt); });
}

void LoopHandle::close() {
  std::lock_guard lock(mutex_);
  rt_ = nullptr;
}

Runtime::~Runtime() {
  finish();
  resources.clear();  // before the loop and the isolate their Asio objects and handles belong to
  http_client.reset();  // its pooled connections are sockets of the loop
  loop_handle_->close();
  stdio_state_.reset();
  signals_.reset();
  parked_.clear();
  modules_.reset();
  unhandled_.clear();
  core_.Reset();
  {
    v8::HandleScope scope(isolate_);
    context()->Exit();
  }
  context_.Reset();
  loop_platform().detach(isolate_);
  isolate_->Exit();
  locker_.reset();
  isolate_->Dispose();
  loop_platform().forget(isolate_);
}

void Runtime::finish() {
  if (coverage) {
    v8::HandleScope scope(isolate_);
    isolate_->CancelTerminateExecution();
    std::string error = coverage->write(coverage_dir);
    if (!error.empty()) write_stderr(errors::error_prefix(*this) + "coverage: " + error + "\n");
    coverage.reset();
  }
  finish_cache_writes();
  stdio_state_.reset();
}

io::StdioState& Runtime::stdio_state() {
  if (!stdio_state_) stdio_state_ = std::make_unique<io::StdioState>(*this);
  return *stdio_state_;
}

std::string Runtime::resolve_path(std::string_view path) const {
  return modules::normalize_path(path.starts_with('/') ? std::string(path) : cwd + "/" + std::string(path));
}

void Runtime::require(permissions::Kind kind, std::string_view value, std::string_view api_name) {
  std::optional<permissions::PermissionError> denied;
  try {
    denied = permissions.check(kind, value, api_name);
  } catch (const permissions::DescriptorError& e) {
    // A malformed value from the program (a host "a b"): Deno's URIError/TypeError.
    throw bridge::JsError{e.error_class(), e.what()};
  }
  if (denied) throw bridge::JsError{denied->error_class, denied->message};
}

void Runtime::require_all(permissions::Kind kind, std::string_view api_name) {
  if (auto denied = permissions.check_all(kind, api_name)) throw bridge::JsError{denied->error_class, denied->message};
}

uint64_t Runtime::park_resolver(v8::Local<v8::Promise::Resolver> resolver) {
  uint64_t id = next_parked_++;
  parked_.emplace(id, v8::Global<v8::Promise::Resolver>(isolate_, resolver));
  return id;
}

v8::Local<v8::Promise::Resolver> Runtime::take_resolver(uint64_t id) {
  auto it = parked_.find(id);
  auto resolver = it->second.Get(isolate_);
  parked_.erase(it);
  return resolver;
}

void Runtime::terminate(int code) {
  int expected = -1;
  if (!terminate_code_.compare_exchange_strong(expected, code)) return;
  request_termination();
  boost::asio::post(loop_, [this] { handle_termination(); });
}

// Not TerminateExecution() from outside JavaScript: V8 10.2 acts on a pending
// termination in C++ too (its stack checks), and one that lands in a module's
// evaluation before the module is marked evaluating aborts the process (seen
// as `serve --parallel` on a port in use: a failing worker ends the others).
// An interrupt runs on the isolate's thread only while JavaScript runs, and
// `ending()` keeps new evaluations from starting once it is set.
void Runtime::request_termination() {
  isolate_->RequestInterrupt(
      [](v8::Isolate* isolate, void* data) {
        if (!static_cast<Runtime*>(data)->exiting_) isolate->TerminateExecution();
      },
      this);
}

// The heap is nearly full: stop the program rather than let V8 abort the
// process (which would take the daemon and every other program with it).
size_t Runtime::on_near_heap_limit(void* data, size_t current, size_t) {
  auto* rt = static_cast<Runtime*>(data);
  if (!rt->out_of_memory_) {
    rt->out_of_memory_ = true;
    if (rt->heap_limit_mb_ == 0) rt->heap_limit_mb_ = current / (1024 * 1024);
    rt->request_termination();
  }
  return current + current / 2;  // room to unwind
}

bool Runtime::handle_termination() {
  if (exiting_) return true;
  if (out_of_memory_) {
    write_stderr(errors::error_prefix(*this) +
                 fmt::format("out of memory: the JavaScript heap reached its limit of {} MB\n", heap_limit_mb_));
    exit(1);
    return true;
  }
  int code = terminate_code_.load();
  if (code >= 0) {
    exit(code);
    return true;
  }
  return false;
}

void Runtime::exit(int code) {
  exit_code_ = code;
  exiting_ = true;
  loop_.stop();
  isolate_->TerminateExecution();
}

void Runtime::arm_timer(double delay_ms, bool keep_alive) {
  disarm_timer();
  if (keep_alive) ref();
  timer_keeps_alive_ = keep_alive;
  timer_.expires_after(std::chrono::microseconds(static_cast<int64_t>(delay_ms * 1000)));
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;  // cancelled: disarm_timer already dropped the ref
    if (timer_keeps_alive_) unref();
    timer_keeps_alive_ = false;
    v8::HandleScope scope(isolate_);
    v8::Local<v8::Value> tick;
    if (!core()->Get(context(), v8_str(isolate_, "runTimers")).ToLocal(&tick)) return;  // terminating
    if (tick->IsFunction()) call_from_loop(tick.As<v8::Function>(), 0, nullptr);
  });
}

void Runtime::disarm_timer() {
  if (timer_keeps_alive_) unref();
  timer_keeps_alive_ = false;
  timer_.cancel();
}

void Runtime::call_from_loop(v8::Local<v8::Function> fn, int argc, v8::Local<v8::Value>* argv) {
  if (exiting_) return;
  v8::TryCatch try_catch(isolate_);
  if (fn->Call(context(), v8::Undefined(isolate_), argc, argv).IsEmpty() && !exiting_) {
    if (try_catch.HasTerminated() && handle_termination()) return;
    report_exception(try_catch.Exception());
    return;
  }
  after_macrotask();
}

void Runtime::after_macrotask() {
  if (exiting_) return;
  {
    v8::TryCatch try_catch(isolate_);
    isolate_->PerformMicrotaskCheckpoint();
    if (try_catch.HasTerminated() && handle_termination()) return;
  }
  // Each unhandled rejection is an `unhandledrejection` event at globalThis
  // first; one no listener cancels ends the program.
  while (!exiting_ && !unhandled_.empty()) {
    v8::HandleScope scope(isolate_);
    auto pending = std::move(unhandled_);
    unhandled_.clear();
    for (auto& [promise, reason] : pending) {
      v8::Local<v8::Value> args[] = {promise.Get(isolate_), reason.Get(isolate_)};
      if (call_hook("dispatchRejectionEvent", 2, args)) continue;
      if (!exiting_) report_uncaught(args[1], true);
      return;
    }
    v8::TryCatch try_catch(isolate_);
    isolate_->PerformMicrotaskCheckpoint();
    if (try_catch.HasTerminated() && handle_termination()) return;
  }
}

bool Runtime::call_hook(const char* name, int argc, v8::Local<v8::Value>* argv) {
  if (exiting_) return false;
  v8::TryCatch try_catch(isolate_);
  v8::Local<v8::Value> hook, result;
  if (!core()->Get(context(), v8_str(isolate_, name)).ToLocal(&hook) || !hook->IsFunction()) return false;
  if (!hook.As<v8::Function>()->Call(context(), v8::Undefined(isolate_), argc, argv).ToLocal(&result)) {
    if (try_catch.HasTerminated()) handle_termination();
    return false;
  }
  return result->BooleanValue(isolate_);
}

void Runtime::report_exception(v8::Local<v8::Value> exception) {
  if (exiting_ || handle_termination()) return;
  auto context = this->context();
  auto message = v8::Exception::CreateMessage(isolate_, exception);
  v8::Local<v8::Value> args[] = {
      exception,
      message->Get(),
      message->GetScriptResourceName(),
      v8::Integer::New(isolate_, message->GetLineNumber(context).FromMaybe(0)),
      v8::Integer::New(isolate_, message->GetStartColumn(context).FromMaybe(-1) + 1),
  };
  if (call_hook("dispatchErrorEvent", 5, args)) return;
  report_uncaught(exception, false);
}

void Runtime::dispatch_load_when_evaluated(v8::Local<v8::Value> evaluation) {
  if (load_dispatched_ || exiting_) return;
  if (evaluation->IsPromise() && evaluation.As<v8::Promise>()->State() != v8::Promise::kFulfilled) return;
  load_dispatched_ = true;
  call_hook("dispatchLoadEvent", 0, nullptr);
  after_macrotask();
}

void Runtime::on_promise_reject(v8::PromiseRejectMessage message) {
  auto promise = message.GetPromise();
  auto* isolate = promise->GetIsolate();
  Runtime& rt = from(isolate);
  switch (message.GetEvent()) {
    case v8::kPromiseRejectWithNoHandler:
      rt.unhandled_.emplace_back(v8::Global<v8::Promise>(isolate, promise),
                                 v8::Global<v8::Value>(isolate, message.GetValue()));
      break;
    case v8::kPromiseHandlerAddedAfterReject:
      std::erase_if(rt.unhandled_, [&](const auto& entry) { return entry.first.Get(isolate) == promise; });
      break;
    default:
      break;
  }
}

void Runtime::write_stderr(std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(stdio.err, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    text.remove_prefix(static_cast<size_t>(n));
  }
}

bool Runtime::stderr_colors() const {
  return !env.contains("NO_COLOR") && ::isatty(stdio.err) == 1;
}

void Runtime::report_failure(const std::string& text) {
  if (tool && tool->on_uncaught) tool->on_uncaught(text);
  else write_stderr(text);
}

void Runtime::report_uncaught(v8::Local<v8::Value> exception, bool in_promise) {
  if (exiting_ || handle_termination()) return;
  if (tool && tool->on_uncaught) {
    // Deno's test runner words it "error: (in promise) Error: …" in its ERRORS section.
    tool->on_uncaught(errors::error_prefix(*this) + (in_promise ? "(in promise) " : "") +
                      errors::format_exception(*this, exception));
  } else {
    write_stderr(errors::format_uncaught(*this, exception, in_promise));
  }
  exit(1);
}

void Runtime::start_load_writes() {
  // What loading learnt (transpiled code, imports) is written while the main
  // module evaluates, off its start-up path, in one transaction.
  if (store_)
    writer_ = std::thread([store = store_] {
      pthread_setname_np(pthread_self(), "tc-db-write");
      store->commit();
    });
}

void Runtime::start_cache_writes() {
  if (!store_) return;
  modules_->main_evaluated();
  // The program is running: the code caches made now follow the first
  // transaction in a second one.
  writer_ = std::thread([store = store_, first = std::move(writer_)]() mutable {
    pthread_setname_np(pthread_self(), "tc-db-write");
    if (first.joinable()) first.join();
    store->commit();
  });
}

void Runtime::finish_cache_writes() {
  if (writer_.joinable()) writer_.join();
  if (store_ && modules_) {
    v8::HandleScope scope(isolate_);
    modules_->main_evaluated();  // modules imported dynamically since
    store_->commit();            // writes nothing if nothing is pending
  }
}

ModuleGraph Runtime::load_graph(bool describe) {
  v8::HandleScope scope(isolate_);
  ModuleGraph graph;
  modules_->set_graph_only(describe);
  try {
    main_module_url = modules::resolve_main(main_specifier_, cwd);
    modules_->load_main(main_module_url);
  } catch (const modules::LoadError& error) {
    graph.error = error.what();
  } catch (const modules::CompileError& error) {
    graph.error = fmt::format("{}\n    at {}:{}:{}", error.message, error.url, error.line, error.column);
  }
  graph.root = main_module_url;
  modules_->describe(graph);
  if (!graph.modules.empty()) graph.root = graph.modules.front().url;
  if (store_) store_->commit();
  return graph;
}

int Runtime::run() {
  v8::HandleScope scope(isolate_);
  if (handle_termination()) return exit_code_;
  auto context = this->context();
  v8::Local<v8::Module> module;
  try {
    main_module_url = modules::resolve_main(main_specifier_, cwd);
    module = modules_->load_main(main_module_url);
  } catch (const modules::LoadError& error) {
    report_failure(errors::format_load_error(*this, error.what()));
    return 1;
  } catch (const modules::CompileError& error) {
    report_failure(errors::format_compile_error(*this, error));
    return 1;
  }
  if (module.IsEmpty()) {  // terminated while linking
    handle_termination();
    return exit_code_;
  }
  start_load_writes();
  if (ending()) {  // ended while loading or linking
    handle_termination();
    return exit_code_;
  }

  v8::Local<v8::Value> evaluation;
  {
    v8::TryCatch try_catch(isolate_);
    if (!module->Evaluate(context).ToLocal(&evaluation)) {
      if (!exiting_ && !(try_catch.HasTerminated() && handle_termination()))
        report_uncaught(try_catch.Exception(), false);
      return exit_code_;
    }
  }
  start_cache_writes();
  after_macrotask();
  dispatch_load_when_evaluated(evaluation);
  if (tool) {
    int code = run_tool(evaluation, module->GetModuleNamespace());
    if (!tool->runs_on || exiting_) return code;
  }
  {
    // run_one() must wait for work still on the blocking pool, not return.
    auto guard = boost::asio::make_work_guard(loop_);
    for (;;) {
      while (!exiting_ && refs_ > 0) {
        if (!cpu_share.linger(loop_)) loop_.run_one();
        cpu_share.after_handler();
        dispatch_load_when_evaluated(evaluation);
      }
      // `beforeunload` canceled with new work scheduled keeps the program going
      // (none if the main module never finished: that is an error below).
      if (exiting_ || handle_termination() || !load_dispatched_) break;
      bool canceled = call_hook("dispatchBeforeUnloadEvent", 0, nullptr);
      after_macrotask();
      if (!canceled || refs_ == 0) break;
    }
  }
  if (!exiting_) handle_termination();
  if (!exiting_ && load_dispatched_) {
    call_hook("dispatchUnloadEvent", 0, nullptr);
    after_macrotask();
  }
  if (!exiting_ && evaluation->IsPromise() &&
      evaluation.As<v8::Promise>()->State() == v8::Promise::kPending) {
    write_stderr(errors::error_prefix(*this) + "Top-level await promise never resolved\n");
    return 1;
  }
  return exit_code_;
}

int Runtime::run_tool(v8::Local<v8::Value> evaluation, v8::Local<v8::Value> main_namespace) {
  auto pending = [](v8::Local<v8::Value> value) {
    return value->IsPromise() && value.As<v8::Promise>()->State() == v8::Promise::kPending;
  };
  auto guard = boost::asio::make_work_guard(loop_);
  auto run_while_pending = [&](v8::Local<v8::Value> value) {
    while (!exiting_ && refs_ > 0 && pending(value)) loop_.run_one();
    if (!exiting_) handle_termination();
    if (exiting_) return false;
    if (!pending(value)) return true;
    tool->on_uncaught(errors::error_prefix(*this) +
                      "Promise resolution is still pending but the event loop has already resolved\n");
    exit(1);
    return false;
  };
  // The module with its top-level await, then the tool's entry.
  if (exiting_ || !run_while_pending(evaluation)) return exit_code_;
  auto context = this->context();
  v8::Local<v8::Value> result;
  {
    v8::TryCatch try_catch(isolate_);
    v8::Local<v8::Value> internals, entries, entry;
    // The entry gets the tool's config and the main module's namespace (serve's `export default`).
    v8::Local<v8::Value> args[] = {v8_str(isolate_, tool->config), main_namespace};
    bool called = core()->Get(context, v8_str(isolate_, "internals")).ToLocal(&internals) &&
                  internals.As<v8::Object>()->Get(context, v8_str(isolate_, "toolEntries")).ToLocal(&entries) &&
                  entries->IsObject() &&
                  entries.As<v8::Object>()->Get(context, v8_str(isolate_, tool->mode)).ToLocal(&entry) &&
                  entry->IsFunction() &&
                  entry.As<v8::Function>()->Call(context, v8::Undefined(isolate_), 2, args).ToLocal(&result);
    if (!called) {
      if (try_catch.HasCaught() && !try_catch.HasTerminated()) report_uncaught(try_catch.Exception(), false);
      else if (!exiting_ && !handle_termination()) exit(1);
      return exit_code_;
    }
  }
  after_macrotask();
  run_while_pending(result);
  return exit_code_;
}

}  // namespace toolchain
