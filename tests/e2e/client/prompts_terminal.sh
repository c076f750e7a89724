#!/usr/bin/env bash
# alert, confirm and prompt on a terminal (a pty), served by the daemon (which
# gets the client's terminal) and in-process: the questions as Deno words
# them, the answers read a line at a time.
source "$(dirname "$0")/lib.bash" "$@"
cd "$programs"

for mode in daemon no-daemon; do
  flags=""; [[ $mode == no-daemon ]] && flags="--no-daemon"
  out=$(python3 - "$tc" "$flags" <<'PY'
import os, pty, select, sys, time
tc, flags = sys.argv[1], [f for f in sys.argv[2:] if f]
pid, fd = pty.fork()
if pid == 0:
    os.environ["NO_COLOR"] = "1"
    os.execv(tc, ["toolchain", "run", *flags, "prompts.js"])
out = b""
def read_until(text, seconds=10):
    global out
    end = time.time() + seconds
    while text not in out and time.time() < end:
        if select.select([fd], [], [], 0.05)[0]:
            try: out += os.read(fd, 1000)
            except OSError: return
for question, answer in [(b"[Enter] ", b"\n"), (b"[y/N] ", b"y\n"), (b"[def] ", b"\n"), (b"again? ", b"bob\n")]:
    read_until(question)
    os.write(fd, answer)
read_until(b"p2=bob")
os.waitpid(pid, 0)
sys.stdout.write(out.decode().replace("\r\n", "\n"))
PY
)
  expect_eq "$mode" "$out" "hi [Enter] 
sure? [y/N] y
c=true
name? [def] 
p=def
again? bob
p2=bob"
done
finish
