// How a used body's stream prints (the body mixin's behaviour: tests/js/unit/body_test.ts).
const used = new Response("x");
await used.text();
// Known difference: a consumed static body's stream, made on first access,
// closes one microtask later here; Deno's is closed at once.
used.body;
await null;
console.log("used body", used.body);
