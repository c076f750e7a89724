#include "http/websocket_frame.h"

#include <algorithm>
#include <cstring>

#include <openssl/evp.h>

namespace toolchain::http::websocket {

bool close_code_allowed_on_wire(uint32_t code) {
  // 1004 is reserved, 1005/1006/1015 are never sent, 1016-2999 are unassigned.
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
}

bool Utf8Validator::feed(const uint8_t* data, size_t size) {
  size_t i = 0;
  while (i < size) {
    if (need_ == 0) {
      // ASCII runs, eight bytes at a time.
      while (i + 8 <= size) {
        uint64_t word;
        std::memcpy(&word, data + i, 8);
        if (word & 0x8080808080808080ull) break;
        i += 8;
      }
      if (i == size) break;
      uint8_t b = data[i++];
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) need_ = 1, low_ = 0x80, high_ = 0xbf;
      else if (b == 0xe0) need_ = 2, low_ = 0xa0, high_ = 0xbf;  // no overlongs
      else if (b == 0xed) need_ = 2, low_ = 0x80, high_ = 0x9f;  // no surrogates
      else if (b >= 0xe1 && b <= 0xef) need_ = 2, low_ = 0x80, high_ = 0xbf;
      else if (b == 0xf0) need_ = 3, low_ = 0x90, high_ = 0xbf;  // no overlongs
      else if (b >= 0xf1 && b <= 0xf3) need_ = 3, low_ = 0x80, high_ = 0xbf;
      else if (b == 0xf4) need_ = 3, low_ = 0x80, high_ = 0x8f;  // up to U+10FFFF
      else return false;
      continue;
    }
    uint8_t b = data[i++];
    if (b < low_ || b > high_) return false;
    --need_;
    low_ = 0x80, high_ = 0xbf;
  }
  return true;
}

namespace {

bool is_control(Opcode op) { return static_cast<uint8_t>(op) >= 8; }

// XORs `size` bytes with the mask starting at mask position `at`; returns the next position.
size_t unmask(uint8_t* data, size_t size, const uint8_t mask[4], size_t at) {
  size_t i = 0;
  while (i < size && ((at + i) & 3) != 0) data[i] ^= mask[(at + i) & 3], ++i;
  // Now aligned to the mask: eight bytes at a time.
  uint64_t wide;
  uint8_t* w = reinterpret_cast<uint8_t*>(&wide);
  for (int k = 0; k < 8; ++k) w[k] = mask[k & 3];
  for (; i + 8 <= size; i += 8) {
    uint64_t chunk;
    std::memcpy(&chunk, data + i, 8);
    chunk ^= wide;
    std::memcpy(data + i, &chunk, 8);
  }
  for (; i < size; ++i) data[i] ^= mask[(at + i) & 3];
  return (at + size) & 3;
}

}  // namespace

FrameStep FrameParser::fail(uint16_t code, std::string message, size_t consumed) {
  state_ = State::Failed;
  failure_ = Failure{code, std::move(message)};
  return {FrameEvent::Error, consumed};
}

