"use strict";
// FinalizationRegistry callbacks and WeakRef clearing need the embedder to run
// V8's foreground tasks (runtime/core/loop_platform.cc): the cleanup is a task
// V8 posts after a full GC finds the targets dead. Garbage that lives a few
// ticks (so that it reaches the old generation and a full GC comes) is made
// until the three callbacks have run (or 500 ticks have passed).
const held = [];
const registry = new FinalizationRegistry((value) => held.push(value));
let weak;
(function () {
  for (let i = 0; i < 3; i++) registry.register({ payload: new Array(100).fill(i) }, `object ${i}`);
  weak = new WeakRef({ payload: "weakly held" });
})();
console.log(`registered; weak target alive in the same job: ${weak.deref() !== undefined}`);
let ticks = 0;
const lived = [];
function churn() {
  const junk = [];
  for (let i = 0; i < 50000; i++) junk.push({ i });
  lived[ticks % 4] = junk;
  if (held.length === 3 || ++ticks === 500) {
    console.log(held.length === 3 ? `finalized: ${held.sort().join(", ")}` : `only ${held.length} finalized`);
    console.log(`weak target after GC: ${String(weak.deref())}`);
    return;
  }
  setTimeout(churn, 0);
}
setTimeout(churn, 0);
