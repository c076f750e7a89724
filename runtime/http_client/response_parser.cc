// RFC 9112 response parsing: status line (§4), field lines (§5), message body
// length (§6.3) and chunked transfer coding (§7.1).
#include "http_client/response_parser.h"

#include <algorithm>
#include <cstring>

#include "http_client/http_error.h"

namespace toolchain::http_client {

namespace {

[[noreturn]] void protocol_error(const std::string& what) { throw HttpError(HttpError::Kind::Protocol, what); }

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (x | 0x20) == (y | 0x20) || x == y;
         });
}

// RFC 9110 tchar.
bool is_tchar(unsigned char c) {
  if (c >= '0' && c <= '9') return true;
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return true;
  return std::strchr("!#$%&'*+-.^_`|~", c) != nullptr && c != 0;
}

bool is_ows(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_ows(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ows(s.back())) s.remove_suffix(1);
  return s;
}

// One field line "name: value" (obs-fold already replaced by spaces).
Header parse_field_line(std::string_view line) {
  size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) protocol_error("invalid header line");
  std::string_view name = line.substr(0, colon);
  // No whitespace is allowed between the name and the colon (§5.1).
  for (unsigned char c : name)
    if (!is_tchar(c)) protocol_error("invalid header name");
  std::string_view value = trim(line.substr(colon + 1));
  for (unsigned char c : value)
    if ((c < 0x20 && c != '\t') || c == 0x7f) protocol_error("invalid header value");
  return {std::string(name), std::string(value)};
}

