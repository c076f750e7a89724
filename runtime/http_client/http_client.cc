// The connection pool and one request/response exchange on the loop (http_client.h).
#include "http_client/http_client.h"

#include <algorithm>
#include <cstring>

#include <boost/asio/post.hpp>

namespace toolchain::http_client {

namespace asio = boost::asio;
using Kind = HttpError::Kind;

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

constexpr size_t kReadSize = 64 * 1024;
constexpr size_t kInlineBody = 16 * 1024;  // a fixed body up to this goes out in the head's buffer

HttpError aborted_error() { return HttpError(Kind::Aborted, "operation aborted"); }

}  // namespace

HttpClient::HttpClient(asio::io_context& loop, ClientOptions options) : loop_(loop), options_(std::move(options)) {
  if (!options_.ca_files.empty()) tls();
}

TlsConfig& HttpClient::tls() {
  if (!tls_) tls_ = std::make_unique<TlsConfig>(options_.ca_files, options_.verify_certificates);
  return *tls_;
}

std::shared_ptr<Connection> HttpClient::take_idle(const Origin& origin) {
  auto it = idle_.find(origin.key());
  if (it == idle_.end()) return nullptr;
  auto& list = it->second;
  auto now = Clock::now();
  // Most recently used first: the likeliest to be still open.
  while (!list.empty()) {
    Idle idle = std::move(list.back());
    list.pop_back();
    if (now - idle.since < options_.idle_timeout && idle.connection->idle_and_open()) return std::move(idle.connection);
  }
  return nullptr;
}

void HttpClient::checkin(std::shared_ptr<Connection> connection) {
  auto& list = idle_[connection->origin().key()];
  if (list.size() >= options_.max_idle_per_origin) list.erase(list.begin());
  list.push_back({std::move(connection), Clock::now()});
}

size_t HttpClient::idle_count(const Origin& origin) const {
  auto it = idle_.find(origin.key());
  return it == idle_.end() ? 0 : it->second.size();
}

// Marks a public call on the stack: completions found at once are posted, so a
// handler never runs inside the call that started it.
class Exchange::Step {
 public:
  explicit Step(Exchange& e) : e_(e) { ++e_.in_call_; }
  ~Step() { --e_.in_call_; }

 private:
  Exchange& e_;
};

Exchange::Exchange(std::shared_ptr<HttpClient> client, Request request)
    : client_(std::move(client)), request_(std::move(request)) {}

Exchange::~Exchange() = default;

void Exchange::finish(Done& done, Failure failure) {
  if (in_call_ > 0) {
    asio::post(client_->loop(), [done = std::move(done), failure = std::move(failure)]() mutable { done(std::move(failure)); });
  } else {
    std::exchange(done, nullptr)(std::move(failure));
  }
}

void Exchange::finish(SizeDone& done, size_t n, Failure failure) {
  if (in_call_ > 0) {
    asio::post(client_->loop(),
               [done = std::move(done), n, failure = std::move(failure)]() mutable { done(n, std::move(failure)); });
  } else {
    std::exchange(done, nullptr)(n, std::move(failure));
  }
}

std::string Exchange::head_bytes() const {
  std::string out;
  out.reserve(256 + (request_.body == Request::Body::Fixed && request_.fixed_body.size() <= kInlineBody
                         ? request_.fixed_body.size()
                         : 0));
  out += request_.method;
  out += ' ';
  out += request_.target;
  out += " HTTP/1.1\r\n";
  bool has_host = false;
  for (const auto& h : request_.headers) {
    if (iequals(h.name, "host")) has_host = true;
  }
  if (!has_host) {
    bool v6 = request_.origin.host.find(':') != std::string::npos;
    out += "host: ";
    out += v6 ? "[" + request_.origin.host + "]" : request_.origin.host;
    if (request_.origin.port != (request_.origin.tls ? 443 : 80)) out += ":" + std::to_string(request_.origin.port);
    out += "\r\n";
  }
  for (const auto& h : request_.headers) {
    // Framing is ours to choose.
    if (iequals(h.name, "content-length") || iequals(h.name, "transfer-encoding")) continue;
    out += h.name;
    out += ": ";
    out += h.value;
    out += "\r\n";
  }
  if (request_.body == Request::Body::Fixed) {
    out += "content-length: " + std::to_string(request_.fixed_body.size()) + "\r\n";
  } else if (request_.body == Request::Body::Streaming) {
    out += "transfer-encoding: chunked\r\n";
  } else if (request_.method == "POST" || request_.method == "PUT" || request_.method == "PATCH") {
    out += "content-length: 0\r\n";  // a body-expecting method with none (RFC 9110 §8.6)
  }
  out += "\r\n";
  // Small requests go out in one write.
  if (request_.body == Request::Body::Fixed && request_.fixed_body.size() <= kInlineBody) out += request_.fixed_body;
  return out;
}

