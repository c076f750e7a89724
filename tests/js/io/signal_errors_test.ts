// Deno.addSignalListener / removeSignalListener: which names Deno knows on
// Linux, which it refuses to bind, and its errors for bad listeners.
import { Shown } from "../shown.ts";

Deno.test("Deno.addSignalListener / removeSignalListener: which names Deno knows on Linux, which it refuses to bind, and its errors for bad listeners", async () => {
  const shown = new Shown();
  const L = (label: string, f: () => unknown) => {
    try {
      shown.at(1, [label, "->", f()], ["SIGHUP", "->", "ok"], ["SIGINT", "->", "ok"], ["SIGQUIT", "->", "ok"], ["SIGTRAP", "->", "ok"], ["SIGABRT", "->", "ok"], ["SIGIOT", "->", "ok"], ["SIGBUS", "->", "ok"], ["SIGUSR1", "->", "ok"], ["SIGUSR2", "->", "ok"], ["SIGPIPE", "->", "ok"], ["SIGALRM", "->", "ok"], ["SIGTERM", "->", "ok"], ["SIGSTKFLT", "->", "ok"], ["SIGCHLD", "->", "ok"], ["SIGCONT", "->", "ok"], ["SIGTSTP", "->", "ok"], ["SIGTTIN", "->", "ok"], ["SIGTTOU", "->", "ok"], ["SIGURG", "->", "ok"], ["SIGXCPU", "->", "ok"], ["SIGXFSZ", "->", "ok"], ["SIGVTALRM", "->", "ok"], ["SIGPROF", "->", "ok"], ["SIGWINCH", "->", "ok"], ["SIGIO", "->", "ok"], ["SIGPOLL", "->", "ok"], ["SIGPWR", "->", "ok"], ["SIGSYS", "->", "ok"], ["SIGUNUSED", "->", "ok"], ["remove unknown name", "->", undefined], ["remove not added", "->", undefined]);
    } catch (e) {
      shown.at(2, [label, "!", e.name, e.message], ["SIGKILL", "!", "TypeError", "Binding to signal 'SIGKILL' is not allowed"], ["SIGSTOP", "!", "TypeError", "Binding to signal 'SIGSTOP' is not allowed"], ["SIGILL", "!", "TypeError", "Binding to signal 'SIGILL' is not allowed"], ["SIGFPE", "!", "TypeError", "Binding to signal 'SIGFPE' is not allowed"], ["SIGSEGV", "!", "TypeError", "Binding to signal 'SIGSEGV' is not allowed"], ["SIGFOO", "!", "TypeError", "Invalid signal: SIGFOO"], ["sigint", "!", "TypeError", "Invalid signal: sigint"], ["INT", "!", "TypeError", "Invalid signal: INT"], ["SIGBREAK", "!", "TypeError", "Invalid signal: SIGBREAK"], ["SIGINFO", "!", "TypeError", "Invalid signal: SIGINFO"], ["SIGRTMIN", "!", "TypeError", "Invalid signal: SIGRTMIN"], ["2", "!", "TypeError", "Invalid signal: 2"], ["no listener", "!", "TypeError", "Signal listener must be a function. \"undefined\" is given."], ["null listener", "!", "TypeError", "Signal listener must be a function. \"object\" is given."], ["string listener", "!", "TypeError", "Signal listener must be a function. \"string\" is given."], ["symbol name", "!", "TypeError", "Cannot convert a Symbol value to a string"]);
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
  shown.at(3, [Deno.addSignalListener.length, Deno.removeSignalListener.length], [2, 2]);
  // A listener alone does not keep the program running.
  Deno.addSignalListener("SIGUSR1", () => shown.at(4, ["never"]));
  shown.at(5, ["end"], ["end"]);
  shown.done([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 3, 5]);
});
