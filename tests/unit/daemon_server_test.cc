// The server over a real socket in a temp dir: built-in methods, the registry,
// cancellation, descriptors, malformed input, shutdown and idle exit.
#include <gtest/gtest.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "daemon_test_util.h"
#include "server/log.h"
#include "server/runtime_dir.h"
#include "server/server.h"

namespace toolchain::daemon {
namespace {

using namespace std::chrono_literals;
using testing::Client;
using testing::DaemonThread;
using testing::kTimeout;

std::atomic<int> g_notes{0};
std::atomic<int> g_last_cancel{-1};  // the CancelReason test/wait ended with
std::atomic<int> g_interruptible_ready{0};  // test/interruptible listens for interrupts

// Until `flag` is set (or the timeout).
void wait_for(const std::atomic<int>& flag) {
  auto deadline = std::chrono::steady_clock::now() + kTimeout;
  while (!flag && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(2ms);
}

// A blocking method that waits until it is cancelled (or `ms` pass).
json::value wait_for_cancel(Call& call) {
  auto deadline = std::chrono::steady_clock::now() + kTimeout;
  if (call.params().is_object())
    if (auto* ms = call.params().as_object().if_contains("ms"))
      deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms->to_number<int>());
  while (!call.cancelled() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(2ms);
  auto reason = call.cancel_token()->reason();
  g_last_cancel = reason ? static_cast<int>(*reason) : -2;
  return json::object{{"reason", reason ? to_string(*reason) : "done"}};
}

void register_test_methods(MethodRegistry& r) {
  r.add("test/echo", [](std::shared_ptr<Call> call) { call->reply(call->params()); });
  r.add("test/later", [](std::shared_ptr<Call> call) {
    std::thread([call] {
      std::this_thread::sleep_for(10ms);
      call->reply(json::object{{"later", true}});
    }).detach();
  });
  r.add("test/throw", [](std::shared_ptr<Call>) { throw std::runtime_error("boom"); });
  r.add("test/drop", [](std::shared_ptr<Call>) {});
  r.add_blocking("test/wait", wait_for_cancel);
  r.add_blocking("test/rpcError", [](Call&) -> json::value {
    throw jsonrpc::RpcError(jsonrpc::kInvalidParams, "bad params", json::object{{"why", "test"}});
  });
  r.add_blocking("test/fds", [](Call& call) -> json::value {
    int i = 0;
    for (auto& fd : call.fds()) {
      std::string text = "fd" + std::to_string(i++);
      if (::write(fd.get(), text.data(), text.size()) < 0) throw std::runtime_error("write failed");
    }
    return json::object{{"count", i}};
  });
  // Takes SIGINT ($/signal) and counts it; returns after two, or when cancelled.
  r.add_blocking("test/interruptible", [](Call& call) -> json::value {
    auto count = std::make_shared<std::atomic<int>>(0);
    call.cancel_token()->on_signal([count](const std::string& name) {
      if (name != "SIGINT") return false;
      ++*count;
      return true;
    });
    g_interruptible_ready = 1;  // a $/signal before this is a plain cancel
    auto deadline = std::chrono::steady_clock::now() + kTimeout;
    while (*count < 2 && !call.cancelled() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(2ms);
    auto reason = call.cancel_token()->reason();
    g_last_cancel = reason ? static_cast<int>(*reason) : -2;
    return json::object{{"interrupts", count->load()}, {"cancelled", call.cancelled()}};
  });
  r.add_notification("test/note", [](const json::value&) { ++g_notes; });
}

DaemonOptions test_options() {
  DaemonOptions o;
  o.version = "9.9.9-test";
  o.idle_timeout = std::chrono::milliseconds(0);
  o.register_methods = register_test_methods;
  return o;
}

int error_code(const json::value& reply) {
  if (!reply.is_object() || !reply.as_object().contains("error")) return 0;
  return reply.at("error").at("code").to_number<int>();
}

class DaemonServer : public ::testing::Test {
 protected:
  // Quiet unless TC_DAEMON_TEST_LOG is set; the log is not under test.
  static void SetUpTestSuite() {
    if (!std::getenv("TC_DAEMON_TEST_LOG")) set_log_fd(-1);
  }
  static void TearDownTestSuite() { set_log_fd(2); }
};

TEST_F(DaemonServer, InitializeAnswersVersionAndPid) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  auto reply = c.call(1, "initialize", json::object{{"clientVersion", "9.9.9-test"}});
  EXPECT_EQ(reply.at("id"), json::value(1));
  EXPECT_EQ(reply.at("result").at("version"), json::value("9.9.9-test"));
  EXPECT_EQ(reply.at("result").at("pid"), json::value(::getpid()));
  // Another client version is answered too (the client decides to replace us).
  reply = c.call(2, "initialize", json::object{{"clientVersion", "0.0.1"}});
  EXPECT_EQ(reply.at("result").at("version"), json::value("9.9.9-test"));
  EXPECT_EQ(error_code(c.call(3, "initialize", json::object{{"clientVersion", 1}})), jsonrpc::kInvalidParams);
}

TEST_F(DaemonServer, SocketInAPrivateDirFromTheEnvironment) {
  testing::TempDir tmp;
  std::string dir = tmp.path() + "/env-run";
  DaemonThread d(test_options(), dir, /*from_env=*/true);
  ::unsetenv("TOOLCHAIN_RUNTIME_DIR");
  ASSERT_TRUE(d.listening());
  EXPECT_EQ(d.socket_path(), dir + "/daemon.sock");
  struct stat st{};
  ASSERT_EQ(::stat(dir.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  ASSERT_EQ(::lstat(d.socket_path().c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST_F(DaemonServer, StatusReportsTheDaemon) {
  DaemonOptions o = test_options();
  o.extra_status = [] { return json::object{{"moduleCache", json::object{{"entries", 12}, {"transpiles", 3}}}}; };
  DaemonThread d(o);
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  auto s = c.call(1, "daemon/status").at("result");
  EXPECT_EQ(s.at("pid"), json::value(::getpid()));
  EXPECT_EQ(s.at("version"), json::value("9.9.9-test"));
  EXPECT_GE(s.at("uptimeMs").to_number<std::int64_t>(), 0);
  EXPECT_EQ(s.at("requestsServed"), json::value(0));
  EXPECT_EQ(s.at("isolatesAlive"), json::value(0));
  EXPECT_GT(s.at("memory").at("rssBytes").to_number<std::uint64_t>(), 1u << 20);
  EXPECT_EQ(s.at("moduleCache").at("transpiles"), json::value(3));

  // A blocking method in flight counts as alive; once done, as served.
  ASSERT_TRUE(c.request(2, "test/wait"));
  Client c2(d.socket_path());
  EXPECT_EQ(c2.call(1, "daemon/status").at("result").at("isolatesAlive"), json::value(1));
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"id", 2}}));
  EXPECT_EQ(c.read()->at("id"), json::value(2));
  s = c2.call(2, "daemon/status").at("result");
  EXPECT_EQ(s.at("isolatesAlive"), json::value(0));
  EXPECT_EQ(s.at("requestsServed"), json::value(1));
  EXPECT_EQ(s.at("connections"), json::value(2));
}

TEST_F(DaemonServer, RegistryMethods) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  auto echo = c.call(1, "test/echo", json::object{{"a", json::array{1, "b"}}});
  EXPECT_EQ(echo.at("result").at("a").at(1), json::value("b"));
  EXPECT_EQ(c.call(2, "test/later").at("result").at("later"), json::value(true));
  auto rpc = c.call(3, "test/rpcError");
  EXPECT_EQ(error_code(rpc), jsonrpc::kInvalidParams);
  EXPECT_EQ(rpc.at("error").at("message"), json::value("bad params"));
  EXPECT_EQ(rpc.at("error").at("data").at("why"), json::value("test"));
  auto boom = c.call(4, "test/throw");
  EXPECT_EQ(error_code(boom), jsonrpc::kInternalError);
  EXPECT_EQ(boom.at("error").at("message"), json::value("boom"));
  EXPECT_EQ(error_code(c.call(5, "test/drop")), jsonrpc::kInternalError);
  // String ids are echoed as strings.
  ASSERT_TRUE(c.send(json::object{{"jsonrpc", "2.0"}, {"id", "s-1"}, {"method", "test/echo"}}));
  EXPECT_EQ(c.read()->at("id"), json::value("s-1"));
  // Notifications get no reply.
  int before = g_notes;
  ASSERT_TRUE(c.notify("test/note"));
  EXPECT_EQ(c.call(6, "test/echo").at("id"), json::value(6));
  EXPECT_EQ(g_notes, before + 1);
}

TEST_F(DaemonServer, RequestErrors) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  auto unknown = c.call(1, "no/such");
  EXPECT_EQ(error_code(unknown), jsonrpc::kMethodNotFound);
  EXPECT_EQ(unknown.at("id"), json::value(1));

  // A request method sent without an id: an error with id null.
  ASSERT_TRUE(c.notify("test/echo"));
  auto no_id = c.read();
  ASSERT_TRUE(no_id);
  EXPECT_EQ(error_code(*no_id), jsonrpc::kInvalidRequest);
  EXPECT_TRUE(no_id->at("id").is_null());

  // Unknown notifications are ignored; the next reply is the next request's.
  ASSERT_TRUE(c.notify("$/setTrace", json::object{{"value", "off"}}));
  ASSERT_TRUE(c.notify("some/unknown"));
  EXPECT_EQ(c.call(2, "test/echo").at("id"), json::value(2));

  // A notification method sent as a request.
  EXPECT_EQ(error_code(c.call(3, "$/cancelRequest", json::object{{"id", 1}})), jsonrpc::kInvalidRequest);

  // Invalid JSON: parse error, and the connection goes on.
  ASSERT_TRUE(c.send_raw(encode_frame("{\"jsonrpc\": \"2.0\", ")));
  auto parse = c.read();
  ASSERT_TRUE(parse);
  EXPECT_EQ(error_code(*parse), jsonrpc::kParseError);
  EXPECT_TRUE(parse->at("id").is_null());
  ASSERT_TRUE(c.send_raw(encode_frame("\xff\xfe\xfd")));
  EXPECT_EQ(error_code(*c.read()), jsonrpc::kParseError);

  // Wrong types.
  for (const char* body : {R"({"jsonrpc":"2.0","id":4,"method":7})", R"({"jsonrpc":"2.0","id":4.5,"method":"test/echo"})",
                           R"({"jsonrpc":"2.0","id":4,"method":"test/echo","params":"x"})",
                           R"({"id":4,"method":"test/echo"})", R"([1,2,3])", R"("str")", R"({})"}) {
    ASSERT_TRUE(c.send_raw(encode_frame(body)));
    auto reply = c.read();
    ASSERT_TRUE(reply) << body;
    EXPECT_EQ(error_code(*reply), jsonrpc::kInvalidRequest) << body;
  }
  // Responses from the client are ignored.
  ASSERT_TRUE(c.send(json::object{{"jsonrpc", "2.0"}, {"id", 99}, {"result", 1}}));
  // An id already in flight.
  ASSERT_TRUE(c.request(5, "test/wait"));
  auto dup = c.call(5, "test/echo");
  EXPECT_EQ(error_code(dup), jsonrpc::kInvalidRequest);
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"id", 5}}));
  EXPECT_EQ(c.read()->at("result").at("reason"), json::value("cancelled by the client"));
  EXPECT_EQ(c.call(6, "test/echo").at("id"), json::value(6));
}

