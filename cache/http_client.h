#pragma once
// The HTTP client remote modules are fetched with: one GET, no redirects
// followed (the cache records each one). An interface, so tests can stand in.
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace toolchain::cache {

struct HttpResponse {
  int status = 0;
  std::string reason;
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
  std::string body;
  std::string header(std::string_view name) const;
};

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  // Throws std::runtime_error with the reason on a network or TLS failure.
  virtual HttpResponse get(const std::string& url) = 0;
};

// fetch()'s own client (runtime/http_client: HTTP/1.1 over Boost.Asio, TLS by
// OpenSSL verified against the system's certificate store, gzip/br decoded),
// run to completion on a loop of the call's own.
std::shared_ptr<HttpClient> make_http_client();

}  // namespace toolchain::cache
