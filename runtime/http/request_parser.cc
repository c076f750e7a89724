#include "http/request_parser.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace toolchain::http {
namespace {

// field-vchar / SP / HTAB (RFC 9110 §5.5), obs-text allowed.
bool is_field_char(unsigned char c) { return c == '\t' || (c >= 0x20 && c != 0x7f); }

// RFC 9110 §5.6.2 tchar, as a table (the parser asks for every byte of every field name).
constexpr bool tchar_of(unsigned char c) {
  if (c >= '0' && c <= '9') return true;
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return true;
  switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
    case '-': case '.': case '^': case '_': case '`': case '|': case '~':
      return true;
    default:
      return false;
  }
}

struct TcharTable {
  bool is[256];
  char lower[256];  // a field name's byte lower-cased; 0 if it is not a tchar
  constexpr TcharTable() : is(), lower() {
    for (int c = 0; c < 256; ++c) {
      is[c] = tchar_of(static_cast<unsigned char>(c));
      lower[c] = !is[c] ? '\0' : static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
  }
};
constexpr TcharTable kTchar;

bool is_tchar(unsigned char c) { return kTchar.is[c]; }

// True if every byte of `s` is a field-vchar, SP or HTAB (obs-text allowed):
// eight bytes at a time, looking closer only where one is a control character.
bool all_field_chars(std::string_view s) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t x;
    std::memcpy(&x, s.data() + i, 8);
    uint64_t below_space = (x - kOnes * 0x20) & ~x & kHigh;  // a byte < 0x20
    uint64_t del = x ^ (kOnes * 0x7f);
    uint64_t is_del = (del - kOnes) & ~del & kHigh;          // a byte == 0x7f
    if (below_space | is_del) break;
  }
  for (; i < s.size(); ++i) {
    if (!is_field_char(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

bool is_token(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return is_tchar(c); });
}

bool is_ows(char c) { return c == ' ' || c == '\t'; }

std::string_view trim_ows(std::string_view s) {
  while (!s.empty() && is_ows(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ows(s.back())) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  }
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

// Calls fn(element) for each non-empty element of a comma-separated list (RFC 9110 §5.6.1).
template <typename F>
void for_each_element(std::string_view list, F fn) {
  while (true) {
    size_t comma = list.find(',');
    auto element = trim_ows(list.substr(0, comma));
    if (!element.empty()) fn(element);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

// A line of `buffer` from `start` to the LF at `lf`, without its CR.
// False if a CR appears anywhere but right before the LF (bare CR).
bool take_line(std::string_view buffer, size_t start, size_t lf, std::string_view& line) {
  line = buffer.substr(start, lf - start);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line.find('\r') == std::string_view::npos;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// Views into the bytes at `from` made to point to the same offsets at `to`.
void rebase(std::vector<Field>& fields, const char* from, const char* to) {
  if (from == to) return;
  auto move = [&](std::string_view v) { return std::string_view(to + (v.data() - from), v.size()); };
  for (auto& [name, value] : fields) {
    name = move(name);
    value = move(value);
  }
}

}  // namespace

RequestHead& RequestHead::operator=(const RequestHead& other) {
  if (this == &other) return *this;
  method = other.method;
  target = other.target;
  version_minor = other.version_minor;
  body = other.body;
  content_length = other.content_length;
  keep_alive = other.keep_alive;
  expect_continue = other.expect_continue;
  bytes = other.bytes;
  headers = other.headers;
  rebase(headers, other.bytes.data(), bytes.data());
  return *this;
}

RequestHead& RequestHead::operator=(RequestHead&& other) noexcept {
  if (this == &other) return *this;
  method = std::move(other.method);
  target = std::move(other.target);
  version_minor = other.version_minor;
  body = other.body;
  content_length = other.content_length;
  keep_alive = other.keep_alive;
  expect_continue = other.expect_continue;
  const char* from = other.bytes.data();
  bytes = std::move(other.bytes);  // (a short string's characters move: rebased below)
  headers = std::move(other.headers);
  rebase(headers, from, bytes.data());
  other.headers.clear();
  other.bytes.clear();
  return *this;
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 400: return "Bad Request";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 501: return "Not Implemented";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
  }
}

Step RequestParser::fail(int status, std::string reason, size_t consumed) {
  state_ = State::Failed;
  error_ = {status, std::move(reason)};
  return {Event::Error, consumed, {}};
}

void RequestParser::reset() {
  state_ = State::Head;
  buffer_.clear();
  scanned_ = 0;
  request_line_end_ = 0;
  // Cleared in place: the strings and the field list keep their capacity for the next head.
  head_.method.clear();
  head_.target.clear();
  head_.version_minor = 1;
  head_.headers.clear();
  head_.body = BodyKind::None;
  head_.content_length = 0;
  head_.keep_alive = true;
  head_.expect_continue = false;
  remaining_ = 0;
}

bool RequestParser::has_event_without_input() const {
  return state_ == State::Done || state_ == State::Failed ||
         ((state_ == State::LengthBody || state_ == State::ChunkData) && remaining_ == 0);
}

Step RequestParser::parse(std::string_view input) {
  // Internal steps (a chunk line, a CRLF) continue until an event or the input ends.
  size_t total = 0;
  while (true) {
    Step step = parse_step(input);
    total += step.consumed;
    input.remove_prefix(step.consumed);
    if (step.event != Event::NeedMore || (input.empty() && !has_event_without_input())) {
      step.consumed = total;
      return step;
    }
  }
}

Step RequestParser::parse_step(std::string_view input) {
  switch (state_) {
    case State::Head:
      return parse_head(input);
    case State::Done:
      reset();
      return {Event::MessageEnd, 0, {}};
    case State::Failed:
      return {Event::Error, 0, {}};
    case State::LengthBody:
    case State::ChunkData: {
      if (remaining_ == 0) {
        if (state_ == State::LengthBody) {
          reset();
          return {Event::MessageEnd, 0, {}};
        }
        state_ = State::ChunkDataEnd;
        return parse(input);
      }
      if (input.empty()) return {Event::NeedMore, 0, {}};
      size_t n = static_cast<size_t>(std::min<uint64_t>(remaining_, input.size()));
      remaining_ -= n;
      return {Event::Body, n, input.substr(0, n)};
    }
    case State::ChunkDataEnd: {
      // CRLF (or a bare LF) after the chunk's data.
      size_t used = 0;
      while (used < input.size()) {
        char c = input[used++];
        if (c == '\n') {
          buffer_.clear();
          state_ = State::ChunkSize;
          return {Event::NeedMore, used, {}};
        }
        if (c != '\r' || !buffer_.empty()) return fail(400, "chunk data not followed by CRLF", used);
        buffer_.push_back(c);
      }
      return {Event::NeedMore, used, {}};
    }
    case State::ChunkSize:
      return parse_chunk_line(input);
    case State::Trailers:
      return parse_trailers(input);
  }
  return {Event::NeedMore, 0, {}};
}

Step RequestParser::parse_head(std::string_view input) {
  size_t old_size = buffer_.size();
  if (old_size == 0) trailers_.clear();
  const char* old_data = buffer_.data();
  buffer_.append(input);
  rebase(head_.headers, old_data, buffer_.data());  // the fields parsed so far view buffer_
  std::string_view buffer = buffer_;
  // Leading empty lines before the request line are ignored (RFC 9112 §2.2);
  // scanned_ is where the current, unfinished line starts.
  while (true) {
    size_t lf = buffer.find('\n', scanned_);
    if (lf == std::string_view::npos) {
      if (head_.method.empty() && buffer.size() > limits_.max_request_line) {
        return fail(414, "request line too long", input.size());
      }
      if (!head_.method.empty() && buffer.size() - request_line_end_ > limits_.max_header_bytes) {
        return fail(431, "header section too large", input.size());
      }
      return {Event::NeedMore, input.size(), {}};
    }
    // Limits first, so the status does not depend on how the bytes were split.
    size_t next = lf + 1;
    if (head_.method.empty() ? next > limits_.max_request_line
                             : next - request_line_end_ > limits_.max_header_bytes) {
      return head_.method.empty() ? fail(414, "request line too long", input.size())
                                  : fail(431, "header section too large", input.size());
    }
    // (A bare CR needs no scan of its own here: it is not allowed anywhere in
    // a request line or a field line, whose checks refuse it with the same 400.)
    std::string_view line = buffer.substr(scanned_, lf - scanned_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (head_.method.empty()) {
      if (line.empty()) {
        scanned_ = next;
        continue;
      }
      if (!parse_request_line(line)) return {Event::Error, input.size(), {}};
      request_line_end_ = next;
    } else {
      if (line.empty()) {
        if (!frame_body()) return {Event::Error, input.size(), {}};
        // What follows the head is the body or the next request: give it back.
        // The head's bytes become head_'s (its fields view them).
        size_t consumed = next - old_size;
        buffer_.resize(next);
        const char* head_data = buffer_.data();
        head_.bytes.swap(buffer_);
        rebase(head_.headers, head_data, head_.bytes.data());
        buffer_.clear();
        scanned_ = 0;
        request_line_end_ = 0;
        return {Event::Head, consumed, {}};
      }
      if (head_.headers.size() >= limits_.max_headers) return fail(431, "too many header fields", input.size());
      Field field;
      if (!parse_field(scanned_, scanned_ + line.size(), field)) return {Event::Error, input.size(), {}};
      head_.headers.push_back(field);
    }
    scanned_ = next;
  }
}

bool RequestParser::parse_request_line(std::string_view line) {
  // method SP request-target SP HTTP-version (RFC 9112 §3), single spaces.
  size_t sp1 = line.find(' ');
  size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos) {
    fail(400, "malformed request line", 0);
    return false;
  }
  auto method = line.substr(0, sp1);
  auto target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  auto version = line.substr(sp2 + 1);
  if (!is_token(method)) {
    fail(400, "bad method", 0);
    return false;
  }
  if (target.empty() || !std::all_of(target.begin(), target.end(), [](unsigned char c) {
        return c > 0x20 && c < 0x7f;
      })) {
    fail(400, "bad request target", 0);
    return false;
  }
  if (version.size() != 8 || version.substr(0, 5) != "HTTP/" || version[6] != '.' ||
      !std::isdigit(static_cast<unsigned char>(version[5])) ||
      !std::isdigit(static_cast<unsigned char>(version[7]))) {
    fail(400, "bad HTTP version", 0);
    return false;
  }
  if (version[5] != '1') {
    fail(505, "unsupported HTTP version", 0);
    return false;
  }
  head_.method.assign(method);
  head_.target.assign(target);
  head_.version_minor = version[7] - '0';
  return true;
}

bool RequestParser::parse_field(size_t start, size_t end, Field& field) {
  char* data = buffer_.data() + start;
  // The name is checked (a token; whitespace before the colon is not, RFC
  // 9112 §5.1) and lower-cased in place, in one pass that stops at the first
  // byte that is not a tchar: the colon, or a fault. (The line's CR or LF
  // follows it in buffer_ and is not a tchar, so the pass ends in the line.)
  size_t colon = 0;
  for (char c; (c = kTchar.lower[static_cast<unsigned char>(data[colon])]) != '\0'; ++colon) data[colon] = c;
  if (colon == 0 || colon >= end - start || data[colon] != ':') {
    fail(400, is_ows(data[0]) ? "obs-fold (line folding) is not accepted" : "malformed header field", 0);
    return false;
  }
  auto value = trim_ows(std::string_view(data + colon + 1, end - start - colon - 1));
  if (!all_field_chars(value)) {
    fail(400, "control character in a header value", 0);
    return false;
  }
  field = {std::string_view(data, colon), value};
  return true;
}

bool RequestParser::frame_body() {
  const bool http11 = head_.version_minor >= 1;
  std::string_view content_length;
  int content_lengths = 0, hosts = 0;
  std::vector<std::string> codings;
  bool has_te = false;
  bool close = false, keep_alive = false;
  using namespace std::string_view_literals;
  for (auto& [name, value] : head_.headers) {
    // (Most fields are none of these: their length says so without a compare.)
    switch (name.size()) {
      case 4: case 6: case 10: case 14: case 17: break;
      default: continue;
    }
    if (name == "content-length"sv) {
      ++content_lengths;
      content_length = value;
    } else if (name == "transfer-encoding"sv) {
      has_te = true;
      for_each_element(value, [&](std::string_view coding) { codings.push_back(lower(coding)); });
    } else if (name == "host"sv) {
      ++hosts;
    } else if (name == "connection"sv) {
      for_each_element(value, [&](std::string_view option) {
        if (iequals(option, "close")) close = true;
        if (iequals(option, "keep-alive")) keep_alive = true;
      });
    } else if (name == "expect"sv) {
      if (http11 && iequals(value, "100-continue")) head_.expect_continue = true;
    }
  }
  // RFC 9112 §3.2: exactly one Host in an HTTP/1.1 request.
  if (hosts > 1 || (http11 && hosts == 0)) {
    fail(400, hosts ? "more than one Host field" : "missing Host field", 0);
    return false;
  }
  head_.keep_alive = !close && (http11 || keep_alive);
  if (has_te) {
    // §6.1: Transfer-Encoding with Content-Length, or in HTTP/1.0, is faulty framing.
    if (content_lengths) {
      fail(400, "both Transfer-Encoding and Content-Length", 0);
      return false;
    }
    if (!http11) {
      fail(400, "Transfer-Encoding in an HTTP/1.0 request", 0);
      return false;
    }
    if (codings.empty() || codings.back() != "chunked") {
      fail(400, "the final transfer coding is not chunked", 0);
      return false;
    }
    if (std::count(codings.begin(), codings.end(), "chunked") > 1) {
      fail(400, "chunked applied more than once", 0);
      return false;
    }
    if (codings.size() > 1) {
      fail(501, "unsupported transfer coding", 0);
      return false;
    }
    head_.body = BodyKind::Chunked;
    state_ = State::ChunkSize;
    return true;
  }
  if (content_lengths) {
    // §6.3: a second Content-Length (even an equal one) or a list is refused.
    if (content_lengths > 1) {
      fail(400, "more than one Content-Length", 0);
      return false;
    }
    if (content_length.empty() || content_length.size() > 15 ||
        !std::all_of(content_length.begin(), content_length.end(),
                     [](unsigned char c) { return c >= '0' && c <= '9'; })) {
      fail(400, "invalid Content-Length", 0);
      return false;
    }
    uint64_t n = 0;
    for (char c : content_length) n = n * 10 + static_cast<uint64_t>(c - '0');
    head_.body = n ? BodyKind::Length : BodyKind::None;
    head_.content_length = n;
    remaining_ = n;
    state_ = State::LengthBody;
    return true;
  }
  state_ = State::Done;
  return true;
}

Step RequestParser::parse_chunk_line(std::string_view input) {
  size_t lf = input.find('\n');
  size_t take = lf == std::string_view::npos ? input.size() : lf + 1;
  if (buffer_.size() + take > limits_.max_chunk_line) return fail(400, "chunk line too long", take);
  buffer_.append(input.substr(0, take));
  if (lf == std::string_view::npos) return {Event::NeedMore, take, {}};
  std::string_view line;
  if (!take_line(buffer_, 0, buffer_.size() - 1, line)) return fail(400, "bare CR in a chunk line", take);
  // chunk-size [ chunk-ext ] (RFC 9112 §7.1); extensions are ignored.
  uint64_t size = 0;
  size_t digits = 0;
  while (digits < line.size() && hex_value(line[digits]) >= 0) {
    if (digits == 15) return fail(400, "chunk size too large", take);
    size = size * 16 + static_cast<uint64_t>(hex_value(line[digits]));
    ++digits;
  }
  if (digits == 0) return fail(400, "invalid chunk size", take);
  auto rest = line.substr(digits);
  while (!rest.empty() && is_ows(rest.front())) rest.remove_prefix(1);
  if (!rest.empty() && (rest.front() != ';' ||
                        !std::all_of(rest.begin(), rest.end(), [](unsigned char c) { return is_field_char(c); }))) {
    return fail(400, "invalid chunk size", take);
  }
  buffer_.clear();
  if (size == 0) {
    state_ = State::Trailers;
    scanned_ = 0;
  } else {
    state_ = State::ChunkData;
    remaining_ = size;
  }
  return {Event::NeedMore, take, {}};
}

Step RequestParser::parse_trailers(std::string_view input) {
  // trailer-section CRLF: field lines up to an empty line, under the header limits.
  size_t used = 0;
  while (used < input.size()) {
    size_t lf = input.find('\n', used);
    size_t end = lf == std::string_view::npos ? input.size() : lf + 1;
    buffer_.append(input.substr(used, end - used));
    used = end;
    if (buffer_.size() > limits_.max_header_bytes) return fail(431, "trailer section too large", used);
    if (lf == std::string_view::npos) break;
    std::string_view line;
    if (!take_line(buffer_, scanned_, buffer_.size() - 1, line)) return fail(400, "bare CR in a trailer", used);
    if (line.empty()) {
      state_ = State::Done;
      return {Event::NeedMore, used, {}};
    }
    if (trailers_.size() >= limits_.max_headers) return fail(431, "too many trailer fields", used);
    Field field;
    if (!parse_field(scanned_, scanned_ + line.size(), field)) return {Event::Error, used, {}};
    trailers_.emplace_back(field.first, field.second);
    scanned_ = buffer_.size();
  }
  return {Event::NeedMore, used, {}};
}

}  // namespace toolchain::http