TEST_F(DaemonServer, MalformedHeadersCloseOnlyThatConnection) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client other(d.socket_path());
  ASSERT_TRUE(other.request(1, "test/wait"));  // in flight elsewhere: untouched
  for (std::string bytes : {std::string("GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
                            std::string("Content-Length: 99999999999999\r\n\r\n"),
                            std::string("Content-Length: 12abc\r\n\r\n{}"),
                            std::string("no headers at all, just text\r\n\r\n"), std::string(20000, 'x')}) {
    Client c(d.socket_path());
    ASSERT_TRUE(c.send_raw(bytes));
    auto reply = c.read();
    ASSERT_TRUE(reply) << bytes.substr(0, 40);
    EXPECT_EQ(error_code(*reply), jsonrpc::kParseError);
    EXPECT_TRUE(reply->at("id").is_null());
    EXPECT_TRUE(c.closed_by_peer());
  }
  EXPECT_EQ(other.call(2, "test/echo").at("id"), json::value(2));
  ASSERT_TRUE(other.notify("$/cancelRequest", json::object{{"id", 1}}));
  EXPECT_EQ(other.read()->at("id"), json::value(1));
}

TEST_F(DaemonServer, ClientDisconnectingMidFrame) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  {
    Client c(d.socket_path());
    ASSERT_TRUE(c.send_raw("Content-Length: 500\r\n\r\n{\"jsonrpc\":"));
  }
  {
    Client c(d.socket_path());
    ASSERT_TRUE(c.send_raw("Content-Len"));
  }
  Client c(d.socket_path());
  EXPECT_EQ(c.call(1, "test/echo").at("id"), json::value(1));
}

