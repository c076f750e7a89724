#pragma once
// The one error the HTTP client throws: what went wrong (so callers can word it
// as Deno does) and a message in Deno's words for the part after "client error".
#include <stdexcept>
#include <string>

namespace toolchain::http_client {

class HttpError : public std::runtime_error {
 public:
  enum class Kind {
    Dns,       // the host name did not resolve
    Connect,   // TCP connect failed (refused, unreachable)
    Tls,       // handshake or certificate verification failed
    Timeout,   // a deadline passed
    Aborted,   // cancel() was called
    Protocol,  // the peer sent something that is not HTTP/1.1
    Io,        // the connection failed after it was made
  };
  HttpError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

}  // namespace toolchain::http_client
