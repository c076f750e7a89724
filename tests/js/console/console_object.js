// Shape of the console object.
console.log(Object.keys(console));
console.log(Object.getOwnPropertyNames(console).length);
console.log(Object.getOwnPropertySymbols(console).map(String));
console.log(Object.prototype.toString.call(console));
console.log(Object.getPrototypeOf(Object.getPrototypeOf(console)) === Object.prototype);
console.log(Object.getOwnPropertyNames(Object.getPrototypeOf(console)));
console.log(Object.getOwnPropertyDescriptor(console, "log"));
console.log(Object.getOwnPropertyDescriptor(console, Symbol.toStringTag));
console.log(Object.getOwnPropertyDescriptor(globalThis, "console"));
console.log(console.log.name, console.log.length, console.table.length, console.dir.length);
console.log(console.groupCollapsed.name, console.dirxml.name, console.timeLog.length);
console.log(console);
const task = console.createTask("task");
console.log(task, Object.keys(task), task.run(() => "ran"));
for (const bad of [undefined, "", 1]) {
  try {
    console.createTask(bad);
  } catch (e) {
    console.log(e.name, e.message);
  }
}
try {
  task.run("not a function");
} catch (e) {
  console.log(e.name, e.message);
}
const ctx = console.context("name");
console.log(Object.keys(ctx));
const { log } = console;
log("detached method works");
console.log.call(null, "called with null this");
for (const key of Object.keys(console)) {
  const fn = console[key];
  if (typeof fn !== "function") continue;
  let constructible = true;
  try {
    new fn();
  } catch (e) {
    constructible = !(e instanceof TypeError);
  }
  console.log(key, fn.name, fn.length, constructible, Object.prototype.hasOwnProperty.call(fn, "prototype"));
}