TEST_F(DaemonServer, CancelRequest) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  ASSERT_TRUE(c.request(1, "test/wait"));
  ASSERT_TRUE(c.request(2, "test/wait"));
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"id", 2}}));
  auto reply = c.read();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->at("id"), json::value(2));
  EXPECT_EQ(reply->at("result").at("reason"), json::value("cancelled by the client"));
  // Cancelling an unknown or finished id does nothing; a bad one is ignored.
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"id", 2}}));
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"id", 77}}));
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"nope", true}}));
  ASSERT_TRUE(c.notify("$/cancelRequest"));
  // A cancel on another connection does not reach this one's request 1.
  Client other(d.socket_path());
  ASSERT_TRUE(other.notify("$/cancelRequest", json::object{{"id", 1}}));
  EXPECT_EQ(other.call(9, "test/echo").at("id"), json::value(9));
  ASSERT_TRUE(c.notify("$/cancelRequest", json::object{{"id", 1}}));
  reply = c.read();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->at("id"), json::value(1));
}

TEST_F(DaemonServer, SignalsReachMethodsThatTakeThem) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  g_interruptible_ready = 0;
  ASSERT_TRUE(c.request(1, "test/interruptible"));
  wait_for(g_interruptible_ready);
  ASSERT_TRUE(c.notify("$/signal", json::object{{"id", 1}, {"signal", "SIGINT"}}));
  ASSERT_TRUE(c.notify("$/signal", json::object{{"id", 1}}));  // no name: ignored
  ASSERT_TRUE(c.notify("$/signal", json::object{{"id", 1}, {"signal", "SIGINT"}}));
  // Each handled signal is acknowledged with $/signalHandled, then the result comes.
  for (int i = 0; i < 2; ++i) {
    auto note = c.read();
    ASSERT_TRUE(note);
    EXPECT_EQ(note->at("method"), json::value("$/signalHandled"));
    EXPECT_EQ(note->at("params"), json::value(json::object{{"id", 1}, {"signal", "SIGINT"}}));
  }
  auto reply = c.read();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->at("result").at("interrupts"), json::value(2));
  EXPECT_EQ(reply->at("result").at("cancelled"), json::value(false));
  // One interrupt, then the client goes away: cancelled all the same.
  g_last_cancel = -1;
  Client watcher(d.socket_path());
  {
    Client gone(d.socket_path());
    g_interruptible_ready = 0;
    ASSERT_TRUE(gone.request(1, "test/interruptible"));
    wait_for(g_interruptible_ready);
    ASSERT_TRUE(gone.notify("$/signal", json::object{{"id", 1}, {"signal", "SIGINT"}}));
    ASSERT_TRUE(gone.read());  // $/signalHandled
    EXPECT_EQ(gone.call(2, "test/echo").at("id"), json::value(2));
  }
  auto deadline = std::chrono::steady_clock::now() + kTimeout;
  while (g_last_cancel == -1 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
  EXPECT_EQ(g_last_cancel, static_cast<int>(CancelReason::kDisconnected));
}