void Exchange::send(Done done) {
  Step step(*this);
  if (aborted_) return finish(done, aborted_error());
  if (sent_) return finish(done, HttpError(Kind::Io, "request already sent"));
  sent_ = true;
  out_ = head_bytes();
  attempt_send(0, std::move(done));
}

// Attempt 0 may take a pooled connection; a retry always opens a new one.
void Exchange::attempt_send(int attempt, Done done) {
  attempt_ = attempt;
  connection_ = attempt == 0 ? client_->take_idle(request_.origin) : nullptr;
  reused_ = connection_ != nullptr;
  if (reused_) return write_request(attempt, std::move(done));
  connection_ = std::make_shared<Connection>(client_->loop(), request_.origin);
  if (aborted_) connection_->cancel();
  connection_->open(request_.origin.tls ? &client_->tls() : nullptr, client_->options().connect_timeout,
                    [self = shared_from_this(), attempt, done = std::move(done)](Failure failure) mutable {
                      if (failure) return self->finish(done, std::move(failure));
                      self->write_request(attempt, std::move(done));
                    });
}

void Exchange::write_request(int attempt, Done done) {
  std::vector<asio::const_buffer> buffers{asio::buffer(out_)};
  if (request_.body == Request::Body::Fixed && request_.fixed_body.size() > kInlineBody)
    buffers.push_back(asio::buffer(request_.fixed_body));
  connection_->write(std::move(buffers), client_->options().io_timeout,
                     [self = shared_from_this(), attempt, done = std::move(done)](Failure failure) mutable {
                       if (failure) {
                         // A pooled connection the server closed meanwhile: once more on a new one.
                         if (self->reused_ && failure->kind() == Kind::Io && attempt == 0 && !self->aborted_)
                           return self->attempt_send(1, std::move(done));
                         return self->finish(done, std::move(failure));
                       }
                       self->body_sent_ = self->request_.body != Request::Body::Streaming;
                       self->finish(done, std::nullopt);
                     });
}

void Exchange::write_body(std::span<const uint8_t> chunk, Done done) {
  Step step(*this);
  if (aborted_) return finish(done, aborted_error());
  if (!connection_ || body_sent_) return finish(done, HttpError(Kind::Io, "request body already finished"));
  if (chunk.empty()) return finish(done, std::nullopt);  // a zero-size chunk would end the body
  char size_line[24];
  int n = std::snprintf(size_line, sizeof size_line, "%zx\r\n", chunk.size());
  chunk_head_.assign(size_line, static_cast<size_t>(n));
  static const char crlf[] = "\r\n";
  connection_->write({asio::buffer(chunk_head_), asio::buffer(chunk.data(), chunk.size()), asio::buffer(crlf, 2)},
                     client_->options().io_timeout,
                     [self = shared_from_this(), done = std::move(done)](Failure failure) mutable {
                       self->finish(done, std::move(failure));
                     });
}

void Exchange::finish_body(Done done) {
  Step step(*this);
  if (aborted_) return finish(done, aborted_error());
  if (!connection_ || body_sent_) return finish(done, std::nullopt);
  static const char last[] = "0\r\n\r\n";
  connection_->write({asio::buffer(last, 5)}, client_->options().io_timeout,
                     [self = shared_from_this(), done = std::move(done)](Failure failure) mutable {
                       if (!failure) self->body_sent_ = true;
                       self->finish(done, std::move(failure));
                     });
}

