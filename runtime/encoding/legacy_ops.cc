// The Encoding Standard's legacy encodings, decoded with the help of ICU's
// tables.
//
// Single-byte encodings are a table: op_encoding_single_byte_table gives the
// code units of bytes 0x80-0xFF (0xFFFF where the byte maps to nothing) and
// JavaScript decodes with it. Multi-byte encodings (gb18030, Big5, EUC-JP,
// ISO-2022-JP, Shift_JIS, EUC-KR) are the standard's decoder algorithms here,
// with their state in the caller's Int32Array so that streaming keeps nothing
// alive in C++; ICU answers only "which character is this well-formed
// sequence" (its tables and the standard's indexes agree but for a few
// pointers, listed where they part).
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <unicode/utf16.h>

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>

#include "bridge/op.h"

namespace toolchain {

namespace {

struct Converter {
  UConverter* cnv = nullptr;
  explicit Converter(const std::string& name) {
    UErrorCode err = U_ZERO_ERROR;
    cnv = ucnv_open(name.c_str(), &err);
    if (U_FAILURE(err)) {
      cnv = nullptr;
      return;
    }
    // Stop at each bad sequence: the caller decides between U+FFFD and an error.
    ucnv_setToUCallBack(cnv, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &err);
  }
  ~Converter() {
    if (cnv) ucnv_close(cnv);
  }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
};

std::string utf8_of(v8::Isolate* isolate, v8::Local<v8::Value> v) {
  v8::String::Utf8Value s(isolate, v);
  return *s ? std::string(*s, static_cast<size_t>(s.length())) : std::string();
}

// op_encoding_single_byte_table(icuName) -> string of 128 code units.
void op_encoding_single_byte_table(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  Converter c(utf8_of(isolate, info[0]));
  if (!c.cnv) return bridge::throw_js_error(isolate, bridge::range_error("Unknown encoding"));
  uint16_t table[128];
  for (int b = 0x80; b <= 0xFF; ++b) {
    ucnv_resetToUnicode(c.cnv);
    char byte = static_cast<char>(b);
    const char* src = &byte;
    UChar unit[4];
    UChar* target = unit;
    UErrorCode err = U_ZERO_ERROR;
    ucnv_toUnicode(c.cnv, &target, unit + 4, &src, src + 1, nullptr, true, &err);
    table[b - 0x80] = U_SUCCESS(err) && target - unit == 1 ? unit[0] : 0xFFFF;
  }
  info.GetReturnValue().Set(
      v8::String::NewFromTwoByte(isolate, table, v8::NewStringType::kNormal, 128).ToLocalChecked());
}

// The Encoding Standard's multi-byte decoders (§10-§13), byte by byte as the
// standard writes them; only the index lookups ("index gb18030 code point for
// pointer", …) ask ICU, by decoding the one well-formed sequence.
enum MultiByte { kGb18030 = 0, kBig5 = 1, kEucJp = 2, kIso2022Jp = 3, kShiftJis = 4, kEucKr = 5 };

constexpr const char* kIcuNames[] = {"gb18030", "Big5-HKSCS", "EUC-JP", "EUC-JP", "windows-31j", "windows-949"};

constexpr int kEof = -1;       // the end of the stream (only when flushing)
constexpr int kNoInput = -2;   // this chunk is used up (streaming)
constexpr int kContinue = -1;  // handler results; a code point is >= 0
constexpr int kFinished = -2;
constexpr int kError = -3;

class MultiByteDecoder {
 public:
  MultiByteDecoder(int encoding, int32_t* state, const uint8_t* bytes, size_t size, bool flush)
      : encoding_(encoding), state_(state), bytes_(bytes), size_(size), flush_(flush),
        icu_(kIcuNames[encoding]) {}

  bool ok() const { return icu_.cnv != nullptr; }

  // Decodes into out; false if fatal and the input has an error.
  bool run(bool fatal, std::vector<uint16_t>& out) {
    out_ = &out;
    for (;;) {
      int byte = next();
      if (byte == kNoInput) return true;
      int result = handle(byte);
      if (result == kFinished) return true;
      if (result == kError) {
        if (fatal) return false;
        emit(0xFFFD);
      } else if (result >= 0) {
        emit(result);
      }
    }
  }

