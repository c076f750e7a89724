// runtime/http/request_parser: RFC 9112 examples and hostile framing.
#include "http/request_parser.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace toolchain::http;

namespace {

struct Request {
  RequestHead head;
  std::string body;
  std::vector<std::pair<std::string, std::string>> trailers;
};

struct Outcome {
  std::vector<Request> requests;
  int error = 0;  // the status of a parse error, 0 if none
  bool complete_last = true;
};

// Feeds `text` in pieces of `piece` bytes (0: all at once).
Outcome feed(std::string_view text, size_t piece = 0, Limits limits = {}) {
  RequestParser parser(limits);
  Outcome out;
  bool open = false;
  size_t offset = 0;
  do {
    size_t n = piece ? std::min(piece, text.size() - offset) : text.size();
    std::string_view input = text.substr(offset, n);
    offset += n;
    for (;;) {
      Step step = parser.parse(input);
      input.remove_prefix(step.consumed);
      if (step.event == Event::Error) {
        out.error = parser.error().status;
        return out;
      }
      if (step.event == Event::Head) {
        out.requests.push_back({parser.head(), "", {}});
        open = true;
      } else if (step.event == Event::Body) {
        out.requests.back().body.append(step.body);
      } else if (step.event == Event::MessageEnd) {
        out.requests.back().trailers = parser.trailers();
        open = false;
      } else {
        break;
      }
    }
  } while (offset < text.size());
  out.complete_last = !open;
  return out;
}

int error_of(std::string_view text) { return feed(text).error; }

}  // namespace

TEST(HttpParser, SimpleGet) {
  auto out = feed("GET /hello.txt HTTP/1.1\r\nUser-Agent: curl/7.64.1\r\nHost: www.example.com\r\n"
                  "Accept-Language: en, mi\r\n\r\n");
  ASSERT_EQ(out.error, 0);
  ASSERT_EQ(out.requests.size(), 1u);
  auto& h = out.requests[0].head;
  EXPECT_EQ(h.method, "GET");
  EXPECT_EQ(h.target, "/hello.txt");
  EXPECT_EQ(h.version_minor, 1);
  ASSERT_EQ(h.headers.size(), 3u);
  EXPECT_EQ(h.headers[0].first, "user-agent");
  EXPECT_EQ(h.headers[2].second, "en, mi");
  EXPECT_TRUE(h.keep_alive);
  EXPECT_EQ(h.body, BodyKind::None);
  EXPECT_TRUE(out.complete_last);
}

TEST(HttpParser, EveryWayOfSplittingGivesTheSameRequests) {
  std::string text =
      "\r\nPOST /a?b=c HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world"
      "PUT /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
      "5\r\nhello\r\n6;name=value\r\n world\r\n0\r\nExpires: never\r\n\r\n"
      "GET / HTTP/1.1\nHost: x\n\n";
  for (size_t piece : {0, 1, 2, 3, 7, 13}) {
    SCOPED_TRACE(piece);
    auto out = feed(text, piece);
    ASSERT_EQ(out.error, 0);
    ASSERT_EQ(out.requests.size(), 3u);
    EXPECT_EQ(out.requests[0].body, "hello world");
    EXPECT_EQ(out.requests[0].head.target, "/a?b=c");
    EXPECT_EQ(out.requests[1].head.body, BodyKind::Chunked);
    EXPECT_EQ(out.requests[1].body, "hello world");
    ASSERT_EQ(out.requests[1].trailers.size(), 1u);
    EXPECT_EQ(out.requests[1].trailers[0].first, "expires");
    EXPECT_EQ(out.requests[1].trailers[0].second, "never");
    EXPECT_EQ(out.requests[2].head.method, "GET");
    EXPECT_TRUE(out.complete_last);
  }
}

TEST(HttpParser, IncompleteBodyIsNotAMessage) {
  auto out = feed("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc");
  ASSERT_EQ(out.requests.size(), 1u);
  EXPECT_EQ(out.requests[0].body, "abc");
  EXPECT_FALSE(out.complete_last);
}

