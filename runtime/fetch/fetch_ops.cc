// Ops behind fetch.js: one HTTP exchange per fetch hop on the native client
// (http_client/), on the runtime's own loop: its request body a ByteSink and
// its response body a ByteSource that do their I/O there (native_stream.h,
// on_loop()), so no thread waits on the network. Net permission is checked
// here, per host and port, before any connection is made.
#include <memory>
#include <string>
#include <vector>

#include "bridge/op.h"
#include "core/loop_promise.h"
#include "core/runtime.h"
#include "http_client/http_client.h"
#include "http_client/http_error.h"
#include "streams/native_stream.h"

namespace toolchain {

namespace {

using http_client::Failure;
using http_client::HttpError;

// A response body that came whole with its head up to this size is handed to
// JavaScript as bytes, with no body resource and no stream reads.
constexpr size_t kInlineBody = 64 * 1024;

// One request and its response.
class FetchCall : public Resource {
 public:
  FetchCall(std::shared_ptr<http_client::HttpClient> client, http_client::Request request, std::string url)
      : exchange(std::make_shared<http_client::Exchange>(std::move(client), std::move(request))), url(std::move(url)) {}
  std::string_view name() const override { return "fetchRequest"; }
  std::shared_ptr<http_client::Exchange> exchange;
  std::string url;
};

bridge::JsError abort_error() { return {"DOMException.AbortError", "The signal has been aborted"}; }

// Deno's words: hyper's "client error (Connect)" for failures before the
// connection exists, "(SendRequest)" for the ones after.
bridge::JsError send_error(const FetchCall& call, const HttpError& e) {
  if (e.kind() == HttpError::Kind::Aborted) return abort_error();
  bool connect = e.kind() == HttpError::Kind::Dns || e.kind() == HttpError::Kind::Connect ||
                 e.kind() == HttpError::Kind::Tls;
  return {"Error", "error sending request for url (" + call.url + "): client error (" +
                       (connect ? "Connect" : "SendRequest") + "): " + e.what()};
}

std::optional<bridge::JsError> send_failure(const FetchCall& call, const Failure& failure) {
  if (!failure) return std::nullopt;
  return send_error(call, *failure);
}

class RequestBodySink : public ByteSink {
 public:
  explicit RequestBodySink(std::shared_ptr<FetchCall> call) : call_(std::move(call)) {}
  std::string_view name() const override { return "fetchRequestBody"; }
  bool on_loop() const override { return true; }
  void write_on_loop(const SharedBytes& chunk, LoopDone done) override {
    call_->exchange->write_body({chunk.data(), chunk.size},
                                [call = call_, chunk, done = std::move(done)](Failure failure) {
                                  done(send_failure(*call, failure));
                                });
  }
  void close_on_loop(LoopDone done) override {
    call_->exchange->finish_body([call = call_, done = std::move(done)](Failure failure) {
      done(send_failure(*call, failure));
    });
  }
  void abort(const std::string&) override { call_->exchange->abort(); }
  void write(std::span<const uint8_t>) override {}
  void close() override {}

 private:
  std::shared_ptr<FetchCall> call_;
};

// A body that came whole with its head: no I/O left, but it is a resource
// until read or cancelled, so the test sanitizer sees an unconsumed body as Deno does.
class InlineResponseBody : public Resource {
 public:
  std::string_view name() const override { return "fetchResponse"; }
};

class ResponseBodySource : public ByteSource {
 public:
  explicit ResponseBodySource(std::shared_ptr<http_client::Exchange> exchange) : exchange_(std::move(exchange)) {}
  std::string_view name() const override { return "fetchResponse"; }
  ~ResponseBodySource() override {
    // Dropped before its end (cancel, or never read): the connection cannot be reused.
    if (!*done_) exchange_->abort();
  }
  void abort() { exchange_->abort(); }
  bool on_loop() const override { return true; }
  void read_on_loop(const SharedBytes& into,
                    std::function<void(size_t, std::optional<bridge::JsError>)> done) override {
    exchange_->read_body({into.data(), into.size},
                         [into, finished = done_, done = std::move(done)](size_t n, Failure failure) {
                           if (n == 0) *finished = true;
                           if (!failure) return done(n, std::nullopt);
                           if (failure->kind() == HttpError::Kind::Aborted) return done(0, abort_error());
                           done(0, bridge::JsError{"TypeError", std::string("error reading a body from connection: ") +
                                                                    failure->what()});
                         });
  }
  size_t read(std::span<uint8_t>) override { return 0; }

