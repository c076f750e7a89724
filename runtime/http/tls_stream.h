#pragma once
// HTTPS for Deno.serve: the server's TLS context from PEM text (Deno's `cert`
// and `key` options) and a Stream that speaks TLS over an accepted TCP socket.
#include <memory>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>

#include "http/listener.h"

namespace toolchain::http {

// A server context for the PEM certificate chain `cert` and private key `key`,
// offering ALPN "http/1.1". Throws bridge::JsError with Deno's class and
// message when either holds nothing usable or they do not match.
std::shared_ptr<asio::ssl::context> make_tls_server_context(const std::string& cert, const std::string& key);

// The stream of one TLS connection; the server handshake runs before the first read.
std::unique_ptr<Stream> make_tls_stream(asio::ip::tcp::socket socket, std::shared_ptr<asio::ssl::context> context);

}  // namespace toolchain::http
