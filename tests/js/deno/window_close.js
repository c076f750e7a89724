// close(): `closed` turns true at once; the program ends with code 0 (not
// Deno.exitCode's 3), `unload` first, from a timer queued after the current
// microtasks, so an earlier timer still runs.
console.log(closed, typeof close, close.name);
Deno.exitCode = 3;
addEventListener("unload", () => console.log("unload", closed));
setTimeout(() => console.log("earlier timer"), 0);
close();
close();
console.log("after close()", closed);
queueMicrotask(() => console.log("microtask"));
setTimeout(() => console.log("never"), 50);
