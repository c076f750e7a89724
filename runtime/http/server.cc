#include "http/server.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cstring>
#include <ctime>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <fmt/format.h>

#include "core/io_ring.h"
#include "core/runtime.h"

namespace toolchain::http {

namespace {

constexpr size_t kReadSize = 64 * 1024;
constexpr size_t kBodyBuffer = 64 * 1024;  // request body bytes held before reading pauses

std::string_view status_text(int status) {
  switch (status) {
    case 100: return "Continue";
    case 101: return "Switching Protocols";
    case 200: return "OK";
    case 201: return "Created";
    case 202: return "Accepted";
    case 203: return "Non-Authoritative Information";
    case 204: return "No Content";
    case 205: return "Reset Content";
    case 206: return "Partial Content";
    case 300: return "Multiple Choices";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 304: return "Not Modified";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 402: return "Payment Required";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 411: return "Length Required";
    case 412: return "Precondition Failed";
    case 413: return "Payload Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 416: return "Range Not Satisfiable";
    case 417: return "Expectation Failed";
    case 418: return "I'm a teapot";
    case 422: return "Unprocessable Entity";
    case 426: return "Upgrade Required";
    case 428: return "Precondition Required";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 451: return "Unavailable For Legal Reasons";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    case 505: return "HTTP Version Not Supported";
    default: return "";
  }
}

// The Date header's value (IMF-fixdate), made once a second.
const std::string& http_date() {
  static thread_local std::time_t cached_at = 0;
  static thread_local std::string cached;
  std::time_t now = std::time(nullptr);
  if (now != cached_at) {
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[64];
    std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    cached = text;
    cached_at = now;
  }
  return cached;
}

// Writes into `out` through a cursor: sized once for at most `bound` bytes,
// then pieces are copied without a capacity check each; done() trims it.
class HeadWriter {
 public:
  HeadWriter(std::string& out, size_t bound) : out_(out) {
    out_.resize(bound);
    at_ = out_.data();
    end_ = at_ + bound;
  }
  void put(std::string_view s) {
    assert(at_ + s.size() <= end_);
    std::memcpy(at_, s.data(), s.size());
    at_ += s.size();
  }
  void put(char c) { *at_++ = c; }
  void number(uint64_t n) { at_ = std::to_chars(at_, end_, n).ptr; }
  void done() { out_.resize(static_cast<size_t>(at_ - out_.data())); }

 private:
  std::string& out_;
  char* at_;
  char* end_;
};

// A request's text as a V8 string: ASCII (nearly always) is copied as it is,
// without the UTF-8 decoder.
v8::Local<v8::String> request_str(v8::Isolate* isolate, std::string_view text) {
  for (unsigned char c : text) {
    if (c >= 0x80) return bridge::v8_str(isolate, text);
  }
  return v8::String::NewFromOneByte(isolate, reinterpret_cast<const uint8_t*>(text.data()),
                                    v8::NewStringType::kNormal, static_cast<int>(text.size()))
      .ToLocalChecked();
}

}  // namespace

// One client connection: reads and parses requests, writes responses in order.
class Connection : public IoTarget, public std::enable_shared_from_this<Connection> {
 public:
  Connection(Server& server, std::unique_ptr<Stream> stream)
      : server_(server), stream_(std::move(stream)) {}

  void start() {
    remote_ = stream_->remote();
    arm_header_timer();
    read_more();
  }

  tcp::endpoint remote() const { return remote_; }

  // Queues `head`, then `chunk`'s bytes, then `tail`; `done` after they are written.
  // Writes queued in one turn of the loop go out together in one writev
  // (a response's head, its body chunks and the last chunk; pipelined responses).
  // `more_soon`: a stream's chunk whose writer was told to go on; the flush
  // waits one more turn so what that writer sends next (often the last chunk)
  // joins the same writev.
  void send(std::string head, const uint8_t* chunk, size_t size, std::string_view tail,
            std::function<void(bool ok)> done, SharedBytes keep = {}, bool more_soon = false) {
    if (!queue(std::move(head), chunk, size, tail, std::move(done), std::move(keep))) return;
    if (more_soon) defer_flush_ = true;
    if (!writing_ && !flush_posted_) {
      flush_posted_ = true;
      post_flush();
    }
  }

  // As send(), for a caller that calls flush_now() itself: nothing is posted.
  // False if the connection is closed (`done` hears so).
  bool queue(std::string head, const uint8_t* chunk, size_t size, std::string_view tail,
             std::function<void(bool ok)> done, SharedBytes keep = {}) {
    if (closed_) {
      if (done) post([done] { done(false); });
      return false;
    }
    buffered_ += head.size() + size + tail.size();
    writes_.push_back(Write{std::move(head), chunk, size, tail, std::move(done), std::move(keep)});
    return true;
  }

  // Writes what is queued now rather than at the end of the loop turn (a
  // whole response: nothing more will join it).
  void flush_now() {
    if (!writing_) write_batch();
  }

  // As flush_now(), trying the socket at once (dispatch_ready(): the batch's
  // responses, after its JavaScript).
  void flush_direct() {
    if (!writing_) write_batch(true);
  }

  // Reading waits for release_reads() (see wants_input()).
  void hold_reads() { hold_reads_ = true; }
  void release_reads() {
    hold_reads_ = false;
    read_more();
  }

  // Bytes queued or being written.
  size_t buffered() const { return buffered_; }

  // An empty string for a response head, with the capacity of one written
  // before (write_done() keeps a few): no allocation per response.
  std::string take_buffer() {
    if (spare_buffers_.empty()) return {};
    std::string buffer = std::move(spare_buffers_.back());
    spare_buffers_.pop_back();
    buffer.clear();
    return buffer;
  }