// The lines of a head, ending at the empty line. A line ends at LF, with an
// optional CR before it (§2.2: recipients may accept a bare LF). Returns the
// offset just past the empty line, or 0 if it is not there yet.
size_t split_lines(std::string_view data, std::vector<std::string_view>& lines) {
  size_t pos = 0;
  while (true) {
    size_t lf = data.find('\n', pos);
    if (lf == std::string_view::npos) return 0;
    size_t end = lf > pos && data[lf - 1] == '\r' ? lf - 1 : lf;
    std::string_view line = data.substr(pos, end - pos);
    if (line.find('\r') != std::string_view::npos) protocol_error("bare CR in header section");
    pos = lf + 1;
    if (line.empty()) {
      if (lines.empty()) continue;  // §2.2: ignore empty lines before the status line
      return pos;
    }
    lines.push_back(line);
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c |= 0x20;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

std::string ResponseHead::get(std::string_view name) const {
  std::string out;
  bool first = true;
  for (const auto& h : headers) {
    if (!iequals(h.name, name)) continue;
    if (!first) out += ", ";
    out += h.value;
    first = false;
  }
  return out;
}

bool ResponseHead::has(std::string_view name) const {
  return std::any_of(headers.begin(), headers.end(), [&](const Header& h) { return iequals(h.name, name); });
}

bool ResponseHead::connection_has(std::string_view option) const {
  std::string value = get("connection");
  std::string_view rest = value;
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    if (iequals(trim(rest.substr(0, comma)), option)) return true;
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return false;
}

size_t parse_response_head(std::string_view data, ResponseHead& head) {
  std::vector<std::string_view> lines;
  size_t end = split_lines(data.substr(0, std::min(data.size(), kMaxHeadSize)), lines);
  if (end == 0) {
    if (data.size() >= kMaxHeadSize) protocol_error("response head too large");
    // Fail early on a first line that cannot become a status line.
    std::string_view start = data.substr(data.find_first_not_of("\r\n") == std::string_view::npos
                                             ? data.size()
                                             : data.find_first_not_of("\r\n"));
    std::string_view prefix = "HTTP/1.";
    size_t n = std::min(start.size(), prefix.size());
    if (start.substr(0, n) != prefix.substr(0, n)) protocol_error("invalid HTTP version");
    return 0;
  }
  // status-line = HTTP-version SP status-code SP [ reason-phrase ]
  std::string_view status_line = lines[0];
  if (status_line.size() < 12 || status_line.substr(0, 7) != "HTTP/1." ||
      status_line[7] < '0' || status_line[7] > '9' || status_line[8] != ' ')
    protocol_error("invalid HTTP version");
  head = ResponseHead{};
  head.version_minor = status_line[7] - '0';
  int status = 0;
  for (int i = 9; i < 12; ++i) {
    char c = status_line[i];
    if (c < '0' || c > '9') protocol_error("invalid status code");
    status = status * 10 + (c - '0');
  }
  if (status < 100) protocol_error("invalid status code");
  head.status = status;
  if (status_line.size() > 12) {
    if (status_line[12] != ' ') protocol_error("invalid status code");
    head.reason = std::string(status_line.substr(13));
  }
  for (size_t i = 1; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (is_ows(line.front())) {
      // obs-fold (§5.2): a user agent replaces it with SP and continues the value.
      if (i == 1) protocol_error("invalid header line");
      std::string& value = head.headers.back().value;
      std::string_view more = trim(line);
      if (!more.empty()) {
        value += ' ';
        value += more;
      }
      continue;
    }
    head.headers.push_back(parse_field_line(line));
  }
  return end;
}

BodyFraming BodyFraming::of(Mode mode, uint64_t length) {
  BodyFraming f;
  f.mode_ = mode;
  f.remaining_ = length;
  switch (mode) {
    case Mode::None: f.state_ = State::Done; break;
    case Mode::Length: f.state_ = length == 0 ? State::Done : State::Data; break;
    case Mode::Chunked: f.state_ = State::Size; break;
    case Mode::UntilClose: f.state_ = State::Data; break;
  }
  return f;
}

BodyFraming BodyFraming::for_response(const ResponseHead& head, std::string_view request_method) {
  if (iequals(request_method, "HEAD") || (head.status >= 100 && head.status < 200) || head.status == 204 ||
      head.status == 304)
    return of(Mode::None);
  if (head.has("transfer-encoding")) {
    // Chunked only counts as the final coding; anything else is read until close.
    std::string te = head.get("transfer-encoding");
    std::string_view codings = trim(te);
    size_t comma = codings.rfind(',');
    std::string_view last = trim(comma == std::string_view::npos ? codings : codings.substr(comma + 1));
    return of(iequals(last, "chunked") ? Mode::Chunked : Mode::UntilClose);
  }
  if (head.has("content-length")) {
    // "42, 42" (a repeated field or list of equal values) is one length; differing ones are an error.
    std::string all = head.get("content-length");
    std::string_view rest = all;
    bool seen = false;
    uint64_t length = 0;
    while (true) {
      size_t comma = rest.find(',');
      std::string_view item = trim(rest.substr(0, comma));
      if (item.empty() || item.size() > 19) protocol_error("invalid content-length");
      uint64_t value = 0;
      for (char c : item) {
        if (c < '0' || c > '9') protocol_error("invalid content-length");
        value = value * 10 + (c - '0');
      }
      if (seen && value != length) protocol_error("invalid content-length");
      length = value;
      seen = true;
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    return of(Mode::Length, length);
  }
  return of(Mode::UntilClose);
}

std::pair<size_t, size_t> BodyFraming::decode(std::span<const uint8_t> in, std::span<uint8_t> out) {
  size_t i = 0, o = 0;
  while (i < in.size() && state_ != State::Done) {
    const uint8_t c = in[i];
    switch (state_) {
      case State::Data: {
        size_t n = std::min(in.size() - i, out.size() - o);
        if (mode_ == Mode::Length) n = static_cast<size_t>(std::min<uint64_t>(n, remaining_));
        if (n == 0) return {i, o};
        std::memcpy(out.data() + o, in.data() + i, n);
        i += n;
        o += n;
        if (mode_ == Mode::Length && (remaining_ -= n) == 0) state_ = State::Done;
        break;
      }
      case State::Size: {
        int v = hex_value(static_cast<char>(c));
        if (v >= 0) {
          if (++size_digits_ > 15) protocol_error("invalid chunk size");
          remaining_ = remaining_ * 16 + v;
          ++i;
        } else if (size_digits_ == 0) {
          protocol_error("invalid chunk size");
        } else if (c == ';' || c == ' ' || c == '\t') {
          state_ = State::Extension;  // chunk-ext (and BWS before it) is ignored
          ++i;
        } else if (c == '\r') {
          state_ = State::SizeLf;
          ++i;
        } else if (c == '\n') {
          state_ = State::SizeLf;  // bare LF: handled as CRLF
        } else {
          protocol_error("invalid chunk size");
        }
        break;
      }
      case State::Extension:
        if (c == '\r') state_ = State::SizeLf;
        else if (c == '\n') { state_ = State::SizeLf; continue; }
        ++i;
        break;
      case State::SizeLf:
        if (c != '\n') protocol_error("invalid chunk size line");
        ++i;
        size_digits_ = 0;
        state_ = remaining_ == 0 ? State::Trailer : State::ChunkData;
        break;
      case State::ChunkData: {
        size_t n = static_cast<size_t>(std::min<uint64_t>(std::min(in.size() - i, out.size() - o), remaining_));
        if (n == 0) return {i, o};
        std::memcpy(out.data() + o, in.data() + i, n);
        i += n;
        o += n;
        if ((remaining_ -= n) == 0) state_ = State::ChunkCr;
        break;
      }
      case State::ChunkCr:
        if (c == '\r') { state_ = State::ChunkLf; ++i; }
        else if (c == '\n') state_ = State::ChunkLf;
        else protocol_error("missing CRLF after chunk data");
        break;
      case State::ChunkLf:
        if (c != '\n') protocol_error("missing CRLF after chunk data");
        ++i;
        state_ = State::Size;
        break;
      case State::Trailer: {
        // trailer-section = *( field-line CRLF ) then CRLF
        ++i;
        if (c != '\n') {
          if (trailer_line_.size() >= kMaxHeadSize) protocol_error("trailer section too large");
          trailer_line_ += static_cast<char>(c);
          break;
        }
        if (!trailer_line_.empty() && trailer_line_.back() == '\r') trailer_line_.pop_back();
        if (trailer_line_.empty()) {
          state_ = State::Done;
        } else {
          trailers_.push_back(parse_field_line(trailer_line_));
          trailer_line_.clear();
        }
        break;
      }
      case State::Done: break;
    }
  }
  return {i, o};
}

void BodyFraming::account(size_t n) {
  if (mode_ == Mode::Length) {
    if (n > remaining_) protocol_error("body longer than content-length");
    if ((remaining_ -= n) == 0) state_ = State::Done;
  }
}

void BodyFraming::end_of_input() {
  if (state_ == State::Done) return;
  if (mode_ == Mode::UntilClose) {
    state_ = State::Done;
    return;
  }
  throw HttpError(HttpError::Kind::Io, "connection closed before message completed");
}

}  // namespace toolchain::http_client
