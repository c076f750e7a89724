// Specifier resolution and file URL conversion (runtime/modules/specifier.h).
#include "modules/specifier.h"

#include <gtest/gtest.h>

namespace toolchain::modules {
namespace {

TEST(NormalizePath, CollapsesDotsAndSlashes) {
  EXPECT_EQ(normalize_path("/a/./b//c/../d"), "/a/b/d");
  EXPECT_EQ(normalize_path("/../.."), "/");
  EXPECT_EQ(normalize_path("/a/b/"), "/a/b/");
  EXPECT_EQ(normalize_path("/"), "/");
}

TEST(FileUrl, EncodesAndDecodes) {
  EXPECT_EQ(path_to_file_url("/tmp/my file#1?.ts"), "file:///tmp/my%20file%231%3F.ts");
  EXPECT_EQ(path_to_file_url("/tmp/é.ts"), "file:///tmp/%C3%A9.ts");
  EXPECT_EQ(file_url_to_path("file:///tmp/my%20file%231%3F.ts"), "/tmp/my file#1?.ts");
  EXPECT_EQ(file_url_to_path("file:///a/b.ts?query#frag"), "/a/b.ts");
  EXPECT_EQ(file_url_to_path("file://localhost/a.ts"), "/a.ts");
  EXPECT_EQ(file_url_to_path("https://example.com/a.ts"), std::nullopt);
}

TEST(Resolve, RelativeSpecifiers) {
  EXPECT_EQ(resolve("./b.ts", "file:///src/a.ts"), "file:///src/b.ts");
  EXPECT_EQ(resolve("../lib/c.js", "file:///src/app/a.ts"), "file:///src/lib/c.js");
  EXPECT_EQ(resolve("/abs/d.ts", "file:///src/a.ts"), "file:///abs/d.ts");
  EXPECT_EQ(resolve("./x y.ts", "file:///src/a.ts"), "file:///src/x%20y.ts");
  EXPECT_EQ(resolve("./x%20y.ts", "file:///src/a.ts"), "file:///src/x%20y.ts");
  EXPECT_EQ(resolve("./b.ts?v=1#h", "file:///src/a.ts?q"), "file:///src/b.ts?v=1#h");
  EXPECT_EQ(resolve("./b.ts", "file:///my%20dir/a.ts"), "file:///my%20dir/b.ts");
}

TEST(Resolve, AbsoluteUrls) {
  EXPECT_EQ(resolve("file:///a/../b.ts", "file:///src/a.ts"), "file:///b.ts");
  EXPECT_EQ(resolve("data:text/javascript,export default 1", "file:///src/a.ts"),
            "data:text/javascript,export default 1");
}

TEST(Resolve, WhatwgUrls) {
  EXPECT_EQ(resolve("FILE:///A/%2e%2E/b.ts", "file:///src/a.ts"), "file:///b.ts");
  EXPECT_EQ(resolve("file://localhost/etc/x.ts", "file:///src/a.ts"), "file:///etc/x.ts");
  EXPECT_EQ(resolve("../../../x.ts", "file:///a.ts"), "file:///x.ts");
  EXPECT_EQ(resolve("./\xC3\xA9.ts", "file:///src/a.ts"), "file:///src/%C3%A9.ts");
  EXPECT_EQ(resolve("data:text/javascript,a b?c d", "file:///a.ts"), "data:text/javascript,a b?c%20d");
  // import.meta.resolve: any scheme, bare specifiers have no URL.
  EXPECT_EQ(resolve_url("HTTPS://EXAMPLE.com:443/a/../b.ts", "file:///a.ts"), "https://example.com/b.ts");
  EXPECT_EQ(resolve_url("npm:chalk", "file:///a.ts"), "npm:chalk");
  EXPECT_EQ(resolve_url("//host/x.ts", "file:///a.ts"), "file://host/x.ts");
  EXPECT_EQ(resolve_url("./b.ts", "https://example.com/a/c.ts"), "https://example.com/a/b.ts");
  EXPECT_EQ(resolve_url("chalk", "file:///a.ts"), std::nullopt);
  EXPECT_EQ(resolve_url(".", "file:///a.ts"), std::nullopt);
}

TEST(Resolve, Errors) {
  try {
    resolve("chalk", "file:///src/a.ts");
    FAIL();
  } catch (const LoadError& e) {
    EXPECT_EQ(std::string(e.what()),
              "Import \"chalk\" not a dependency\n  hint: If you want to use the npm package, try running `deno add "
              "npm:chalk`");
    EXPECT_FALSE(e.located);
  }
  EXPECT_THROW(resolve("./x.js", "data:text/javascript,1"), LoadError);
  EXPECT_THROW(resolve("ftp://host/x.js", "file:///a.ts"), LoadError);
}

TEST(ResolveMain, PathsAndUrls) {
  EXPECT_EQ(resolve_main("main.ts", "/home/u/proj"), "file:///home/u/proj/main.ts");
  EXPECT_EQ(resolve_main("../x/main.ts", "/home/u/proj"), "file:///home/u/x/main.ts");
  EXPECT_EQ(resolve_main("/abs/main.ts", "/home"), "file:///abs/main.ts");
  EXPECT_EQ(resolve_main("file:///abs/main.ts", "/home"), "file:///abs/main.ts");
}

TEST(Scheme, Detection) {
  EXPECT_EQ(scheme_of("npm:express"), "npm");
  EXPECT_EQ(scheme_of("file:///a"), "file");
  EXPECT_EQ(scheme_of("./a:b"), "");
  EXPECT_EQ(scheme_of("C:"), "");
}

}  // namespace
}  // namespace toolchain::modules
