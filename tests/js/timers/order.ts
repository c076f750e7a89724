// Timers fire by deadline, then creation order; microtasks run between timers.
const log: string[] = [];
setTimeout(() => log.push("t30"), 200);
setTimeout(() => {
  log.push("t0-a");
  Promise.resolve().then(() => log.push("micro after t0-a"));
}, 0);
setTimeout(() => log.push("t0-b"), 0);
queueMicrotask(() => log.push("microtask"));
Promise.resolve().then(() => log.push("promise"));
const cancelled = setTimeout(() => log.push("never"), 5);
clearTimeout(cancelled);
let n = 0;
const iv = setInterval(() => {
  log.push(`interval ${++n}`);
  if (n === 3) clearInterval(iv);
}, 1);
setTimeout((a: string, b: number) => {
  log.push(`args ${a} ${b}`);
}, 250, "x", 2);
setTimeout(() => console.log(log.join("\n")), 300);
console.log(typeof cancelled, cancelled > 0);
