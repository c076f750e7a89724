// TCP and TLS transport with deadlines and cancellation (connection.h).
#include "http_client/connection.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <cstring>

#include <boost/asio/connect.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/write.hpp>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "http_client/http_error.h"

namespace toolchain::http_client {

namespace asio = boost::asio;
using boost::system::error_code;
using Kind = HttpError::Kind;

namespace {

// "Connection refused (os error 111)", as Rust's io::Error prints.
std::string os_error_text(const error_code& ec) {
  if (ec.category() == boost::system::system_category()) return ec.message() + " (os error " + std::to_string(ec.value()) + ")";
  return ec.message();
}

bool is_ip_literal(const std::string& host) {
  boost::system::error_code ec;
  asio::ip::make_address(host, ec);
  return !ec;
}

// rustls' names for the certificate failures Deno reports, from OpenSSL's verify result.
std::string certificate_error_text(long result) {
  switch (result) {
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
      return "UnknownIssuer";
    case X509_V_ERR_CERT_HAS_EXPIRED: return "Expired";
    case X509_V_ERR_CERT_NOT_YET_VALID: return "NotValidYet";
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH: return "NotValidForName";
    case X509_V_ERR_CERT_REVOKED: return "Revoked";
    case X509_V_ERR_INVALID_CA: return "Other(OtherError(CaUsedAsEndEntity))";
    default: return std::string("Other(") + X509_verify_cert_error_string(result) + ")";
  }
}

}  // namespace

TlsConfig::TlsConfig(const std::vector<std::string>& extra_ca_files, bool verify)
    : context_(asio::ssl::context::tls_client), verify_(verify) {
  context_.set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                       asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 | asio::ssl::context::no_tlsv1_1);
  context_.set_default_verify_paths();
  for (const auto& file : extra_ca_files) {
    error_code ec;
    context_.load_verify_file(file, ec);
    if (ec) throw HttpError(Kind::Tls, "Unable to add pem file to certificate store: " + file);
  }
  context_.set_verify_mode(verify ? asio::ssl::verify_peer : asio::ssl::verify_none);
}

Connection::Connection(const Origin& origin) : origin_(origin) {}

Connection::~Connection() {
  error_code ignored;
  socket_.close(ignored);
}

template <typename Start>
size_t Connection::wait(Start start, Deadline deadline, const char* what) {
  if (cancelled_) throw HttpError(Kind::Aborted, "operation aborted");
  error_code result;
  size_t transferred = 0;
  bool done = false;
  start([&](const error_code& ec, size_t n) {
    result = ec;
    transferred = n;
    done = true;
  });
  io_.restart();
  while (!done) {
    if (io_.run_one_until(deadline) == 0 && !done) {
      // The deadline passed: cancel, and let the handler run before its captures go.
      error_code ignored;
      socket_.cancel(ignored);
      io_.restart();
      io_.run();
      throw HttpError(Kind::Timeout, std::string(what) + " timed out");
    }
  }
  if (cancelled_) throw HttpError(Kind::Aborted, "operation aborted");
  if (result) throw result;  // caught and worded by the caller
  return transferred;
}

