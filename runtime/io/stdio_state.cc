#include "io/stdio_state.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

#include <boost/asio/post.hpp>

#include "bridge/js_error.h"
#include "core/runtime.h"

namespace toolchain::io {

namespace {
bridge::JsError bad_resource() { return {"BadResource", "Bad resource ID"}; }
}  // namespace

ReadResult read_once(int fd, size_t size) {
  ReadResult result;
  result.data.resize(size);
  ssize_t n;
  do n = ::read(fd, result.data.data(), size);
  while (n < 0 && errno == EINTR);
  if (n < 0) {
    result.error = errno;
    result.data.clear();
  } else {
    result.data.resize(static_cast<size_t>(n));
  }
  return result;
}

StdioState::StdioState(Runtime& rt) : rt_(rt) {}

StdioState::~StdioState() {
  // The fds belong to the run (the daemon closes its copies): never let Asio close them.
  for (auto& descriptor : waiting_)
    if (descriptor) descriptor->release();
}

int StdioState::fd(int rid) const {
  if (closed(rid)) throw bad_resource();
  return rid == 0 ? rt_.stdio.in : rid == 1 ? rt_.stdio.out : rt_.stdio.err;
}

void StdioState::close(int rid) {
  if (rid < 0 || rid > 2) throw bad_resource();
  if (closed_[rid]) return;  // closing stdio twice is not an error in Deno
  closed_[rid] = true;
  if (waiting_[rid]) waiting_[rid]->cancel();  // a read in flight fails with BadResource
}

void StdioState::read(int rid, size_t size, std::function<void(ReadResult)> done) {
  int fd = this->fd(rid);
  if (pending_[rid]) throw bridge::JsError{"Busy", "Resource is unavailable because it is in use by a promise"};
  pollfd p{fd, POLLIN, 0};
  int ready;
  do ready = ::poll(&p, 1, 0);
  while (ready < 0 && errno == EINTR);
  if (ready != 0) {
    // Data, end of file or an error: read(2) returns at once.
    rt_.ref();
    boost::asio::post(rt_.loop(), [this, fd, size, done = std::move(done)] {
      rt_.unref();
      done(read_once(fd, size));
    });
    return;
  }
  wait_readable(rid, size, std::move(done));
}

// Registers the fd with the loop's epoll afresh for each wait (and removes it
// after), so readiness that came before the wait is never missed, and the fd's
// blocking mode (shared with the client's shell) is left alone.
void StdioState::wait_readable(int rid, size_t size, std::function<void(ReadResult)> done) {
  int fd = this->fd(rid);
  boost::system::error_code ec;
  waiting_[rid].emplace(rt_.loop());
  waiting_[rid]->assign(fd, ec);
  if (ec) {
    // Not pollable (a regular file): reading it does not block.
    waiting_[rid].reset();
    done(read_once(fd, size));
    return;
  }
  pending_[rid] = std::move(done);
  rt_.ref();
  waiting_[rid]->async_wait(boost::asio::posix::descriptor_base::wait_read,
                            [this, rid, fd, size](const boost::system::error_code& ec) {
                              rt_.unref();
                              waiting_[rid]->release();
                              waiting_[rid].reset();
                              auto done = std::move(pending_[rid]);
                              pending_[rid] = nullptr;
                              if (ec || closed_[rid]) {
                                done(ReadResult{EBADF, {}});
                                return;
                              }
                              ReadResult result = read_once(fd, size);
                              if (result.error == EAGAIN) {  // someone else took the data: wait again
                                wait_readable(rid, size, std::move(done));
                                return;
                              }
                              done(std::move(result));
                            });
}

void StdioState::set_raw(int rid, bool raw, bool cbreak) { terminal_.set_raw(fd(rid), raw, cbreak); }

}  // namespace toolchain::io
