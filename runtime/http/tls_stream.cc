#include "http/tls_stream.h"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>

#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/write.hpp>

#include "bridge/js_error.h"

namespace toolchain::http {

namespace {

using tcp = asio::ip::tcp;
namespace ssl = asio::ssl;

// PEM text is read from memory; an encrypted key never prompts on the terminal.
int no_password(char*, int, int, void*) { return 0; }

struct BioFree {
  void operator()(BIO* bio) const { BIO_free(bio); }
};
using Bio = std::unique_ptr<BIO, BioFree>;

Bio memory_bio(const std::string& text) { return Bio(BIO_new_mem_buf(text.data(), static_cast<int>(text.size()))); }

// The server speaks HTTP/1.1 only: a client offering h2 alone gets no ALPN answer.
int select_alpn(SSL*, const unsigned char** out, unsigned char* out_len, const unsigned char* in, unsigned int in_len,
                void*) {
  static const unsigned char ours[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
  unsigned char* chosen = nullptr;
  if (SSL_select_next_proto(&chosen, out_len, ours, sizeof ours, in, in_len) != OPENSSL_NPN_NEGOTIATED)
    return SSL_TLSEXT_ERR_NOACK;
  *out = chosen;
  return SSL_TLSEXT_ERR_OK;
}

class TlsStream : public Stream {
 public:
  TlsStream(tcp::socket socket, std::shared_ptr<ssl::context> context)
      : context_(std::move(context)), stream_(std::move(socket), *context_) {}

  void async_read_some(asio::mutable_buffer into, IoHandler handler) override {
    if (handshaken_) {
      stream_.async_read_some(into, std::move(handler));
      return;
    }
    stream_.async_handshake(ssl::stream_base::server,
                            [this, into, handler = std::move(handler)](boost::system::error_code ec) mutable {
                              if (ec) return handler(ec, 0);
                              handshaken_ = true;
                              stream_.async_read_some(into, std::move(handler));
                            });
  }

  // One TLS write of the gathered buffers (each buffer alone would be its own record and syscall).
  void async_write(const std::vector<asio::const_buffer>& buffers, IoHandler handler) override {
    out_.clear();
    for (const auto& b : buffers) out_.append(static_cast<const char*>(b.data()), b.size());
    asio::async_write(stream_, asio::buffer(out_), std::move(handler));
  }

  // No close_notify: the response framing already tells the client where it ends.
  void close() override {
    boost::system::error_code ec;
    char sink[4096];
    auto& socket = stream_.next_layer();
    while (socket.available(ec) > 0 && !ec) socket.read_some(asio::buffer(sink), ec);
    socket.shutdown(tcp::socket::shutdown_both, ec);
    socket.close(ec);
  }
  void cancel() override {
    boost::system::error_code ec;
    stream_.lowest_layer().cancel(ec);
  }

  tcp::endpoint remote() const override {
    boost::system::error_code ec;
    return stream_.next_layer().remote_endpoint(ec);
  }

 private:
  std::shared_ptr<ssl::context> context_;
  ssl::stream<tcp::socket> stream_;
  std::string out_;
  bool handshaken_ = false;
};

}  // namespace

std::shared_ptr<ssl::context> make_tls_server_context(const std::string& cert, const std::string& key) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                       ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
  SSL_CTX* native = context->native_handle();

  // The chain: the first certificate is the server's, the rest its issuers.
  Bio certs = memory_bio(cert);
  size_t count = 0;
  while (X509* x509 = PEM_read_bio_X509(certs.get(), nullptr, no_password, nullptr)) {
    if (count++ == 0) {
      SSL_CTX_use_certificate(native, x509);
      X509_free(x509);
    } else {
      SSL_CTX_add_extra_chain_cert(native, x509);  // takes ownership
    }
  }
  ERR_clear_error();
  if (count == 0) throw bridge::JsError{"InvalidData", "No certificates found in certificate data"};

  Bio keys = memory_bio(key);
  EVP_PKEY* pkey = PEM_read_bio_PrivateKey(keys.get(), nullptr, no_password, nullptr);
  ERR_clear_error();
  if (!pkey) throw bridge::JsError{"InvalidData", "No keys found in key data"};
  bool used = SSL_CTX_use_PrivateKey(native, pkey) == 1;
  EVP_PKEY_free(pkey);
  if (!used || SSL_CTX_check_private_key(native) != 1) {
    ERR_clear_error();
    throw bridge::JsError{"Error", "keys may not be consistent: KeyMismatch"};
  }
  SSL_CTX_set_alpn_select_cb(native, select_alpn, nullptr);
  return context;
}

std::unique_ptr<Stream> make_tls_stream(tcp::socket socket, std::shared_ptr<ssl::context> context) {
  return std::make_unique<TlsStream>(std::move(socket), std::move(context));
}

}  // namespace toolchain::http
