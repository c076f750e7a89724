#include "core/io_ring.h"

#include <liburing.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include <boost/asio/detail/reactor.hpp>
#include <boost/asio/detail/reactor_op.hpp>
#include <boost/asio/post.hpp>

namespace toolchain::core {

namespace asio = boost::asio;

boost::asio::execution_context::id IoRing::id;

struct IoRing::Ring {
  io_uring ring{};
  // The ring's descriptor in the loop's epoll set: readable when completions wait.
  asio::detail::reactor* reactor = nullptr;
  asio::detail::reactor::per_descriptor_data registration = nullptr;
};

// receive_many()'s buffers: a ring of them shared with the kernel (group 1),
// each taken by one completion and given back once its bytes were delivered.
struct IoRing::Provided {
  static constexpr unsigned kCount = 256;
  static constexpr unsigned kSize = 4096;
  static constexpr int kGroup = 1;
  io_uring_buf_ring* ring = nullptr;
  std::unique_ptr<char[]> bytes = std::make_unique_for_overwrite<char[]>(size_t{kCount} * kSize);

  ~Provided() {
    if (ring) ::munmap(ring, kCount * sizeof(io_uring_buf));
  }
  char* buffer(unsigned id) { return bytes.get() + size_t{id} * kSize; }
  void give_back(unsigned id) {
    io_uring_buf_ring_add(ring, buffer(id), kSize, static_cast<unsigned short>(id), io_uring_buf_ring_mask(kCount), 0);
    io_uring_buf_ring_advance(ring, 1);
  }
  // Null where the kernel takes no buffer rings (5.19) or no multishot receives (6.0).
  static std::unique_ptr<Provided> make(io_uring& uring) {
    auto provided = std::make_unique<Provided>();
    void* memory = ::mmap(nullptr, kCount * sizeof(io_uring_buf), PROT_READ | PROT_WRITE, MAP_ANONYMOUS | MAP_PRIVATE, -1, 0);
    if (memory == MAP_FAILED) return nullptr;
    provided->ring = static_cast<io_uring_buf_ring*>(memory);
    io_uring_buf_ring_init(provided->ring);
    io_uring_buf_reg registration{};
    registration.ring_addr = reinterpret_cast<uintptr_t>(memory);
    registration.ring_entries = kCount;
    registration.bgid = kGroup;
    if (io_uring_register_buf_ring(&uring, &registration, 0) != 0) return nullptr;
    for (unsigned id = 0; id < kCount; ++id) {
      io_uring_buf_ring_add(provided->ring, provided->buffer(id), kSize, static_cast<unsigned short>(id),
                            io_uring_buf_ring_mask(kCount), static_cast<int>(id));
    }
    io_uring_buf_ring_advance(provided->ring, kCount);
    if (!provided->receive_many_works(uring)) {
      io_uring_unregister_buf_ring(&uring, kGroup);
      return nullptr;
    }
    return provided;
  }

  // A byte sent over a socket pair comes through a multishot receive that
  // stays armed; then it is cancelled, and both completions are reaped here.
  bool receive_many_works(io_uring& uring) {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return false;
    constexpr uint64_t kProbe = 1, kCancel = 2;
    io_uring_sqe* sqe = io_uring_get_sqe(&uring);
    io_uring_prep_recv_multishot(sqe, fds[0], nullptr, 0, 0);
    sqe->flags |= IOSQE_BUFFER_SELECT;
    sqe->buf_group = kGroup;
    io_uring_sqe_set_data64(sqe, kProbe);
    bool works = ::send(fds[1], "x", 1, MSG_NOSIGNAL) == 1 && io_uring_submit_and_wait(&uring, 1) >= 0;
    bool ended = false, cancelled = false, cancel_sent = false;
    for (int round = 0; round < 4 && !(ended && (cancelled || !cancel_sent)); ++round) {
      io_uring_cqe* cqe = nullptr;
      if (io_uring_wait_cqe(&uring, &cqe) != 0) break;
      if (cqe->user_data == kProbe) {
        bool more = cqe->flags & IORING_CQE_F_MORE;
        if (cqe->flags & IORING_CQE_F_BUFFER) give_back(cqe->flags >> IORING_CQE_BUFFER_SHIFT);
        else if (round == 0) works = false;  // the first must bring the byte
        if (round == 0 && (cqe->res != 1 || !more)) works = false;
        ended = !more;
      } else if (cqe->user_data == kCancel) {
        cancelled = true;
      }
      io_uring_cqe_seen(&uring, cqe);
      if (!ended && !cancel_sent) {
        io_uring_sqe* cancel = io_uring_get_sqe(&uring);
        io_uring_prep_cancel64(cancel, kProbe, 0);
        io_uring_sqe_set_data64(cancel, kCancel);
        io_uring_submit(&uring);
        cancel_sent = true;
      }
    }
    ::close(fds[0]);
    ::close(fds[1]);
    return works && ended && (cancelled || !cancel_sent);
  }
};

// The ring's descriptor stays in the loop's epoll set, edge-triggered, with
// one operation that never finishes: each edge reaps. (Asio's own io_uring
// service registers its eventfd so.) A stream_descriptor's async_wait would
// re-arm the descriptor with an epoll_ctl every loop turn, and the handler of
// its completion would be one more trip through the loop's queue.
class IoRing::Readiness : public asio::detail::reactor_op {
 public:
  explicit Readiness(IoRing* ring) : reactor_op(boost::system::error_code(), &perform, &destroy), ring_(ring) {}

