// Ops behind websocket.js (Deno.upgradeWebSocket and the server-side WebSocket).
#include "bridge/op.h"
#include "core/runtime.h"
#include "http/server.h"
#include "http/websocket.h"

namespace toolchain {

namespace {

using http::WebSocketConnection;
using http::WebSocketResource;
using http::websocket::Opcode;

std::string op_ws_accept_key(Runtime&, std::string key) { return http::websocket::accept_key(key); }

// op_ws_upgrade(serverRid, exchangeId, headerList, onEvent, idleTimeoutMs) -> the socket's rid.
// Writes the 101 response; the connection becomes the WebSocket once it is written.
void op_ws_upgrade(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  try {
    Runtime& rt = Runtime::from(isolate);
    auto server_rid = bridge::FromV8<uint32_t>::get(isolate, info[0]);
    auto id = bridge::FromV8<uint32_t>::get(isolate, info[1]);
    auto headers = bridge::FromV8<std::vector<std::string>>::get(isolate, info[2]);
    if (!info[3]->IsFunction()) throw bridge::type_error("expected a function");
    auto idle_ms = bridge::FromV8<uint32_t>::get(isolate, info[4]);
    auto server = rt.resources.get<http::Server>(server_rid);
    auto socket = std::make_shared<WebSocketConnection>(rt, info[3].As<v8::Function>(), idle_ms);
    std::weak_ptr<WebSocketConnection> weak = socket;
    server->upgrade(id, headers, [weak](std::unique_ptr<http::Stream> stream, std::string rest) {
      if (auto ws = weak.lock()) ws->start(std::move(stream), std::move(rest));
    });
    info.GetReturnValue().Set(
        v8::Integer::NewFromUnsigned(isolate, rt.resources.add(std::make_shared<WebSocketResource>(socket))));
  } catch (const bridge::JsError& error) {
    bridge::throw_js_error(isolate, error);
  }
}

WebSocketConnection* socket_of(Runtime& rt, uint32_t rid) { return rt.resources.get<WebSocketResource>(rid)->connection.get(); }

void op_ws_send_text(Runtime& rt, uint32_t rid, std::string text) {
  socket_of(rt, rid)->send(Opcode::Text, reinterpret_cast<const uint8_t*>(text.data()),
                                                   text.size());
}

void op_ws_send_binary(Runtime& rt, uint32_t rid, bridge::ByteView bytes) {
  socket_of(rt, rid)->send(Opcode::Binary, bytes.data, bytes.size);
}

// `code` 1005 (no status): a close frame without a code.
void op_ws_close(Runtime& rt, uint32_t rid, uint32_t code, std::string reason) {
  socket_of(rt, rid)->close(static_cast<uint16_t>(code), reason);
}

// The server this socket came from shuts down.
void op_ws_go_away(Runtime& rt, uint32_t rid) { socket_of(rt, rid)->go_away(); }

double op_ws_buffered_amount(Runtime& rt, uint32_t rid) {
  return static_cast<double>(socket_of(rt, rid)->buffered_amount());
}

// After the close event: the resource goes.
void op_ws_release(Runtime& rt, uint32_t rid) { rt.resources.close(rid); }

}  // namespace

void register_websocket_ops(bridge::OpRegistry& r) {
  r.sync<op_ws_accept_key>("op_ws_accept_key");
  r.raw("op_ws_upgrade", &op_ws_upgrade);
  r.sync<op_ws_send_text>("op_ws_send_text");
  r.sync<op_ws_send_binary>("op_ws_send_binary");
  r.sync<op_ws_close>("op_ws_close");
  r.sync<op_ws_go_away>("op_ws_go_away");
  r.sync<op_ws_buffered_amount>("op_ws_buffered_amount");
  r.sync<op_ws_release>("op_ws_release");
}

}  // namespace toolchain
