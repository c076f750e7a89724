// TCP and TLS transport on an Asio loop, with deadlines and cancellation (connection.h).
#include "http_client/connection.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <cstring>
#include <mutex>
#include <thread>

#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/write.hpp>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace toolchain::http_client {

namespace asio = boost::asio;
using boost::system::error_code;
using tcp = asio::ip::tcp;
using Kind = HttpError::Kind;

namespace {

// "Connection refused (os error 111)", as Rust's io::Error prints.
std::string os_error_text(const error_code& ec) {
  if (ec.category() == boost::system::system_category()) return ec.message() + " (os error " + std::to_string(ec.value()) + ")";
  return ec.message();
}

bool is_ip_literal(const std::string& host) {
  error_code ec;
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

// rustls' words for a certificate that does not name `host`: `certificate not
// valid for name "host"; certificate is only valid for DnsName("a") or
// IpAddress(1.2.3.4)`, from the certificate's subjectAltName entries.
std::string name_mismatch_text(X509* cert, const std::string& host) {
  std::vector<std::string> names;
  auto* entries = static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(cert, NID_subject_alt_name, nullptr, nullptr));
  for (int i = 0; entries != nullptr && i < sk_GENERAL_NAME_num(entries); ++i) {
    const GENERAL_NAME* entry = sk_GENERAL_NAME_value(entries, i);
    if (entry->type == GEN_DNS) {
      const ASN1_IA5STRING* dns = entry->d.dNSName;
      names.push_back("DnsName(\"" + std::string(reinterpret_cast<const char*>(dns->data), dns->length) + "\")");
    } else if (entry->type == GEN_IPADD) {
      const ASN1_OCTET_STRING* ip = entry->d.iPAddress;
      if (ip->length == 4) {
        asio::ip::address_v4::bytes_type bytes;
        std::memcpy(bytes.data(), ip->data, 4);
        names.push_back("IpAddress(" + asio::ip::address_v4(bytes).to_string() + ")");
      } else if (ip->length == 16) {
        asio::ip::address_v6::bytes_type bytes;
        std::memcpy(bytes.data(), ip->data, 16);
        names.push_back("IpAddress(" + asio::ip::address_v6(bytes).to_string() + ")");
      }
    }
  }
  GENERAL_NAMES_free(entries);
  std::string text = "certificate not valid for name \"" + host + "\"; certificate ";
  if (names.empty()) return text + "is not valid for any names (according to its subjectAltName extension)";
  text += "is only valid for ";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

}  // namespace

// A name lookup: getaddrinfo blocks, so it runs on a thread of its own and its
// answer is posted to the loop. Nothing ever waits for a lookup that is no
// longer wanted (an abort, a timeout, a program that ends): it is abandoned,
// and its thread finishes alone.
class Lookup {
 public:
  using Result = std::function<void(std::vector<tcp::endpoint>, std::string error)>;

  static std::shared_ptr<Lookup> start(asio::io_context& loop, const Origin& origin, Result done) {
    auto lookup = std::make_shared<Lookup>();
    lookup->loop_ = &loop;
    lookup->done_ = std::move(done);
    std::thread([lookup, host = origin.host, service = std::to_string(origin.port)] {
      addrinfo hints{};
      hints.ai_family = AF_UNSPEC;
      hints.ai_socktype = SOCK_STREAM;
      hints.ai_flags = AI_ADDRCONFIG;
      addrinfo* found = nullptr;
      int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &found);
      std::vector<tcp::endpoint> endpoints;
      std::string error;
      if (rc != 0) {
        error = std::string("dns error: failed to lookup address information: ") +
                (rc == EAI_SYSTEM ? std::strerror(errno) : gai_strerror(rc));
      } else {
        for (addrinfo* a = found; a; a = a->ai_next) {
          tcp::endpoint endpoint;
          endpoint.resize(a->ai_addrlen);
          std::memcpy(endpoint.data(), a->ai_addr, a->ai_addrlen);
          endpoints.push_back(endpoint);
        }
        freeaddrinfo(found);
      }
      std::lock_guard lock(lookup->mutex_);
      if (!lookup->loop_) return;
      asio::post(*lookup->loop_, [lookup, endpoints = std::move(endpoints), error = std::move(error)]() mutable {
        if (lookup->done_) std::exchange(lookup->done_, nullptr)(std::move(endpoints), std::move(error));
      });
    }).detach();
    return lookup;
  }