 private:
  // Run by the loop (as a handler) when the descriptor was reported ready.
  static status perform(reactor_op* op) {
    static_cast<Readiness*>(op)->ring_->reap();
    return not_done;  // stays registered
  }
  // Only ever called to free it: deregistration, or the loop's end.
  static void destroy(void*, asio::detail::operation* op, const boost::system::error_code&, std::size_t) {
    delete static_cast<Readiness*>(op);
  }

  IoRing* ring_;
};

namespace {

// The ring is made with room for this many submissions per turn; more are
// submitted as the queue fills. Completions have twice the room, and the
// kernel keeps what overflows (IORING_FEAT_NODROP).
constexpr unsigned kEntries = 256;

// Completions whose user data is below this are the ring's own, not an Operation's.
constexpr uintptr_t kOwnData = 16;

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
  ring->reactor = &asio::use_service<asio::detail::reactor>(static_cast<asio::io_context&>(owner));
  ring->reactor->init_task();  // the loop waits in it (as for Asio's own sockets)
  int error = ring->reactor->register_internal_descriptor(asio::detail::reactor::read_op, ring->ring.ring_fd,
                                                          ring->registration, new Readiness(this));
  if (error) {
    ring->reactor->cleanup_descriptor_data(ring->registration);
    io_uring_queue_exit(&ring->ring);
    return;
  }
  provided_ = Provided::make(ring->ring);
  ring_ = std::move(ring);
}

IoRing::~IoRing() { shutdown(); }

IoRing* IoRing::of(asio::io_context& loop) {
  auto& ring = asio::use_service<IoRing>(static_cast<asio::execution_context&>(loop));
  return ring.ring_ ? &ring : nullptr;
}

void IoRing::shutdown() {
  if (!ring_) return;
  *alive_ = false;
  // (Frees the Readiness; nothing else closes the descriptor: io_uring_queue_exit does.)
  ring_->reactor->deregister_internal_descriptor(ring_->ring.ring_fd, ring_->registration);
  ring_->reactor->cleanup_descriptor_data(ring_->registration);
  // Exiting the ring cancels what the kernel still has; their owners let go.
  io_uring_queue_exit(&ring_->ring);
  ring_.reset();
  provided_.reset();  // (the kernel let go of them with the ring)
  busy_.reset();
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
  // Operations in flight are the loop's work (its run() waits for them), as
  // Asio's own are; the registration itself is not.
  if (!in_flight_) busy_.emplace(loop().get_executor());
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

void IoRing::receive_many(int fd, Receiver& receiver) {
  io_uring_sqe* sqe = next_sqe();
  io_uring_prep_recv_multishot(sqe, fd, nullptr, 0, 0);
  sqe->flags |= IOSQE_BUFFER_SELECT;
  sqe->buf_group = Provided::kGroup;
  io_uring_sqe_set_data(sqe, &receiver);
  track(receiver);
}

void IoRing::cancel(Operation& op) {
  if (!ring_) return;
  io_uring_sqe* sqe = next_sqe();
  io_uring_prep_cancel(sqe, &op, 0);
  io_uring_sqe_set_data64(sqe, 0);  // its own completion says nothing we need
  submit_now();
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

void IoRing::after_reap(std::function<void()> callback) {
  if (reaping_) {
    after_reap_.push_back(std::move(callback));
  } else {
    asio::post(loop(), [callback = std::move(callback)] { callback(); });
  }
}

// Everything posted by the kernel until now: an edge of the descriptor came
// after (or during) the last reap, and the one after this will come too.
void IoRing::reap() {
  {
    reaping_ = true;
    struct Reaping {  // (reset even if a completion throws)
      bool& flag;
      ~Reaping() { flag = false; }
    } reaping{reaping_};
    reap_completions();
  }
  // What the completions asked to run once they all were in (the server's
  // JavaScript for the requests that came together), still in this handler.
  auto& callbacks = reaped_callbacks_;
  callbacks.swap(after_reap_);
  for (auto& callback : callbacks) callback();
  callbacks.clear();
}

void IoRing::reap_completions() {
  constexpr unsigned kBatch = 64;
  for (;;) {
    io_uring_cqe* cqes[kBatch];
    unsigned n = ring_ ? io_uring_peek_batch_cqe(&ring_->ring, cqes, kBatch) : 0;
    if (n == 0) return;
    // Copied out and marked seen first: a completion may submit more.
    struct Done {
      Operation* op;
      int result;
      unsigned flags;
    } done[kBatch];
    for (unsigned i = 0; i < n; ++i) {
      done[i] = {static_cast<Operation*>(io_uring_cqe_get_data(cqes[i])), cqes[i]->res, cqes[i]->flags};
    }
    io_uring_cq_advance(&ring_->ring, n);
    for (unsigned i = 0; i < n; ++i) {
      Operation* op = done[i].op;
      unsigned flags = done[i].flags;
      // A cancellation's own completion (0), or the probe's (receive_many_works).
      if (reinterpret_cast<uintptr_t>(op) < kOwnData) continue;
      bool more = flags & IORING_CQE_F_MORE;  // a receive_many() that stays armed
      if (!more) {
        if (op->prev_) op->prev_->next_ = op->next_;
        else in_flight_ = op->next_;
        if (op->next_) op->next_->prev_ = op->prev_;
        op->next_ = op->prev_ = nullptr;
        if (!in_flight_) busy_.reset();
      }
      if (flags & IORING_CQE_F_BUFFER) {
        // Only receive_many() takes the ring's buffers.
        unsigned id = flags >> IORING_CQE_BUFFER_SHIFT;
        auto* receiver = static_cast<Receiver*>(op);
        Provided* provided = provided_.get();
        receiver->received(done[i].result, provided->buffer(id), more);
        if (provided_.get() == provided) provided->give_back(id);
        continue;
      }
      op->complete(done[i].result);
    }
  }
}

}  // namespace toolchain::core
