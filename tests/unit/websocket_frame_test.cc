// runtime/http/websocket_frame: RFC 6455's examples, fragmentation, control
// frames between fragments, every split of the input, and bad frames with the
// close code each must fail with.
#include "http/websocket_frame.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace toolchain::http::websocket;

namespace {

std::string bytes(std::initializer_list<int> list) {
  std::string out;
  for (int b : list) out.push_back(static_cast<char>(b));
  return out;
}

// Events as text: "text hello", "ping ", "close 1000 bye", "error 1002 Reserved bits are not zero".
struct Run {
  std::vector<std::string> events;
  size_t consumed = 0;
};

// Feeds `input` in pieces of `piece` bytes (0: all at once) until it is used up or an error.
Run run(const std::string& input, size_t piece = 0, uint64_t max = FrameParser::kDefaultMaxMessage) {
  FrameParser parser(max);
  Run result;
  std::string pending;  // bytes given but not yet consumed
  size_t at = 0;
  while (true) {
    if (at < input.size()) {
      size_t n = piece == 0 ? input.size() - at : std::min(piece, input.size() - at);
      pending.append(input, at, n);
      at += n;
    }
    std::string_view view(pending);
    bool failed = false;
    while (true) {
      auto step = parser.parse(view);
      view.remove_prefix(step.consumed);
      result.consumed += step.consumed;
      if (step.event == FrameEvent::NeedMore) break;
      switch (step.event) {
        case FrameEvent::Text: result.events.push_back("text " + parser.payload()); break;
        case FrameEvent::Binary: result.events.push_back("binary " + std::to_string(parser.payload().size())); break;
        case FrameEvent::Ping: result.events.push_back("ping " + parser.payload()); break;
        case FrameEvent::Pong: result.events.push_back("pong " + parser.payload()); break;
        case FrameEvent::Close:
          result.events.push_back("close " + std::to_string(parser.close_code()) + " " + parser.payload());
          break;
        case FrameEvent::Error:
          result.events.push_back("error " + std::to_string(parser.failure().code) + " " + parser.failure().message);
          failed = true;
          break;
        default: break;
      }
      if (failed) break;
    }
    pending = std::string(view);
    if (failed || at >= input.size()) break;
  }
  return result;
}

const uint32_t kMask = 0x37fa213d;

std::string text(std::string_view s, bool fin = true) { return client_frame(Opcode::Text, s, kMask, fin); }

}  // namespace