TEST(HttpParser, ConnectionAndVersion) {
  EXPECT_FALSE(feed("GET / HTTP/1.0\r\n\r\n").requests[0].head.keep_alive);
  EXPECT_TRUE(feed("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").requests[0].head.keep_alive);
  EXPECT_FALSE(feed("GET / HTTP/1.1\r\nHost: x\r\nConnection: upgrade, close\r\n\r\n").requests[0].head.keep_alive);
  // A later 1.x minor version is served as 1.1 (RFC 9110 §6.2).
  EXPECT_EQ(feed("GET / HTTP/1.7\r\nHost: x\r\n\r\n").requests[0].head.version_minor, 7);
  EXPECT_EQ(error_of("GET / HTTP/2.0\r\nHost: x\r\n\r\n"), 505);
  EXPECT_EQ(error_of("GET / HTTP/1.10\r\nHost: x\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / http/1.1\r\nHost: x\r\n\r\n"), 400);
}

TEST(HttpParser, ExpectContinue) {
  auto out = feed("PUT / HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nContent-Length: 1\r\n\r\n");
  EXPECT_TRUE(out.requests[0].head.expect_continue);
  EXPECT_FALSE(feed("PUT / HTTP/1.0\r\nExpect: 100-continue\r\n\r\n").requests[0].head.expect_continue);
}

TEST(HttpParser, HostIsRequiredOnceIn11) {
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.0\r\n\r\n"), 0);
}

TEST(HttpParser, MalformedRequestLines) {
  EXPECT_EQ(error_of("GET  / HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET /\r\nHost: x\r\n\r\n"), 400);
  EXPECT_EQ(error_of("G(T / HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET /a\x01 HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET /\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1 \r\nHost: x\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1\rHost: x\r\n\r\n"), 400);  // bare CR
}

TEST(HttpParser, MalformedFields) {
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost : x\r\n\r\n"), 400);  // space before the colon
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  folded\r\n\r\n"), 400);  // obs-fold
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\n\tX-A: 1\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n"), 400);
  EXPECT_EQ(error_of(std::string("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n", 37)), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\n: empty name\r\n\r\n"), 400);
  // obs-text and surrounding whitespace are fine.
  auto out = feed("GET / HTTP/1.1\r\nHost: x\r\nX-A: \t caf\xc3\xa9 \t\r\n\r\n");
  ASSERT_EQ(out.error, 0);
  EXPECT_EQ(out.requests[0].head.headers[1].second, "caf\xc3\xa9");
}

TEST(HttpParser, AmbiguousFramingIsRejected) {
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x3\r\n\r\nabc"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"), 501);
  EXPECT_EQ(error_of("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"), 400);
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n"), 400);
  // Case-insensitive coding names are fine.
  EXPECT_EQ(error_of("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n0\r\n\r\n"), 0);
}

TEST(HttpParser, BadChunks) {
  std::string head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
  EXPECT_EQ(error_of(head + "g\r\n"), 400);
  EXPECT_EQ(error_of(head + "\r\n"), 400);
  EXPECT_EQ(error_of(head + "-1\r\n"), 400);
  EXPECT_EQ(error_of(head + "0x5\r\n"), 400);
  EXPECT_EQ(error_of(head + "1000000000000000\r\n"), 400);  // 16 hex digits: beyond 2^60
  EXPECT_EQ(error_of(head + "3\r\nabcX\r\n"), 400);           // data longer than the size
  EXPECT_EQ(error_of(head + "3\r\nabc\r\n0\r\nX : y\r\n\r\n"), 400);
  EXPECT_EQ(error_of(head + std::string(2000, '0') + "\r\n"), 400);
  auto out = feed(head + "A\r\n0123456789\r\n0\r\n\r\n");
  ASSERT_EQ(out.error, 0);
  EXPECT_EQ(out.requests[0].body, "0123456789");
}

