#pragma once
// Helpers for the daemon's tests: a private temp dir, a blocking client that
// speaks the framing (and passes fds), and a daemon served on a thread.
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "daemon.h"
#include "transport/framing.h"

namespace toolchain::daemon::testing {

namespace json = boost::json;
using namespace std::chrono_literals;

// Generous: tests check outcomes, not speed.
constexpr auto kTimeout = 20s;

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/tc-daemon-test-XXXXXX";
    path_ = ::mkdtemp(tmpl);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

inline int connect_unix(const std::string& path) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Sends `data` in one sendmsg, with `fds` attached (SCM_RIGHTS) when given.
inline bool send_with_fds(int sock, std::string_view data, const std::vector<int>& fds) {
  iovec iov{const_cast<char*>(data.data()), data.size()};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  std::vector<char> control;
  if (!fds.empty()) {
    control.resize(CMSG_SPACE(sizeof(int) * fds.size()));
    msg.msg_control = control.data();
    msg.msg_controllen = control.size();
    cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
    std::memcpy(CMSG_DATA(c), fds.data(), sizeof(int) * fds.size());
  }
  ssize_t n = ::sendmsg(sock, &msg, MSG_NOSIGNAL);
  if (n < 0) return false;
  if (static_cast<size_t>(n) < data.size()) {  // the rest without fds
    data.remove_prefix(static_cast<size_t>(n));
    while (!data.empty()) {
      ssize_t w = ::send(sock, data.data(), data.size(), MSG_NOSIGNAL);
      if (w <= 0) return false;
      data.remove_prefix(static_cast<size_t>(w));
    }
  }
  return true;
}

// Reads everything from `fd` until EOF (or the timeout).
inline std::optional<std::string> read_all(int fd, std::chrono::milliseconds timeout = kTimeout) {
  std::string out;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    char buf[4096];
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return out;
    out.append(buf, static_cast<size_t>(n));
  }
}

class Client {
 public:
  explicit Client(const std::string& socket_path) : fd_(connect_unix(socket_path)) {}
  ~Client() { close(); }
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  bool connected() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  bool send_raw(std::string_view bytes, const std::vector<int>& fds = {}) {
    return send_with_fds(fd_, bytes, fds);
  }
  bool send(const json::value& message, const std::vector<int>& fds = {}) {
    return send_raw(encode_frame(json::serialize(message)), fds);
  }
  bool request(std::int64_t id, std::string_view method, json::value params = nullptr,
               const std::vector<int>& fds = {}) {
    json::object m{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    if (!params.is_null()) m["params"] = std::move(params);
    return send(m, fds);
  }
  bool notify(std::string_view method, json::value params = nullptr) {
    json::object m{{"jsonrpc", "2.0"}, {"method", method}};
    if (!params.is_null()) m["params"] = std::move(params);
    return send(m);
  }

  // The next message, or nothing on EOF/timeout.
  std::optional<json::value> read(std::chrono::milliseconds timeout = kTimeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      Frame frame;
      auto status = parser_.next(frame);
      if (status == FrameParser::Status::kFrame) return json::parse(frame.body);
      if (status == FrameParser::Status::kError) return std::nullopt;
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return std::nullopt;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char buf[65536];
      ssize_t n = ::read(fd_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        eof_ = true;
        return std::nullopt;
      }
      parser_.feed(std::string_view(buf, static_cast<size_t>(n)));
    }
  }
  // Sends a request and returns its reply (skipping nothing: the reply must be next).
  json::value call(std::int64_t id, std::string_view method, json::value params = nullptr,
                   const std::vector<int>& fds = {}) {
    if (!request(id, method, std::move(params), fds)) return nullptr;
    auto reply = read();
    return reply ? *reply : json::value(nullptr);
  }
  // Whether the daemon closed the connection (reads and drops anything before).
  bool closed_by_peer(std::chrono::milliseconds timeout = kTimeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!eof_ && std::chrono::steady_clock::now() < deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      read(left);
      if (parser_.error().size()) return false;
    }
    return eof_;
  }

 private:
  int fd_;
  FrameParser parser_;
  bool eof_ = false;
};

// serve_daemon on a thread of its own, in a private temp dir.
class DaemonThread {
 public:
  // `dir` empty: a fresh one under a temp dir. `from_env`: leave socket_dir unset
  // so that serve_daemon finds `dir` through TOOLCHAIN_RUNTIME_DIR.
  explicit DaemonThread(DaemonOptions options, std::string dir = {}, bool from_env = false) {
    if (dir.empty()) dir = temp_.path() + "/run";
    dir_ = dir;
    if (from_env) {
      ::setenv("TOOLCHAIN_RUNTIME_DIR", dir_.c_str(), 1);
      options.socket_dir.clear();
    } else {
      options.socket_dir = dir_;
    }
    if (options.version.empty()) options.version = "9.9.9-test";
    options.handle_signals = false;
    auto ready = std::make_shared<std::promise<std::string>>();
    auto ready_future = ready->get_future();
    options.on_listening = [ready](const std::string& path) { ready->set_value(path); };
    auto done = std::make_shared<std::promise<int>>();
    done_ = done->get_future();
    thread_ = std::thread([options, done] { done->set_value(serve_daemon(options)); });
    // Either it listens, or it fails to start.
    auto deadline = std::chrono::steady_clock::now() + kTimeout;
    while (std::chrono::steady_clock::now() < deadline) {
      if (ready_future.wait_for(10ms) == std::future_status::ready) {
        socket_path_ = ready_future.get();
        return;
      }
      if (done_.wait_for(0ms) == std::future_status::ready) return;
    }
  }
  ~DaemonThread() {
    if (!exited(0ms) && !socket_path_.empty()) {
      Client c(socket_path_);
      c.call(1, "shutdown");
    }
    if (thread_.joinable()) thread_.join();
  }

  bool listening() const { return !socket_path_.empty(); }
  const std::string& socket_path() const { return socket_path_; }
  const std::string& dir() const { return dir_; }
  bool exited(std::chrono::milliseconds wait = kTimeout) {
    if (exit_code_) return true;
    return done_.valid() && done_.wait_for(wait) == std::future_status::ready;
  }
  int exit_code() {
    if (!exit_code_) exit_code_ = done_.get();
    return *exit_code_;
  }

 private:
  TempDir temp_;
  std::string dir_, socket_path_;
  std::thread thread_;
  std::future<int> done_;
  std::optional<int> exit_code_;
};

}  // namespace toolchain::daemon::testing