  // The exchange's response is complete: next request, or close.
  void finish(Exchange& exchange, bool keep_alive) {
    exchange.finished = true;
    if (exchange_.get() == &exchange) spare_ = std::move(exchange_);
    if (!keep_alive || !exchange.body_complete || server_.shutting_down()) {
      close_after_writes_ = true;
      if (idle_writes()) close();
      return;
    }
    arm_header_timer();
    process();
    read_more();
  }

  void abort_response() {
    close_after_writes_ = true;
    if (idle_writes()) close();
  }

  bool idle_writes() const { return writes_.empty() && !writing_; }

  // Shutdown: an idle connection closes now.
  void close_if_idle() {
    if (exchange_ || !parser_.idle() || !in_.empty()) return;
    // A response still being written goes out first.
    if (idle_writes()) close();
    else close_after_writes_ = true;
  }

  void close() {
    if (closed_) return;
    auto self = shared_from_this();
    closed_ = true;
    spare_.reset();
    auto pending_upgrade = std::move(upgrade_);
    upgrade_ = nullptr;
    stream_->close();
    if (!writing_ && !writes_.empty()) {
      // Never written: their owners hear so (an exchange waiting on one must end).
      auto dropped = std::move(writes_);
      writes_.clear();
      for (auto& w : dropped) {
        if (w.done) post([done = std::move(w.done)] { done(false); });
      }
    }
    if (exchange_) {
      auto exchange = exchange_;
      if (!exchange->finished) peer_gone();
      server_.end_exchange(*exchange);
    }
    server_.connection_closed(this);
    if (pending_upgrade) pending_upgrade(nullptr, {});
  }

  // The upgrade's response head goes out; then the socket and the bytes read
  // past the request head go to `hand_off`, and this connection is done.
  void hand_off(std::string head, HandOff take) {
    upgrade_ = std::move(take);
    if (reading_) stream_->cancel();  // its handler keeps what it read and calls maybe_hand_off
    send(std::move(head), nullptr, 0, {}, [self = shared_from_this()](bool ok) {
      if (!ok) return;  // the connection closed, which fails the hand-off
      self->upgrade_written_ = true;
      self->maybe_hand_off();
    });
  }

  // The read side, for request bodies.
  void want_body() {
    process();
    read_more();
  }

  void send_continue(Exchange& exchange) {
    if (exchange.continue_sent || exchange.head_sent || exchange.body_complete) return;
    exchange.continue_sent = true;
    send("HTTP/1.1 100 Continue\r\n\r\n", nullptr, 0, {}, nullptr);
  }

  // Gives buffered body bytes (or the end) to a waiting read.
  void serve_read(Exchange& exchange) {
    if (!exchange.pending_read) return;
    if (exchange.aborted) {
      auto done = std::move(exchange.pending_read);
      exchange.pending_read = nullptr;
      post([done] { done(0, bridge::JsError{"Http", "connection closed before message completed"}); });
      return;
    }
    if (exchange.body.empty() && !exchange.body_complete) return;
    size_t n = std::min(exchange.body.size(), exchange.read_into.size);
    std::memcpy(exchange.read_into.data(), exchange.body.data(), n);
    exchange.body.erase(0, n);
    auto done = std::move(exchange.pending_read);
    exchange.pending_read = nullptr;
    exchange.read_into = {};
    post([done, n] { done(n, std::nullopt); });
    read_more();
  }

 private:
  struct Write {
    std::string head;
    const uint8_t* chunk;
    size_t size;
    std::string_view tail;
    std::function<void(bool)> done;
    SharedBytes keep;  // the chunk's memory, when the JavaScript side has moved on
  };

  void post_flush() {
    post([self = shared_from_this()] {
      if (self->defer_flush_) {
        self->defer_flush_ = false;
        self->post_flush();
        return;
      }
      self->flush_posted_ = false;
      self->write_batch();
    });
  }

  template <typename F>
  void post(F fn) {
    asio::post(server_.rt.loop(), std::move(fn));
  }

  // `now`: the batch is first written straight to the socket, which nearly
  // always takes it whole (then it is done here, without an Asio operation
  // and its trip through the loop); the rest, if any, is written as usual.
  // A large batch goes that way too: write_now() sends its lead alone
  // (listener.h, kLargeWrite), which Asio's async_write would not.
  void write_batch(bool now = false) {
    if (writing_ || closed_ || writes_.empty()) return;
    writing_ = true;
    in_flight_.clear();
    for (auto& w : writes_) in_flight_.push_back(std::move(w));
    writes_.clear();
    gather_.clear();
    size_t total = 0;
    for (auto& w : in_flight_) {
      if (!w.head.empty()) gather_.push_back(asio::buffer(w.head));
      if (w.size) gather_.push_back(asio::buffer(w.chunk, w.size));
      if (!w.tail.empty()) gather_.push_back(asio::buffer(w.tail.data(), w.tail.size()));
      total += w.head.size() + w.size + w.tail.size();
    }
    if (now || (!gather_.empty() && lead_bytes(gather_[0].size(), total))) {
      boost::system::error_code ec;
      size_t n = stream_->write_now(gather_, ec);
      if (ec || n == total) {
        write_done(ec, n);
        return;
      }
      // What the socket did not take yet.
      size_t skip = 0;
      while (n > 0 && n >= gather_[skip].size()) n -= gather_[skip++].size();
      gather_.erase(gather_.begin(), gather_.begin() + static_cast<std::ptrdiff_t>(skip));
      if (n > 0) gather_[0] += n;
    }
    stream_->write_for(gather_, shared_from_this());
  }