 private:
  int next() {
    if (!front_.empty()) {
      int b = front_.back();
      front_.pop_back();
      return b;
    }
    if (pos_ < size_) return bytes_[pos_++];
    return flush_ ? kEof : kNoInput;
  }
  // "Prepend" bytes to the stream: they are read next, in this order.
  void prepend(std::initializer_list<int> bytes) {
    for (auto it = std::rbegin(bytes); it != std::rend(bytes); ++it) front_.push_back(*it);
  }
  void emit(int cp) {
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out_->push_back(static_cast<uint16_t>(0xD800 | (cp >> 10)));
      out_->push_back(static_cast<uint16_t>(0xDC00 | (cp & 0x3FF)));
    } else {
      out_->push_back(static_cast<uint16_t>(cp));
    }
  }
  static bool ascii(int b) { return b >= 0 && b <= 0x7F; }
  static bool in(int b, int lo, int hi) { return b >= lo && b <= hi; }
  static bool is_private_use(int cp) { return in(cp, 0xE000, 0xF8FF); }

  // The code point ICU decodes these bytes to (one character), or -1.
  int lookup(std::initializer_list<uint8_t> seq) { return lookup(icu_.cnv, seq); }
  static int lookup(UConverter* cnv, std::initializer_list<uint8_t> seq) {
    char buf[4];
    int n = 0;
    for (uint8_t b : seq) buf[n++] = static_cast<char>(b);
    ucnv_resetToUnicode(cnv);
    const char* src = buf;
    UChar units[4];
    UChar* target = units;
    UErrorCode err = U_ZERO_ERROR;
    ucnv_toUnicode(cnv, &target, units + 4, &src, buf + n, nullptr, true, &err);
    if (U_FAILURE(err) || src != buf + n) return -1;
    auto len = target - units;
    if (len == 1 && units[0] != 0xFFFD && units[0] != 0x1A) return units[0];
    if (len == 2 && U16_IS_LEAD(units[0]) && U16_IS_TRAIL(units[1])) return U16_GET_SUPPLEMENTARY(units[0], units[1]);
    return -1;
  }

  int handle(int byte) {
    switch (encoding_) {
      case kGb18030: return gb18030(byte);
      case kBig5: return big5(byte);
      case kEucJp: return euc_jp(byte);
      case kIso2022Jp: return iso_2022_jp(byte);
      case kShiftJis: return shift_jis(byte);
      default: return euc_kr(byte);
    }
  }

  // §10.2.1 gb18030 decoder: state = first, second, third.
  int gb18030(int byte) {
    int32_t &first = state_[0], &second = state_[1], &third = state_[2];
    if (byte == kEof) {
      if (first == 0 && second == 0 && third == 0) return kFinished;
      first = second = third = 0;
      return kError;
    }
    if (third != 0) {
      if (!in(byte, 0x30, 0x39)) {
        prepend({second, third, byte});
        first = second = third = 0;
        return kError;
      }
      int pointer = (first - 0x81) * 12600 + (second - 0x30) * 1260 + (third - 0x81) * 10 + byte - 0x30;
      int cp = -1;
      if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) cp = -1;
      else if (pointer == 7457) cp = 0xE7C7;
      else if (pointer >= 189000) cp = 0x10000 + pointer - 189000;
      else cp = lookup({uint8_t(first), uint8_t(second), uint8_t(third), uint8_t(byte)});
      first = second = third = 0;
      return cp >= 0 ? cp : kError;
    }
    if (second != 0) {
      if (in(byte, 0x81, 0xFE)) {
        third = byte;
        return kContinue;
      }
      prepend({second, byte});
      first = second = 0;
      return kError;
    }
    if (first != 0) {
      if (in(byte, 0x30, 0x39)) {
        second = byte;
        return kContinue;
      }
      int lead = first;
      first = 0;
      int cp = -1;
      if (in(byte, 0x40, 0x7E) || in(byte, 0x80, 0xFE)) cp = gb18030_two_byte(lead, byte);
      if (cp >= 0) return cp;
      if (ascii(byte)) prepend({byte});
      return kError;
    }
    if (ascii(byte)) return byte;
    if (byte == 0x80) return 0x20AC;
    if (in(byte, 0x81, 0xFE)) {
      first = byte;
      return kContinue;
    }
    return kError;
  }
  // Where the standard's gb18030 index and ICU's GB18030-2005 table part.
  int gb18030_two_byte(int lead, int byte) {
    switch (lead << 8 | byte) {
      case 0xA1A4: return 0x00B7;
      case 0xA1AA: return 0x2014;
      case 0xA1AB: return 0xFF5E;
      case 0xA1AD: return 0x2026;
      // GB18030-2022 moved these from the Private Use Area to real characters.
      case 0xA3A0: return 0x3000;
      case 0xA6D9: return 0xFE10;
      case 0xA6DA: return 0xFE12;
      case 0xA6DB: return 0xFE11;
      case 0xA6DC: return 0xFE13;
      case 0xA6DD: return 0xFE14;
      case 0xA6DE: return 0xFE15;
      case 0xA6DF: return 0xFE16;
      case 0xA6EC: return 0xFE17;
      case 0xA6ED: return 0xFE18;
      case 0xA6F3: return 0xFE19;
      case 0xFE59: return 0x9FB4;
      case 0xFE61: return 0x9FB5;
      case 0xFE66: return 0x9FB6;
      case 0xFE67: return 0x9FB7;
      case 0xFE6D: return 0x9FB8;
      case 0xFE7E: return 0x9FB9;
      case 0xFE90: return 0x9FBA;
      case 0xFEA0: return 0x9FBB;
    }
    return lookup({uint8_t(lead), uint8_t(byte)});
  }