TEST_F(DaemonServer, ClosingTheConnectionCancelsItsRequests) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  g_last_cancel = -1;
  Client watcher(d.socket_path());
  {
    Client c(d.socket_path());
    ASSERT_TRUE(c.request(1, "test/wait"));
    // Wait until the method runs.
    auto deadline = std::chrono::steady_clock::now() + kTimeout;
    while (watcher.call(1, "daemon/status").at("result").at("isolatesAlive") != json::value(1) &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(5ms);
  }
  auto deadline = std::chrono::steady_clock::now() + kTimeout;
  while (watcher.call(2, "daemon/status").at("result").at("isolatesAlive") != json::value(0) &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(5ms);
  EXPECT_EQ(g_last_cancel, static_cast<int>(CancelReason::kDisconnected));
}

TEST_F(DaemonServer, PassesDescriptorsWithTheRequest) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  EXPECT_EQ(c.call(1, "initialize").at("result").at("version"), json::value("9.9.9-test"));
  int p[3][2];
  for (auto& pipe : p) ASSERT_EQ(::pipe2(pipe, O_CLOEXEC), 0);
  auto reply = c.call(2, "test/fds", nullptr, {p[0][1], p[1][1], p[2][1]});
  for (auto& pipe : p) ::close(pipe[1]);
  EXPECT_EQ(reply.at("result").at("count"), json::value(3));
  // The daemon wrote to each and closed its copies: EOF follows the text.
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(testing::read_all(p[i][0]), "fd" + std::to_string(i));
    ::close(p[i][0]);
  }
  // A request after it carries none.
  EXPECT_EQ(c.call(3, "test/fds").at("result").at("count"), json::value(0));
}

