// alert, confirm and prompt when stdin is not a terminal: nothing is asked;
// alert returns, confirm is false, prompt null (Deno 2.9.6's output).
alert("hi");
console.log("after alert");
console.log(confirm("sure?"));
console.log(prompt("name?", "default"));
console.log(alert.name, confirm.name, prompt.name, alert.length, prompt.length);
for (const name of ["alert", "confirm", "prompt"]) {
  const d = Object.getOwnPropertyDescriptor(globalThis, name);
  console.log(name, typeof d.get, typeof d.set, d.enumerable, d.configurable);
}
globalThis.alert = 1;
console.log(typeof alert);