  // §11.1.1 Big5 decoder: state = lead.
  int big5(int byte) {
    int32_t& lead = state_[0];
    if (byte == kEof) {
      if (lead == 0) return kFinished;
      lead = 0;
      return kError;
    }
    if (lead != 0) {
      int l = lead;
      lead = 0;
      int pointer = -1;
      int offset = byte < 0x7F ? 0x40 : 0x62;
      if (in(byte, 0x40, 0x7E) || in(byte, 0xA1, 0xFE)) pointer = (l - 0x81) * 157 + (byte - offset);
      switch (pointer) {
        case 1133: emit(0x00CA); return 0x0304;
        case 1135: emit(0x00CA); return 0x030C;
        case 1164: emit(0x00EA); return 0x0304;
        case 1166: emit(0x00EA); return 0x030C;
      }
      int cp = pointer >= 0 ? lookup({uint8_t(l), uint8_t(byte)}) : -1;
      if (is_private_use(cp)) cp = -1;  // ICU's user-defined area: not in the index
      if (cp >= 0) return cp;
      if (ascii(byte)) prepend({byte});
      return kError;
    }
    if (ascii(byte)) return byte;
    if (in(byte, 0x81, 0xFE)) {
      lead = byte;
      return kContinue;
    }
    return kError;
  }

  // §12.1.1 EUC-JP decoder: state = lead, jis0212 flag.
  int euc_jp(int byte) {
    int32_t &lead = state_[0], &jis0212 = state_[1];
    if (byte == kEof) {
      if (lead == 0) return kFinished;
      lead = 0;
      return kError;
    }
    if (lead == 0x8E && in(byte, 0xA1, 0xDF)) {
      lead = 0;
      return 0xFF61 - 0xA1 + byte;
    }
    if (lead == 0x8F && in(byte, 0xA1, 0xFE)) {
      jis0212 = 1;
      lead = byte;
      return kContinue;
    }
    if (lead != 0) {
      int l = lead;
      lead = 0;
      int cp = -1;
      if (in(l, 0xA1, 0xFE) && in(byte, 0xA1, 0xFE))
        // ICU's rows from 0xF3 on are IBM's extension, not JIS X 0212.
        cp = jis0212 ? (l < 0xF3 ? lookup({0x8F, uint8_t(l), uint8_t(byte)}) : -1) : jis0208(l - 0x80, byte - 0x80);
      jis0212 = 0;
      if (cp >= 0) return cp;
      if (ascii(byte)) prepend({byte});
      return kError;
    }
    if (ascii(byte)) return byte;
    if (byte == 0x8E || byte == 0x8F || in(byte, 0xA1, 0xFE)) {
      lead = byte;
      return kContinue;
    }
    return kError;
  }

