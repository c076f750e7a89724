// Request headers when clients repeat their field sections (the server may
// hand out the same header lists again): every request sees its own fields,
// earlier requests' Headers are unchanged by later ones, and they stay
// immutable; request.url follows each request's target. Requests one after
// the other and on several connections at once (their heads may reach the
// handler together).
const seen: Headers[] = [];
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
  seen.push(req.headers);
  const fields = [...req.headers].filter(([name]) => name.startsWith("x-")).map(([k, v]) => `${k}=${v}`);
  const url = new URL(req.url);
  return new Response(url.pathname === "/" ? fields.join(" ") : `${url.pathname}${url.search} ${fields.join(" ")}`);
});
const port = server.addr.port;

// Sends requests with `fields` one after the other (one keep-alive connection) and returns the bodies.
async function exchange(fields: [string, string][][]): Promise<string[]> {
  const bodies: string[] = [];
  for (const list of fields) bodies.push(await (await fetch(`http://127.0.0.1:${port}/`, { headers: list })).text());
  return bodies;
}

const one: [string, string][][] = [
  [["X-A", "1"], ["X-B", "2"]],
  [["X-A", "1"], ["X-B", "2"]],
  [["X-A", "1"], ["X-B", "3"]],
  [["X-B", "2"], ["X-A", "1"]],
  [["X-A", "1"], ["X-B", "2"], ["X-A", "4"]],
  [["X-A", "1"], ["X-B", "2"]],
  [["X-A", "1"], ["X-B", "2"], ["X-C", "\u00e9"]],
  [["X-A", "1"], ["X-B", "2"]],
];
const bodies = await exchange(one);
for (let i = 0; i < one.length; i++) console.log(JSON.stringify(one[i]), "->", bodies[i]);

// The Headers of every earlier request, as they are now.
console.log(seen.map((h) => [...h].filter(([name]) => name.startsWith("x-")).map(([k, v]) => `${k}=${v}`).join(" ")));
console.log("distinct objects:", new Set(seen).size === seen.length);
console.log("get:", seen[0].get("x-a"), seen[2].get("x-b"), seen[4].get("x-a"));
try {
  seen[0].append("x-a", "5");
} catch (e) {
  console.log("append:", e.constructor.name);
}
console.log("still:", [...seen[1]].length, seen[1].get("x-a"));

// The URL follows the target, with the same fields or not.
for (const [path, list] of [["/a", []], ["/a", []], ["/b?x=1", []], ["/a", [["X-A", "1"]]], ["/a", []]] as const) {
  console.log(await (await fetch(`http://127.0.0.1:${port}${path}`, { headers: list as [string, string][] })).text());
}

// Several connections at once, each repeating its own fields.
const parallel = await Promise.all([1, 2, 3, 4].map((n) => exchange([[["X-N", `${n}`]], [["X-N", `${n}`]], [["X-N", `${n}`], ["X-M", `${n}`]]])));
console.log(parallel.map((b) => b.join(",")).join(" | "));
await server.shutdown();
