// Deno.serve's options beyond the basics: port validation, shutdown()'s own
// promise, a Unix socket's addr/remoteAddr/url, HTTPS option checks.
for (const port of [70000, -1, 1.5, "abc", NaN, 65535.5, Infinity, "0"]) {
  try {
    const s = Deno.serve({ port: port as any, hostname: "127.0.0.1", onListen() {} }, () => new Response());
    console.log(JSON.stringify(String(port)), "served");
    await s.shutdown();
  } catch (e) {
    console.log(JSON.stringify(String(port)), e.name, e.message);
  }
}
const s = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () => new Response());
const p = s.shutdown();
console.log("shutdown() is finished:", p === s.finished, p instanceof Promise, await p);

const dir = Deno.makeTempDirSync();
const path = `${dir}/s.sock`;
const u = Deno.serve({ path, onListen(addr) { console.log("onListen", Object.keys(addr), addr.path === path); } },
  (req, info) => new Response(`${req.url} ${info.remoteAddr.transport} ${(info.remoteAddr as Deno.UnixAddr).path === path}`));
console.log(Object.keys(u.addr), u.addr.transport);
await u.shutdown();
try {
  Deno.statSync(path);
  console.log("socket file kept");
} catch (e) {
  console.log("socket file removed:", e.name);
}
Deno.removeSync(dir, { recursive: true });
for (const options of [{ cert: "x" }, { key: "x" }, { cert: "", key: "" }, { cert: "x", key: "y" }]) {
  try {
    Deno.serve({ port: 0, onListen() {}, ...options }, () => new Response());
  } catch (e) {
    console.log(JSON.stringify(options), e.name, e.message);
  }
}
