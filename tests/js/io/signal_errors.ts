// Deno.addSignalListener / removeSignalListener: which names Deno knows on
// Linux, which it refuses to bind, and its errors for bad listeners.
const L = (label: string, f: () => unknown) => {
  try {
    console.log(label, "->", f());
  } catch (e) {
    console.log(label, "!", e.name, e.message);
  }
};
const names = ["SIGHUP", "SIGINT", "SIGQUIT", "SIGTRAP", "SIGABRT", "SIGIOT", "SIGBUS", "SIGUSR1", "SIGUSR2",
  "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG",
  "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO", "SIGPOLL", "SIGPWR", "SIGSYS", "SIGUNUSED",
  "SIGKILL", "SIGSTOP", "SIGILL", "SIGFPE", "SIGSEGV", "SIGFOO", "sigint", "INT", "SIGBREAK", "SIGINFO", "SIGRTMIN", 2];
for (const name of names) {
  const listener = () => {};
  L(`${name}`, () => {
    Deno.addSignalListener(name as Deno.Signal, listener);
    Deno.removeSignalListener(name as Deno.Signal, listener);
    return "ok";
  });
}
L("no listener", () => Deno.addSignalListener("SIGINT", undefined as unknown as () => void));
L("null listener", () => Deno.addSignalListener("SIGKILL", null as unknown as () => void));
L("string listener", () => Deno.removeSignalListener("SIGINT", "x" as unknown as () => void));
L("symbol name", () => Deno.addSignalListener(Symbol("x") as unknown as Deno.Signal, () => {}));
L("remove unknown name", () => Deno.removeSignalListener("SIGFOO" as Deno.Signal, () => {}));
L("remove not added", () => Deno.removeSignalListener("SIGINT", () => {}));
console.log(Deno.addSignalListener.length, Deno.removeSignalListener.length);
// A listener alone does not keep the program running.
Deno.addSignalListener("SIGUSR1", () => console.log("never"));
console.log("end");
