// Ops behind serve.js (Deno.serve): listening, answering, body resources.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include <boost/asio/ip/tcp.hpp>

#include "bridge/op.h"
#include "bridge/utf8.h"
#include "core/runtime.h"
#include "http/server.h"
#include "http/tls_stream.h"

namespace toolchain {

namespace {

using http::Server;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

// The listener Deno.serve's options ask for: a Unix socket at `path`, or TCP
// on hostname:port (SO_REUSEPORT with `reuse_port`; TLS with `cert` and `key`).
std::unique_ptr<http::Listener> make_listener(Runtime& rt, const std::string& hostname, uint32_t port, bool reuse_port,
                                              const std::optional<std::string>& cert,
                                              const std::optional<std::string>& key,
                                              const std::optional<std::string>& path) {
  try {
    if (path) {
      rt.require(permissions::Kind::Read, *path, "Deno.serve()");
      rt.require(permissions::Kind::Write, *path, "Deno.serve()");
      return http::listen_unix(rt.loop(), rt.resolve_path(*path), *path);
    }
    // An IPv6 address may come in brackets; Deno names it so in the permission check ("[::1]:0").
    std::string host = hostname.size() >= 2 && hostname.front() == '[' && hostname.back() == ']'
                           ? hostname.substr(1, hostname.size() - 2)
                           : hostname;
    rt.require(permissions::Kind::Net,
               fmt::format("{}:{}", host.find(':') != std::string::npos ? "[" + host + "]" : host, port),
               "Deno.serve()");
    std::shared_ptr<asio::ssl::context> tls;
    if (cert && key) tls = http::make_tls_server_context(*cert, *key);
    boost::system::error_code ec;
    auto address = asio::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
    if (ec) {
      // A name: its first address, as Deno's listen does.
      tcp::resolver resolver(rt.loop());
      auto results = resolver.resolve(host, "", ec);
      if (ec || results.empty()) {
        throw bridge::JsError{"Error", "failed to lookup address information: Name or service not known"};
      }
      address = results.begin()->endpoint().address();
    }
    // TOOLCHAIN_IO_URING=0 keeps connections on epoll (io_uring is used where the kernel has it).
    auto ring = rt.env.find("TOOLCHAIN_IO_URING");
    bool use_ring = ring == rt.env.end() || ring->second != "0";
    return http::listen_tcp(rt.loop(), tcp::endpoint(address, static_cast<uint16_t>(port)), reuse_port, tls,
                            use_ring);
  } catch (const boost::system::system_error& e) {
    throw bridge::os_error(e.code().value(), {});
  }
}

std::optional<std::string> optional_string(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  if (value->IsNullOrUndefined()) return std::nullopt;
  return bridge::FromV8<std::string>::get(isolate, value);
}

// op_http_serve(hostname, port, dispatch, notify, reusePort, cert, key, path)
//   -> [rid, "tcp", hostname, port] or [rid, "unix", path]
void op_http_serve(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  try {
    auto hostname = bridge::FromV8<std::string>::get(isolate, info[0]);
    auto port = bridge::FromV8<uint32_t>::get(isolate, info[1]);
    if (!info[2]->IsFunction() || !info[3]->IsFunction()) throw bridge::type_error("expected functions");
    Runtime& rt = Runtime::from(isolate);
    auto listener = make_listener(rt, hostname, port, info[4]->BooleanValue(isolate), optional_string(isolate, info[5]),
                                  optional_string(isolate, info[6]), optional_string(isolate, info[7]));
    auto server = std::make_shared<Server>(rt, std::move(listener), info[2].As<v8::Function>(),
                                           info[3].As<v8::Function>());
    uint32_t rid = rt.resources.add(server);
    server->start(rid);
    const auto& addr = server->address();
    std::vector<v8::Local<v8::Value>> result{v8::Integer::NewFromUnsigned(isolate, rid),
                                             bridge::v8_str(isolate, addr.transport)};
    if (addr.transport == "unix") {
      result.push_back(bridge::v8_str(isolate, addr.path));
    } else {
      result.push_back(bridge::v8_str(isolate, addr.hostname));
      result.push_back(v8::Integer::NewFromUnsigned(isolate, addr.port));
    }
    info.GetReturnValue().Set(v8::Array::New(isolate, result.data(), result.size()));
  } catch (const bridge::JsError& error) {
    bridge::throw_js_error(isolate, error);
  }
}

// Each exchange id is unique per server; JavaScript passes the server's rid with it.
std::shared_ptr<http::Exchange> exchange_of(Runtime& rt, uint32_t rid, uint32_t id) {
  return rt.resources.get<Server>(rid)->exchange(id);
}

// A header list from JavaScript, flat [name, value, …]: each string's bytes
// (ASCII as it is, anything else as UTF-8) in one buffer, no string per field.
struct HeaderList {
  std::string bytes;
  std::vector<std::string_view> fields;
};

// One field string's bytes into `list.bytes`, through the server's cache of repeated ones.
void append_field(v8::Isolate* isolate, v8::Local<v8::Value> item, HeaderList& list, Server& server,
                  std::vector<size_t>& ends) {
  if (!item->IsString()) throw bridge::type_error("expected an array of strings");
  auto str = item.As<v8::String>();
  if (const std::string* known = server.field_bytes(str)) {
    list.bytes += *known;
  } else {
    size_t at = list.bytes.size();
    bridge::append_utf8(isolate, str, list.bytes);
    server.remember_field_bytes(isolate, str, std::string_view(list.bytes).substr(at));
  }
  ends.push_back(list.bytes.size());
}

// The fields from `value` (an array) or, when it is null, from the call's
// arguments from `first` on (serve.js passes a short list so: no array reads).
void read_header_list(v8::Isolate* isolate, const v8::FunctionCallbackInfo<v8::Value>& info, int index, int first,
                      HeaderList& list, Server& server) {
  thread_local std::vector<size_t> ends;  // kept between calls (its capacity)
  ends.clear();
  auto value = info[index];
  if (value->IsNull()) {
    for (int i = first; i < info.Length(); ++i) append_field(isolate, info[i], list, server, ends);
  } else {
    if (!value->IsArray()) throw bridge::type_error("expected an array of strings");
    auto array = value.As<v8::Array>();
    auto context = isolate->GetCurrentContext();
    uint32_t length = array->Length();
    for (uint32_t i = 0; i < length; ++i) {
      v8::Local<v8::Value> item;
      if (!array->Get(context, i).ToLocal(&item)) throw bridge::type_error("expected an array of strings");
      append_field(isolate, item, list, server, ends);
    }
  }
  list.fields.reserve(ends.size());
  size_t start = 0;
  for (size_t end : ends) {
    list.fields.emplace_back(list.bytes.data() + start, end - start);
    start = end;
  }
}

// op_http_respond(rid, id, status, headerList, body, mode, ...fields): the
// response; headerList null: the fields are the arguments after `mode`;
// `body` a Uint8Array or a string (a string as UTF-8) or null; `mode` a
// BodyMode: 1 (Stream): the body follows through the returned ByteSink's rid
// (0 otherwise).
void op_http_respond(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  try {
    auto rid = bridge::FromV8<uint32_t>::get(isolate, info[0]);
    auto id = bridge::FromV8<uint32_t>::get(isolate, info[1]);
    auto status = bridge::FromV8<uint32_t>::get(isolate, info[2]);
    // Scratch kept between responses (its capacity): respond() copies what it keeps.
    thread_local HeaderList headers;
    thread_local std::string text;
    headers.bytes.clear();
    headers.fields.clear();
    text.clear();
    Runtime& rt = Runtime::from(isolate);
    auto server = rt.resources.get<Server>(rid);
    read_header_list(isolate, info, 3, 6, headers, *server);
    auto body = info[4];
    auto mode_number = bridge::FromV8<uint32_t>::get(isolate, info[5]);
    if (mode_number > 2) throw bridge::range_error("bad body mode");
    auto mode = static_cast<http::BodyMode>(mode_number);
    bool streamed = mode == http::BodyMode::Stream;
    const uint8_t* bytes = nullptr;
    size_t size = 0;
    if (!streamed && body->IsArrayBufferView()) {
      auto view = body.As<v8::ArrayBufferView>();
      bytes = static_cast<const uint8_t*>(view->Buffer()->Data()) + view->ByteOffset();
      size = view->ByteLength();
    } else if (!streamed && body->IsString()) {
      bridge::append_utf8(isolate, body.As<v8::String>(), text);
      bytes = reinterpret_cast<const uint8_t*>(text.data());
      size = text.size();
    }
    // (Only a streamed body needs the exchange here: its sink keeps it.)
    std::shared_ptr<http::Exchange> exchange = streamed ? server->exchange(id) : nullptr;
    server->respond(id, static_cast<int>(status), headers.fields, bytes, size, mode);
    uint32_t sink = streamed ? rt.resources.add(std::make_shared<http::ResponseSink>(exchange, rt.loop())) : 0;
    info.GetReturnValue().Set(sink);
  } catch (const bridge::JsError& error) {
    bridge::throw_js_error(isolate, error);
  }
}

uint32_t op_http_request_body(Runtime& rt, uint32_t rid, uint32_t id) {
  auto exchange = exchange_of(rt, rid, id);
  exchange->body_rid = rt.resources.add(std::make_shared<http::RequestBody>(exchange, rt.loop()));
  return exchange->body_rid;
}

// [address, port] of a TCP client; ["", "", path] on a Unix socket (Deno gives the server's path).
std::vector<std::string> op_http_remote_addr(Runtime& rt, uint32_t rid, uint32_t id) {
  auto server = rt.resources.get<Server>(rid);
  auto exchange = server->exchange(id);
  if (server->address().transport == "unix") return {"", "", server->address().path};
  if (!exchange->conn) return {"", "0"};
  auto remote = exchange->remote;
  auto address = remote.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    address = asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
  }
  return {address.to_string(), std::to_string(remote.port())};
}

// info.completed was asked for: notify when the response is done.
void op_http_want_completed(Runtime& rt, uint32_t rid, uint32_t id) {
  exchange_of(rt, rid, id)->notify_completed = true;
}

void op_http_shutdown(Runtime& rt, uint32_t rid) { rt.resources.get<Server>(rid)->shutdown(); }

void op_http_server_ref(Runtime& rt, uint32_t rid, bool ref) { rt.resources.get<Server>(rid)->set_ref(ref); }

// Deno.serve's automaticCompression option, when given (else the environment decides).
void op_http_server_compression(Runtime& rt, uint32_t rid, bool on) {
  rt.resources.get<Server>(rid)->set_compression(on);
}

// After `finished`: the server's resource goes.
void op_http_server_close(Runtime& rt, uint32_t rid) { rt.resources.close(rid); }

}  // namespace

void register_http_server_ops(bridge::OpRegistry& r) {
  r.raw("op_http_serve", &op_http_serve);
  r.raw("op_http_respond", &op_http_respond);
  r.sync<op_http_request_body>("op_http_request_body");
  r.sync<op_http_remote_addr>("op_http_remote_addr");
  r.sync<op_http_want_completed>("op_http_want_completed");
  r.sync<op_http_shutdown>("op_http_shutdown");
  r.sync<op_http_server_ref>("op_http_server_ref");
  r.sync<op_http_server_compression>("op_http_server_compression");
  r.sync<op_http_server_close>("op_http_server_close");
}

}  // namespace toolchain