  // On the loop's thread: the answer is no longer wanted.
  void abandon() {
    done_ = nullptr;
    std::lock_guard lock(mutex_);
    loop_ = nullptr;
  }

 private:
  std::mutex mutex_;
  asio::io_context* loop_;  // null once abandoned
  Result done_;
};

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

Connection::Connection(asio::io_context& loop, Origin origin)
    : loop_(loop), origin_(std::move(origin)), socket_(loop), deadline_(loop) {}

Connection::~Connection() {
  if (lookup_) lookup_->abandon();
  error_code ignored;
  socket_.close(ignored);
}

void Connection::arm(std::chrono::milliseconds timeout, const char* phase) {
  ++generation_;
  timed_out_ = false;
  phase_ = phase;
  if (timeout.count() == 0) return;
  armed_ = true;
  deadline_.expires_after(timeout);
  deadline_.async_wait([self = shared_from_this(), generation = generation_](const error_code& ec) {
    if (ec || generation != self->generation_) return;
    self->timed_out_ = true;
    self->interrupt();
  });
}

Failure Connection::disarm() {
  ++generation_;
  if (armed_) {
    armed_ = false;
    deadline_.cancel();
  }
  if (cancelled_) return HttpError(Kind::Aborted, "operation aborted");
  if (timed_out_) {
    timed_out_ = false;
    if (std::strcmp(phase_, "tcp connect") == 0) return HttpError(Kind::Timeout, "tcp connect error: connection timed out");
    return HttpError(Kind::Timeout, std::string(phase_) + " timed out");
  }
  return std::nullopt;
}

// Stops whatever is in progress; its handler then sees cancelled_ or timed_out_.
void Connection::interrupt() {
  error_code ignored;
  socket_.cancel(ignored);
  if (lookup_) {
    // A lookup cannot be stopped: leave it and finish the open now.
    lookup_->abandon();
    lookup_.reset();
    asio::post(loop_, [self = shared_from_this()] { self->opened(std::nullopt); });
  }
}

void Connection::open(TlsConfig* tls, std::chrono::milliseconds timeout, Done done) {
  tls_config_ = tls;
  open_done_ = std::move(done);
  arm(timeout, "tcp connect");
  if (cancelled_) {
    asio::post(loop_, [self = shared_from_this()] { self->opened(std::nullopt); });
    return;
  }
  error_code ec;
  auto address = asio::ip::make_address(origin_.host, ec);
  if (!ec) {
    endpoints_.emplace_back(address, origin_.port);
    asio::post(loop_, [self = shared_from_this()] { self->connect_next(0, {}); });
    return;
  }
  phase_ = "dns lookup";
  std::weak_ptr<Connection> weak = shared_from_this();
  lookup_ = Lookup::start(loop_, origin_, [weak](std::vector<tcp::endpoint> endpoints, std::string error) {
    auto self = weak.lock();
    if (!self) return;
    self->lookup_.reset();
    if (!error.empty()) return self->opened(HttpError(Kind::Dns, error));
    self->endpoints_ = std::move(endpoints);
    self->phase_ = "tcp connect";
    self->connect_next(0, {});
  });
}

void Connection::connect_next(size_t index, error_code last) {
  if (cancelled_ || timed_out_) return opened(std::nullopt);
  if (index == endpoints_.size()) return opened(HttpError(Kind::Connect, "tcp connect error: " + os_error_text(last)));
  error_code ec;
  socket_.close(ec);
  socket_.open(endpoints_[index].protocol(), ec);
  if (ec) return connect_next(index + 1, ec);
  socket_.async_connect(endpoints_[index], [self = shared_from_this(), index](const error_code& ec) {
    if (ec) return self->connect_next(index + 1, ec);
    if (self->cancelled_ || self->timed_out_) return self->opened(std::nullopt);
    error_code ignored;
    self->socket_.set_option(tcp::no_delay(true), ignored);
    if (self->origin_.tls) return self->handshake();
    self->opened(std::nullopt);
  });
}

