// The `run` method on the real engine, through a daemon on a real socket: the
// program gets the request's stdio, cwd, env and args; errors are exit codes;
// cancel and disconnect terminate it; bad params are JSON-RPC errors.
#include <gtest/gtest.h>

#include <fstream>

#include "daemon_test_util.h"
#include "methods/run_method.h"
#include "server/log.h"

namespace toolchain::daemon {
namespace {

using namespace std::chrono_literals;
using testing::Client;
using testing::DaemonThread;
using testing::kTimeout;

int error_code(const json::value& reply) {
  if (!reply.is_object() || !reply.as_object().contains("error")) return 0;
  return reply.at("error").at("code").to_number<int>();
}

DaemonOptions run_options() {
  DaemonOptions o;
  o.version = "9.9.9-test";
  o.idle_timeout = std::chrono::milliseconds(0);
  o.register_methods = [](MethodRegistry& r) { register_run_method(r); };
  return o;
}

// The three pipes a client hands over, and what came out of them.
struct Stdio {
  int in[2], out[2], err[2];
  Stdio() {
    EXPECT_EQ(::pipe2(in, O_CLOEXEC), 0);
    EXPECT_EQ(::pipe2(out, O_CLOEXEC), 0);
    EXPECT_EQ(::pipe2(err, O_CLOEXEC), 0);
  }
  std::vector<int> fds() const { return {in[0], out[1], err[1]}; }
  // After sending: the client's own copies of what the daemon now holds.
  void close_sent() {
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    in[0] = out[1] = err[1] = -1;
  }
  ~Stdio() {
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]})
      if (fd >= 0) ::close(fd);
  }
  std::string read_out() { return testing::read_all(out[0]).value_or("<timeout>"); }
  std::string read_err() { return testing::read_all(err[0]).value_or("<timeout>"); }
};

class DaemonRun : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!std::getenv("TC_DAEMON_TEST_LOG")) set_log_fd(-1);
  }
  static void TearDownTestSuite() { set_log_fd(2); }

  void SetUp() override {
    daemon_ = std::make_unique<DaemonThread>(run_options());
    ASSERT_TRUE(daemon_->listening());
  }
  std::string write_program(const std::string& name, const std::string& text, const std::string& sub = "") {
    std::string dir = tmp_.path() + (sub.empty() ? "" : "/" + sub);
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/" + name) << text;
    return dir;
  }
  json::value params(std::vector<std::string> argv, const std::string& cwd,
                     json::object env = {{"NO_COLOR", "1"}}) {
    json::array a;
    for (auto& s : argv) a.emplace_back(s);
    return json::object{{"argv", a}, {"cwd", cwd}, {"env", env}};
  }

  testing::TempDir tmp_;
  std::unique_ptr<DaemonThread> daemon_;
};

TEST_F(DaemonRun, RunsAProgramWithTheClientsStdioCwdEnvAndArgs) {
  std::string dir = write_program("main.ts",
                                  "const n: number = 1;\n"
                                  "console.log('hello', Deno.args.join(','), Deno.cwd(), Deno.env.get('TC_WHO'));\n"
                                  "console.error('to stderr');\n");
  Client c(daemon_->socket_path());
  EXPECT_EQ(c.call(1, "initialize", json::object{{"clientVersion", "9.9.9-test"}}).at("result").at("version"),
            json::value("9.9.9-test"));
  Stdio io;
  ASSERT_TRUE(c.request(2, "run", params({"run", "-A", "main.ts", "a", "b"}, dir, {{"TC_WHO", "me"}, {"NO_COLOR", "1"}}),
                        io.fds()));
  io.close_sent();
  auto reply = c.read();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->at("result").at("exitCode"), json::value(0)) << json::serialize(*reply);
  // The daemon closed its copies before answering: EOF right after the output.
  EXPECT_EQ(io.read_out(), "hello a,b " + dir + " me\n");
  EXPECT_EQ(io.read_err(), "to stderr\n");
}

TEST_F(DaemonRun, ExitCodesAndErrorsGoToTheClient) {
  std::string dir = write_program("exit.js", "Deno.exit(7);\n");
  write_program("throw.js", "throw new Error('kaboom');\n");
  Client c(daemon_->socket_path());
  {
    Stdio io;
    auto reply = c.call(1, "run", params({"run", "exit.js"}, dir), io.fds());
    io.close_sent();
    EXPECT_EQ(reply.at("result").at("exitCode"), json::value(7));
  }
  {
    Stdio io;
    auto reply = c.call(2, "run", params({"run", "throw.js"}, dir), io.fds());
    io.close_sent();
    EXPECT_EQ(reply.at("result").at("exitCode"), json::value(1));
    EXPECT_NE(io.read_err().find("kaboom"), std::string::npos);
  }
  {
    // Bad arguments: printed on the client's stderr, reported as an exit code.
    Stdio io;
    auto reply = c.call(3, "run", params({"run", "--no-such-flag", "exit.js"}, dir), io.fds());
    io.close_sent();
    EXPECT_NE(reply.at("result").at("exitCode"), json::value(0));
    EXPECT_NE(io.read_err().find("error"), std::string::npos);
  }
  {
    Stdio io;
    auto reply = c.call(4, "run", params({"run", "missing.ts"}, dir), io.fds());
    io.close_sent();
    EXPECT_EQ(reply.at("result").at("exitCode"), json::value(1));
  }
}

