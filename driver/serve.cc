#include "driver/serve.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <boost/json.hpp>
#include <fmt/format.h>

namespace toolchain::driver {

namespace {

size_t jobs_from(const std::map<std::string, std::string>& env, const char* name) {
  auto it = env.find(name);
  if (it == env.end()) return 0;
  char* end = nullptr;
  unsigned long n = std::strtoul(it->second.c_str(), &end, 10);
  return end != it->second.c_str() && *end == '\0' ? n : 0;
}

// --parallel on port 0: every worker must get the same port, so one is
// reserved first by a socket bound (not listening) with SO_REUSEPORT, kept
// until the workers end. Returns the port, or 0 if the host is not an IP address.
class PortReservation {
 public:
  explicit PortReservation(const std::string& host) {
    sockaddr_storage storage{};
    socklen_t size = 0;
    std::string ip = host == "localhost" ? "127.0.0.1" : host;
    auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
    auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
    if (inet_pton(AF_INET, ip.c_str(), &v4->sin_addr) == 1) {
      v4->sin_family = AF_INET;
      size = sizeof *v4;
    } else if (inet_pton(AF_INET6, ip.c_str(), &v6->sin6_addr) == 1) {
      v6->sin6_family = AF_INET6;
      size = sizeof *v6;
    } else {
      return;
    }
    fd_ = ::socket(storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return;
    int one = 1;
    ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    ::setsockopt(fd_, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&storage), size) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&storage), &size) != 0)
      return;
    port_ = ntohs(storage.ss_family == AF_INET ? v4->sin_port : v6->sin6_port);
  }
  ~PortReservation() {
    if (fd_ >= 0) ::close(fd_);
  }
  uint16_t port() const { return port_; }

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

}  // namespace

size_t serve_jobs(const std::map<std::string, std::string>& env) {
  if (size_t n = jobs_from(env, "TOOLCHAIN_JOBS")) return n;
  if (size_t n = jobs_from(env, "DENO_JOBS")) return n;
  return std::max(1u, std::thread::hardware_concurrency());
}

int run_serve(const Command& command, RunOptions base) {
  size_t jobs = command.parallel ? serve_jobs(base.env) : 1;
  uint16_t port = command.serve_port;
  std::unique_ptr<PortReservation> reservation;
  if (jobs > 1 && port == 0) {
    reservation = std::make_unique<PortReservation>(command.serve_host);
    port = reservation->port();
  }
  // Like `deno serve`, listening on the address served needs no flag.
  if (!base.permissions.is_allow_all(permissions::Kind::Net)) {
    const std::string& host = command.serve_host;
    base.permissions.parse_flag(
        fmt::format("--allow-net={}:{}", host.find(':') != std::string::npos ? "[" + host + "]" : host, port), base.cwd);
  }
  // One control for all workers: Ctrl-C through the daemon reaches each of them.
  if (!base.control) base.control = std::make_shared<RunControl>();
  auto control = base.control;

  std::mutex mutex;
  int exit_code = 0;
  bool ended = false;
  auto run_worker = [&](size_t index) {
    RunOptions options = base;
    auto hook = std::make_shared<ToolHook>();
    hook->mode = "serve";
    hook->runs_on = true;
    hook->config = boost::json::serialize(boost::json::object{
        {"port", port}, {"hostname", command.serve_host}, {"worker", index}, {"workers", jobs}});
    options.tool = hook;
    if (jobs > 1) {
      size_t width = std::max<size_t>(2, std::to_string(jobs - 1).size());
      options.console_prefix = fmt::format("[serve-worker-{:<{}}] ", index, width);
    }
    int code = run_program(options);
    // A worker that fails ends the others with its code (the first one wins).
    std::lock_guard lock(mutex);
    if (code != 0 && !ended) {
      ended = true;
      exit_code = code;
      control->terminate(code);
    }
  };
  if (jobs == 1) {
    run_worker(0);
  } else {
    std::vector<std::thread> workers;
    for (size_t i = 0; i < jobs; ++i) workers.emplace_back(run_worker, i);
    for (auto& worker : workers) worker.join();
  }
  control->finished(exit_code);
  return exit_code;
}

}  // namespace toolchain::driver
