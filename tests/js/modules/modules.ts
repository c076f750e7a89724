// Static, dynamic, cyclic, JSON and data: imports; import.meta; top-level await.
import { a, bSeen, fromA, mainInA } from "./lib/a.ts";
import data from "./lib/data.json" with { type: "json" };
import answer from "data:text/javascript,export default 42";
import { ready } from "./lib/slow.ts";

console.log(a, fromA(), bSeen);
console.log("main here:", import.meta.main, "main in a:", mainInA);
console.log("json:", data.name, data.list.length);
console.log("data url:", answer);
console.log("tla:", ready);
console.log("url ends:", import.meta.url.endsWith("/modules/modules.ts"));
console.log("filename ends:", import.meta.filename.endsWith("/modules/modules.ts"));
console.log("dirname ends:", import.meta.dirname.endsWith("/modules"));
console.log("resolve:", import.meta.resolve("./lib/b.js").endsWith("/modules/lib/b.js"));

const viaUrl = await import(import.meta.resolve("./lib/b.js"));
console.log("dynamic file: url:", viaUrl.b);
const viaPath = await import(import.meta.dirname + "/lib/a.ts");
console.log("dynamic absolute path:", viaPath.a, viaPath === (await import("./lib/a.ts")));
const json = await import("./lib/data.json", { with: { type: "json" } });
console.log("dynamic json:", json.default.list.join("+"));
const ts = await import("data:application/typescript,export const n: number = 7;");
console.log("data ts:", ts.n);
try {
  await import("./lib/missing.ts");
} catch (e) {
  console.log(e.name, e.message.replace(/file:\/\/.*\/modules\//, "<dir>/"));
}