 public:
  void write_done(boost::system::error_code ec, size_t) override {
    writing_ = false;
    // The written batch moves to a vector kept between batches (its capacity,
    // that is); only this handler uses it, and it never runs inside itself.
    done_writes_.swap(in_flight_);
    in_flight_.clear();
    for (auto& w : done_writes_) buffered_ -= w.head.size() + w.size + w.tail.size();
    if (ec) {
      auto rest = std::move(writes_);
      writes_.clear();
      close();
      for (auto& w : done_writes_) if (w.done) w.done(false);
      done_writes_.clear();
      for (auto& w : rest) if (w.done) w.done(false);
      return;
    }
    // The next batch starts before the callbacks, which may run JavaScript that sends more.
    if (!writes_.empty()) write_batch();
    else if (close_after_writes_) close();
    for (auto& w : done_writes_) {
      if (w.done) w.done(true);
      // Small heads' memory is kept for the next ones (take_buffer()).
      if (spare_buffers_.size() < kSpareBuffers && w.head.capacity() <= kSpareBufferSize) {
        spare_buffers_.push_back(std::move(w.head));
      }
    }
    done_writes_.clear();
  }

 private:
  // The request head must be complete by then (slow clients, idle keep-alive).
  // Counted in the server's sweeps, not read from a clock for every request.
  void arm_header_timer() { armed_at_sweep_ = server_.sweeps(); }

 public:
  // From the server's sweep: closes the connection if its head is overdue
  // (`sweeps` of them make the timeout; it was armed at most one period after its count).
  void check_deadline(uint64_t sweeps) {
    if (!exchange_ && !closed_ && server_.sweeps() - armed_at_sweep_ > sweeps) close();
  }

 private:
  bool wants_input() const {
    if (closed_ || close_after_writes_ || upgrade_) return false;
    // While a request read whole waits for its dispatch, or a response for its
    // flush, a read could only say EAGAIN: the client waits for us. It starts
    // after the batch's writes (Server::dispatch_ready), when the client may
    // already have sent its next request.
    if (hold_reads_) return false;
    if (!exchange_) return true;
    if (!exchange_->body_complete) return exchange_->body.size() < kBodyBuffer;
    // Keep reading (to notice the client leaving and to queue a pipelined request), within bounds.
    return in_.size() < kBodyBuffer;
  }

  void read_more() {
    if (reading_ || !wants_input()) return;
    reading_ = true;
    // Not zeroed: only the pages a read fills become resident (an idle keep-alive
    // connection holds one, not 64 KiB).
    if (!buffer_) buffer_ = std::make_unique_for_overwrite<char[]>(kReadSize);
    stream_->read_for(asio::buffer(buffer_.get(), kReadSize), shared_from_this());
  }

 public:
  void read_done(boost::system::error_code ec, size_t n) override {
    reading_ = false;
    if (closed_) return;
    if (upgrade_) {
      if (!ec) in_.append(buffer_.get(), n);
      maybe_hand_off();
      return;
    }
    if (ec) {
      // The client is gone (or half-closed with no request in progress).
      if (exchange_ && !exchange_->finished) {
        if (ec == asio::error::eof && exchange_->body_complete) {
          peer_gone();
          if (idle_writes()) close();
          else close_after_writes_ = true;
          return;
        }
      }
      close();
      return;
    }
    in_.append(buffer_.get(), n);
    process();
    read_more();
  }

 private:
  // Runs the parser over the input while the current exchange can take more.
  void process() {
    while (!closed_ && !close_after_writes_) {
      if (exchange_ && (exchange_->body_complete || exchange_->body.size() >= kBodyBuffer)) return;
      if (!exchange_ && server_.shutting_down()) {
        close_if_idle();
        if (parser_.idle()) return;
      }
      if (in_.empty() && parser_.idle()) return;  // nothing to parse (the parser would say NeedMore)
      Step step = parser_.parse(in_);
      std::string_view body = step.body;
      if (step.event == Event::Body) exchange_->body.append(body);
      in_.erase(0, step.consumed);
      switch (step.event) {
        case Event::NeedMore:
          return;
        case Event::Error:
          fail(parser_.error().status);
          return;
        case Event::Head:
          start_exchange();
          break;
        case Event::Body:
          serve_read(*exchange_);
          break;
        case Event::MessageEnd:
          exchange_->body_complete = true;
          serve_read(*exchange_);
          break;
      }
    }
  }

  void start_exchange() {
    std::shared_ptr<Exchange> exchange;
    std::vector<Field> fields;
    std::string bytes;
    if (spare_ && spare_.use_count() == 1) {
      // The last exchange is over and nothing else holds it: it is reused, and
      // its field list and head bytes (their capacity) go back to the parser to fill next.
      exchange = std::move(spare_);
      fields = std::move(exchange->head.headers);
      bytes = std::move(exchange->head.bytes);
      *exchange = Exchange{};
    } else {
      exchange = std::make_shared<Exchange>();
    }
    spare_.reset();
    exchange->conn = shared_from_this();
    exchange->head = std::move(parser_.head());
    fields.clear();
    parser_.head().headers = std::move(fields);
    parser_.head().bytes = std::move(bytes);
    exchange->no_body = exchange->head.method == "HEAD";
    exchange->server = &server_;
    exchange->remote = remote();
    server_.begin_exchange(exchange);
    exchange_ = exchange;
    if (exchange->body_complete || exchange->head.body == BodyKind::None) hold_reads();
    server_.dispatch_js(std::move(exchange));
  }

  // A malformed request: its status and close (RFC 9112 §9.6 says close after a 400).
  void fail(int status) {
    if (exchange_) {
      // The body of a request in progress was malformed: the response cannot be trusted.
      peer_gone();
      abort_response();
      return;
    }
    std::string response = fmt::format("HTTP/1.1 {} {}\r\ncontent-length: 0\r\nconnection: close\r\ndate: {}\r\n\r\n",
                                       status, reason_phrase(status), http_date());
    close_after_writes_ = true;
    send(std::move(response), nullptr, 0, {}, nullptr);
  }

  void maybe_hand_off() {
    if (!upgrade_ || reading_ || !upgrade_written_ || closed_) return;
    auto self = shared_from_this();
    auto take = std::move(upgrade_);
    upgrade_ = nullptr;
    closed_ = true;
    std::unique_ptr<Stream> stream = std::move(stream_);
    std::string rest = std::move(in_);
    if (auto exchange = std::move(exchange_)) {
      exchange->finished = true;
      server_.end_exchange(*exchange);
    }
    server_.connection_closed(this);
    take(std::move(stream), std::move(rest));
  }

