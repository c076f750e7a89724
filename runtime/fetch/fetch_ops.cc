// Ops behind fetch.js: one HTTP exchange per fetch hop on the native client
// (http_client/), its request body a ByteSink and its response body a
// ByteSource (streams/native_stream.h). Net permission is checked here, per
// host and port, before any connection is made.
#include <memory>
#include <string>
#include <vector>

#include "bridge/op.h"
#include "core/runtime.h"
#include "http_client/http_client.h"
#include "http_client/http_error.h"
#include "streams/native_stream.h"

namespace toolchain {

namespace {

using http_client::HttpError;

// One request and its response.
class FetchCall : public Resource {
 public:
  FetchCall(std::shared_ptr<http_client::HttpClient> client, http_client::Request request, std::string url)
      : exchange(std::make_shared<http_client::Exchange>(std::move(client), std::move(request))), url(std::move(url)) {}
  std::string_view name() const override { return "fetchRequest"; }
  std::shared_ptr<http_client::Exchange> exchange;
  std::string url;
};

// Deno's words: hyper's "client error (Connect)" for failures before the
// connection exists, "(SendRequest)" for the ones after.
bridge::JsError send_error(const FetchCall& call, const HttpError& e) {
  if (e.kind() == HttpError::Kind::Aborted) return {"DOMException.AbortError", "The signal has been aborted"};
  bool connect = e.kind() == HttpError::Kind::Dns || e.kind() == HttpError::Kind::Connect ||
                 e.kind() == HttpError::Kind::Tls;
  return {"Error", "error sending request for url (" + call.url + "): client error (" +
                       (connect ? "Connect" : "SendRequest") + "): " + e.what()};
}

class RequestBodySink : public ByteSink {
 public:
  explicit RequestBodySink(std::shared_ptr<FetchCall> call) : call_(std::move(call)) {}
  std::string_view name() const override { return "fetchRequestBody"; }
  void write(std::span<const uint8_t> chunk) override { guard([&] { call_->exchange->write_body(chunk); }); }
  void close() override { guard([&] { call_->exchange->finish_body(); }); }
  void abort(const std::string&) override { call_->exchange->abort(); }

 private:
  template <typename F>
  void guard(F f) {
    try {
      f();
    } catch (const HttpError& e) {
      throw send_error(*call_, e);
    }
  }
  std::shared_ptr<FetchCall> call_;
};

class ResponseBodySource : public ByteSource {
 public:
  explicit ResponseBodySource(std::shared_ptr<FetchCall> call) : call_(std::move(call)) {}
  std::string_view name() const override { return "fetchResponseBody"; }
  ~ResponseBodySource() override {
    // Dropped before its end (cancel, or never read): the connection cannot be reused.
    if (!done_) call_->exchange->abort();
  }
  void abort() { call_->exchange->abort(); }
  size_t read(std::span<uint8_t> into) override {
    try {
      size_t n = call_->exchange->read_body(into);
      if (n == 0) done_ = true;
      return n;
    } catch (const HttpError& e) {
      done_ = true;
      if (e.kind() == HttpError::Kind::Aborted) throw bridge::JsError{"DOMException.AbortError", "The signal has been aborted"};
      throw bridge::JsError{"TypeError", std::string("error reading a body from connection: ") + e.what()};
    }
  }

 private:
  std::shared_ptr<FetchCall> call_;
  bool done_ = false;
};

std::shared_ptr<http_client::HttpClient> client_of(Runtime& rt) {
  if (!rt.http_client) {
    http_client::ClientOptions options;
    // Deno trusts the PEM file in DENO_CERT beside the system store.
    auto cert = rt.env.find("DENO_CERT");
    if (cert != rt.env.end() && !cert->second.empty()) options.ca_files.push_back(rt.resolve_path(cert->second));
    try {
      rt.http_client = std::make_shared<http_client::HttpClient>(options);
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

// Connects and writes the request head (and a fixed body).
auto op_fetch_send(Runtime& rt, uint32_t rid) {
  auto call = rt.resources.get<FetchCall>(rid);
  return [call] {
    try {
      call->exchange->send();
    } catch (const HttpError& e) {
      throw send_error(*call, e);
    }
  };
}

// A ByteSink for the streamed request body (written by readableStreamToResource).
uint32_t op_fetch_body_sink(Runtime& rt, uint32_t rid) {
  auto call = rt.resources.get<FetchCall>(rid);
  return rt.resources.add(std::make_shared<RequestBodySink>(call));
}

// Waits for the response head. Resolves with [bodyRid, status, statusText,
// name, value, …]; the body is a ByteSource (readableStreamForResource).
auto op_fetch_response(Runtime& rt, uint32_t rid) {
  auto call = rt.resources.get<FetchCall>(rid);
  uint32_t body_rid = rt.resources.add(std::make_shared<ResponseBodySource>(call));
  return [call, body_rid] {
    const http_client::ResponseHead* head;
    try {
      head = &call->exchange->read_head();
    } catch (const HttpError& e) {
      throw send_error(*call, e);
    }
    std::vector<std::string> out;
    out.reserve(3 + head->headers.size() * 2);
    out.push_back(std::to_string(body_rid));
    out.push_back(std::to_string(head->status));
    out.push_back(head->reason);
    for (const auto& h : head->headers) {
      out.push_back(h.name);
      out.push_back(h.value);
    }
    return out;
  };
}

// Aborts a hop (by its FetchCall or its response body's rid) from the
// JavaScript thread: any read or write in progress fails. A rid already
// closed (the body was read to its end) is nothing to abort.
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
  r.async<op_fetch_send>("op_fetch_send");
  r.sync<op_fetch_body_sink>("op_fetch_body_sink");
  r.async<op_fetch_response>("op_fetch_response");
  r.sync<op_fetch_abort>("op_fetch_abort");
}

}  // namespace toolchain
