// The connection pool and one request/response exchange (http_client.h).
#include "http_client/http_client.h"

#include <algorithm>
#include <cstring>

#include "http_client/http_error.h"

namespace toolchain::http_client {

using Kind = HttpError::Kind;

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

std::span<const uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

constexpr size_t kReadSize = 64 * 1024;

}  // namespace

HttpClient::HttpClient(ClientOptions options)
    : options_(std::move(options)), tls_(options_.ca_files, options_.verify_certificates) {}

std::unique_ptr<Connection> HttpClient::checkout(const Origin& origin, const std::atomic<bool>* aborted) {
  {
    std::lock_guard lock(mutex_);
    auto it = idle_.find(origin.key());
    if (it != idle_.end()) {
      auto& list = it->second;
      auto now = Clock::now();
      // Most recently used first: the likeliest to be still open.
      while (!list.empty()) {
        Idle idle = std::move(list.back());
        list.pop_back();
        if (now - idle.since < options_.idle_timeout && idle.connection->idle_and_open()) return std::move(idle.connection);
      }
    }
  }
  return Connection::open(origin, tls_, Clock::now() + options_.connect_timeout, aborted);
}

void HttpClient::checkin(std::unique_ptr<Connection> connection) {
  std::lock_guard lock(mutex_);
  auto& list = idle_[connection->origin().key()];
  if (list.size() >= options_.max_idle_per_origin) list.erase(list.begin());
  list.push_back({std::move(connection), Clock::now()});
}

size_t HttpClient::idle_count(const Origin& origin) {
  std::lock_guard lock(mutex_);
  auto it = idle_.find(origin.key());
  return it == idle_.end() ? 0 : it->second.size();
}

Exchange::Exchange(std::shared_ptr<HttpClient> client, Request request)
    : client_(std::move(client)), request_(std::move(request)) {}

Exchange::~Exchange() = default;

Deadline Exchange::io_deadline() const {
  auto timeout = client_->options().io_timeout;
  return timeout.count() == 0 ? Deadline::max() : Clock::now() + timeout;
}

std::string Exchange::head_bytes() const {
  std::string out;
  out.reserve(256);
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
  return out;
}

void Exchange::send() {
  if (aborted_) throw HttpError(Kind::Aborted, "operation aborted");
  std::string head = head_bytes();
  if (request_.body == Request::Body::Fixed && request_.fixed_body.size() <= 16 * 1024) {
    head += request_.fixed_body;  // one write for small requests
  }
  for (int attempt = 0;; ++attempt) {
    auto connection = client_->checkout(request_.origin, &aborted_);
    reused_ = connection->uses > 0;
    {
      std::lock_guard lock(connection_mutex_);
      connection_ = std::move(connection);
      if (aborted_) connection_->cancel();
    }
    try {
      connection_->write_all(bytes_of(head), io_deadline());
      if (request_.body == Request::Body::Fixed && request_.fixed_body.size() > 16 * 1024)
        connection_->write_all(bytes_of(request_.fixed_body), io_deadline());
      break;
    } catch (const HttpError& e) {
      // A pooled connection the server closed meanwhile: try once on a new one.
      if (!(reused_ && e.kind() == Kind::Io && attempt == 0)) throw;
      std::lock_guard lock(connection_mutex_);
      connection_.reset();
    }
  }
  body_sent_ = request_.body != Request::Body::Streaming;
}

void Exchange::write_body(std::span<const uint8_t> chunk) {
  if (chunk.empty()) return;  // a zero-size chunk would end the body
  if (!connection_ || body_sent_) throw HttpError(Kind::Io, "request body already finished");
  char size_line[24];
  int n = std::snprintf(size_line, sizeof size_line, "%zx\r\n", chunk.size());
  connection_->write_all({reinterpret_cast<const uint8_t*>(size_line), static_cast<size_t>(n)}, io_deadline());
  connection_->write_all(chunk, io_deadline());
  connection_->write_all(bytes_of("\r\n"), io_deadline());
}

void Exchange::finish_body() {
  if (!connection_ || body_sent_) return;
  connection_->write_all(bytes_of("0\r\n\r\n"), io_deadline());
  body_sent_ = true;
}

size_t Exchange::fill() {
  if (buffer_pos_ > 0 && buffer_pos_ == buffer_.size()) {
    buffer_.clear();
    buffer_pos_ = 0;
  }
  size_t old = buffer_.size();
  buffer_.resize(old + kReadSize);
  size_t n = connection_->read_some({reinterpret_cast<uint8_t*>(buffer_.data()) + old, kReadSize}, io_deadline());
  buffer_.resize(old + n);
  return n;
}