TEST_F(DaemonServer, ManyClientsAtOnce) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  constexpr int kClients = 16;
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int i = 0; i < kClients; ++i)
    threads.emplace_back([&, i] {
      Client c(d.socket_path());
      auto reply = c.call(i, "test/wait", json::object{{"ms", 50}});
      if (reply.is_object() && reply.at("result").at("reason") == json::value("done")) ++ok;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok, kClients);
  Client c(d.socket_path());
  EXPECT_EQ(c.call(1, "daemon/status").at("result").at("requestsServed"), json::value(kClients));
}

TEST_F(DaemonServer, ShutdownCancelsRunsAnswersThemAndExits) {
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  Client running(d.socket_path());
  ASSERT_TRUE(running.request(1, "test/wait"));
  Client idle(d.socket_path());
  EXPECT_EQ(idle.call(1, "test/echo").at("id"), json::value(1));
  Client c(d.socket_path());
  auto reply = c.call(1, "shutdown");
  EXPECT_TRUE(reply.at("result").is_null());
  auto run_reply = running.read();
  ASSERT_TRUE(run_reply);
  EXPECT_EQ(run_reply->at("result").at("reason"), json::value("the daemon is shutting down"));
  EXPECT_TRUE(running.closed_by_peer());
  EXPECT_TRUE(idle.closed_by_peer());
  EXPECT_TRUE(c.closed_by_peer());
  ASSERT_TRUE(d.exited());
  EXPECT_EQ(d.exit_code(), 0);
  struct stat st{};
  EXPECT_NE(::lstat(d.socket_path().c_str(), &st), 0);  // socket removed
  EXPECT_EQ(testing::connect_unix(d.socket_path()), -1);
}