TEST(HttpParser, Limits) {
  Limits limits{.max_request_line = 64, .max_header_bytes = 128, .max_headers = 3, .max_chunk_line = 16};
  EXPECT_EQ(feed("GET /" + std::string(100, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n", 0, limits).error, 414);
  // Detected before the line ends (a client sending forever).
  EXPECT_EQ(feed("GET /" + std::string(100, 'a'), 7, limits).error, 414);
  EXPECT_EQ(feed("GET / HTTP/1.1\r\nHost: x\r\nX: " + std::string(200, 'a') + "\r\n\r\n", 0, limits).error, 431);
  EXPECT_EQ(feed("GET / HTTP/1.1\r\nHost: x\r\nX: " + std::string(200, 'a'), 5, limits).error, 431);
  EXPECT_EQ(feed("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 1\r\nC: 1\r\n\r\n", 0, limits).error, 431);
  EXPECT_EQ(feed("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 1\r\n\r\n", 0, limits).error, 0);
  EXPECT_EQ(feed(std::string(100, '\n') + "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 0, limits).error, 414);
}

TEST(HttpParser, ErrorIsFinal) {
  RequestParser parser;
  EXPECT_EQ(parser.parse("BAD\r\n").event, Event::Error);
  EXPECT_EQ(parser.parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n").event, Event::Error);
  EXPECT_EQ(parser.error().status, 400);
  EXPECT_EQ(reason_phrase(431), "Request Header Fields Too Large");
}

TEST(HttpParser, IdleBetweenRequests) {
  RequestParser parser;
  EXPECT_TRUE(parser.idle());
  auto step = parser.parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(step.event, Event::Head);
  EXPECT_FALSE(parser.idle());
  EXPECT_EQ(parser.parse("").event, Event::MessageEnd);
  EXPECT_TRUE(parser.idle());
  parser.parse("GE");
  EXPECT_FALSE(parser.idle());
}

// Fields are views into the head's own bytes: a copy or a move of a head keeps
// them (also a short head, whose bytes move with the string), and the parser
// going on to the next request does not change a head taken before.
TEST(HttpParser, HeadCopiesAndMovesKeepTheirFields) {
  RequestParser parser;
  std::string input = "GET /a HTTP/1.1\r\nHost: one\r\nX-Long-Name: a value long enough to live on the heap\r\n\r\n";
  ASSERT_EQ(parser.parse(input).event, Event::Head);
  RequestHead copy = parser.head();
  RequestHead moved = std::move(parser.head());
  ASSERT_EQ(parser.parse("").event, Event::MessageEnd);
  // The next head reuses the parser's buffers; the earlier heads keep theirs.
  ASSERT_EQ(parser.parse("GET /b HTTP/1.1\r\nHost: two\r\nX-Long-Name: other\r\n\r\n").event, Event::Head);
  for (const RequestHead* head : {&copy, &moved}) {
    ASSERT_EQ(head->headers.size(), 2u);
    EXPECT_EQ(head->headers[0].first, "host");
    EXPECT_EQ(head->headers[0].second, "one");
    EXPECT_EQ(head->headers[1].first, "x-long-name");
    EXPECT_EQ(head->headers[1].second, "a value long enough to live on the heap");
    EXPECT_EQ(head->target, "/a");
  }
  EXPECT_EQ(parser.head().headers[0].second, "two");
  RequestHead reassigned;
  reassigned = copy;
  copy = RequestHead{};
  EXPECT_EQ(reassigned.headers[1].second, "a value long enough to live on the heap");
  // A head short enough for the string's own storage: its characters move, the views follow.
  RequestParser short_parser;
  ASSERT_EQ(short_parser.parse("A / HTTP/1.0\nb:c\n\n").event, Event::Head);
  RequestHead small = std::move(short_parser.head());
  RequestHead small_moved = std::move(small);
  ASSERT_EQ(small_moved.headers.size(), 1u);
  EXPECT_EQ(small_moved.headers[0].first, "b");
  EXPECT_EQ(small_moved.headers[0].second, "c");
}

// Names are lower-cased in place, whatever the split; bare CR anywhere in a
// field line is still refused.
TEST(HttpParser, FieldNamesLowerCasedAcrossSplits) {
  std::string text = "GET / HTTP/1.1\r\nHOST: x\r\nAccept-ENCODING: GZip\r\n\r\n";
  for (size_t piece : {0, 1, 2, 5, 7}) {
    auto out = feed(text, piece);
    ASSERT_EQ(out.error, 0) << piece;
    EXPECT_EQ(out.requests[0].head.headers[0].first, "host");
    EXPECT_EQ(out.requests[0].head.headers[1].first, "accept-encoding");
    EXPECT_EQ(out.requests[0].head.headers[1].second, "GZip");  // values as they are
  }
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\nX\rA: 1\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\r\n\r\n"), 400);
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\n\r\r\n"), 400);
  EXPECT_EQ(error_of("\r\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
}
