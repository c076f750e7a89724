#pragma once
// The HTTP/1.1 server behind Deno.serve: sockets, framing and timeouts in C++
// on the runtime's Asio loop; the handler in JavaScript (serve.js).
//
// Per connection, one request at a time (pipelined requests wait in the input
// buffer, as hyper does); the heads parsed in one loop turn go to JavaScript
// together as `dispatch([id, method, url, headerList, hasBody,
// sortedHeaderList, …])` (a lone head's six values as the arguments); JavaScript answers with op_http_respond. Request
// bodies are ByteSources and streamed response bodies ByteSinks that do their
// I/O on the loop (streams/native_stream.h, on_loop()), so no thread waits on a
// slow peer. Everything here lives on the runtime's thread.
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <v8.h>

#include "core/resources.h"
#include "http/listener.h"
#include "http/request_parser.h"
#include "http/response_compression.h"
#include "streams/native_stream.h"

namespace toolchain {
class Runtime;
}

namespace toolchain::http {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

class Server;
class Connection;

// Takes over an upgraded connection's socket and the bytes read past the
// request head; no socket if the connection closed before the hand-off.
using HandOff = std::function<void(std::unique_ptr<Stream>, std::string)>;

// One request and its response.
struct Exchange {
  uint32_t id = 0;
  std::shared_ptr<Connection> conn;  // null once the exchange has ended
  Server* server = nullptr;
  tcp::endpoint remote;
  RequestHead head;
  // Request body bytes received and not yet read by JavaScript.
  std::string body;
  bool body_complete = false;
  bool continue_sent = false;
  std::function<void(size_t, std::optional<bridge::JsError>)> pending_read;
  SharedBytes read_into;
  // Response.
  bool head_sent = false;
  bool finished = false;
  bool chunked = false;   // the body is sent with chunked transfer coding
  bool no_body = false;   // HEAD, 1xx, 204, 304: headers only
  bool aborted = false;   // the client went away first
  bool notify_completed = false;  // JavaScript wants to hear when the response is done
  uint32_t body_rid = 0;          // the request body's resource, dropped when the exchange ends
  std::unique_ptr<Encoder> encoder;  // a streamed body being compressed
};

// How a response's body is given: whole (framed with content-length); as a
// stream that follows through a ResponseSink; or a stream's whole content at
// once (a stream that was complete when answered), framed as a stream is.
enum class BodyMode { Static = 0, Stream = 1, StreamWhole = 2 };

class Server : public Resource {
 public:
  Server(Runtime& rt, std::unique_ptr<Listener> listener, v8::Local<v8::Function> dispatch,
         v8::Local<v8::Function> notify);
  ~Server() override;
  std::string_view name() const override { return "http"; }  // Deno's name for a serve() server

  void start(uint32_t rid);
  const ListenAddress& address() const { return address_; }
  // Stops accepting; idle connections close now, busy ones after their response.
  void shutdown();
  void set_ref(bool ref);
  // Deno's automaticCompression (response_compression.h); the default comes
  // from DENO_SERVE_AUTOMATIC_COMPRESSION in the program's environment.
  void set_compression(bool on) { compression_ = on; }

  std::shared_ptr<Exchange> exchange(uint32_t id) const;
  // Writes the response head and, unless the body is a Stream, the whole body.
  // `headers` is the flat name, value, … list.
  void respond(uint32_t id, int status, std::span<const std::string_view> headers, const uint8_t* body,
               size_t body_size, BodyMode mode);
  // Answers 101 Switching Protocols with `headers` (a flat name, value list);
  // once it is written the exchange ends and `hand_off` gets the socket.
  void upgrade(uint32_t id, const std::vector<std::string>& headers, HandOff hand_off);

  // Response header strings JavaScript passes again and again (a Response's
  // default content-type, the names a handler sets): their bytes, looked up by
  // the string's identity (a few, replaced in turn).
  const std::string* field_bytes(v8::Local<v8::String> str) const {
    for (const auto& entry : field_bytes_) {
      if (!entry.str.IsEmpty() && str == entry.str) return &entry.bytes;
    }
    return nullptr;
  }
  void remember_field_bytes(v8::Isolate* isolate, v8::Local<v8::String> str, std::string_view bytes) {
    if (bytes.size() > kKnownLength * 2) return;
    auto& entry = field_bytes_[next_field_bytes_++ % kFieldBytes];
    entry.str.Reset(isolate, str);
    entry.bytes.assign(bytes);
  }

  // Used by connections.
  Runtime& rt;
  bool shutting_down() const { return shutting_down_; }
  // How many times the header-deadline sweep has run (connections' timeouts count in them).
  uint64_t sweeps() const { return sweeps_; }
  uint32_t begin_exchange(std::shared_ptr<Exchange> exchange);
  void end_exchange(Exchange& exchange);
  void connection_closed(Connection* connection);
  void notify_js(int kind, uint32_t id);
  // Queues a request head for JavaScript's dispatch (one call per loop turn).
  void dispatch_js(std::shared_ptr<Exchange> exchange);
  uint32_t header_timeout_ms = 30000;

