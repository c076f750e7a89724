// console.time / timeLog / timeEnd. Durations vary, so they are masked in
// the expected output.
console.time();
console.timeLog();
console.timeLog("default", "with", { extra: "args" });
console.timeEnd();
console.timeEnd();
console.timeLog();
console.time("label");
console.time("label");
let x = 0;
for (let i = 0; i < 1e5; i++) x += i;
console.timeEnd("label");
console.time(42);
console.timeEnd("42");
console.timeEnd("never started");
console.timeLog("never started");
console.group("group");
console.time("grouped");
console.timeLog("grouped", "timeLog is indented");
console.timeEnd("grouped");
console.groupEnd();
console.log("done", x > 0);