 private:
  std::shared_ptr<http_client::Exchange> exchange_;
  std::shared_ptr<bool> done_ = std::make_shared<bool>(false);
};

std::shared_ptr<http_client::HttpClient> client_of(Runtime& rt) {
  if (!rt.http_client) {
    http_client::ClientOptions options;
    // Deno trusts the PEM file in DENO_CERT beside the system store.
    auto cert = rt.env.find("DENO_CERT");
    if (cert != rt.env.end() && !cert->second.empty()) options.ca_files.push_back(rt.resolve_path(cert->second));
    try {
      rt.http_client = std::make_shared<http_client::HttpClient>(rt.loop(), options);
    } catch (const HttpError& e) {
      throw bridge::JsError{"TypeError", e.what()};
    }
  }
  return rt.http_client;
}

// Opens a fetch hop: `scheme` "http:"/"https:", `host` as URL.hostname (IPv6 in
// brackets), `port` 0 for the scheme's default, `target` path and query;
// `headers` name/value pairs; `body_kind` 0 none, 1 `body` bytes, 2 streamed;
// `decode` false leaves Content-Encoding to the program (it set Accept-Encoding).
uint32_t op_fetch_open(Runtime& rt, std::string url, std::string method, std::string scheme, std::string host,
                       uint32_t port, std::string target, std::vector<std::string> headers, uint32_t body_kind,
                       std::optional<bridge::ByteView> body, bool decode) {
  http_client::Request request;
  request.origin.tls = scheme == "https:";
  if (!request.origin.tls && scheme != "http:") throw bridge::JsError{"TypeError", "scheme '" + scheme + "' not supported"};
  request.origin.port = port ? port : (request.origin.tls ? 443 : 80);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  request.origin.host = host;
  // Deno names the host as the URL does ([v6] keeps its brackets) with the port always.
  std::string permission_host = request.origin.host.find(':') != std::string::npos ? "[" + host + "]" : host;
  if (auto denied = rt.permissions.check_net(permissions::Kind::Net, permission_host, request.origin.port))
    throw bridge::JsError{denied->error_class, denied->message};
  request.method = std::move(method);
  request.decode_content = decode;
  request.target = target.empty() ? "/" : std::move(target);
  if (headers.size() % 2) throw bridge::JsError{"TypeError", "headers must be name/value pairs"};
  request.headers.reserve(headers.size() / 2);
  for (size_t i = 0; i < headers.size(); i += 2) request.headers.push_back({std::move(headers[i]), std::move(headers[i + 1])});
  if (body_kind == 1) {
    request.body = http_client::Request::Body::Fixed;
    if (body) request.fixed_body.assign(reinterpret_cast<const char*>(body->data), body->size);
  } else if (body_kind == 2) {
    request.body = http_client::Request::Body::Streaming;
  }
  auto call = std::make_shared<FetchCall>(client_of(rt), std::move(request), std::move(url));
  return rt.resources.add(call);
}

// The FetchCall named by the op's first argument, or a JavaScript exception.
std::shared_ptr<FetchCall> call_argument(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  try {
    return Runtime::from(isolate).resources.get<FetchCall>(bridge::FromV8<uint32_t>::get(isolate, info[0]));
  } catch (const bridge::JsError& error) {
    bridge::throw_js_error(isolate, error);
    return nullptr;
  }
}

// op_fetch_send(rid) -> Promise<void>: connects and writes the request head,
// for a body streamed after it (op_fetch_body_sink).
void op_fetch_send(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto call = call_argument(info);
  if (!call) return;
  auto [promise, settle] = LoopPromise::make(Runtime::from(info.GetIsolate()), &op_fetch_send);
  info.GetReturnValue().Set(promise);
  call->exchange->send([call, settle = settle](Failure failure) {
    if (failure) return settle.reject(send_error(*call, *failure));
    settle.resolve([](v8::Isolate* isolate) { return v8::Undefined(isolate); });
  });
}

// A ByteSink for the streamed request body (written by readableStreamToResource).
uint32_t op_fetch_body_sink(Runtime& rt, uint32_t rid) {
  auto call = rt.resources.get<FetchCall>(rid);
  return rt.resources.add(std::make_shared<RequestBodySink>(call));
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c | 0x20);
  return s;
}

// op_fetch_response(rid) -> Promise<[status, reason, [name, value, …], body]>:
// sends the request if op_fetch_send did not, then waits for the response
// head. Names are lower-cased; `body` is a Uint8Array when the whole body came
// with the head, else the rid of a ByteSource (readableStreamForResource);
// the fifth field is the body's rid in both cases.
void op_fetch_response(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto call = call_argument(info);
  if (!call) return;
  Runtime& rt = Runtime::from(info.GetIsolate());
  auto [promise, settle] = LoopPromise::make(rt, &op_fetch_response);
  info.GetReturnValue().Set(promise);
  call->exchange->read_head([&rt, call, settle = settle](Failure failure) {
    if (failure) return settle.reject(send_error(*call, *failure));
    settle.resolve([&](v8::Isolate* isolate) -> v8::Local<v8::Value> {
      const auto& exchange = call->exchange;
      const auto& head = exchange->head();
      std::vector<v8::Local<v8::Value>> fields;
      fields.reserve(head.headers.size() * 2);
      for (const auto& h : head.headers) {
        fields.push_back(v8::String::NewFromUtf8(isolate, lower(h.name).c_str(), v8::NewStringType::kInternalized)
                             .ToLocalChecked());
        fields.push_back(bridge::v8_str(isolate, h.value));
      }
      v8::Local<v8::Value> body;
      std::vector<uint8_t> bytes;
      uint32_t body_rid;
      if (exchange->take_buffered_body(kInlineBody, bytes)) {
        body = bridge::ToV8<bridge::Bytes>::make(isolate, bridge::Bytes{std::move(bytes)});
        body_rid = rt.resources.add(std::make_shared<InlineResponseBody>());
      } else {
        body_rid = rt.resources.add(std::make_shared<ResponseBodySource>(exchange));
        body = v8::Integer::NewFromUnsigned(isolate, body_rid);
      }
      v8::Local<v8::Value> result[] = {
          v8::Integer::New(isolate, head.status),
          bridge::v8_str(isolate, head.reason),
          v8::Array::New(isolate, fields.data(), fields.size()),
          body,
          v8::Integer::NewFromUnsigned(isolate, body_rid),
      };
      return v8::Array::New(isolate, result, 5);
    });
  });
}

// Aborts a hop (by its FetchCall or its response body's rid): any read or
// write in progress fails. A rid already closed (the body was read to its
// end) is nothing to abort.
void op_fetch_abort(Runtime& rt, uint32_t rid) {
  try {
    rt.resources.get<FetchCall>(rid)->exchange->abort();
    return;
  } catch (const bridge::JsError&) {
  }
  try {
    rt.resources.get<ResponseBodySource>(rid)->abort();
  } catch (const bridge::JsError&) {
  }
}

}  // namespace

void register_fetch_ops(bridge::OpRegistry& r) {
  r.sync<op_fetch_open>("op_fetch_open");
  r.raw("op_fetch_send", &op_fetch_send);
  r.sync<op_fetch_body_sink>("op_fetch_body_sink");
  r.raw("op_fetch_response", &op_fetch_response);
  r.sync<op_fetch_abort>("op_fetch_abort");
}

}  // namespace toolchain
