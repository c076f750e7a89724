// Command-line parsing (cli/args.h).
#include "driver/args.h"

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

}  // namespace
}  // namespace toolchain::driver
