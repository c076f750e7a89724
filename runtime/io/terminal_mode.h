#pragma once
// Raw (or cbreak) mode on a terminal, as Deno's op_set_raw sets it, and the
// mode it replaced, put back by set_raw(false) or when this object goes (the
// end of the program, or the file's close), so a terminal is left as found.
// Shared by Deno.stdin.setRaw (io/stdio_state) and FsFile.setRaw (fs/).
#include <termios.h>

#include <optional>

namespace toolchain::io {

class TerminalMode {
 public:
  TerminalMode() = default;
  ~TerminalMode() { restore(); }
  TerminalMode(const TerminalMode&) = delete;
  TerminalMode& operator=(const TerminalMode&) = delete;

  // Throws BadResource "ENOTTY: Not a typewriter" (Deno's words) when `fd` is
  // not a terminal and raw mode is asked for; turning it off is a no-op then.
  void set_raw(int fd, bool raw, bool cbreak);
  void restore() noexcept;

 private:
  std::optional<termios> original_;
  int fd_ = -1;
};

}  // namespace toolchain::io
