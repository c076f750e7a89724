#pragma once
// The loop's io_uring, for socket reads and writes that are many and small
// (the HTTP server's plain connections). With epoll every request costs a
// recv(2) and a send(2); here the reads and writes asked for during one loop
// turn reach the kernel together in one io_uring_enter(2), and completions
// are read from memory shared with the kernel. The ring's descriptor sits in
// the loop's epoll set, so the loop still waits in one place.
//
// An Asio service: one ring per io_context, used on the loop's thread only,
// made on first use and gone with the loop. Operations still in flight when
// the loop goes are abandoned: their `abandon()` runs, never `complete()`.
#include <sys/socket.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <boost/asio/execution_context.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

struct io_uring_sqe;

namespace toolchain::core {

class IoRing : public boost::asio::execution_context::service {
 public:
  // One submitted operation: what hears of its end. The caller keeps it (and
  // what it points at: buffers, the msghdr) alive until then.
  class Operation {
   public:
    // `result` is what the system call would return: a count, or -errno
    // (-ECANCELED after cancel()).
    virtual void complete(int result) = 0;
    // The loop is going away with the operation in flight.
    virtual void abandon() = 0;

   protected:
    ~Operation() = default;

   private:
    friend class IoRing;
    Operation* prev_ = nullptr;  // the ring's list of operations in flight
    Operation* next_ = nullptr;
  };

  // A receive armed once for many completions (a multishot recv into buffers
  // the ring provides): each completion brings the bytes of one buffer.
  class Receiver : public Operation {
   public:
    // `result` > 0: that many bytes at `data`, valid during the call only;
    // 0: end of stream; < 0: -errno (-ENOBUFS: the ring's buffers ran out
    // for a moment, arm it again). `more`: it stays armed (only with bytes).
    virtual void received(int result, const char* data, bool more) = 0;

   private:
    void complete(int result) final { received(result, nullptr, false); }
  };

  // Submissions made while a Batch is open leave together when the last one
  // closes, at once, rather than from a handler posted to the end of the loop
  // turn (which costs the loop one more look at epoll). `ring` may be null.
  class Batch {
   public:
    explicit Batch(IoRing* ring) : ring_(ring) {
      if (ring_) ++ring_->batch_depth_;
    }
    ~Batch() {
      if (ring_ && --ring_->batch_depth_ == 0 && ring_->queued_) ring_->submit_now();
    }
    Batch(const Batch&) = delete;
    Batch& operator=(const Batch&) = delete;

   private:
    IoRing* ring_;
  };

  // The ring of `loop`, or null where the kernel gives us none (older than
  // 6.0, io_uring disabled by sysctl or a seccomp filter): the caller then uses
  // epoll through Asio as before.
  static IoRing* of(boost::asio::io_context& loop);

  // False once the loop is going away: nothing more may be submitted.
  bool open() const { return ring_ != nullptr; }

  // (Only while open().)
  void recv(int fd, void* into, size_t size, Operation& op);
  void send(int fd, const void* data, size_t size, Operation& op);
  void sendmsg(int fd, const msghdr& message, Operation& op);
  // Whether receive_many() may be used (the kernel takes provided-buffer
  // rings and multishot receives: 6.0).
  bool receives_many() const { return provided_ != nullptr; }
  void receive_many(int fd, Receiver& receiver);
  // Ends `op` alone (it completes with -ECANCELED, or with its result).
  void cancel(Operation& op);
  // What was asked for so far leaves now, inside a Batch too.
  void submit() {
    if (queued_) submit_now();
  }
  boost::asio::io_context& loop() { return static_cast<boost::asio::io_context&>(context()); }

  // Runs `callback` once the completions being reaped now have all been
  // delivered, in the same loop handler (so what they started together goes
  // on together, without another trip through the loop); outside a reap, it
  // is posted to the loop.
  void after_reap(std::function<void()> callback);

  // Blocks until `more` completions beyond those already waiting have come,
  // or `timeout` has passed. Reaps none: the loop does, as always. (What
  // CpuShare's pause waits on: the client's next requests.)
  void wait_for_more(unsigned more, std::chrono::nanoseconds timeout);

  // Ends every operation on `fd` now (they complete with -ECANCELED, or with
  // their result if they were done already): the descriptor may be closed next.
  // Nothing to do once the ring is closed (what it had is abandoned).
  void cancel(int fd);

  // Asio's service interface.
  using key_type = IoRing;
  static boost::asio::execution_context::id id;
  explicit IoRing(boost::asio::execution_context& owner);
  ~IoRing() override;

 private:
  struct Ring;
  struct Provided;
  class Readiness;
  void shutdown() override;
  ::io_uring_sqe* next_sqe();
  void track(Operation& op);
  void submit_soon();
  void submit_now();
  void reap();
  void reap_completions();

  std::unique_ptr<Ring> ring_;  // null if the kernel refused
  std::unique_ptr<Provided> provided_;  // receive_many()'s buffers; null without them
  Operation* in_flight_ = nullptr;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> busy_;  // while in_flight_
  bool submit_posted_ = false;
  bool queued_ = false;  // submissions not yet submitted
  int batch_depth_ = 0;
  bool reaping_ = false;
  std::vector<std::function<void()>> after_reap_, reaped_callbacks_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace toolchain::core