  void peer_gone() {
    auto exchange = exchange_;
    if (!exchange || exchange->aborted || exchange->finished) return;
    exchange->aborted = true;
    serve_read(*exchange);
    server_.notify_js(0, exchange->id);
  }

  Server& server_;
  std::unique_ptr<Stream> stream_;
  uint64_t armed_at_sweep_ = 0;
  tcp::endpoint remote_;
  RequestParser parser_;
  std::string in_;
  std::unique_ptr<char[]> buffer_;
  std::shared_ptr<Exchange> exchange_;
  std::shared_ptr<Exchange> spare_;  // the last exchange, reused if nothing else holds it
  std::vector<Write> writes_;       // queued, not yet written
  std::vector<Write> in_flight_;    // being written
  std::vector<Write> done_writes_;  // written, their callbacks being called
  std::vector<asio::const_buffer> gather_;
  static constexpr size_t kSpareBuffers = 4, kSpareBufferSize = 16 * 1024;
  std::vector<std::string> spare_buffers_;
  size_t buffered_ = 0;
  bool flush_posted_ = false;
  bool defer_flush_ = false;
  bool reading_ = false;
  bool writing_ = false;
  bool closed_ = false;
  bool close_after_writes_ = false;
  bool hold_reads_ = false;
  HandOff upgrade_;               // set while an upgrade's response is being written
  bool upgrade_written_ = false;
};

Server::Server(Runtime& rt, std::unique_ptr<Listener> listener, v8::Local<v8::Function> dispatch,
               v8::Local<v8::Function> notify)
    : rt(rt), listener_(std::move(listener)), sweep_(rt.loop()) {
  address_ = listener_->address();
  dispatch_.Reset(rt.isolate(), dispatch);
  notify_.Reset(rt.isolate(), notify);
  auto timeout = rt.env.find("TOOLCHAIN_HTTP_HEADER_TIMEOUT_MS");
  if (timeout != rt.env.end()) header_timeout_ms = static_cast<uint32_t>(std::stoul(timeout->second));
  // Set to anything but "0" or "false" (any case), as Deno reads it.
  auto compression = rt.env.find("DENO_SERVE_AUTOMATIC_COMPRESSION");
  if (compression != rt.env.end()) {
    std::string value = compression->second;
    for (auto& c : value) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    compression_ = value != "0" && value != "false";
  }
}

Server::~Server() {
  listener_->close();
  sweep_.cancel();
  for (auto& exchange : exchanges_) exchange.second->conn.reset();
  exchanges_.clear();
  auto connections = std::move(connections_);
  for (auto& c : connections) c->close();
  if (ref_) rt.unref();
  share_cpu(false);
}

void Server::start(uint32_t rid) {
  rid_ = rid;
  set_ref(true);
  share_cpu(true);
  accepting_ = true;
  accept();
  sweep();
}

// One timer for all connections' header deadlines, at a quarter of the timeout:
// a head is cut off between one timeout and one period more after its connection began waiting.
void Server::sweep() {
  auto period = std::clamp<uint32_t>(header_timeout_ms / 4, 50, 1000);
  sweep_.expires_after(std::chrono::milliseconds(period));
  sweep_.async_wait([this, period, alive = std::weak_ptr<bool>(alive_)](boost::system::error_code ec) {
    if (ec || alive.expired() || finished_) return;
    ++sweeps_;
    uint32_t timeout_sweeps = (header_timeout_ms + period - 1) / period;
    std::vector<std::shared_ptr<Connection>> all(connections_.begin(), connections_.end());
    for (auto& c : all) c->check_deadline(timeout_sweeps);
    sweep();
  });
}

void Server::accept() {
  listener_->async_accept([this](boost::system::error_code ec, std::unique_ptr<Stream> stream) {
    if (!accepting_) return;
    if (!ec) {
      start_connection(std::move(stream));
      // And the others already waiting (listener.h), a backlog's worth at most.
      for (int i = 0; i < 256; ++i) {
        auto more = listener_->accept_waiting();
        if (!more) break;
        start_connection(std::move(more));
      }
    }
    // Too many open files and the like: keep accepting.
    accept();
  });
}

void Server::start_connection(std::unique_ptr<Stream> stream) {
  auto connection = std::make_shared<Connection>(*this, std::move(stream));
  connections_.insert(connection);
  connection->start();
}

// While serving, a saturated loop leaves the CPU to a waiting client now and then.
void Server::share_cpu(bool share) {
  if (share == sharing_cpu_) return;
  sharing_cpu_ = share;
  if (share) rt.cpu_share.hold(listener_->ring());
  else rt.cpu_share.release();
}

void Server::set_ref(bool ref) {
  if (finished_ || ref == ref_) return;
  ref_ = ref;
  if (ref) rt.ref();
  else rt.unref();
}

void Server::shutdown() {
  if (shutting_down_) return;
  shutting_down_ = true;
  accepting_ = false;
  listener_->close();
  std::vector<std::shared_ptr<Connection>> idle(connections_.begin(), connections_.end());
  for (auto& c : idle) c->close_if_idle();
  maybe_finished();
}

void Server::maybe_finished() {
  if (!shutting_down_ || finished_ || !connections_.empty()) return;
  set_ref(false);
  share_cpu(false);
  finished_ = true;
  notify_js(2, rid_);
}

void Server::connection_closed(Connection* connection) {
  for (auto it = connections_.begin(); it != connections_.end(); ++it) {
    if (it->get() == connection) {
      // Destroyed later, from a handler: this call may come from inside it.
      asio::post(rt.loop(), [keep = *it] {});
      connections_.erase(it);
      break;
    }
  }
  maybe_finished();
}

uint32_t Server::begin_exchange(std::shared_ptr<Exchange> exchange) {
  uint32_t id = next_exchange_++;
  exchange->id = id;
  exchanges_.emplace(id, exchange);
  rt.ref();  // a request in progress keeps the program alive, even after shutdown()
  return id;
}

void Server::end_exchange(Exchange& exchange) {
  auto it = exchanges_.find(exchange.id);
  if (it == exchanges_.end()) return;
  auto keep = it->second;
  exchanges_.erase(it);
  exchange.conn.reset();
  exchange.finished = true;
  // A body the handler never read must not outlive its exchange (the table would keep it).
  if (exchange.body_rid) rt.resources.close(exchange.body_rid);
  rt.unref();
  if (exchange.notify_completed) notify_js(1, exchange.id);
}

std::shared_ptr<Exchange> Server::exchange(uint32_t id) const {
  auto it = exchanges_.find(id);
  if (it == exchanges_.end()) throw bridge::JsError{"BadResource", "Bad resource ID"};
  return it->second;
}

void Server::dispatch_js(std::shared_ptr<Exchange> exchange) {
  // JavaScript runs from a loop handler of its own, never from inside an op or
  // the server's own calls; the heads parsed meanwhile (all the connections
  // the loop found readable in one turn) go together, in one call.
  // On the ring, that is at the end of the reap that parsed them.
  ready_.push_back(std::move(exchange));
  if (ready_.size() > 1) return;
  auto dispatch = [this, alive = std::weak_ptr<bool>(alive_)] {
    if (alive.expired()) return;
    dispatch_ready();
  };
  if (auto* ring = listener_->ring()) ring->after_reap(std::move(dispatch));
  else asio::post(rt.loop(), std::move(dispatch));
}

v8::Local<v8::String> Server::known_str(v8::Isolate* isolate, std::string_view text) {
  auto it = known_.find(text);
  if (it != known_.end()) return it->second.Get(isolate);
  // Only tokens (ASCII: header names, methods) are asked for here.
  auto str = v8::String::NewFromOneByte(isolate, reinterpret_cast<const uint8_t*>(text.data()),
                                        v8::NewStringType::kInternalized, static_cast<int>(text.size()))
                 .ToLocalChecked();
  if (known_.size() < kKnownStrings && text.size() <= kKnownLength) {
    known_.emplace(std::string(text), v8::Global<v8::String>(isolate, str));
  }
  return str;
}

Server::FieldSlot& Server::field_slot(std::string_view name) {
  // A cheap hash (length and two letters) picks the slot: no byte loop.
  size_t key = name.size() * 31;
  if (!name.empty()) key += static_cast<unsigned char>(name.front()) * 7 + static_cast<unsigned char>(name.back());
  return field_slots_[key % kFieldSlots];
}

v8::Local<v8::String> Server::field_name_str(v8::Isolate* isolate, std::string_view name) {
  auto& slot = field_slot(name);
  if (slot.name == name && !slot.name_str.IsEmpty()) return slot.name_str.Get(isolate);
  auto str = known_str(isolate, name);
  if (name.size() <= kKnownLength) {
    slot.name.assign(name);
    slot.name_str.Reset(isolate, str);
    slot.value.clear();
    slot.value_str.Reset();
  }
  return str;
}

v8::Local<v8::String> Server::field_value_str(v8::Isolate* isolate, std::string_view name, std::string_view value) {
  if (value.size() > kRepeatedLength) return request_str(isolate, value);
  auto& slot = field_slot(name);
  if (slot.name != name) return request_str(isolate, value);
  if (slot.value == value && !slot.value_str.IsEmpty()) return slot.value_str.Get(isolate);
  auto str = request_str(isolate, value);
  slot.value.assign(value);
  slot.value_str.Reset(isolate, str);
  return str;
}

v8::Local<v8::String> Server::url_str(v8::Isolate* isolate, const RequestHead& head, std::string_view host) {
  // The same host field and target as last time: the same URL.
  if (!last_url_str_.IsEmpty() && head.target == last_target_ && host == last_host_) return last_url_str_.Get(isolate);
  auto& url = scratch_url_;
  url.clear();
  if (head.target.starts_with("/")) {
    url += listener_->scheme();
    url += "://";
    if (!host.empty()) {
      url += host;
    } else if (address_.transport == "unix") {
      url += "localhost";
    } else {
      bool v6 = address_.hostname.find(':') != std::string::npos;
      if (v6) fmt::format_to(std::back_inserter(url), "[{}]:{}", address_.hostname, address_.port);
      else fmt::format_to(std::back_inserter(url), "{}:{}", address_.hostname, address_.port);
    }
    url += head.target;
  } else {
    url = head.target;  // absolute-form (RFC 9112 §3.2.2)
  }
  auto str = request_str(isolate, url);
  if (head.target.size() + host.size() <= kRepeatedLength) {
    last_target_.assign(head.target);
    last_host_.assign(host);
    last_url_str_.Reset(isolate, str);
  }
  return str;
}

void Server::header_arrays(v8::Isolate* isolate, const RequestHead& head, v8::Local<v8::Array>& headers,
                           v8::Local<v8::Array>& sorted_headers) {
  const auto& fields = head.headers;
  // The field section: from the first name to the end of the last value (all in head.bytes).
  std::string_view section;
  if (!fields.empty()) {
    const char* start = fields.front().first.data();
    section = {start, static_cast<size_t>(fields.back().second.data() + fields.back().second.size() - start)};
  }
  // The set made last time first (one client's requests), then the others.
  for (size_t n = 0; n < kHeaderSets; ++n) {
    size_t at = (last_header_set_ + n) % kHeaderSets;
    auto& set = header_sets_[at];
    if (set.list.IsEmpty() || set.section != section) continue;
    last_header_set_ = at;
    headers = set.list.Get(isolate);
    sorted_headers = set.sorted.Get(isolate);
    return;
  }
  // Scratch space kept between requests (its capacity, that is).
  auto& list = scratch_list_;
  auto& order = scratch_order_;
  auto& sorted = scratch_sorted_;
  // The flat [name, value, …] list made in one step (no per-element stores).
  list.clear();
  for (const auto& [name, value] : fields) {
    list.push_back(field_name_str(isolate, name));
    list.push_back(field_value_str(isolate, name, value));
  }
  headers = v8::Array::New(isolate, list.data(), list.size());
  // Fetch's "sort and combine" of the same strings, so `[...req.headers]` starts
  // from it (seed 000): names in order, a name's values joined with ", "
  // (set-cookie's kept apart). Names are lower-case ASCII, so bytes order them.
  // (An insertion sort: stable, and for a dozen fields cheaper than std::stable_sort's buffer.)
  order.resize(fields.size());
  for (size_t i = 0; i < order.size(); ++i) {
    size_t k = i;
    const auto& name = fields[i].first;
    while (k > 0 && name < fields[order[k - 1]].first) {
      order[k] = order[k - 1];
      --k;
    }
    order[k] = i;
  }
  sorted.clear();
  for (size_t k = 0; k < order.size();) {
    size_t i = order[k];
    const auto& name = fields[i].first;
    size_t end = k + 1;
    if (name.size() != 10 || name != "set-cookie") {
      while (end < order.size() && fields[order[end]].first == name) ++end;
    }
    sorted.push_back(list[2 * i]);
    if (end == k + 1) {
      sorted.push_back(list[2 * i + 1]);
    } else {
      std::string joined(fields[i].second);
      for (size_t m = k + 1; m < end; ++m) {
        joined += ", ";
        joined += fields[order[m]].second;
      }
      sorted.push_back(request_str(isolate, joined));
    }
    k = end;
  }
  sorted_headers = v8::Array::New(isolate, sorted.data(), sorted.size());
  if (section.size() > kHeaderSetBytes) return;
  // Kept for the next requests (assigned in place: the string's capacity is reused).
  auto& set = header_sets_[next_header_set_];
  last_header_set_ = next_header_set_;
  next_header_set_ = (next_header_set_ + 1) % kHeaderSets;
  set.section.assign(section);
  set.list.Reset(isolate, headers);
  set.sorted.Reset(isolate, sorted_headers);
}

// The values dispatch() gets per request: id, method, url, headerList, hasBody, sortedHeaderList.
constexpr size_t kDispatchValues = 6;

void Server::dispatch_ready() {
  // The batch's writes, and the reads that follow them, leave in one submission.
  core::IoRing::Batch io_batch(listener_->ring());
  // The batch, the values for JavaScript and the connections to flush live in
  // vectors kept between batches (their capacity, that is): this never runs inside itself.
  auto& ready = scratch_ready_;
  ready.swap(ready_);
  ready_.clear();
  v8::Isolate* isolate = rt.isolate();
  v8::HandleScope scope(isolate);
  auto context = rt.context();
  v8::Context::Scope context_scope(context);
  // [id, method, url, headerList, hasBody, sortedHeaderList] for each request.
  auto& batch = scratch_batch_;
  batch.clear();
  for (auto& exchange : ready) {
    if (exchanges_.find(exchange->id) == exchanges_.end()) continue;  // ended meanwhile
    auto& head = exchange->head;
    std::string_view host;
    for (const auto& [name, value] : head.headers) {
      if (name.size() == 4 && name == "host") {
        host = value;
        break;
      }
    }
    v8::Local<v8::Array> headers, sorted_headers;
    header_arrays(isolate, head, headers, sorted_headers);
    batch.push_back(v8::Integer::NewFromUnsigned(isolate, exchange->id));
    batch.push_back(field_name_str(isolate, head.method));  // a method is a token too: same slots
    batch.push_back(url_str(isolate, head, host));
    batch.push_back(headers);
    batch.push_back(v8::Boolean::New(isolate, head.body != BodyKind::None));
    batch.push_back(sorted_headers);
  }
  if (batch.empty()) {
    for (auto& exchange : ready) {
      if (auto conn = exchange->conn) conn->release_reads();
    }
    ready.clear();
    return;
  }
  in_dispatch_ = true;
  held_since_ = std::chrono::steady_clock::now();
  auto alive = std::weak_ptr<bool>(alive_);
  if (batch.size() == kDispatchValues) {
    // One request (one client, or a quiet moment): its values are the arguments, no array.
    rt.call_from_loop(dispatch_.Get(isolate), static_cast<int>(batch.size()), batch.data());
  } else {
    v8::Local<v8::Value> argv[] = {v8::Array::New(isolate, batch.data(), batch.size())};
    rt.call_from_loop(dispatch_.Get(isolate), 1, argv);
  }
  if (alive.expired()) return;
  in_dispatch_ = false;
  write_held();
  // (Those that answered later, with a promise, or not at all.)
  for (auto& exchange : ready) {
    if (auto conn = exchange->conn) conn->release_reads();
  }
  ready.clear();
  batch.clear();
}

void Server::write_held() {
  auto& to_flush = scratch_flush_;
  to_flush.swap(to_flush_);
  for (auto& conn : to_flush) conn->flush_direct();
  // Reads start after all the writes: by then a client may have answered.
  for (auto& conn : to_flush) conn->release_reads();
  to_flush.clear();
}

void Server::notify_js(int kind, uint32_t id) {
  rt.ref();  // the program waits for the news (finished may be the last thing it awaits)
  asio::post(rt.loop(), [this, kind, id, alive = std::weak_ptr<bool>(alive_), &rt = rt] {
    rt.unref();
    if (alive.expired()) return;
    v8::Isolate* isolate = rt.isolate();
    v8::HandleScope scope(isolate);
    v8::Context::Scope context_scope(rt.context());
    v8::Local<v8::Value> argv[] = {v8::Integer::New(isolate, kind), v8::Integer::NewFromUnsigned(isolate, id)};
    rt.call_from_loop(notify_.Get(isolate), 2, argv);
  });
}

void Server::respond(uint32_t id, int status, std::span<const std::string_view> headers, const uint8_t* body,
                     size_t body_size, BodyMode mode) {
  bool streamed = mode != BodyMode::Static;    // framed as a stream
  bool follows = mode == BodyMode::Stream;     // the body comes later, through a ResponseSink
  auto exchange = this->exchange(id);
  if (exchange->head_sent) throw bridge::JsError{"Http", "response already sent"};
  exchange->head_sent = true;
  auto& conn = *exchange->conn;
  const auto& head = exchange->head;
  // During shutdown the connection closes after this response, without saying so (as Deno).
  bool keep_alive = head.keep_alive;
  // A whole response before the request body is all here: the connection
  // closes after it (finish()), so say so (RFC 9110 §10.1.1, as Deno).
  if (!streamed && !exchange->body_complete) keep_alive = false;
  bool no_body = exchange->no_body || status < 200 || status == 204 || status == 304;
  exchange->no_body = no_body;
  // Automatic compression: a compressed body is framed as a stream is (no content-length).
  Coding coding = Coding::None;
  std::vector<std::string> coded_headers;
  std::vector<std::string_view> coded_fields;
  std::span<const std::string_view> fields = headers;
  if (compression_ && status >= 200 && status != 204 && status != 304) {
    std::string accept;
    for (const auto& [name, value] : head.headers) {
      if (name != "accept-encoding") continue;
      if (!accept.empty()) accept += ", ";
      accept += value;
    }
    if (!accept.empty()) {
      std::vector<std::string> given(headers.begin(), headers.end());
      coding = negotiate(accept, given, streamed ? std::nullopt : std::optional<size_t>(body_size), coded_headers);
      if (coding != Coding::None) {
        coded_fields.assign(coded_headers.begin(), coded_headers.end());
        fields = coded_fields;
      }
    }
  }
  bool as_stream = streamed || coding != Coding::None;
  // The head is written through a cursor into a buffer sized for it at once
  // (a recycled one: no allocation), not appended piece by piece.
  std::string out = conn.take_buffer();
  std::string_view reason = status_text(status);
  const std::string& date = http_date();
  size_t bound = 160 + reason.size() + date.size();
  for (const auto& field : fields) bound += field.size() + 2;
  out.reserve(bound + (follows || no_body ? 0 : body_size + 32));  // the body (and its chunk framing) follows
  HeadWriter w(out, bound);
  // The status line echoes an HTTP/1.0 client's version, as hyper does.
  using namespace std::string_view_literals;
  w.put(head.version_minor == 0 ? "HTTP/1.0 "sv : "HTTP/1.1 "sv);
  w.number(status);
  w.put(' ');
  w.put(reason);
  w.put("\r\n"sv);
  bool has_length = false, has_date = false;
  for (size_t i = 0; i + 1 < fields.size(); i += 2) {
    const auto& name = fields[i];
    // Framing is ours: a handler's transfer-encoding or connection is not sent.
    // (By length first: most names are none of these.)
    switch (name.size()) {
      case 4:
        if (name == "date"sv) has_date = true;
        break;
      case 10:
        if (name == "connection"sv || name == "keep-alive"sv) continue;
        break;
      case 14:
        if (name == "content-length"sv) {
          if (!streamed) continue;
          has_length = true;
        }
        break;
      case 17:
        if (name == "transfer-encoding"sv) continue;
        break;
      default:
        break;
    }
    w.put(name);
    w.put(": "sv);
    w.put(fields[i + 1]);
    w.put("\r\n"sv);
  }
  if (as_stream) {
    if (!has_length && status != 204 && status != 304 && status >= 200) {
      if (head.version_minor >= 1) {
        if (!no_body) w.put("transfer-encoding: chunked\r\n"sv);
        exchange->chunked = true;
      } else {
        keep_alive = false;  // HTTP/1.0: the body ends when the connection does
      }
    }
  } else if (status != 204 && status != 304 && status >= 200) {
    w.put("content-length: "sv);
    w.number(body_size);
    w.put("\r\n"sv);
  }
  if (!has_date) {
    w.put("date: "sv);
    w.put(date);
    w.put("\r\n"sv);
  }
  if (!keep_alive && head.version_minor >= 1) w.put("connection: close\r\n"sv);
  if (keep_alive && head.version_minor == 0) w.put("connection: keep-alive\r\n"sv);
  w.put("\r\n"sv);
  w.done();
  if (!keep_alive) exchange->head.keep_alive = false;
  if (follows) {
    if (coding != Coding::None && !no_body) exchange->encoder = Encoder::make(coding, false);
    conn.send(std::move(out), nullptr, 0, {}, nullptr);  // goes out with the first chunk
    return;
  }
  if (no_body) {
  } else if (coding != Coding::None) {
    std::string coded;
    auto encoder = Encoder::make(coding, true);
    encoder->write({body, body_size}, coded);
    encoder->finish(coded);
    if (exchange->chunked) {
      fmt::format_to(std::back_inserter(out), "{:x}\r\n", coded.size());
      out += coded;
      out += "\r\n0\r\n\r\n";
    } else {
      out += coded;  // HTTP/1.0: ends with the connection
    }
  } else if (exchange->chunked) {
    // A stream's whole body, in one chunk, then the last chunk.
    if (body_size > 0) {
      fmt::format_to(std::back_inserter(out), "{:x}\r\n", body_size);
      out.append(reinterpret_cast<const char*>(body), body_size);
      out += "\r\n";
    }
    out += "0\r\n\r\n";
  } else {
    out.append(reinterpret_cast<const char*>(body), body_size);
  }
  // (Captures that fit std::function's own storage: no allocation per response.)
  // Flushed below, so no flush is posted.
  conn.queue(std::move(out), nullptr, 0, {}, [this, id = exchange->id](bool) {
    if (auto it = exchanges_.find(id); it != exchanges_.end()) end_exchange(*it->second);
  });
  // Answered from dispatch_ready(): written when the batch's JavaScript is
  // done, all responses together (the client is not woken mid-batch).
  if (in_dispatch_) {
    to_flush_.push_back(exchange->conn);
    conn.hold_reads();
  } else {
    conn.flush_now();
  }
  conn.finish(*exchange, keep_alive);
  // A batch of slow handlers (a page rendered per request) does not keep its
  // first answers waiting for its last: after kMaxHold they leave.
  if (in_dispatch_) {
    auto now = std::chrono::steady_clock::now();
    if (now - held_since_ >= kMaxHold) {
      write_held();
      if (auto* ring = listener_->ring()) ring->submit();
      held_since_ = now;
    }
  }
}

void Server::upgrade(uint32_t id, const std::vector<std::string>& headers, HandOff hand_off) {
  auto exchange = this->exchange(id);
  if (exchange->head_sent) throw bridge::JsError{"Http", "response already sent"};
  exchange->head_sent = true;
  std::string out = "HTTP/1.1 101 Switching Protocols\r\n";
  for (size_t i = 0; i + 1 < headers.size(); i += 2) out += headers[i] + ": " + headers[i + 1] + "\r\n";
  out += "date: " + http_date() + "\r\n\r\n";
  exchange->conn->hand_off(std::move(out), std::move(hand_off));
}

namespace {
const bridge::JsError kConnectionClosed{"Http", "connection closed before message completed"};
constexpr size_t kSinkBuffer = 64 * 1024;  // response bytes queued before a stream waits for the socket
}

void ResponseSink::write_on_loop(const SharedBytes& chunk, LoopDone done) {
  auto exchange = exchange_;
  auto conn = exchange->conn;
  if (exchange->aborted || !conn || exchange->finished) {
    asio::post(loop_, [done] { done(kConnectionClosed); });
    return;
  }
  if (exchange->no_body || chunk.size == 0) {
    asio::post(loop_, [done] { done(std::nullopt); });
    return;
  }
  // The chunk's memory is written as it is; the closure keeps its BackingStore alive.
  // While little is queued the stream moves on at once (its chunk rides in the
  // queue, kept alive), so a short body leaves in one write with its head and end.
  if (exchange->encoder) {
    // Compressed as it goes: the coded bytes (flushed) are this chunk.
    std::string coded = exchange->chunked ? std::string(16, '\0') : std::string();
    exchange->encoder->write({chunk.data(), chunk.size}, coded);
    size_t size = coded.size() - (exchange->chunked ? 16 : 0);
    if (exchange->chunked) {
      auto line = fmt::format("{:x}\r\n", size);
      coded.replace(0, 16, line);
      coded += "\r\n";
    }
    bool room = conn->buffered() < kSinkBuffer;
    if (room) asio::post(loop_, [done] { done(std::nullopt); });
    if (size == 0) {
      if (!room) asio::post(loop_, [done] { done(std::nullopt); });
      return;
    }
    auto finish = [done](bool ok) { done(ok ? std::nullopt : std::optional(kConnectionClosed)); };
    conn->send(std::move(coded), nullptr, 0, {}, room ? std::function<void(bool)>() : finish, {}, room);
    return;
  }
  std::string size_line = exchange->chunked ? fmt::format("{:x}\r\n", chunk.size) : std::string();
  std::string_view tail = exchange->chunked ? "\r\n" : "";
  if (conn->buffered() < kSinkBuffer) {
    // `done` is posted before the flush, so a stream that ends now gets its
    // last chunk into the same writev.
    asio::post(loop_, [done] { done(std::nullopt); });
    conn->send(std::move(size_line), chunk.data(), chunk.size, tail, nullptr, chunk, true);
    return;
  }
  auto finish = [done](bool ok) { done(ok ? std::nullopt : std::optional(kConnectionClosed)); };
  conn->send(std::move(size_line), chunk.data(), chunk.size, tail, finish, chunk);
}

void ResponseSink::close_on_loop(LoopDone done) {
  auto exchange = exchange_;
  auto conn = exchange->conn;
  if (exchange->aborted || !conn || exchange->finished) {
    asio::post(loop_, [done] { done(kConnectionClosed); });
    return;
  }
  std::string tail;
  if (exchange->encoder) {
    std::string coded;
    exchange->encoder->finish(coded);
    exchange->encoder.reset();
    if (exchange->chunked && !coded.empty()) tail = fmt::format("{:x}\r\n{}\r\n", coded.size(), coded);
    else tail = std::move(coded);
  }
  if (exchange->chunked && !exchange->no_body) tail += "0\r\n\r\n";
  conn->send(std::move(tail), nullptr, 0, {}, [done, exchange](bool ok) {
    if (auto* server = exchange->server) server->end_exchange(*exchange);
    done(ok ? std::nullopt : std::optional(kConnectionClosed));
  });
  conn->finish(*exchange, exchange->head.keep_alive);
}

void ResponseSink::abort(const std::string&) {
  // The body's stream errored: the response is cut short (no last chunk), and the connection closed.
  auto exchange = exchange_;
  if (exchange->finished || !exchange->conn) return;
  auto conn = exchange->conn;
  exchange->finished = true;
  conn->abort_response();
  if (auto* server = exchange->server) server->end_exchange(*exchange);
}

void RequestBody::read_on_loop(const SharedBytes& into,
                               std::function<void(size_t, std::optional<bridge::JsError>)> done) {
  auto exchange = exchange_;
  auto conn = exchange->conn;
  if (!conn || exchange->aborted) {
    asio::post(loop_, [done] { done(0, kConnectionClosed); });
    return;
  }
  exchange->pending_read = std::move(done);
  exchange->read_into = into;
  if (exchange->head.expect_continue) conn->send_continue(*exchange);
  conn->serve_read(*exchange);
  conn->want_body();
}

}  // namespace toolchain::http