  // Index jis0208 by row and cell (0x21-0x7E each), through Shift_JIS bytes
  // (windows-31j has the standard's NEC and IBM rows).
  int jis0208(int row, int cell) {
    int pointer = (row - 0x21) * 94 + cell - 0x21;
    int lead = pointer / 188, trail = pointer % 188;
    int lead_byte = lead + (lead < 0x1F ? 0x81 : 0xC1);
    int trail_byte = trail + (trail < 0x3F ? 0x40 : 0x41);
    if (icu_sjis_.cnv == nullptr) return -1;
    return lookup(icu_sjis_.cnv, {uint8_t(lead_byte), uint8_t(trail_byte)});
  }

  // §12.2.1 ISO-2022-JP decoder: state, output state, lead, output flag.
  enum { kAscii, kRoman, kKatakana, kLeadByte, kTrailByte, kEscapeStart, kEscape };
  int iso_2022_jp(int byte) {
    int32_t &state = state_[0], &output_state = state_[1], &lead = state_[2], &output_flag = state_[3];
    switch (state) {
      case kAscii:
        if (byte == 0x1B) { state = kEscapeStart; return kContinue; }
        if (in(byte, 0x00, 0x7F) && byte != 0x0E && byte != 0x0F) { output_flag = 0; return byte; }
        if (byte == kEof) return kFinished;
        output_flag = 0;
        return kError;
      case kRoman:
        if (byte == 0x1B) { state = kEscapeStart; return kContinue; }
        if (byte == 0x5C) { output_flag = 0; return 0x00A5; }
        if (byte == 0x7E) { output_flag = 0; return 0x203E; }
        if (in(byte, 0x00, 0x7F) && byte != 0x0E && byte != 0x0F) { output_flag = 0; return byte; }
        if (byte == kEof) return kFinished;
        output_flag = 0;
        return kError;
      case kKatakana:
        if (byte == 0x1B) { state = kEscapeStart; return kContinue; }
        if (in(byte, 0x21, 0x5F)) { output_flag = 0; return 0xFF61 - 0x21 + byte; }
        if (byte == kEof) return kFinished;
        output_flag = 0;
        return kError;
      case kLeadByte:
        if (byte == 0x1B) { state = kEscapeStart; return kContinue; }
        if (in(byte, 0x21, 0x7E)) { output_flag = 0; lead = byte; state = kTrailByte; return kContinue; }
        if (byte == kEof) return kFinished;
        output_flag = 0;
        return kError;
      case kTrailByte: {
        if (byte == 0x1B) { state = kEscapeStart; return kError; }
        if (in(byte, 0x21, 0x7E)) {
          state = kLeadByte;
          int cp = jis0208(lead, byte);
          return cp >= 0 ? cp : kError;
        }
        if (byte == kEof) { state = kLeadByte; prepend({byte}); return kError; }
        state = kLeadByte;
        return kError;
      }
      case kEscapeStart:
        if (byte == 0x24 || byte == 0x28) { lead = byte; state = kEscape; return kContinue; }
        prepend({byte});
        output_flag = 0;
        state = output_state;
        return kError;
      default: {  // kEscape
        int l = lead;
        lead = 0;
        int next_state = -1;
        if (l == 0x28 && byte == 0x42) next_state = kAscii;
        else if (l == 0x28 && byte == 0x4A) next_state = kRoman;
        else if (l == 0x28 && byte == 0x49) next_state = kKatakana;
        else if (l == 0x24 && (byte == 0x40 || byte == 0x42)) next_state = kLeadByte;
        if (next_state >= 0) {
          state = output_state = next_state;
          bool output = output_flag;
          output_flag = 1;
          return output ? kError : kContinue;
        }
        prepend({l, byte});
        output_flag = 0;
        state = output_state;
        return kError;
      }
    }
  }