const ResponseHead& Exchange::read_head() {
  if (have_head_) return head_;
  if (!connection_) throw HttpError(Kind::Io, "request not sent");
  while (true) {
    std::string_view pending(buffer_.data() + buffer_pos_, buffer_.size() - buffer_pos_);
    size_t used = parse_response_head(pending, head_);
    if (used == 0) {
      if (fill() == 0) {
        // Closed before any byte of a response: on a reused connection the
        // server dropped it as we sent; one retry unless a body was streamed.
        if (pending.empty() && reused_ && request_.body != Request::Body::Streaming) {
          {
            std::lock_guard lock(connection_mutex_);
            connection_.reset();
          }
          buffer_.clear();
          buffer_pos_ = 0;
          send();
          reused_ = false;
          continue;
        }
        throw HttpError(Kind::Io, pending.empty() ? "connection closed before message completed"
                                                  : "connection closed in the middle of the response head");
      }
      continue;
    }
    buffer_pos_ += used;
    // Interim responses (100 Continue, 103 Early Hints) are skipped; 101 ends HTTP.
    if (head_.status >= 100 && head_.status < 200 && head_.status != 101) continue;
    break;
  }
  have_head_ = true;
  framing_ = BodyFraming::for_response(head_, request_.method);
  if (framing_.mode() != BodyFraming::Mode::None && request_.decode_content) {
    std::string coding = head_.get("content-encoding");
    if (!coding.empty()) decoder_ = ContentDecoder::for_encoding(coding);
  }
  body_done_ = framing_.done();
  if (body_done_) release_connection();
  return head_;
}

size_t Exchange::read_body(std::span<uint8_t> into) {
  if (!have_head_) read_head();
  if (into.empty()) return 0;
  while (!body_done_) {
    if (aborted_) throw HttpError(Kind::Aborted, "operation aborted");
    size_t produced = 0;
    if (decoder_) {
      // framed_ holds de-framed (still encoded) bytes; decode them into `into`.
      if (framed_pos_ < framed_.size() || decoder_->finished() == false) {
        auto [taken, out] = decoder_->decode({framed_.data() + framed_pos_, framed_.size() - framed_pos_}, into);
        framed_pos_ += taken;
        produced = out;
      }
      if (produced > 0) return produced;
      if (framing_.done() && framed_pos_ == framed_.size()) {
        // Whatever the decoder still had, it has given (it produced nothing from no input).
        body_done_ = true;
        break;
      }
    }
    // More framed bytes: from the buffer, or the socket when it is empty.
    if (buffer_pos_ == buffer_.size() && !framing_.done()) {
      if (!decoder_ && framing_.mode() != BodyFraming::Mode::Chunked) {
        // Length or close-delimited: read straight into the caller's memory.
        size_t want = into.size();
        if (framing_.mode() == BodyFraming::Mode::Length)
          want = static_cast<size_t>(std::min<uint64_t>(want, framing_.remaining()));
        size_t n = connection_->read_some(into.first(want), io_deadline());
        if (n == 0) {
          framing_.end_of_input();
        } else {
          framing_.account(n);
          produced = n;
        }
        if (framing_.done()) body_done_ = true;
        if (produced > 0) {
          if (body_done_) release_connection();
          return produced;
        }
        continue;
      }
      if (fill() == 0) framing_.end_of_input();
    }
    std::span<const uint8_t> pending{reinterpret_cast<const uint8_t*>(buffer_.data()) + buffer_pos_,
                                     buffer_.size() - buffer_pos_};
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
      if (framing_.done() && !decoder_) body_done_ = true;
      continue;
    }
    auto [taken, out] = framing_.decode(pending, into);
    buffer_pos_ += taken;
    if (framing_.done()) body_done_ = true;
    if (out > 0) {
      if (body_done_) release_connection();
      return out;
    }
  }
  release_connection();
  return 0;
}

void Exchange::release_connection() {
  std::unique_ptr<Connection> connection;
  {
    std::lock_guard lock(connection_mutex_);
    connection = std::move(connection_);
  }
  if (!connection || aborted_) return;
  // Reusable only if the response ended by its framing with nothing after it,
  // our request went out whole, and neither side asked to close.
  bool keep_alive = head_.version_minor >= 1 ? !head_.connection_has("close") : head_.connection_has("keep-alive");
  if (keep_alive && body_sent_ && framing_.reusable() && framing_.done() && buffer_pos_ == buffer_.size() &&
      head_.status != 101) {
    ++connection->uses;
    client_->checkin(std::move(connection));
  }
}

void Exchange::abort() {
  aborted_ = true;
  std::lock_guard lock(connection_mutex_);
  if (connection_) connection_->cancel();
}

}  // namespace toolchain::http_client
