#include "cache/http_client.h"

#include <boost/asio/io_context.hpp>
#include <optional>
#include <stdexcept>

#include "http_client/http_client.h"
#include "url/url_parser.h"

namespace toolchain::cache {

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (key == name) return value;
  return {};
}

namespace {

using http_client::Failure;
using http_client::HttpError;

constexpr size_t kBodyLimit = 256 * 1024 * 1024;

// The fetch client of runtime/http_client (the one fetch() uses), driven on a
// loop of the call's own until the response has been read: the module loader's
// workers call get() from their threads, each with its own loop.
class FetchClient : public HttpClient {
 public:
  HttpResponse get(const std::string& url) override {
    auto parsed = url::parse(url);
    if (!parsed || (parsed->scheme != "http" && parsed->scheme != "https") || !parsed->host)
      throw std::runtime_error("invalid URL: " + url);
    http_client::Request request;
    request.origin.tls = parsed->scheme == "https";
    std::string host = *parsed->host;
    if (host.size() >= 2 && host.front() == '[') host = host.substr(1, host.size() - 2);
    request.origin.host = host;
    request.origin.port = parsed->port.value_or(request.origin.tls ? 443 : 80);
    request.target = parsed->path.empty() ? "/" : parsed->path;
    if (parsed->query) request.target += "?" + *parsed->query;
    request.headers = {{"user-agent", "toolchain/0.1 (Deno compatible)"},
                       {"accept", "*/*"},
                       {"accept-encoding", "gzip, br"}};

    boost::asio::io_context loop;
    http_client::ClientOptions options;
    options.io_timeout = std::chrono::seconds(30);
    auto client = std::make_shared<http_client::HttpClient>(loop, options);
    auto exchange = std::make_shared<http_client::Exchange>(client, std::move(request));

    HttpResponse response;
    Failure failure;
    std::vector<uint8_t> chunk(64 * 1024);
    std::function<void()> read_body = [&] {
      exchange->read_body(chunk, [&](size_t n, Failure f) {
        if (f) {
          failure = std::move(f);
        } else if (n > 0 && response.body.size() + n > kBodyLimit) {
          failure = HttpError(HttpError::Kind::Protocol, "body larger than 256 MiB");
        } else if (n > 0) {
          response.body.append(reinterpret_cast<const char*>(chunk.data()), n);
          read_body();
        }
      });
    };
    exchange->read_head([&](Failure f) {
      if (f) {
        failure = std::move(f);
        return;
      }
      const auto& head = exchange->head();
      response.status = head.status;
      response.reason = head.reason;
      for (const auto& h : head.headers) {
        std::string name = h.name;
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        response.headers.emplace_back(std::move(name), h.value);
      }
      read_body();
    });
    loop.run();
    if (failure) {
      // fetch()'s words (runtime/fetch/fetch_ops.cc): the failures before a connection are "Connect".
      bool connect = failure->kind() == HttpError::Kind::Dns || failure->kind() == HttpError::Kind::Connect ||
                     failure->kind() == HttpError::Kind::Tls;
      throw std::runtime_error("error sending request for url (" + url + "): client error (" +
                               (connect ? "Connect" : "SendRequest") + "): " + failure->what());
    }
    return response;
  }
};

}  // namespace

std::shared_ptr<HttpClient> make_http_client() { return std::make_shared<FetchClient>(); }

}  // namespace toolchain::cache
