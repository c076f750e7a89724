#include "core/io_ring.h"

#include <liburing.h>

#include <cerrno>

#include <boost/asio/post.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

namespace toolchain::core {

namespace asio = boost::asio;

boost::asio::execution_context::id IoRing::id;

struct IoRing::Ring {
  io_uring ring{};
  // The ring's descriptor in the loop's epoll set: readable when completions wait.
  std::unique_ptr<asio::posix::stream_descriptor> ready;
};

namespace {

// The ring is made with room for this many submissions per turn; more are
// submitted as the queue fills. Completions have twice the room, and the
// kernel keeps what overflows (IORING_FEAT_NODROP).
constexpr unsigned kEntries = 256;

// Does the kernel cancel by descriptor (5.19)? It answers -ENOENT when
// nothing was in flight on it, -EINVAL when it does not know the flag.
bool cancels_by_fd(io_uring& ring) {
  io_uring_sqe* sqe = io_uring_get_sqe(&ring);
  io_uring_prep_cancel_fd(sqe, ring.ring_fd, IORING_ASYNC_CANCEL_ALL);
  io_uring_sqe_set_data64(sqe, 0);
  if (io_uring_submit_and_wait(&ring, 1) != 1) return false;
  io_uring_cqe* cqe = nullptr;
  if (io_uring_peek_cqe(&ring, &cqe) != 0) return false;
  bool known = cqe->res == -ENOENT || cqe->res >= 0;
  io_uring_cqe_seen(&ring, cqe);
  return known;
}

}  // namespace

IoRing::IoRing(asio::execution_context& owner) : service(owner) {
  auto ring = std::make_unique<Ring>();
  io_uring_params params{};
  // Completions are posted when the loop next enters the kernel (it does so
  // all the time), not by interrupting it in the middle of JavaScript.
  params.flags = IORING_SETUP_COOP_TASKRUN;
  if (io_uring_queue_init_params(kEntries, &ring->ring, &params) < 0) return;
  // (EXT_ARG: wait_for_more's timeout is an argument of the wait, not a
  // timeout request whose completion the reaper would not know.)
  bool usable = (params.features & IORING_FEAT_NODROP) && (params.features & IORING_FEAT_FAST_POLL) &&
                (params.features & IORING_FEAT_EXT_ARG) && cancels_by_fd(ring->ring);
  if (!usable) {
    io_uring_queue_exit(&ring->ring);
    return;
  }
  ring->ready = std::make_unique<asio::posix::stream_descriptor>(static_cast<asio::io_context&>(owner),
                                                                 ring->ring.ring_fd);
  ring_ = std::move(ring);
  wait_for_completions();
}

IoRing::~IoRing() { shutdown(); }

IoRing* IoRing::of(asio::io_context& loop) {
  auto& ring = asio::use_service<IoRing>(static_cast<asio::execution_context&>(loop));
  return ring.ring_ ? &ring : nullptr;
}

void IoRing::shutdown() {
  if (!ring_) return;
  *alive_ = false;
  ring_->ready->release();  // the descriptor is the ring's: io_uring_queue_exit closes it
  ring_->ready.reset();
  // Exiting the ring cancels what the kernel still has; their owners let go.
  io_uring_queue_exit(&ring_->ring);
  ring_.reset();
  while (Operation* op = in_flight_) {
    in_flight_ = op->next_;
    if (in_flight_) in_flight_->prev_ = nullptr;
    op->next_ = op->prev_ = nullptr;
    op->abandon();
  }
}

io_uring_sqe* IoRing::next_sqe() {
  io_uring_sqe* sqe = io_uring_get_sqe(&ring_->ring);
  if (!sqe) {
    submit_now();  // the queue is full: this turn's first part goes now
    sqe = io_uring_get_sqe(&ring_->ring);
  }
  submit_soon();
  return sqe;
}

void IoRing::track(Operation& op) {
  op.prev_ = nullptr;
  op.next_ = in_flight_;
  if (in_flight_) in_flight_->prev_ = &op;
  in_flight_ = &op;
}

void IoRing::recv(int fd, void* into, size_t size, Operation& op) {
  io_uring_sqe* sqe = next_sqe();
  io_uring_prep_recv(sqe, fd, into, size, 0);
  io_uring_sqe_set_data(sqe, &op);
  track(op);
}

void IoRing::send(int fd, const void* data, size_t size, Operation& op) {
  io_uring_sqe* sqe = next_sqe();
  // MSG_WAITALL: the kernel itself goes on after a short write.
  io_uring_prep_send(sqe, fd, data, size, MSG_NOSIGNAL | MSG_WAITALL);
  io_uring_sqe_set_data(sqe, &op);
  track(op);
}

void IoRing::sendmsg(int fd, const msghdr& message, Operation& op) {
  io_uring_sqe* sqe = next_sqe();
  io_uring_prep_sendmsg(sqe, fd, &message, MSG_NOSIGNAL | MSG_WAITALL);
  io_uring_sqe_set_data(sqe, &op);
  track(op);
}

void IoRing::wait_for_more(unsigned more, std::chrono::nanoseconds timeout) {
  if (!ring_) return;
  if (queued_) submit_now();
  __kernel_timespec ts{};
  ts.tv_sec = timeout.count() / 1000000000;
  ts.tv_nsec = timeout.count() % 1000000000;
  io_uring_cqe* first = nullptr;
  // -ETIME when the time is up: nothing to tell.
  io_uring_wait_cqes(&ring_->ring, &first, io_uring_cq_ready(&ring_->ring) + more, &ts, nullptr);
}

void IoRing::cancel(int fd) {
  if (!ring_) return;
  io_uring_sqe* sqe = next_sqe();
  io_uring_prep_cancel_fd(sqe, fd, IORING_ASYNC_CANCEL_ALL);
  io_uring_sqe_set_data64(sqe, 0);  // its own completion says nothing we need
  submit_now();
}

// What is asked for during a loop turn is submitted at its end, together.
void IoRing::submit_soon() {
  queued_ = true;
  if (submit_posted_ || batch_depth_ > 0) return;
  submit_posted_ = true;
  asio::post(loop(), [this, alive = std::weak_ptr<bool>(alive_)] {
    if (alive.expired()) return;
    submit_posted_ = false;
    if (queued_) submit_now();
  });
}

void IoRing::submit_now() {
  queued_ = false;
  io_uring_submit(&ring_->ring);
}

// Re-armed from its own handler: the loop's epoll reports the descriptor
// edge-triggered, and no edge can fall between a reap and the next wait.
void IoRing::wait_for_completions() {
  ring_->ready->async_wait(asio::posix::descriptor_base::wait_read,
                           [this, alive = std::weak_ptr<bool>(alive_)](boost::system::error_code ec) {
                             if (ec || alive.expired()) return;
                             reap();
                             if (!alive.expired()) wait_for_completions();
                           });
}

void IoRing::reap() {
  constexpr unsigned kBatch = 64;
  for (;;) {
    io_uring_cqe* cqes[kBatch];
    unsigned n = io_uring_peek_batch_cqe(&ring_->ring, cqes, kBatch);
    if (n == 0) return;
    // Copied out and marked seen first: a completion may submit more.
    struct Done {
      Operation* op;
      int result;
    } done[kBatch];
    for (unsigned i = 0; i < n; ++i) done[i] = {static_cast<Operation*>(io_uring_cqe_get_data(cqes[i])), cqes[i]->res};
    io_uring_cq_advance(&ring_->ring, n);
    for (unsigned i = 0; i < n; ++i) {
      Operation* op = done[i].op;
      if (!op) continue;  // a cancellation's own completion
      if (op->prev_) op->prev_->next_ = op->next_;
      else in_flight_ = op->next_;
      if (op->next_) op->next_->prev_ = op->prev_;
      op->next_ = op->prev_ = nullptr;
      op->complete(done[i].result);
    }
  }
}

}  // namespace toolchain::core
