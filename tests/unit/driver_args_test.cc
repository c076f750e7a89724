// Command-line parsing (cli/args.h).
#include "driver/args.h"
#include "driver/v8_flags.h"

#include <gtest/gtest.h>

namespace toolchain::driver {
namespace {

TEST(ParseArgs, RunWithFlagsAndScriptArgs) {
  auto c = parse_args({"run", "--allow-read=/tmp", "-q", "main.ts", "--allow-write", "x"}, "/home");
  EXPECT_EQ(c.kind, Command::Kind::Run);
  EXPECT_EQ(c.script, "main.ts");
  EXPECT_EQ(c.script_args, (std::vector<std::string>{"--allow-write", "x"}));
  EXPECT_TRUE(c.quiet);
  EXPECT_EQ(c.permissions.query(permissions::Kind::Read, "/tmp/a"), permissions::State::Granted);
  EXPECT_NE(c.permissions.query(permissions::Kind::Write, "/tmp/a"), permissions::State::Granted);
}

TEST(ParseArgs, V8Flags) {
  auto c = parse_args({"run", "--v8-flags=--max-old-space-size=64,--expose-gc,--stack-size=900", "main.ts"}, "/");
  EXPECT_EQ(c.max_heap_mb, 64u);
  EXPECT_EQ(c.v8_flags, (std::vector<std::string>{"--expose-gc", "--stack-size=900"}));
  // Only process-wide flags make the client run the program in-process.
  EXPECT_TRUE(has_process_wide_v8_flags("--v8-flags=--max-old-space-size=64,--expose-gc"));
  EXPECT_FALSE(has_process_wide_v8_flags("--v8-flags=--max-old-space-size=64"));
  EXPECT_FALSE(has_process_wide_v8_flags("--v8-flags="));
  EXPECT_FALSE(has_process_wide_v8_flags("--expose-gc"));
}

TEST(ParseArgs, Shorthand) {
  auto c = parse_args({"-A", "main.ts"}, "/home");
  EXPECT_EQ(c.kind, Command::Kind::Run);
  EXPECT_EQ(c.script, "main.ts");
  EXPECT_TRUE(c.permissions.all_granted());
  c = parse_args({"main.ts"}, "/home");
  EXPECT_EQ(c.script, "main.ts");
}

TEST(ParseArgs, VersionAndHelp) {
  EXPECT_EQ(parse_args({"--version"}, "/").kind, Command::Kind::Version);
  EXPECT_EQ(parse_args({"-V"}, "/").kind, Command::Kind::Version);
  EXPECT_EQ(parse_args({}, "/").kind, Command::Kind::Help);
  EXPECT_EQ(parse_args({"--help"}, "/").kind, Command::Kind::Help);
}

TEST(ParseArgs, Errors) {
  EXPECT_THROW(parse_args({"run", "--frobnicate", "x.ts"}, "/"), std::invalid_argument);
  EXPECT_THROW(parse_args({"run"}, "/"), std::invalid_argument);
  EXPECT_THROW(parse_args({"run", "--allow-env=A=B", "x.ts"}, "/"), std::invalid_argument);
}

TEST(ParseArgs, Serve) {
  auto c = parse_args({"serve", "main.ts", "a"}, "/home");
  EXPECT_EQ(c.kind, Command::Kind::Serve);
  EXPECT_EQ(c.script, "main.ts");
  EXPECT_EQ(c.script_args, (std::vector<std::string>{"a"}));
  EXPECT_EQ(c.serve_port, 8000);
  EXPECT_EQ(c.serve_host, "0.0.0.0");
  EXPECT_FALSE(c.parallel);
  c = parse_args({"serve", "--parallel", "--port", "0", "--host=::1", "-A", "main.ts"}, "/home");
  EXPECT_EQ(c.serve_port, 0);
  EXPECT_EQ(c.serve_host, "::1");
  EXPECT_TRUE(c.parallel);
  EXPECT_TRUE(c.permissions.all_granted());
  for (const char* bad : {"abc", "70000", "-1", ""}) {
    try {
      parse_args({"serve", "--port", bad, "main.ts"}, "/");
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), std::string("invalid value '") + bad + "' for '--port'");
    }
  }
  EXPECT_THROW(parse_args({"serve", "--port", "1"}, "/"), std::invalid_argument);
}

}  // namespace
}  // namespace toolchain::driver
