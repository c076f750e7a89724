// An unref'd timer does not keep the program alive; a ref'd one does.
const id = setTimeout(() => console.log("unref'd timer ran"), 50);
Deno.unrefTimer(id);
setTimeout(() => console.log("ref'd timer ran"), 5);
const id2 = setTimeout(() => console.log("re-ref'd timer ran"), 10);
Deno.unrefTimer(id2);
Deno.refTimer(id2);