  // §13.3.1 Shift_JIS decoder: state = lead.
  int shift_jis(int byte) {
    int32_t& lead = state_[0];
    if (byte == kEof) {
      if (lead == 0) return kFinished;
      lead = 0;
      return kError;
    }
    if (lead != 0) {
      int l = lead;
      lead = 0;
      int pointer = -1;
      int offset = byte < 0x7F ? 0x40 : 0x41;
      int lead_offset = l < 0xA0 ? 0x81 : 0xC1;
      if (in(byte, 0x40, 0x7E) || in(byte, 0x80, 0xFC)) pointer = (l - lead_offset) * 188 + byte - offset;
      if (in(pointer, 8836, 10715)) return 0xE000 - 8836 + pointer;
      int cp = pointer >= 0 ? lookup({uint8_t(l), uint8_t(byte)}) : -1;
      if (cp >= 0) return cp;
      if (ascii(byte)) prepend({byte});
      return kError;
    }
    if (ascii(byte) || byte == 0x80) return byte;
    if (in(byte, 0xA1, 0xDF)) return 0xFF61 - 0xA1 + byte;
    if (in(byte, 0x81, 0x9F) || in(byte, 0xE0, 0xFC)) {
      lead = byte;
      return kContinue;
    }
    return kError;
  }

  // §14.1.1 EUC-KR decoder: state = lead.
  int euc_kr(int byte) {
    int32_t& lead = state_[0];
    if (byte == kEof) {
      if (lead == 0) return kFinished;
      lead = 0;
      return kError;
    }
    if (lead != 0) {
      int l = lead;
      lead = 0;
      int cp = in(byte, 0x41, 0xFE) ? lookup({uint8_t(l), uint8_t(byte)}) : -1;
      if (is_private_use(cp)) cp = -1;  // ICU's user-defined area: not in the index
      if (cp >= 0) return cp;
      if (ascii(byte)) prepend({byte});
      return kError;
    }
    if (ascii(byte)) return byte;
    if (in(byte, 0x81, 0xFE)) {
      lead = byte;
      return kContinue;
    }
    return kError;
  }

  int encoding_;
  int32_t* state_;
  const uint8_t* bytes_;
  size_t size_;
  size_t pos_ = 0;
  bool flush_;
  Converter icu_;
  Converter icu_sjis_{"windows-31j"};
  std::vector<int> front_;
  std::vector<uint16_t>* out_ = nullptr;
};

// op_encoding_multi_byte_decode(bytes, encoding, fatal, flush, state: Int32Array(4)) -> string.
// The decoder's state lives in the caller's Int32Array between streaming calls.
void op_encoding_multi_byte_decode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  if ((!info[0]->IsArrayBufferView() && !info[0]->IsArrayBuffer()) || !info[1]->IsInt32() ||
      !info[4]->IsInt32Array() || info[4].As<v8::Int32Array>()->Length() < 4)
    return bridge::throw_js_error(isolate, bridge::type_error("Expected bytes, an encoding and an Int32Array(4)"));
  int encoding = info[1].As<v8::Int32>()->Value();
  if (encoding < kGb18030 || encoding > kEucKr)
    return bridge::throw_js_error(isolate, bridge::range_error("Unknown encoding"));
  auto bytes = bridge::FromV8<bridge::ByteView>::get(isolate, info[0]);
  auto state = bridge::FromV8<bridge::ByteView>::get(isolate, info[4]);
  bool fatal = info[2]->BooleanValue(isolate);
  bool flush = info[3]->BooleanValue(isolate);
  MultiByteDecoder decoder(encoding, reinterpret_cast<int32_t*>(state.data), bytes.data, bytes.size, flush);
  if (!decoder.ok()) return bridge::throw_js_error(isolate, bridge::range_error("Unknown encoding"));
  std::vector<uint16_t> out;
  out.reserve(bytes.size + 1);
  if (!decoder.run(fatal, out))
    return bridge::throw_js_error(isolate, bridge::type_error("The encoded data is not valid"));
  v8::Local<v8::String> text;
  if (!v8::String::NewFromTwoByte(isolate, out.data(), v8::NewStringType::kNormal, static_cast<int>(out.size()))
           .ToLocal(&text))
    return bridge::throw_js_error(isolate, bridge::utf16_string_too_long());
  info.GetReturnValue().Set(text);
}

}  // namespace

void register_legacy_encoding_ops(bridge::OpRegistry& r) {
  r.raw("op_encoding_single_byte_table", op_encoding_single_byte_table);
  r.raw("op_encoding_multi_byte_decode", op_encoding_multi_byte_decode);
}

}  // namespace toolchain