void Exchange::fill(SizeDone then) {
  if (buffer_pos_ == buffer_end_) buffer_pos_ = buffer_end_ = 0;
  if (buffer_end_ + kReadSize > buffer_capacity_) {
    // Room for one more read: move what is left to the front, or grow (a long head).
    size_t left = buffer_end_ - buffer_pos_;
    size_t capacity = std::max(buffer_capacity_, left + kReadSize);
    std::unique_ptr<uint8_t[]> bigger(capacity == buffer_capacity_ ? nullptr : new uint8_t[capacity]);
    uint8_t* to = bigger ? bigger.get() : buffer_.get();
    if (left) std::memmove(to, buffer_.get() + buffer_pos_, left);
    if (bigger) {
      buffer_ = std::move(bigger);
      buffer_capacity_ = capacity;
    }
    buffer_pos_ = 0;
    buffer_end_ = left;
  }
  connection_->read_some({buffer_.get() + buffer_end_, kReadSize}, client_->options().io_timeout,
                         [self = shared_from_this(), then = std::move(then)](size_t n, Failure failure) mutable {
                           if (!failure) self->buffer_end_ += n;
                           then(n, std::move(failure));
                         });
}

void Exchange::read_head(Done done) {
  Step step(*this);
  if (aborted_) return finish(done, aborted_error());
  if (have_head_) return finish(done, std::nullopt);
  if (!sent_) {
    return send([self = shared_from_this(), done = std::move(done)](Failure failure) mutable {
      if (failure) return self->finish(done, std::move(failure));
      self->head_step(std::move(done));
    });
  }
  if (!connection_) return finish(done, HttpError(Kind::Io, "request not sent"));
  head_step(std::move(done));
}

void Exchange::head_step(Done done) {
  try {
    while (true) {
      std::string_view pending(reinterpret_cast<const char*>(buffer_.get()) + buffer_pos_, buffer_end_ - buffer_pos_);
      size_t used = parse_response_head(pending, head_);
      if (used == 0) return head_read(std::move(done));
      buffer_pos_ += used;
      // Interim responses (100 Continue, 103 Early Hints) are skipped; 101 ends HTTP.
      if (head_.status >= 100 && head_.status < 200 && head_.status != 101) continue;
      break;
    }
    have_head_ = true;
    framing_ = BodyFraming::for_response(head_, request_.method);
  } catch (const HttpError& e) {
    return finish(done, e);
  }
  if (framing_.mode() != BodyFraming::Mode::None && request_.decode_content) {
    std::string coding = head_.get("content-encoding");
    if (!coding.empty()) decoder_ = ContentDecoder::for_encoding(coding);
  }
  body_done_ = framing_.done();
  if (body_done_) release_connection();
  finish(done, std::nullopt);
}

void Exchange::head_read(Done done) {
  bool nothing = buffer_pos_ == buffer_end_;
  fill([self = shared_from_this(), nothing, done = std::move(done)](size_t n, Failure failure) mutable {
    if (failure) return self->finish(done, std::move(failure));
    if (n > 0) return self->head_step(std::move(done));
    // Closed before any byte of a response: on a reused connection the server
    // dropped it as we sent; once more on a new one unless a body was streamed.
    if (nothing && self->reused_ && self->attempt_ == 0 && self->request_.body != Request::Body::Streaming) {
      self->connection_.reset();
      self->buffer_pos_ = self->buffer_end_ = 0;
      self->out_ = self->head_bytes();
      return self->attempt_send(1, [self, done = std::move(done)](Failure failure) mutable {
        if (failure) return self->finish(done, std::move(failure));
        self->head_step(std::move(done));
      });
    }
    self->finish(done, HttpError(Kind::Io, nothing ? "connection closed before message completed"
                                                   : "connection closed in the middle of the response head"));
  });
}

bool Exchange::take_buffered_body(size_t limit, std::vector<uint8_t>& out) {
  out.clear();
  if (!have_head_ || aborted_) return false;
  if (body_done_) return !decoder_ || framed_pos_ == framed_.size();
  if (decoder_ || framing_.mode() == BodyFraming::Mode::UntilClose) return false;
  size_t available = buffer_end_ - buffer_pos_;
  // Framing a copy: commit only if the whole body is there.
  BodyFraming framing = framing_;
  out.resize(std::min(available, limit));
  try {
    auto [taken, made] = framing.decode({buffer_.get() + buffer_pos_, available}, out);
    if (!framing.done()) {
      out.clear();
      return false;
    }
    out.resize(made);
    buffer_pos_ += taken;
  } catch (const HttpError&) {
    out.clear();
    return false;  // read_body() reports it
  }
  framing_ = std::move(framing);
  body_done_ = true;
  release_connection();
  return true;
}

