#include "io/terminal_mode.h"

#include <cerrno>

#include "bridge/js_error.h"

namespace toolchain::io {

// Raw mode leaves output processing on; cbreak keeps the signal keys (Ctrl-C
// still interrupts), as in Deno.
void TerminalMode::set_raw(int fd, bool raw, bool cbreak) {
  if (!raw) {
    if (original_ && fd_ == fd) {
      if (::tcsetattr(fd, TCSADRAIN, &*original_) != 0) throw bridge::os_error(errno, {});
      original_.reset();
      fd_ = -1;
    }
    return;
  }
  termios mode{};
  if (::tcgetattr(fd, &mode) != 0) {
    if (errno == ENOTTY) throw bridge::JsError{"BadResource", "ENOTTY: Not a typewriter"};
    throw bridge::os_error(errno, {});
  }
  if (!original_) {
    original_ = mode;
    fd_ = fd;
  }
  termios next = *original_;
  next.c_iflag &= ~static_cast<tcflag_t>(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
  next.c_cflag |= CS8;
  next.c_lflag &= ~static_cast<tcflag_t>(ECHO | ICANON | IEXTEN);
  if (!cbreak) next.c_lflag &= ~static_cast<tcflag_t>(ISIG);
  next.c_cc[VMIN] = 1;
  next.c_cc[VTIME] = 0;
  if (::tcsetattr(fd, TCSADRAIN, &next) != 0) throw bridge::os_error(errno, {});
}

void TerminalMode::restore() noexcept {
  if (original_) ::tcsetattr(fd_, TCSADRAIN, &*original_);
  original_.reset();
  fd_ = -1;
}

}  // namespace toolchain::io