void Connection::handshake() {
  phase_ = "tls handshake";
  tls_.emplace(socket_, tls_config_->context());
  SSL* ssl = tls_->native_handle();
  static const unsigned char alpn[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
  SSL_set_alpn_protos(ssl, alpn, sizeof alpn);
  bool ip = is_ip_literal(origin_.host);
  if (!ip) SSL_set_tlsext_host_name(ssl, origin_.host.c_str());  // SNI carries names only
  if (tls_config_->verify()) {
    // The certificate must name the host (or, for an address, list it).
    if (ip) X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), origin_.host.c_str());
    else SSL_set1_host(ssl, origin_.host.c_str());
    // The names the certificate has are known only while it is verified.
    tls_->set_verify_callback([this](bool preverified, asio::ssl::verify_context& verifying) {
      X509_STORE_CTX* store = verifying.native_handle();
      int error = X509_STORE_CTX_get_error(store);
      if (!preverified && (error == X509_V_ERR_HOSTNAME_MISMATCH || error == X509_V_ERR_IP_ADDRESS_MISMATCH))
        name_mismatch_ = name_mismatch_text(X509_STORE_CTX_get_current_cert(store), origin_.host);
      return preverified;
    });
  }
  tls_->async_handshake(asio::ssl::stream_base::client, [self = shared_from_this()](const error_code& ec) {
    if (!ec || self->cancelled_ || self->timed_out_) return self->opened(std::nullopt);
    long verify = SSL_get_verify_result(self->tls_->native_handle());
    if (!self->name_mismatch_.empty())
      return self->opened(HttpError(Kind::Tls, "invalid peer certificate: " + self->name_mismatch_));
    if (verify != X509_V_OK) return self->opened(HttpError(Kind::Tls, "invalid peer certificate: " + certificate_error_text(verify)));
    self->opened(HttpError(Kind::Tls, "tls handshake error: " + ec.message()));
  });
}

void Connection::opened(Failure failure) {
  if (!open_done_) return;  // already finished (an abandoned lookup's late answer)
  Failure cut = disarm();
  std::exchange(open_done_, nullptr)(cut ? cut : std::move(failure));
}

void Connection::write(std::vector<asio::const_buffer> buffers, std::chrono::milliseconds timeout, Done done) {
  arm(timeout, "write");
  auto handler = [self = shared_from_this(), done = std::move(done)](const error_code& ec, size_t) {
    if (Failure cut = self->disarm()) return done(std::move(cut));
    if (ec) return done(HttpError(Kind::Io, "connection error: " + os_error_text(ec)));
    done(std::nullopt);
  };
  if (cancelled_) return asio::post(loop_, [handler = std::move(handler)]() mutable { handler({}, 0); });
  if (tls_) asio::async_write(*tls_, buffers, std::move(handler));
  else asio::async_write(socket_, buffers, std::move(handler));
}

void Connection::read_some(std::span<uint8_t> into, std::chrono::milliseconds timeout, SizeDone done) {
  arm(timeout, "read");
  auto handler = [self = shared_from_this(), done = std::move(done)](const error_code& ec, size_t n) {
    if (Failure cut = self->disarm()) return done(0, std::move(cut));
    // A TLS peer that closes without close_notify has still ended the stream.
    if (ec == asio::error::eof || ec == asio::ssl::error::stream_truncated) return done(0, std::nullopt);
    if (ec) return done(0, HttpError(Kind::Io, "connection error: " + os_error_text(ec)));
    done(n, std::nullopt);
  };
  if (cancelled_) return asio::post(loop_, [handler = std::move(handler)]() mutable { handler({}, 0); });
  auto buffer = asio::buffer(into.data(), into.size());
  if (tls_) tls_->async_read_some(buffer, std::move(handler));
  else socket_.async_read_some(buffer, std::move(handler));
}

void Connection::cancel() {
  if (cancelled_) return;
  cancelled_ = true;
  interrupt();
}

bool Connection::idle_and_open() {
  if (cancelled_ || !socket_.is_open()) return false;
  // Plain: any readable byte or the peer's FIN means it is done. TLS: the peer
  // may still send records (session tickets), so only a hang-up counts.
  pollfd p{socket_.native_handle(), static_cast<short>(tls_ ? POLLRDHUP : (POLLIN | POLLRDHUP)), 0};
  return ::poll(&p, 1, 0) == 0;
}

}  // namespace toolchain::http_client