TEST_F(DaemonRun, InvalidParamsAreJsonRpcErrors) {
  std::string dir = write_program("ok.js", "");
  Client c(daemon_->socket_path());
  Stdio io;
  struct Case {
    json::value params;
    std::vector<int> fds;
  };
  Case cases[] = {
      {params({"run", "ok.js"}, dir), {}},                                        // no fds
      {params({"run", "ok.js"}, dir), {io.in[0], io.out[1]}},                     // two
      {params({"run", "ok.js"}, "relative/dir"), io.fds()},                      // cwd
      {json::object{{"argv", "run ok.js"}, {"cwd", dir}, {"env", json::object{}}}, io.fds()},
      {json::object{{"argv", json::array{"run", 1}}, {"cwd", dir}, {"env", json::object{}}}, io.fds()},
      {json::object{{"argv", json::array{"run"}}, {"cwd", dir}, {"env", json::object{{"A", 1}}}}, io.fds()},
      {json::object{{"argv", json::array{"run"}}, {"cwd", dir}}, io.fds()},       // no env
      {json::array{"run", "ok.js"}, io.fds()},
  };
  int id = 1;
  for (auto& k : cases) {
    auto reply = c.call(id++, "run", k.params, k.fds);
    EXPECT_EQ(error_code(reply), jsonrpc::kInvalidParams) << json::serialize(k.params);
  }
  EXPECT_EQ(error_code(c.call(id++, "run")), jsonrpc::kInvalidParams);
}

TEST_F(DaemonRun, CancelTerminatesAnEndlessProgramWith130) {
  std::string dir = write_program("spin.js", "console.log('spinning');\nwhile (true) {}\n");
  Client c(daemon_->socket_path());
  Stdio io;
  ASSERT_TRUE(c.request(1, "run", params({"run", "spin.js"}, dir), io.fds()));
  io.close_sent();
  // Wait until it runs (its first line is out), then Ctrl-C.
  char buf[9] = {};
  ASSERT_EQ(::read(io.out[0], buf, 9), 9);
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"id", 1}}));
  auto reply = c.read();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->at("result").at("exitCode"), json::value(130));
  // The daemon goes on serving.
  Stdio io2;
  write_program("hi.js", "console.log('hi');\n");
  EXPECT_EQ(c.call(2, "run", params({"run", "hi.js"}, dir), io2.fds()).at("result").at("exitCode"), json::value(0));
  io2.close_sent();
  EXPECT_EQ(io2.read_out(), "hi\n");
}

TEST_F(DaemonRun, ClientGoingAwayTerminatesItsProgram) {
  std::string dir = write_program("spin.js", "console.log('spinning');\nwhile (true) {}\n");
  Client watcher(daemon_->socket_path());
  {
    Client c(daemon_->socket_path());
    Stdio io;
    ASSERT_TRUE(c.request(1, "run", params({"run", "spin.js"}, dir), io.fds()));
    io.close_sent();
    char buf[9] = {};
    ASSERT_EQ(::read(io.out[0], buf, 9), 9);
  }
  auto deadline = std::chrono::steady_clock::now() + kTimeout;
  json::value status;
  do {
    std::this_thread::sleep_for(10ms);
    status = watcher.call(1, "daemon/status").at("result");
  } while (status.at("isolatesAlive") != json::value(0) && std::chrono::steady_clock::now() < deadline);
  EXPECT_EQ(status.at("isolatesAlive"), json::value(0));
  EXPECT_EQ(status.at("requestsServed"), json::value(1));
}

TEST_F(DaemonRun, ConcurrentRunsKeepTheirOwnCwdAndEnv) {
  std::string program = "await new Promise((r) => setTimeout(r, 50));\n"
                        "console.log(Deno.cwd(), Deno.env.get('WHO'));\n";
  std::string a = write_program("p.js", program, "a");
  std::string b = write_program("p.js", program, "b");
  std::string out_a, out_b;
  auto run = [&](const std::string& dir, const std::string& who, std::string& out) {
    Client c(daemon_->socket_path());
    Stdio io;
    auto reply = c.call(1, "run", params({"run", "--allow-env", "p.js"}, dir, {{"WHO", who}}), io.fds());
    io.close_sent();
    out = io.read_out();
    if (reply.at("result").at("exitCode") != json::value(0)) out += " exit " + json::serialize(reply);
  };
  std::thread ta([&] { run(a, "alice", out_a); });
  std::thread tb([&] { run(b, "bob", out_b); });
  ta.join();
  tb.join();
  EXPECT_EQ(out_a, a + " alice\n");
  EXPECT_EQ(out_b, b + " bob\n");
}

TEST_F(DaemonRun, ShutdownEndsRunningProgramsWith130) {
  std::string dir = write_program("spin.js", "console.log('spinning');\nwhile (true) {}\n");
  Client c(daemon_->socket_path());
  Stdio io;
  ASSERT_TRUE(c.request(1, "run", params({"run", "spin.js"}, dir), io.fds()));
  io.close_sent();
  char buf[9] = {};
  ASSERT_EQ(::read(io.out[0], buf, 9), 9);
  Client s(daemon_->socket_path());
  EXPECT_TRUE(s.call(1, "shutdown").at("result").is_null());
  auto reply = c.read();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->at("result").at("exitCode"), json::value(130));
  ASSERT_TRUE(daemon_->exited());
  EXPECT_EQ(daemon_->exit_code(), 0);
}

}  // namespace
}  // namespace toolchain::daemon