 private:
  void accept();
  void sweep();
  void maybe_finished();
  void dispatch_ready();
  void start_connection(std::unique_ptr<Stream> stream);
  void write_held();  // the responses held so far in a batch: written, their connections reading again
  void share_cpu(bool share);  // holds rt.cpu_share while listening (core/cpu_share.h)
  // A header name or method as a V8 string: the first kKnownStrings distinct
  // ones (of at most kKnownLength bytes) are made once and kept, as requests
  // nearly always repeat the same few.
  v8::Local<v8::String> known_str(v8::Isolate* isolate, std::string_view text);
  // A request field's name and value as V8 strings: clients send the same
  // fields request after request (a user-agent, accept, host…), so each name
  // has a slot keeping the strings made last time, compared before known_str()'s
  // hash lookup, and reused if the bytes are the same (strings are immutable,
  // so sharing one is safe). Likewise the URL.
  struct FieldSlot;
  FieldSlot& field_slot(std::string_view name);
  v8::Local<v8::String> field_name_str(v8::Isolate* isolate, std::string_view name);
  v8::Local<v8::String> field_value_str(v8::Isolate* isolate, std::string_view name, std::string_view value);
  v8::Local<v8::String> url_str(v8::Isolate* isolate, const RequestHead& head, std::string_view host);
  // The request's header list and its sort-and-combine as V8 arrays (see HeaderSet).
  void header_arrays(v8::Isolate* isolate, const RequestHead& head, v8::Local<v8::Array>& list,
                     v8::Local<v8::Array>& sorted);

  std::unique_ptr<Listener> listener_;
  asio::steady_timer sweep_;
  uint64_t sweeps_ = 0;
  ListenAddress address_;
  uint32_t rid_ = 0;
  v8::Global<v8::Function> dispatch_, notify_;
  std::unordered_map<uint32_t, std::shared_ptr<Exchange>> exchanges_;
  std::unordered_set<std::shared_ptr<Connection>> connections_;
  std::vector<std::shared_ptr<Exchange>> ready_;  // heads waiting for dispatch_ready()
  struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
  };
  static constexpr size_t kKnownStrings = 128, kKnownLength = 40;
  std::unordered_map<std::string, v8::Global<v8::String>, TextHash, std::equal_to<>> known_;
  struct FieldSlot {
    std::string name;
    v8::Global<v8::String> name_str;
    std::string value;
    v8::Global<v8::String> value_str;
  };
  static constexpr size_t kFieldSlots = 64, kRepeatedLength = 256;
  FieldSlot field_slots_[kFieldSlots];
  struct FieldBytes {
    v8::Global<v8::String> str;
    std::string bytes;
  };
  static constexpr size_t kFieldBytes = 16;
  FieldBytes field_bytes_[kFieldBytes];
  size_t next_field_bytes_ = 0;
  // A client's requests nearly always repeat one field section (a
  // keep-alive client, a load balancer's probes): the two arrays made for a
  // field list are kept and handed out again while the fields (names and
  // values) are the same. Sharing them is safe: they become immutable
  // Headers' lists (guard "immutable"; nothing in the runtime changes those).
  // A few sets, replaced in turn (wrk's threads send theirs in different orders).
  // Keyed by the field section's bytes (after the parser lower-cased the
  // names): the same bytes make the same fields.
  struct HeaderSet {
    std::string section;
    v8::Global<v8::Array> list, sorted;
  };
  static constexpr size_t kHeaderSets = 4, kHeaderSetBytes = 4096;
  HeaderSet header_sets_[kHeaderSets];
  size_t last_header_set_ = 0, next_header_set_ = 0;
  // The last request URL's parts (host field, target) and string.
  std::string last_host_, last_target_;
  v8::Global<v8::String> last_url_str_;
  std::vector<v8::Local<v8::Value>> scratch_list_, scratch_sorted_, scratch_batch_;  // dispatch_ready()'s, reused
  std::vector<std::shared_ptr<Exchange>> scratch_ready_;
  std::vector<std::shared_ptr<Connection>> scratch_flush_;
  std::vector<size_t> scratch_order_;
  std::string scratch_url_;
  bool in_dispatch_ = false;                       // dispatch_ready() is running JavaScript
  std::vector<std::shared_ptr<Connection>> to_flush_;  // answered meanwhile, written after it
  // When the batch's held responses were last written: a batch of slow
  // handlers writes what it has after kMaxHold, not only at its end.
  std::chrono::steady_clock::time_point held_since_;
  static constexpr std::chrono::microseconds kMaxHold{1000};
  uint32_t next_exchange_ = 1;
  bool shutting_down_ = false;
  bool finished_ = false;
  bool ref_ = false;       // holds a loop ref while listening
  bool sharing_cpu_ = false;  // holds rt.cpu_share until finished
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // posted handlers check it
  bool accepting_ = false;
  bool compression_ = false;
};

// Response bodies from a ReadableStream, written straight from the chunks' memory.
class ResponseSink : public ByteSink {
 public:
  ResponseSink(std::shared_ptr<Exchange> exchange, asio::io_context& loop) : exchange_(std::move(exchange)), loop_(loop) {}
  std::string_view name() const override { return "httpResponseBody"; }
  bool on_loop() const override { return true; }
  void write_on_loop(const SharedBytes& chunk, LoopDone done) override;
  void close_on_loop(LoopDone done) override;
  void abort(const std::string& reason) override;
  void write(std::span<const uint8_t>) override {}
  void close() override {}

 private:
  std::shared_ptr<Exchange> exchange_;
  asio::io_context& loop_;
};

// A request body as a ByteSource read on the loop.
class RequestBody : public ByteSource {
 public:
  RequestBody(std::shared_ptr<Exchange> exchange, asio::io_context& loop) : exchange_(std::move(exchange)), loop_(loop) {}
  std::string_view name() const override { return "httpRequestBody"; }
  bool on_loop() const override { return true; }
  void read_on_loop(const SharedBytes& into, std::function<void(size_t, std::optional<bridge::JsError>)> done) override;
  size_t read(std::span<uint8_t>) override { return 0; }

 private:
  std::shared_ptr<Exchange> exchange_;
  asio::io_context& loop_;
};

}  // namespace toolchain::http