TEST(WebSocketFrame, Rfc6455Examples) {
  // §5.7: a single-frame masked text message "Hello".
  auto masked = bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58});
  EXPECT_EQ(run(masked).events, std::vector<std::string>{"text Hello"});
  EXPECT_EQ(client_frame(Opcode::Text, "Hello", kMask), masked);
  // Server frames are not masked: the same examples' unmasked forms.
  EXPECT_EQ(server_frame(Opcode::Text, "Hello"), bytes({0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f}));
  EXPECT_EQ(server_frame(Opcode::Pong, "Hello"), bytes({0x8a, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f}));
  // 256 bytes and 64 KiB: 16-bit and 64-bit extended lengths.
  std::string head;
  append_frame_head(head, Opcode::Binary, 256);
  EXPECT_EQ(head, bytes({0x82, 0x7e, 0x01, 0x00}));
  head.clear();
  append_frame_head(head, Opcode::Binary, 65536);
  EXPECT_EQ(head, bytes({0x82, 0x7f, 0, 0, 0, 0, 0, 1, 0, 0}));
  // §1.3: the handshake's accept key.
  EXPECT_EQ(accept_key("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

TEST(WebSocketFrame, FragmentedMessageWithControlFramesBetween) {
  std::string input = client_frame(Opcode::Text, "Hel", kMask, false) + client_frame(Opcode::Ping, "p", kMask) +
                      client_frame(Opcode::Continuation, "lo", kMask, false) +
                      client_frame(Opcode::Pong, "", kMask) + client_frame(Opcode::Continuation, " world", kMask) +
                      client_frame(Opcode::Close, close_payload(1000, "bye"), kMask);
  std::vector<std::string> want{"ping p", "pong ", "text Hello world", "close 1000 bye"};
  // Whatever the split of the input, the same events.
  for (size_t piece : {0, 1, 2, 3, 5, 7, 13}) {
    auto result = run(input, piece);
    EXPECT_EQ(result.events, want) << "pieces of " << piece;
    EXPECT_EQ(result.consumed, input.size());
  }
}

TEST(WebSocketFrame, LargeMessagesAndEmptyFrames) {
  std::string big(200000, 'x');
  auto result = run(client_frame(Opcode::Binary, big, kMask) + client_frame(Opcode::Binary, "", kMask) +
                    client_frame(Opcode::Text, "", kMask, false) + client_frame(Opcode::Continuation, "", kMask));
  EXPECT_EQ(result.events, (std::vector<std::string>{"binary 200000", "binary 0", "text "}));
  // Unmasking is right at every offset (the eight-byte path and the tail).
  std::string varied;
  for (int i = 0; i < 1000; ++i) varied.push_back(static_cast<char>(i * 7));
  for (size_t piece : {1, 3, 9, 64}) {
    FrameParser parser;
    std::string input = client_frame(Opcode::Binary, varied, 0x01020304);
    std::string_view view(input);
    std::string got;
    size_t at = 0;
    std::string pending;
    while (at < input.size()) {
      pending.append(input, at, std::min(piece, input.size() - at));
      at += piece;
      auto step = parser.parse(pending);
      pending.erase(0, step.consumed);
      if (step.event == FrameEvent::Binary) got = parser.payload();
    }
    EXPECT_EQ(got, varied) << "pieces of " << piece;
  }
}

TEST(WebSocketFrame, CloseFrames) {
  EXPECT_EQ(run(client_frame(Opcode::Close, "", kMask)).events, std::vector<std::string>{"close 1005 "});
  EXPECT_EQ(run(client_frame(Opcode::Close, close_payload(4000, "ünï"), kMask)).events,
            std::vector<std::string>{"close 4000 ünï"});
  EXPECT_EQ(run(client_frame(Opcode::Close, close_payload(1012, ""), kMask)).events,
            std::vector<std::string>{"close 1012 "});
  EXPECT_EQ(run(client_frame(Opcode::Close, bytes({3}), kMask)).events,
            std::vector<std::string>{"error 1002 Invalid close frame"});
  for (int code : {0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535}) {
    EXPECT_EQ(run(client_frame(Opcode::Close, bytes({code >> 8, code & 0xff}), kMask)).events,
              std::vector<std::string>{"error 1002 Invalid close code"})
        << code;
  }
  EXPECT_EQ(run(client_frame(Opcode::Close, close_payload(1000, bytes({0xff})), kMask)).events,
            std::vector<std::string>{"error 1007 Invalid UTF-8"});
  EXPECT_EQ(close_payload(kNoStatus, "ignored"), "");
  EXPECT_EQ(close_payload(1001, "x"), bytes({0x03, 0xe9, 'x'}));
}

TEST(WebSocketFrame, ProtocolErrors) {
  struct Case {
    std::string input;
    std::string event;
  };
  std::vector<Case> cases{
      {server_frame(Opcode::Text, "unmasked"), "error 1002 Frame is not masked"},
      {client_frame(Opcode::Text, "x", kMask, true, 4), "error 1002 Reserved bits are not zero"},
      {client_frame(Opcode::Text, "x", kMask, true, 1), "error 1002 Reserved bits are not zero"},
      {client_frame(static_cast<Opcode>(3), "x", kMask), "error 1002 Invalid opcode 3"},
      {client_frame(static_cast<Opcode>(11), "x", kMask), "error 1002 Invalid opcode 11"},
      {client_frame(Opcode::Ping, "x", kMask, false), "error 1002 Control frame must not be fragmented"},
      {client_frame(Opcode::Ping, std::string(126, 'a'), kMask), "error 1002 Ping frame too large"},
      {client_frame(Opcode::Close, std::string(126, 'a'), kMask), "error 1002 Close frame too large"},
      {client_frame(Opcode::Continuation, "x", kMask), "error 1002 Invalid continuation frame"},
      {text("a", false) + text("b"), "error 1002 Invalid fragment"},
      {text("a", false) + client_frame(Opcode::Binary, "b", kMask), "error 1002 Invalid fragment"},
  };
  for (auto& c : cases) {
    for (size_t piece : {0, 1}) {
      EXPECT_EQ(run(c.input, piece).events, std::vector<std::string>{c.event}) << c.event << " piece " << piece;
    }
  }
  // After an error the parser stays failed.
  FrameParser parser;
  auto bad = server_frame(Opcode::Text, "x");
  EXPECT_EQ(parser.parse(bad).event, FrameEvent::Error);
  EXPECT_EQ(parser.parse(text("ok")).event, FrameEvent::Error);
}

TEST(WebSocketFrame, MessageSizeLimit) {
  // A head announcing too much fails before any payload arrives.
  std::string head = bytes({0x82, 0xff, 0, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff, 1, 2, 3, 4});
  EXPECT_EQ(run(head).events, std::vector<std::string>{"error 1009 Frame too large"});
  EXPECT_EQ(run(bytes({0x82, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4})).events,
            std::vector<std::string>{"error 1009 Frame too large"});
  // The limit is on the whole message, fragments included.
  EXPECT_EQ(run(client_frame(Opcode::Binary, "12345678", kMask), 0, 8).events, std::vector<std::string>{"binary 8"});
  EXPECT_EQ(run(client_frame(Opcode::Binary, "123456", kMask, false) +
                    client_frame(Opcode::Continuation, "789", kMask),
                0, 8)
                .events,
            std::vector<std::string>{"error 1009 Frame too large"});
}

TEST(WebSocketFrame, Utf8) {
  EXPECT_EQ(run(text("héllo ✓ 🎉")).events, std::vector<std::string>{"text héllo ✓ 🎉"});
  // A character split across fragments is fine; the message must end on a boundary.
  EXPECT_EQ(run(text(bytes({'c', 0xc3}), false) + client_frame(Opcode::Continuation, bytes({0xa9}), kMask)).events,
            std::vector<std::string>{"text c\xc3\xa9"});
  for (auto bad : {bytes({0xff}), bytes({0xc0, 0xaf}), bytes({0xe0, 0x80, 0xaf}), bytes({0xed, 0xa0, 0x80}),
                   bytes({0xf4, 0x90, 0x80, 0x80}), bytes({0xf5}), bytes({0x80}), bytes({0xc3, 0x28}),
                   bytes({'a', 0xe2, 0x82})}) {
    for (size_t piece : {0, 1}) {
      EXPECT_EQ(run(text(bad), piece).events, std::vector<std::string>{"error 1007 Invalid UTF-8"});
    }
  }
  // Invalid bytes fail as they arrive, before the message ends.
  auto result = run(text(bytes({'a', 0xff}), false));
  EXPECT_EQ(result.events, std::vector<std::string>{"error 1007 Invalid UTF-8"});
  // Binary messages are not checked.
  EXPECT_EQ(run(client_frame(Opcode::Binary, bytes({0xff}), kMask)).events, std::vector<std::string>{"binary 1"});
  // The validator alone: ASCII runs, every boundary.
  Utf8Validator v;
  std::string s = std::string(40, 'a') + "€" + std::string(9, 'b') + "\xf0\x9f\x8e\x89";
  for (char c : s) ASSERT_TRUE(v.feed(reinterpret_cast<const uint8_t*>(&c), 1));
  EXPECT_TRUE(v.complete());
  v.reset();
  EXPECT_TRUE(v.feed(reinterpret_cast<const uint8_t*>(s.data()), s.size() - 1));
  EXPECT_FALSE(v.complete());
}

TEST(WebSocketFrame, CloseCodesAllowedOnWire) {
  for (uint32_t code : {1000u, 1001u, 1002u, 1003u, 1007u, 1011u, 1014u, 3000u, 4999u}) {
    EXPECT_TRUE(close_code_allowed_on_wire(code)) << code;
  }
  for (uint32_t code : {0u, 999u, 1004u, 1005u, 1006u, 1015u, 1016u, 2999u, 5000u, 65535u}) {
    EXPECT_FALSE(close_code_allowed_on_wire(code)) << code;
  }
}

TEST(WebSocketFrame, RandomSplitsGiveTheSameEvents) {
  // A stream of random valid frames (fragmented messages with control frames
  // between), fed whole and then at random split points (fixed seed).
  uint64_t state = 0x9e3779b97f4a7c15ull;
  auto next = [&](uint64_t bound) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return state % bound;
  };
  std::string input;
  for (int m = 0; m < 200; ++m) {
    bool is_text = next(2) == 0;
    size_t fragments = 1 + next(4);
    for (size_t f = 0; f < fragments; ++f) {
      std::string payload(next(f == 0 ? 300 : 70000), 'a' + static_cast<char>(next(26)));
      Opcode op = f == 0 ? (is_text ? Opcode::Text : Opcode::Binary) : Opcode::Continuation;
      input += client_frame(op, payload, static_cast<uint32_t>(next(1ull << 32)), f + 1 == fragments);
      if (next(3) == 0) input += client_frame(next(2) ? Opcode::Ping : Opcode::Pong, std::string(next(126), 'p'),
                                             static_cast<uint32_t>(next(1ull << 32)));
    }
  }
  auto whole = run(input);
  ASSERT_EQ(whole.consumed, input.size());
  for (int trial = 0; trial < 20; ++trial) {
    FrameParser parser;
    std::vector<std::string> events;
    std::string pending;
    size_t at = 0;
    while (at < input.size()) {
      size_t n = std::min<size_t>(1 + next(trial % 2 ? 17 : 40000), input.size() - at);
      pending.append(input, at, n);
      at += n;
      std::string_view view(pending);
      for (;;) {
        auto step = parser.parse(view);
        view.remove_prefix(step.consumed);
        if (step.event == FrameEvent::NeedMore) break;
        ASSERT_NE(step.event, FrameEvent::Error) << parser.failure().message;
        std::string name = step.event == FrameEvent::Text ? "text " : step.event == FrameEvent::Binary ? "binary "
                           : step.event == FrameEvent::Ping ? "ping " : "pong ";
        events.push_back(step.event == FrameEvent::Binary ? name + std::to_string(parser.payload().size())
                                                          : name + parser.payload());
      }
      pending = std::string(view);
    }
    EXPECT_EQ(events, whole.events) << "trial " << trial;
  }
}
