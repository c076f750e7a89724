#include "transport/framing.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace toolchain::daemon {

std::string encode_frame(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

void FrameParser::feed(std::string_view data, std::vector<UniqueFd> fds) {
  if (!error_.empty()) return;  // fds are dropped (closed) with the vector
  if (start_ > 0 && start_ * 2 >= buffer_.size()) {
    buffer_.erase(0, start_);
    base_ += start_;
    start_ = 0;
  }
  std::uint64_t begin = base_ + buffer_.size();
  buffer_.append(data);
  if (!fds.empty()) batches_.push_back({begin, begin + data.size(), std::move(fds)});
}

FrameParser::Status FrameParser::fail(std::string message) {
  error_ = std::move(message);
  buffer_.clear();
  batches_.clear();
  start_ = 0;
  return Status::kError;
}

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_token(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    auto u = static_cast<unsigned char>(c);
    if (u <= 32 || u >= 127 || c == ':') return false;
  }
  return true;
}

// A printable rendering of a bad header line for error messages.
std::string quote(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 60)) {
    auto u = static_cast<unsigned char>(c);
    out += (u >= 32 && u < 127) ? c : '?';
  }
  if (s.size() > 60) out += "...";
  return "\"" + out + "\"";
}

}  // namespace

FrameParser::Status FrameParser::next(Frame& out) {
  if (!error_.empty()) return Status::kError;
  if (start_ == buffer_.size()) return Status::kNeedMore;

  // Header block: lines ending in "\n" (with an optional "\r"), up to a blank line.
  std::string_view view(buffer_);
  std::size_t pos = start_;
  bool have_length = false;
  std::uint64_t length = 0;
  for (;;) {
    std::size_t nl = view.find('\n', pos);
    if (nl == std::string_view::npos) {
      if (view.size() - start_ > limits_.max_header_bytes)
        return fail("header section longer than " + std::to_string(limits_.max_header_bytes) + " bytes");
      return Status::kNeedMore;
    }
    if (nl + 1 - start_ > limits_.max_header_bytes)
      return fail("header section longer than " + std::to_string(limits_.max_header_bytes) + " bytes");
    std::string_view line = view.substr(pos, nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos = nl + 1;
    if (line.empty()) break;
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || !is_token(line.substr(0, colon)))
      return fail("malformed header line " + quote(line));
    std::string_view name = line.substr(0, colon);
    std::string_view value = trim(line.substr(colon + 1));
    if (!iequals(name, "Content-Length")) continue;  // Content-Type and others: ignored
    std::uint64_t n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size())
      return fail("invalid Content-Length " + quote(value));
    if (have_length && n != length) return fail("conflicting Content-Length headers");
    if (n > limits_.max_body_bytes)
      return fail("Content-Length " + std::to_string(n) + " exceeds the limit of " +
                  std::to_string(limits_.max_body_bytes) + " bytes");
    have_length = true;
    length = n;
  }
  if (!have_length) return fail("missing Content-Length header");
  if (view.size() - pos < length) return Status::kNeedMore;

  std::uint64_t frame_begin = base_ + start_;
  std::uint64_t frame_end = base_ + pos + length;
  out.body.assign(view.substr(pos, length));
  out.fds.clear();
  take_fds(frame_begin, frame_end, out.fds);
  start_ = pos + length;
  if (start_ == buffer_.size()) {
    buffer_.clear();
    base_ = frame_end;
    start_ = 0;
  }
  return Status::kFrame;
}

void FrameParser::take_fds(std::uint64_t, std::uint64_t frame_end, std::vector<UniqueFd>& out) {
  // A batch whose bytes run past this frame's end contains the start of a later
  // frame: it goes to the last frame that starts within it.
  while (!batches_.empty() && batches_.front().end <= frame_end) {
    for (auto& fd : batches_.front().fds) out.push_back(std::move(fd));
    batches_.pop_front();
  }
}

}  // namespace toolchain::daemon