TEST_F(DaemonServer, IdleExitWithNoConnection) {
  DaemonOptions o = test_options();
  o.idle_timeout = std::chrono::milliseconds(200);
  DaemonThread d(o);
  ASSERT_TRUE(d.listening());
  ASSERT_TRUE(d.exited());
  EXPECT_EQ(d.exit_code(), 0);
  struct stat st{};
  EXPECT_NE(::lstat(d.socket_path().c_str(), &st), 0);
}

TEST_F(DaemonServer, IdleTimeoutFromTheEnvironment) {
  ::setenv("TOOLCHAIN_DAEMON_IDLE", "300ms", 1);
  DaemonOptions o = test_options();
  o.idle_timeout.reset();
  DaemonThread d(o);
  ::unsetenv("TOOLCHAIN_DAEMON_IDLE");
  ASSERT_TRUE(d.listening());
  EXPECT_TRUE(d.exited());
}

TEST_F(DaemonServer, NoIdleExitWhileAConnectionIsOpen) {
  DaemonOptions o = test_options();
  o.idle_timeout = std::chrono::milliseconds(100);
  DaemonThread d(o);
  ASSERT_TRUE(d.listening());
  {
    Client c(d.socket_path());
    ASSERT_TRUE(c.connected());
    std::this_thread::sleep_for(1s);
    EXPECT_EQ(c.call(1, "test/echo").at("id"), json::value(1));
    EXPECT_FALSE(d.exited(0ms));
  }
  // Once it closes, the idle clock runs.
  EXPECT_TRUE(d.exited());
}

TEST_F(DaemonServer, RefusesAnInsecureDir) {
  testing::TempDir tmp;
  std::string dir = tmp.path() + "/open";
  ASSERT_EQ(::mkdir(dir.c_str(), 0755), 0);
  ASSERT_EQ(::chmod(dir.c_str(), 0755), 0);
  DaemonThread d(test_options(), dir);
  EXPECT_FALSE(d.listening());
  ASSERT_TRUE(d.exited());
  EXPECT_EQ(d.exit_code(), 1);
  if (::geteuid() == 0) {
    std::string theirs = tmp.path() + "/theirs";
    ASSERT_EQ(::mkdir(theirs.c_str(), 0700), 0);
    ASSERT_EQ(::chown(theirs.c_str(), 65534, 65534), 0);
    DaemonThread d2(test_options(), theirs);
    EXPECT_FALSE(d2.listening());
    ASSERT_TRUE(d2.exited());
    EXPECT_EQ(d2.exit_code(), 1);
  }
}

