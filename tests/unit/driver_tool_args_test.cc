// The command lines of `test`, `bench` and `coverage`, and the discovery rule.
#include <gtest/gtest.h>

#include <stdexcept>

#include "driver/args.h"
#include "tools/common/discovery.h"

using toolchain::driver::Command;
using toolchain::driver::parse_args;

TEST(ToolArgs, Test) {
  Command c = parse_args({"test", "-A", "--filter", "/a+/", "--fail-fast=3", "--parallel", "--reporter=junit",
                          "--junit-path=out.xml", "--permit-no-files", "--coverage=cov", "src", "x_test.ts"},
                         "/w");
  EXPECT_EQ(c.kind, Command::Kind::Test);
  EXPECT_EQ(*c.test.filter, "/a+/");
  EXPECT_EQ(c.test.fail_fast, 3u);
  EXPECT_TRUE(c.parallel);
  EXPECT_EQ(c.test.reporter, "junit");
  EXPECT_EQ(*c.test.junit_path, "out.xml");
  EXPECT_TRUE(c.test.permit_no_files);
  EXPECT_EQ(c.coverage_dir, "/w/cov");
  EXPECT_EQ(c.test.paths, (std::vector<std::string>{"src", "x_test.ts"}));
  EXPECT_TRUE(c.permissions.all_granted());
  EXPECT_EQ(parse_args({"test", "--fail-fast"}, "/w").test.fail_fast, 1u);
  EXPECT_THROW(parse_args({"test", "--fail-fast=0"}, "/w"), std::invalid_argument);
  EXPECT_THROW(parse_args({"test", "--reporter=xml"}, "/w"), std::invalid_argument);
  EXPECT_THROW(parse_args({"test", "--bogus"}, "/w"), std::invalid_argument);
}

TEST(ToolArgs, BenchAndCoverage) {
  Command b = parse_args({"bench", "--json", "--no-history", "--filter=x", "b_bench.ts"}, "/w");
  EXPECT_EQ(b.kind, Command::Kind::Bench);
  EXPECT_TRUE(b.bench.json);
  EXPECT_TRUE(b.bench.no_history);
  EXPECT_EQ(*b.bench.filter, "x");
  Command c = parse_args({"coverage", "cov", "--lcov"}, "/w");
  EXPECT_EQ(c.kind, Command::Kind::Coverage);
  EXPECT_EQ(c.coverage_dir, "/w/cov");
  EXPECT_TRUE(c.coverage_lcov);
  EXPECT_THROW(parse_args({"coverage"}, "/w"), std::invalid_argument);
}

TEST(Discovery, DenosRule) {
  using toolchain::tools::matches_tool_rule;
  for (const char* yes : {"test.ts", "a_test.ts", "a.test.mjs", "x_test.tsx", "test.cjs", "a.bench.ts"})
    EXPECT_TRUE(matches_tool_rule(yes, std::string(yes).find("bench") != std::string::npos ? "bench" : "test")) << yes;
  for (const char* no : {"atest.ts", "test.json", "testing.ts", "a_test.ts.bak", "a-test.ts", "test.d"})
    EXPECT_FALSE(matches_tool_rule(no, "test")) << no;
}
