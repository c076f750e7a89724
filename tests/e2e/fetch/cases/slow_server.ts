// Fetches the server holds open do not hold up timers or other fetches
// (more of them than the runtime has blocking-pool threads).
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
const ids = [0, 1, 2, 3, 4, 5, 6, 7];
let settled = 0;
const held = ids.map((id) =>
  fetch(`${base}/wait?id=${id}`).then((r) => r.text()).then((t) => {
    settled++;
    return t;
  })
);
let ticks = 0;
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    if (++ticks === 3) {
      clearInterval(timer);
      resolve();
    }
  }, 10);
});
console.log("timer ticks:", ticks);
for (let i = 0; i < 5; i++) console.log(i, await (await fetch(`${base}/text`)).text());
console.log("held fetches settled:", settled);
for (const id of ids) await (await fetch(`${base}/release?id=${id}`)).text();
console.log(await Promise.all(held));