void Exchange::read_body(std::span<uint8_t> into, SizeDone done) {
  Step step(*this);
  if (aborted_) return finish(done, 0, aborted_error());
  if (!have_head_) return finish(done, 0, HttpError(Kind::Io, "response head not read"));
  if (into.empty()) return finish(done, 0, std::nullopt);
  body_step(into, std::move(done));
}

void Exchange::body_step(std::span<uint8_t> into, SizeDone done) {
  try {
    while (!body_done_) {
      if (aborted_) return finish(done, 0, aborted_error());
      if (decoder_) {
        // framed_ holds de-framed (still encoded) bytes; decode them into `into`.
        size_t produced = 0;
        if (framed_pos_ < framed_.size() || !decoder_->finished()) {
          auto [taken, out] = decoder_->decode({framed_.data() + framed_pos_, framed_.size() - framed_pos_}, into);
          framed_pos_ += taken;
          produced = out;
        }
        if (produced > 0) return finish(done, produced, std::nullopt);
        if (framing_.done() && framed_pos_ == framed_.size()) {
          // Whatever the decoder still had, it has given (it produced nothing from no input).
          body_done_ = true;
          break;
        }
      }
      // More framed bytes: from the buffer, or the socket when it is empty.
      if (buffer_pos_ == buffer_end_ && !framing_.done()) {
        if (!decoder_ && framing_.mode() != BodyFraming::Mode::Chunked) {
          // Length or close-delimited: read straight into the caller's memory.
          size_t want = into.size();
          if (framing_.mode() == BodyFraming::Mode::Length)
            want = static_cast<size_t>(std::min<uint64_t>(want, framing_.remaining()));
          connection_->read_some(into.first(want), client_->options().io_timeout,
                                 [self = shared_from_this(), into, done = std::move(done)](size_t n, Failure failure) mutable {
                                   if (failure) return self->finish(done, 0, std::move(failure));
                                   try {
                                     if (n == 0) self->framing_.end_of_input();
                                     else self->framing_.account(n);
                                   } catch (const HttpError& e) {
                                     return self->finish(done, 0, e);
                                   }
                                   if (self->framing_.done()) {
                                     self->body_done_ = true;
                                     self->release_connection();
                                   }
                                   if (n > 0 || self->body_done_) return self->finish(done, n, std::nullopt);
                                   self->body_step(into, std::move(done));
                                 });
          return;
        }
        return fill([self = shared_from_this(), into, done = std::move(done)](size_t n, Failure failure) mutable {
          if (failure) return self->finish(done, 0, std::move(failure));
          if (n == 0) {
            try {
              self->framing_.end_of_input();
            } catch (const HttpError& e) {
              return self->finish(done, 0, e);
            }
          }
          self->body_step(into, std::move(done));
        });
      }
      std::span<const uint8_t> pending{buffer_.get() + buffer_pos_, buffer_end_ - buffer_pos_};
      if (decoder_) {
        if (framed_pos_ == framed_.size()) {
          framed_.clear();
          framed_pos_ = 0;
        }
        size_t old = framed_.size();
        framed_.resize(old + std::max<size_t>(pending.size(), 1));
        auto [taken, out] = framing_.decode(pending, {framed_.data() + old, framed_.size() - old});
        framed_.resize(old + out);
        buffer_pos_ += taken;
        continue;
      }
      auto [taken, out] = framing_.decode(pending, into);
      buffer_pos_ += taken;
      if (framing_.done()) body_done_ = true;
      if (out > 0) {
        if (body_done_) release_connection();
        return finish(done, out, std::nullopt);
      }
    }
  } catch (const HttpError& e) {
    return finish(done, 0, e);
  }
  release_connection();
  finish(done, 0, std::nullopt);
}

void Exchange::release_connection() {
  auto connection = std::move(connection_);
  if (!connection || aborted_) return;
  // Reusable only if the response ended by its framing with nothing after it,
  // our request went out whole, and neither side asked to close.
  bool keep_alive = head_.version_minor >= 1 ? !head_.connection_has("close") : head_.connection_has("keep-alive");
  if (keep_alive && body_sent_ && framing_.reusable() && framing_.done() && buffer_pos_ == buffer_end_ &&
      head_.status != 101) {
    ++connection->uses;
    client_->checkin(std::move(connection));
  }
}

void Exchange::abort() {
  aborted_ = true;
  if (connection_) connection_->cancel();
}

}  // namespace toolchain::http_client
