// The first part of the Deno namespace: process facts, env, cwd, inspect, performance.
console.log("args:", Deno.args);
console.log("pid:", typeof Deno.pid, Deno.pid > 0, Deno.pid !== Deno.ppid);
console.log("version:", Object.keys(Deno.version), typeof Deno.version.v8, typeof Deno.version.typescript);
console.log("build:", Deno.build.os, Deno.build.arch, typeof Deno.build.target, Object.keys(Deno.build).sort());
console.log("mainModule:", Deno.mainModule === import.meta.url, Deno.mainModule.startsWith("file:///"));
console.log("noColor:", Deno.noColor);
console.log("inspect:", Deno.inspect({ a: [1, { b: new Map([[1, "x"]]) }] }), Deno.inspect("s"), Deno.inspect({ d: { e: { f: {} } } }, { depth: 1 }));

Deno.env.set("TC_NAMESPACE_TEST", "one");
console.log("env:", Deno.env.get("TC_NAMESPACE_TEST"), Deno.env.has("TC_NAMESPACE_TEST"), Deno.env.toObject().TC_NAMESPACE_TEST);
Deno.env.delete("TC_NAMESPACE_TEST");
console.log("env deleted:", Deno.env.get("TC_NAMESPACE_TEST"), Deno.env.has("TC_NAMESPACE_TEST"));
for (const bad of [() => Deno.env.set("", "x"), () => Deno.env.set("A=B", "x"), () => Deno.env.set("A", "\0")]) {
  try { bad(); } catch (e) { console.log("env error:", (e as Error).name, (e as Error).message); }
}

const start = Deno.cwd();
Deno.chdir("..");
console.log("chdir:", Deno.cwd() === start.slice(0, start.lastIndexOf("/")));
Deno.chdir(start);
try { Deno.chdir("./does-not-exist"); } catch (e) { console.log("chdir error:", (e as Error).name, (e as Error).message.replace(start, "<cwd>")); }

console.log("performance:", typeof performance.now(), performance.now() >= 0, performance.timeOrigin > 1.7e12);
performance.mark("a");
const m = performance.mark("b", { detail: { n: 1 } });
const measure = performance.measure("a to b", "a", "b");
console.log("mark:", m.name, m.entryType, m.detail, measure.name, measure.entryType, measure.duration >= 0);
console.log("entries:", performance.getEntriesByType("mark").map((e) => e.name), performance.getEntriesByName("a to b").length);

console.log("exitCode:", Deno.exitCode);
Deno.exitCode = 3;
console.log("exitCode set:", Deno.exitCode);
try { Deno.exitCode = 1.5; } catch (e) { console.log("exitCode error:", (e as Error).name, (e as Error).message); }
globalThis.addEventListener?.("unload", () => {});
setTimeout(() => {
  console.log("exiting with 4 from a timer");
  Deno.exit(4);
}, 5);
