#pragma once
// The per-program side of Deno.stdin/stdout/stderr: which of the three the
// program closed, reading stdin without blocking the loop, and the terminal
// mode setRaw changed (put back when the program ends, so a daemon client's
// terminal is left as it was found).
//
// Resource ids 0, 1, 2 name the run's stdio fds (RunOptions::stdio); in the
// daemon those are the client's fds, never the daemon's own 0/1/2. close() only
// marks the resource closed, as Deno does: the fd stays open (the daemon owns it).
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/posix/stream_descriptor.hpp>

#include "io/terminal_mode.h"

namespace toolchain {
class Runtime;
}

namespace toolchain::io {

struct ReadResult {
  int error = 0;               // errno; 0 on success
  std::vector<uint8_t> data;   // empty with error 0: end of file
};

class StdioState {
 public:
  explicit StdioState(Runtime& rt);
  ~StdioState();
  StdioState(const StdioState&) = delete;
  StdioState& operator=(const StdioState&) = delete;

  // The fd behind resource id 0, 1 or 2; throws BadResource if closed or unknown.
  int fd(int rid) const;
  bool closed(int rid) const { return rid < 0 || rid > 2 || closed_[rid]; }
  void close(int rid);

  // Reads up to `size` bytes, then calls `done` on the loop thread. Data
  // already there (or a regular file) is read at once; otherwise the loop
  // waits for the fd to become readable, so nothing blocks the JS thread.
  void read(int rid, size_t size, std::function<void(ReadResult)> done);

  // Deno.stdin.setRaw: raw (or cbreak) mode on the terminal behind `rid`.
  void set_raw(int rid, bool raw, bool cbreak);

 private:
  void wait_readable(int rid, size_t size, std::function<void(ReadResult)> done);

  Runtime& rt_;
  std::array<bool, 3> closed_{};
  // A descriptor registered only while a read waits (see read()).
  std::array<std::optional<boost::asio::posix::stream_descriptor>, 3> waiting_;
  std::array<std::function<void(ReadResult)>, 3> pending_;
  TerminalMode terminal_;  // put back when the run ends
};

// One read(2), retried on EINTR.
ReadResult read_once(int fd, size_t size);

}  // namespace toolchain::io
