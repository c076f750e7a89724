// runtime/bridge/utf8: UTF-16 and Latin-1 to UTF-8 without V8's writer.
#include "bridge/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace toolchain::bridge {
namespace {

std::string utf8(std::u16string_view units) {
  std::string out(utf8_length(units), '\0');
  char* end = write_utf8(units, out.data());
  EXPECT_EQ(end, out.data() + out.size());
  return out;
}

std::string widened(std::string latin1) {
  size_t length = latin1.size();
  latin1.resize(2 * length);
  latin1.resize(widen_latin1_in_place(latin1.data(), length));
  return latin1;
}

TEST(Utf8, Ascii) {
  EXPECT_EQ(utf8(u""), "");
  EXPECT_EQ(utf8(u"a"), "a");
  EXPECT_EQ(utf8(u"hello, world: longer than four units"), "hello, world: longer than four units");
}

TEST(Utf8, EachLength) {
  EXPECT_EQ(utf8(u"\u00e9"), "\xc3\xa9");              // 2 bytes
  EXPECT_EQ(utf8(u"\u07ff\u0800"), "\xdf\xbf\xe0\xa0\x80");
  EXPECT_EQ(utf8(u"\u2014"), "\xe2\x80\x94");          // 3 bytes (an em dash)
  EXPECT_EQ(utf8(u"\uffff"), "\xef\xbf\xbf");
  EXPECT_EQ(utf8(u"\U0001F600"), "\xf0\x9f\x98\x80");  // a surrogate pair: 4 bytes
  EXPECT_EQ(utf8(u"\U0010FFFF"), "\xf4\x8f\xbf\xbf");
}

TEST(Utf8, MixedWithAsciiRuns) {
  // Non-ASCII at every position of a four-unit block, and runs around it.
  for (size_t at = 0; at < 9; ++at) {
    std::u16string units(9, u'x');
    units[at] = u'\u00e9';
    std::string want(9, 'x');
    want.replace(at, 1, "\xc3\xa9");
    EXPECT_EQ(utf8(units), want) << "at " << at;
  }
  EXPECT_EQ(utf8(u"<p>Posts \u2014 page 1</p>"), "<p>Posts \xe2\x80\x94 page 1</p>");
}

TEST(Utf8, LoneSurrogatesBecomeReplacement) {
  const std::string fffd = "\xef\xbf\xbd";
  EXPECT_EQ(utf8(std::u16string(1, char16_t(0xD800))), fffd);                         // high at the end
  EXPECT_EQ(utf8(std::u16string(1, char16_t(0xDC00))), fffd);                         // low alone
  EXPECT_EQ(utf8(std::u16string{char16_t(0xD800), u'a'}), fffd + "a");                // high, then not low
  EXPECT_EQ(utf8(std::u16string{char16_t(0xDC00), char16_t(0xD800)}), fffd + fffd);  // reversed pair
  EXPECT_EQ(utf8(std::u16string{char16_t(0xD800), char16_t(0xD83D), char16_t(0xDE00)}),
            fffd + "\xf0\x9f\x98\x80");  // a lone high, then a pair
}

TEST(Utf8, Latin1WidensInPlace) {
  EXPECT_EQ(widened(""), "");
  EXPECT_EQ(widened("plain ascii text"), "plain ascii text");
  EXPECT_EQ(widened("caf\xe9"), "caf\xc3\xa9");
  EXPECT_EQ(widened("\xff\x80 x \xa0"), "\xc3\xbf\xc2\x80 x \xc2\xa0");
}

TEST(Utf8, AsciiPrefix) {
  const uint8_t text[] = "0123456789abcdef\x80xyz";
  EXPECT_EQ(ascii_prefix(text, 16), 16u);
  EXPECT_EQ(ascii_prefix(text, sizeof text - 1), 16u);
  EXPECT_EQ(ascii_prefix(text + 16, 4), 0u);
}

}  // namespace
}  // namespace toolchain::bridge
