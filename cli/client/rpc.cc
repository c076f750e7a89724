#include "cli/client/rpc.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace toolchain::client {

namespace json = boost::json;

long long now_ms() {
  timespec ts;
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

std::optional<Connection> Connection::open(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return std::nullopt;
  }
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return std::nullopt;
  int rc;
  do rc = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    int saved = errno;
    ::close(fd);
    errno = saved;
    return std::nullopt;
  }
  return Connection(fd);
}

Connection::Connection(Connection&& other) noexcept : fd_(other.fd_), buffer_(std::move(other.buffer_)) {
  other.fd_ = -1;
}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    buffer_ = std::move(other.buffer_);
    other.fd_ = -1;
  }
  return *this;
}

Connection::~Connection() {
  if (fd_ >= 0) ::close(fd_);
}

bool Connection::send(const json::value& message, std::span<const int> fds) {
  std::string body = json::serialize(message);
  std::string frame = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  size_t sent = 0;
  if (!fds.empty()) {
    // The descriptors ride on the first byte: send that byte alone with them so
    // the daemon's recvmsg finds them at the frame's start.
    iovec iov{frame.data(), 1};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * 8)]{};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = CMSG_SPACE(sizeof(int) * fds.size());
    cmsghdr* cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
    std::memcpy(CMSG_DATA(cmsg), fds.data(), sizeof(int) * fds.size());
    ssize_t n;
    do n = ::sendmsg(fd_, &msg, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    if (n != 1) return false;
    sent = 1;
  }
  while (sent < frame.size()) {
    ssize_t n = ::send(fd_, frame.data() + sent, frame.size() - sent, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    sent += static_cast<size_t>(n);
  }
  return true;
}

bool Connection::fill() {
  char chunk[65536];
  for (;;) {
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

bool Connection::take(json::value& out, bool& broken) {
  broken = false;
  size_t end = buffer_.find("\r\n\r\n");
  if (end == std::string::npos) {
    if (buffer_.size() > 8192) broken = true;
    return false;
  }
  long long length = -1;
  size_t line_start = 0;
  while (line_start < end) {
    size_t line_end = buffer_.find("\r\n", line_start);
    std::string line = buffer_.substr(line_start, line_end - line_start);
    size_t colon = line.find(':');
    if (colon == std::string::npos) {
      broken = true;
      return false;
    }
    std::string name = line.substr(0, colon);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == "content-length") {
      char* tail = nullptr;
      length = std::strtoll(line.c_str() + colon + 1, &tail, 10);
      if (tail == line.c_str() + colon + 1) length = -1;
    }
    line_start = line_end + 2;
  }
  if (length < 0) {
    broken = true;
    return false;
  }
  size_t body_start = end + 4;
  if (buffer_.size() - body_start < static_cast<size_t>(length)) return false;
  boost::system::error_code ec;
  out = json::parse(std::string_view(buffer_).substr(body_start, static_cast<size_t>(length)), ec);
  buffer_.erase(0, body_start + static_cast<size_t>(length));
  if (ec) {
    broken = true;
    return false;
  }
  return true;
}

Connection::Status Connection::read(json::value& out, int timeout_ms) {
  long long deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
  for (;;) {
    bool broken = false;
    if (take(out, broken)) return Status::Message;
    if (broken) return Status::Closed;
    int wait = -1;
    if (deadline >= 0) {
      long long left = deadline - now_ms();
      if (left <= 0) return Status::Timeout;
      wait = static_cast<int>(left);
    }
    pollfd p{fd_, POLLIN, 0};
    int rc = ::poll(&p, 1, wait);
    if (rc < 0) {
      if (errno == EINTR) continue;
      return Status::Closed;
    }
    if (rc == 0) continue;
    if (!fill()) return Status::Closed;
  }
}

json::value request(int id, const char* method, json::value params) {
  json::object message{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) message["params"] = std::move(params);
  return message;
}

json::value notification(const char* method, json::value params) {
  return json::object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

Reply call(Connection& connection, int id, const char* method, json::value params, int timeout_ms) {
  Reply reply;
  if (!connection.send(request(id, method, std::move(params)))) return reply;
  long long deadline = now_ms() + timeout_ms;
  for (;;) {
    long long left = deadline - now_ms();
    json::value message;
    Connection::Status status = connection.read(message, left > 0 ? static_cast<int>(left) : 0);
    if (status == Connection::Status::Closed) return reply;
    if (status == Connection::Status::Timeout) {
      reply.kind = Reply::Kind::Timeout;
      return reply;
    }
    const json::object* object = message.if_object();
    if (!object) continue;
    const json::value* got = object->if_contains("id");
    if (!got || !got->is_int64() || got->as_int64() != id) continue;  // a notification or another id
    if (const json::value* error = object->if_contains("error"); error && error->is_object()) {
      reply.kind = Reply::Kind::Error;
      const json::object& e = error->as_object();
      if (const json::value* code = e.if_contains("code"); code && code->is_int64()) reply.code = code->as_int64();
      if (const json::value* text = e.if_contains("message"); text && text->is_string())
        reply.message = std::string(text->as_string());
      return reply;
    }
    reply.kind = Reply::Kind::Ok;
    if (const json::value* result = object->if_contains("result")) reply.result = *result;
    return reply;
  }
}

}  // namespace toolchain::client