TEST_F(DaemonServer, ReplacesAStaleSocket) {
  testing::TempDir tmp;
  std::string dir = tmp.path() + "/stale";
  ASSERT_EQ(ensure_private_dir(dir), std::nullopt);
  // A socket file nobody listens on, as a crashed daemon leaves it.
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::string path = socket_path_in(dir);
  std::strcpy(addr.sun_path, path.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ::close(fd);
  DaemonThread d(test_options(), dir);
  ASSERT_TRUE(d.listening());
  Client c(d.socket_path());
  EXPECT_EQ(c.call(1, "test/echo").at("id"), json::value(1));
}

ServerOptions server_options(std::string version) {
  ServerOptions o;
  o.version = std::move(version);
  return o;
}

// The Server class directly, with its io_context on a thread of the test's.
struct ServerThread {
  boost::asio::io_context io;
  std::optional<Server> server;
  std::thread thread;
  ServerThread(ServerOptions options) { server.emplace(io, std::move(options), MethodRegistry{}); }
  void start() {
    thread = std::thread([this] { io.run(); });
  }
  ~ServerThread() {
    boost::asio::post(io, [this] { server->shutdown("test over"); });
    if (thread.joinable()) thread.join();
    server.reset();
  }
};

TEST_F(DaemonServer, ServesAStreamTransport) {
  // The same server over a pair of plain descriptors (how the LSP will use stdio).
  int to_server[2], from_server[2];
  ASSERT_EQ(::pipe2(to_server, O_CLOEXEC), 0);
  ASSERT_EQ(::pipe2(from_server, O_CLOEXEC), 0);
  {
    ServerThread s(server_options("stdio"));
    s.server->serve(StreamTransport::create(s.io.get_executor(), to_server[0], from_server[1]));
    s.start();
    std::string bytes = encode_frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize"})") +
                        encode_frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})");
    ASSERT_EQ(::write(to_server[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
    std::string out = testing::read_all(from_server[0]).value_or("<timeout>");
    FrameParser p;
    p.feed(out);
    Frame f;
    ASSERT_EQ(p.next(f), FrameParser::Status::kFrame) << out;
    EXPECT_EQ(json::parse(f.body).at("result").at("version"), json::value("stdio"));
    ASSERT_EQ(p.next(f), FrameParser::Status::kFrame) << out;
    EXPECT_EQ(json::parse(f.body).at("id"), json::value(2));
  }
  ::close(to_server[1]);
  ::close(from_server[0]);
}

TEST_F(DaemonServer, OneDaemonPerDir) {
  testing::TempDir tmp;
  std::string dir = tmp.path() + "/one";
  ASSERT_EQ(ensure_private_dir(dir), std::nullopt);
  ServerThread first(server_options("1"));
  ASSERT_EQ(first.server->listen(dir), std::nullopt);
  first.start();
  boost::asio::io_context io;
  Server second(io, server_options("2"), MethodRegistry{});
  auto why = second.listen(dir, 100ms);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("another daemon (pid " + std::to_string(::getpid()) + ")"), std::string::npos) << *why;
  // The first one still serves.
  Client c(socket_path_in(dir));
  EXPECT_EQ(c.call(1, "initialize").at("result").at("version"), json::value("1"));
}

TEST_F(DaemonServer, ClosesConnectionsFromOtherUsers) {
  testing::TempDir tmp;
  std::string dir = tmp.path() + "/uid";
  ASSERT_EQ(ensure_private_dir(dir), std::nullopt);
  ServerOptions options = server_options("1");
  options.allowed_uid = ::geteuid() + 1;  // as if we were someone else
  ServerThread s(options);
  ASSERT_EQ(s.server->listen(dir), std::nullopt);
  s.start();
  Client c(socket_path_in(dir));
  ASSERT_TRUE(c.connected());
  c.request(1, "initialize");
  EXPECT_FALSE(c.read());  // no reply: closed
  EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(DaemonServer, ClosesConnectionsFromAnotherUidForReal) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to connect as another uid";
  DaemonThread d(test_options());
  ASSERT_TRUE(d.listening());
  // The directory is 0700: another user cannot even reach the socket. Open it
  // while root (O_PATH) and let the child connect through /proc/self/fd, with
  // the socket itself made writable to all, so only SO_PEERCRED stands in the way.
  ASSERT_EQ(::chmod(d.socket_path().c_str(), 0666), 0);
  int path_fd = ::open(d.socket_path().c_str(), O_PATH);
  ASSERT_GE(path_fd, 0);
  std::string via = "/proc/self/fd/" + std::to_string(path_fd);
  std::string frame = encode_frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize"})");
  pid_t pid = ::fork();
  if (pid == 0) {
    if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(10);
    ::prctl(PR_SET_DUMPABLE, 1);  // so that /proc/self/fd stays ours
    int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strcpy(addr.sun_path, via.c_str());
    if (::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) ::_exit(11);
    timeval tv{20, 0};
    ::setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    if (::send(s, frame.data(), frame.size(), MSG_NOSIGNAL) < 0) ::_exit(0);  // already closed: fine
    char buf[256];
    ssize_t n = ::read(s, buf, sizeof buf);
    ::_exit(n == 0 || (n < 0 && errno == ECONNRESET) ? 0 : 12);  // EOF without a reply
  }
  ::close(path_fd);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "10: setuid failed, 11: connect failed, 12: got a reply";
  Client c(d.socket_path());
  EXPECT_EQ(c.call(1, "test/echo").at("id"), json::value(1));
}

}  // namespace
}  // namespace toolchain::daemon