FrameStep FrameParser::parse(std::string_view input) {
  if (state_ == State::Failed) return {FrameEvent::Error, 0};
  size_t used = 0;
  for (;;) {
    if (state_ == State::Head) {
      // 2 bytes, then the extended length and the mask they announce.
      for (;;) {
        size_t need = 2;
        if (head_size_ >= 2) {
          uint8_t len7 = head_[1] & 0x7f;
          need += (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + ((head_[1] & 0x80) ? 4 : 0);
        }
        if (head_size_ >= need) break;
        if (used == input.size()) return {FrameEvent::NeedMore, used};
        size_t take = std::min(need - head_size_, input.size() - used);
        std::memcpy(head_ + head_size_, input.data() + used, take);
        head_size_ += take;
        used += take;
      }
      if (!accept_head()) return {FrameEvent::Error, used};
      state_ = State::Payload;
    }
    // State::Payload
    std::string& into = is_control(opcode_) ? control_ : message_bytes_;
    size_t take = static_cast<size_t>(std::min<uint64_t>(remaining_, input.size() - used));
    if (take > 0) {
      size_t at = into.size();
      into.append(input.data() + used, take);
      auto* bytes = reinterpret_cast<uint8_t*>(into.data()) + at;
      mask_at_ = unmask(bytes, take, mask_, mask_at_);
      used += take;
      remaining_ -= take;
      if (!is_control(opcode_) && message_ == Opcode::Text && !utf8_.feed(bytes, take)) {
        return fail(kInvalidData, "Invalid UTF-8", used);
      }
    }
    if (remaining_ > 0) return {FrameEvent::NeedMore, used};
    state_ = State::Head;
    head_size_ = 0;
    FrameEvent event = finish_frame();
    if (event == FrameEvent::Error) return {FrameEvent::Error, used};
    if (event != FrameEvent::NeedMore) return {event, used};
    // A fragment that completes no message: read on.
  }
}

bool FrameParser::accept_head() {
  auto failed = [&](uint16_t code, std::string message) {
    fail(code, std::move(message), 0);
    return false;
  };
  uint8_t b0 = head_[0], b1 = head_[1];
  fin_ = b0 & 0x80;
  uint8_t op = b0 & 0x0f;
  if (b0 & 0x70) return failed(kProtocolError, "Reserved bits are not zero");
  if (op > 2 && (op < 8 || op > 10)) return failed(kProtocolError, "Invalid opcode " + std::to_string(op));
  opcode_ = static_cast<Opcode>(op);
  if (!(b1 & 0x80)) return failed(kProtocolError, "Frame is not masked");
  uint64_t size = b1 & 0x7f;
  size_t at = 2;
  if (size == 126) {
    size = (uint64_t{head_[2]} << 8) | head_[3];
    at = 4;
  } else if (size == 127) {
    size = 0;
    for (int i = 0; i < 8; ++i) size = (size << 8) | head_[2 + i];
    at = 10;
  }
  std::memcpy(mask_, head_ + at, 4);
  mask_at_ = 0;
  remaining_ = size;
  if (is_control(opcode_)) {
    if (!fin_) return failed(kProtocolError, "Control frame must not be fragmented");
    if (size > 125) {
      const char* name = opcode_ == Opcode::Ping ? "Ping" : opcode_ == Opcode::Pong ? "Pong" : "Close";
      return failed(kProtocolError, std::string(name) + " frame too large");
    }
    control_.clear();
    return true;
  }
  if (opcode_ == Opcode::Continuation) {
    if (message_ == Opcode::Continuation) return failed(kProtocolError, "Invalid continuation frame");
  } else {
    if (message_ != Opcode::Continuation) return failed(kProtocolError, "Invalid fragment");
    message_ = opcode_;
    message_bytes_.clear();
    utf8_.reset();
  }
  if (size > max_message_ || message_bytes_.size() + size > max_message_) {
    return failed(kTooBig, "Frame too large");
  }
  // Room for the frame, up to 1 MiB ahead (a head alone must not reserve 64 MiB).
  message_bytes_.reserve(message_bytes_.size() + std::min<uint64_t>(size, 1 << 20));
  return true;
}

FrameEvent FrameParser::finish_frame() {
  switch (opcode_) {
    case Opcode::Ping:
    case Opcode::Pong:
      payload_.swap(control_);
      control_.clear();
      return opcode_ == Opcode::Ping ? FrameEvent::Ping : FrameEvent::Pong;
    case Opcode::Close: {
      if (control_.size() == 1) return fail(kProtocolError, "Invalid close frame", 0), FrameEvent::Error;
      if (control_.empty()) {
        close_code_ = kNoStatus;
        payload_.clear();
        return FrameEvent::Close;
      }
      uint16_t code = static_cast<uint16_t>((uint8_t(control_[0]) << 8) | uint8_t(control_[1]));
      if (!close_code_allowed_on_wire(code)) return fail(kProtocolError, "Invalid close code", 0), FrameEvent::Error;
      Utf8Validator reason;
      if (!reason.feed(reinterpret_cast<const uint8_t*>(control_.data()) + 2, control_.size() - 2) ||
          !reason.complete()) {
        return fail(kInvalidData, "Invalid UTF-8", 0), FrameEvent::Error;
      }
      close_code_ = code;
      payload_.assign(control_, 2);
      return FrameEvent::Close;
    }
    default:
      break;
  }
  if (!fin_) return FrameEvent::NeedMore;
  if (message_ == Opcode::Text && !utf8_.complete()) return fail(kInvalidData, "Invalid UTF-8", 0), FrameEvent::Error;
  FrameEvent event = message_ == Opcode::Text ? FrameEvent::Text : FrameEvent::Binary;
  payload_.swap(message_bytes_);
  message_bytes_.clear();
  message_ = Opcode::Continuation;
  return event;
}

void append_frame_head(std::string& out, Opcode opcode, uint64_t size, bool fin) {
  out.push_back(static_cast<char>((fin ? 0x80 : 0) | static_cast<uint8_t>(opcode)));
  if (size < 126) {
    out.push_back(static_cast<char>(size));
  } else if (size <= 0xffff) {
    out.push_back(126);
    out.push_back(static_cast<char>(size >> 8));
    out.push_back(static_cast<char>(size & 0xff));
  } else {
    out.push_back(127);
    for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<char>((size >> shift) & 0xff));
  }
}

std::string server_frame(Opcode opcode, std::string_view payload) {
  std::string out;
  out.reserve(payload.size() + 10);
  append_frame_head(out, opcode, payload.size());
  out.append(payload);
  return out;
}

std::string close_payload(uint16_t code, std::string_view reason) {
  if (code == kNoStatus) return {};
  std::string out;
  out.push_back(static_cast<char>(code >> 8));
  out.push_back(static_cast<char>(code & 0xff));
  out.append(reason);
  return out;
}

std::string client_frame(Opcode opcode, std::string_view payload, uint32_t mask, bool fin, uint8_t rsv) {
  std::string out;
  append_frame_head(out, opcode, payload.size(), fin);
  out[0] = static_cast<char>(uint8_t(out[0]) | ((rsv & 7) << 4));
  out[1] = static_cast<char>(uint8_t(out[1]) | 0x80);
  uint8_t key[4] = {uint8_t(mask >> 24), uint8_t(mask >> 16), uint8_t(mask >> 8), uint8_t(mask)};
  out.append(reinterpret_cast<const char*>(key), 4);
  size_t at = out.size();
  out.append(payload);
  unmask(reinterpret_cast<uint8_t*>(out.data()) + at, payload.size(), key, 0);
  return out;
}

std::string accept_key(std::string_view key) {
  std::string input(key);
  input += "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(input.data(), input.size(), digest, &size, EVP_sha1(), nullptr);
  unsigned char encoded[64];
  int n = EVP_EncodeBlock(encoded, digest, static_cast<int>(size));
  return std::string(reinterpret_cast<char*>(encoded), static_cast<size_t>(n));
}

}  // namespace toolchain::http::websocket