std::unique_ptr<Connection> Connection::open(const Origin& origin, TlsConfig& tls, Deadline deadline,
                                             const std::atomic<bool>* aborted) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_ADDRCONFIG;
  addrinfo* found = nullptr;
  std::string service = std::to_string(origin.port);
  int rc = getaddrinfo(origin.host.c_str(), service.c_str(), &hints, &found);
  if (rc != 0) {
    throw HttpError(Kind::Dns, std::string("dns error: failed to lookup address information: ") +
                                   (rc == EAI_SYSTEM ? std::strerror(errno) : gai_strerror(rc)));
  }
  std::vector<asio::ip::tcp::endpoint> endpoints;
  for (addrinfo* a = found; a; a = a->ai_next) {
    asio::ip::tcp::endpoint endpoint;
    endpoint.resize(a->ai_addrlen);
    std::memcpy(endpoint.data(), a->ai_addr, a->ai_addrlen);
    endpoints.push_back(endpoint);
  }
  freeaddrinfo(found);
  if (aborted && *aborted) throw HttpError(Kind::Aborted, "operation aborted");

  std::unique_ptr<Connection> c(new Connection(origin));
  error_code last;
  bool connected = false;
  for (const auto& endpoint : endpoints) {
    error_code ignored;
    c->socket_.close(ignored);
    c->socket_.open(endpoint.protocol());
    try {
      c->wait([&](auto handler) { c->socket_.async_connect(endpoint, [handler](const error_code& ec) mutable { handler(ec, 0); }); },
              deadline, "tcp connect");
      connected = true;
      break;
    } catch (const error_code& ec) {
      last = ec;
    } catch (const HttpError& e) {
      if (e.kind() == Kind::Timeout) throw HttpError(Kind::Timeout, "tcp connect error: connection timed out");
      throw;
    }
  }
  if (!connected) throw HttpError(Kind::Connect, "tcp connect error: " + os_error_text(last));
  c->socket_.set_option(asio::ip::tcp::no_delay(true));

  if (origin.tls) {
    c->tls_.emplace(c->socket_, tls.context());
    SSL* ssl = c->tls_->native_handle();
    static const unsigned char alpn[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    SSL_set_alpn_protos(ssl, alpn, sizeof alpn);
    bool ip = is_ip_literal(origin.host);
    if (!ip) SSL_set_tlsext_host_name(ssl, origin.host.c_str());  // SNI carries names only
    if (tls.verify()) {
      // The certificate must name the host (or, for an address, list it).
      if (ip) X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), origin.host.c_str());
      else SSL_set1_host(ssl, origin.host.c_str());
    }
    try {
      c->wait([&](auto handler) {
                c->tls_->async_handshake(asio::ssl::stream_base::client,
                                         [handler](const error_code& ec) mutable { handler(ec, 0); });
              },
              deadline, "tls handshake");
    } catch (const error_code& ec) {
      long verify = SSL_get_verify_result(ssl);
      if (verify != X509_V_OK) throw HttpError(Kind::Tls, "invalid peer certificate: " + certificate_error_text(verify));
      throw HttpError(Kind::Tls, "tls handshake error: " + ec.message());
    }
  }
  return c;
}

void Connection::write_all(std::span<const uint8_t> data, Deadline deadline) {
  try {
    wait([&](auto handler) {
           if (tls_) asio::async_write(*tls_, asio::buffer(data.data(), data.size()), handler);
           else asio::async_write(socket_, asio::buffer(data.data(), data.size()), handler);
         },
         deadline, "write");
  } catch (const error_code& ec) {
    throw HttpError(Kind::Io, "connection error: " + os_error_text(ec));
  }
}

size_t Connection::read_some(std::span<uint8_t> into, Deadline deadline) {
  try {
    return wait([&](auto handler) {
                  if (tls_) tls_->async_read_some(asio::buffer(into.data(), into.size()), handler);
                  else socket_.async_read_some(asio::buffer(into.data(), into.size()), handler);
                },
                deadline, "read");
  } catch (const error_code& ec) {
    // A TLS peer that closes without close_notify has still ended the stream.
    if (ec == asio::error::eof || ec == asio::ssl::error::stream_truncated) return 0;
    throw HttpError(Kind::Io, "connection error: " + os_error_text(ec));
  }
}

void Connection::cancel() {
  cancelled_ = true;
  asio::post(io_, [this] {
    error_code ignored;
    socket_.cancel(ignored);
  });
}

bool Connection::idle_and_open() {
  if (cancelled_ || !socket_.is_open()) return false;
  // Plain: any readable byte or the peer's FIN means it is done. TLS: the peer
  // may still send records (session tickets), so only a hang-up counts.
  pollfd p{socket_.native_handle(), static_cast<short>(tls_ ? POLLRDHUP : (POLLIN | POLLRDHUP)), 0};
  int n = ::poll(&p, 1, 0);
  return n == 0;
}

}  // namespace toolchain::http_client
