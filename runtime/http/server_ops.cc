// Ops behind serve.js (Deno.serve): listening, answering, body resources.
#include <fmt/format.h>

#include <boost/asio/ip/tcp.hpp>

#include "bridge/op.h"
#include "core/runtime.h"
#include "http/server.h"

namespace toolchain {

namespace {

using http::Server;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

std::string host_text(const asio::ip::address& address) {
  return address.to_string();
}

// op_http_serve(hostname, port, dispatch, notify) -> [rid, hostname, port]
void op_http_serve(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  auto context = isolate->GetCurrentContext();
  try {
    auto hostname = bridge::FromV8<std::string>::get(isolate, info[0]);
    auto port = bridge::FromV8<uint32_t>::get(isolate, info[1]);
    if (!info[2]->IsFunction() || !info[3]->IsFunction()) throw bridge::type_error("expected functions");
    Runtime& rt = Runtime::from(isolate);
    rt.require(permissions::Kind::Net, fmt::format("{}:{}", hostname, port), "Deno.serve()");
    boost::system::error_code ec;
    auto address = asio::ip::make_address(hostname == "localhost" ? "127.0.0.1" : hostname, ec);
    if (ec) {
      // A name: its first address, as Deno's listen does.
      tcp::resolver resolver(rt.loop());
      auto results = resolver.resolve(hostname, "", ec);
      if (ec || results.empty()) {
        throw bridge::JsError{"NotFound", fmt::format("failed to lookup address information: Name or service not known")};
      }
      address = results.begin()->endpoint().address();
    }
    std::shared_ptr<Server> server;
    try {
      server = std::make_shared<Server>(rt, tcp::endpoint(address, static_cast<uint16_t>(port)),
                                        info[2].As<v8::Function>(), info[3].As<v8::Function>());
    } catch (const boost::system::system_error& e) {
      throw bridge::os_error(e.code().value(), {});
    }
    uint32_t rid = rt.resources.add(server);
    server->start(rid);
    auto local = server->local_endpoint();
    auto result = v8::Array::New(isolate, 3);
    result->Set(context, 0, v8::Integer::NewFromUnsigned(isolate, rid)).Check();
    result->Set(context, 1, bridge::v8_str(isolate, host_text(local.address()))).Check();
    result->Set(context, 2, v8::Integer::NewFromUnsigned(isolate, local.port())).Check();
    info.GetReturnValue().Set(result);
  } catch (const bridge::JsError& error) {
    bridge::throw_js_error(isolate, error);
  }
}

// Each exchange id is unique per server; JavaScript passes the server's rid with it.
std::shared_ptr<http::Exchange> exchange_of(Runtime& rt, uint32_t rid, uint32_t id) {
  return rt.resources.get<Server>(rid)->exchange(id);
}

// The response: `body` a Uint8Array (sent whole) or null; `streamed`: the body
// follows through the returned ByteSink's rid (0 otherwise).
uint32_t op_http_respond(Runtime& rt, uint32_t rid, uint32_t id, uint32_t status, std::vector<std::string> headers,
                         bridge::Value body, bool streamed) {
  auto server = rt.resources.get<Server>(rid);
  const uint8_t* bytes = nullptr;
  size_t size = 0;
  if (!streamed && body->IsArrayBufferView()) {
    auto view = body.As<v8::ArrayBufferView>();
    bytes = static_cast<const uint8_t*>(view->Buffer()->Data()) + view->ByteOffset();
    size = view->ByteLength();
  }
  auto exchange = server->exchange(id);
  server->respond(id, static_cast<int>(status), headers, bytes, size, streamed);
  if (!streamed) return 0;
  return rt.resources.add(std::make_shared<http::ResponseSink>(exchange, rt.loop()));
}

uint32_t op_http_request_body(Runtime& rt, uint32_t rid, uint32_t id) {
  auto exchange = exchange_of(rt, rid, id);
  exchange->body_rid = rt.resources.add(std::make_shared<http::RequestBody>(exchange, rt.loop()));
  return exchange->body_rid;
}

// [address, port] of the client.
std::vector<std::string> op_http_remote_addr(Runtime& rt, uint32_t rid, uint32_t id) {
  auto exchange = exchange_of(rt, rid, id);
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
  r.sync<op_http_respond>("op_http_respond");
  r.sync<op_http_request_body>("op_http_request_body");
  r.sync<op_http_remote_addr>("op_http_remote_addr");
  r.sync<op_http_want_completed>("op_http_want_completed");
  r.sync<op_http_shutdown>("op_http_shutdown");
  r.sync<op_http_server_ref>("op_http_server_ref");
  r.sync<op_http_server_compression>("op_http_server_compression");
  r.sync<op_http_server_close>("op_http_server_close");
}

}  // namespace toolchain
