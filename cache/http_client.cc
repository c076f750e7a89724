#include "cache/http_client.h"

#include <openssl/ssl.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <fmt/format.h>

namespace toolchain::cache {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (key == name) return value;
  return {};
}

namespace {

struct Target {
  bool tls;
  std::string host;
  std::string port;
  std::string path;  // with the query
};

Target parse_url(const std::string& url) {
  Target t;
  size_t scheme_end = url.find("://");
  if (scheme_end == std::string::npos) throw std::runtime_error("invalid URL");
  t.tls = url.compare(0, scheme_end, "https") == 0;
  size_t host_start = scheme_end + 3;
  size_t path_start = url.find_first_of("/?#", host_start);
  std::string authority = url.substr(host_start, path_start - host_start);
  t.path = path_start == std::string::npos ? "/" : url.substr(path_start);
  if (auto hash = t.path.find('#'); hash != std::string::npos) t.path.resize(hash);
  if (t.path.empty() || t.path[0] != '/') t.path = "/" + t.path;
  size_t colon = authority.rfind(':');
  if (colon != std::string::npos && authority.find(']', colon) == std::string::npos) {
    t.host = authority.substr(0, colon);
    t.port = authority.substr(colon + 1);
  } else {
    t.host = authority;
    t.port = t.tls ? "443" : "80";
  }
  if (t.host.starts_with('[') && t.host.ends_with(']')) t.host = t.host.substr(1, t.host.size() - 2);
  return t;
}

// Reads and writes give up after this long without progress.
void set_timeouts(int fd) {
  timeval tv{30, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

template <typename Stream>
HttpResponse exchange(Stream& stream, const Target& target) {
  http::request<http::empty_body> request{http::verb::get, target.path, 11};
  bool default_port = target.port == (target.tls ? "443" : "80");
  request.set(http::field::host, default_port ? target.host : target.host + ":" + target.port);
  request.set(http::field::user_agent, "toolchain/0.1 (Deno compatible)");
  request.set(http::field::accept, "*/*");
  request.set(http::field::connection, "close");
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(256 * 1024 * 1024);
  http::read(stream, buffer, parser);
  auto& message = parser.get();
  HttpResponse response;
  response.status = static_cast<int>(message.result_int());
  response.reason = std::string(message.reason());
  for (const auto& field : message) {
    std::string name(field.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    response.headers.emplace_back(std::move(name), std::string(field.value()));
  }
  response.body = std::move(message.body());
  return response;
}

class AsioHttpClient : public HttpClient {
 public:
  HttpResponse get(const std::string& url) override {
    Target target = parse_url(url);
    asio::io_context io;
    asio::ip::tcp::resolver resolver(io);
    try {
      auto endpoints = resolver.resolve(target.host, target.port);
      if (!target.tls) {
        beast::tcp_stream stream(io);
        stream.connect(endpoints);
        set_timeouts(stream.socket().native_handle());
        return exchange(stream, target);
      }
      asio::ssl::context tls(asio::ssl::context::tls_client);
      tls.set_default_verify_paths();
      tls.set_verify_mode(asio::ssl::verify_peer);
      beast::ssl_stream<beast::tcp_stream> stream(io, tls);
      // SNI, and the certificate must name the host.
      if (!SSL_set_tlsext_host_name(stream.native_handle(), target.host.c_str()))
        throw std::runtime_error("cannot set the TLS server name");
      stream.set_verify_callback(asio::ssl::host_name_verification(target.host));
      beast::get_lowest_layer(stream).connect(endpoints);
      set_timeouts(beast::get_lowest_layer(stream).socket().native_handle());
      stream.handshake(asio::ssl::stream_base::client);
      return exchange(stream, target);
    } catch (const boost::system::system_error& error) {
      throw std::runtime_error(fmt::format("error sending request for url ({}): {}", url, error.code().message()));
    }
  }
};

}  // namespace

std::shared_ptr<HttpClient> make_http_client() { return std::make_shared<AsioHttpClient>(); }

}  // namespace toolchain::cache
