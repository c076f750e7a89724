#pragma once
// A plain TCP connection whose reads and writes go through the loop's
// io_uring (core/io_ring.h) instead of epoll: the HTTP server's requests of
// one loop turn cost one system call together, not a recv and a send each.
#include <memory>

#include <boost/asio/ip/tcp.hpp>

#include "core/io_ring.h"
#include "http/listener.h"

namespace toolchain::http {

// Takes over `socket` (it leaves Asio's epoll set); `ring` is its loop's.
std::unique_ptr<Stream> make_ring_stream(core::IoRing& ring, asio::ip::tcp::socket socket);

}  // namespace toolchain::http
