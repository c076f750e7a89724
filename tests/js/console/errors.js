// Errors: stack, cause chains, extra properties, AggregateError, names.
// Most stacks are replaced by fixed text so the output does not depend on
// where the file lives.
function fixed(err, frames = ["    at f (file:///app/mod.js:1:1)"]) {
  err.stack = `${err.name}: ${err.message}\n${frames.join("\n")}`;
  return err;
}
console.log(fixed(new Error("plain")));
console.log(fixed(new TypeError("type")));
console.log(fixed(new Error("with cause", { cause: fixed(new RangeError("inner")) })));
console.log(fixed(new Error("primitive cause", { cause: "just a string" })));
console.log(fixed(new Error("undefined cause", { cause: undefined })));
const props = fixed(new Error("with props"));
props.code = "E_CODE";
props.details = { retry: true, count: 3 };
console.log(props);
const agg = fixed(new AggregateError([fixed(new Error("first")), fixed(new Error("second")), 42], "many"));
console.log(agg);
console.log({ nested: fixed(new Error("inside object")) });
console.log([fixed(new Error("inside array"))]);
console.log({ a: { b: fixed(new Error("deeper", { cause: fixed(new Error("deeper cause")) })) } });
class ValidationError extends Error {
  constructor(message) {
    super(message);
    this.name = "ValidationError";
  }
}
console.log(fixed(new ValidationError("bad input")));
class HttpError extends Error {}
console.log(fixed(new HttpError("subclass keeps name Error")));
class NotNamedError extends Error {}
console.log(fixed(new NotNamedError("ends with Error")));
const renamed = fixed(new Error("renamed"));
renamed.name = "Renamed";
console.log(renamed);
const ownName = new Error("own name");
ownName.name = "CustomName";
ownName.stack = "Error: own name\n    at f (file:///app/mod.js:1:1)";
console.log(ownName);
const noStack = new Error("no stack");
noStack.stack = undefined;
console.log(noStack);
const emptyStack = new Error("stack without frames");
emptyStack.stack = "Error: stack without frames";
console.log(emptyStack, [emptyStack]);
const customStack = new Error("x");
customStack.stack = "completely custom stack text";
console.log(customStack);
const objStack = new Error("object stack");
objStack.stack = { not: "a string" };
console.log(objStack);
const nullProto = fixed(new Error("null prototype"));
Object.setPrototypeOf(nullProto, null);
console.log(nullProto);
const numberName = fixed(new Error("numeric name"));
numberName.name = 42;
console.log(numberName);
const shared = ["    at a (file:///app/a.js:1:1)", "    at b (file:///app/b.js:2:2)", "    at c (file:///app/c.js:3:3)", "    at d (file:///app/d.js:4:4)", "    at e (file:///app/e.js:5:5)"];
const cause = fixed(new Error("cause with shared frames"), shared);
console.log(fixed(new Error("outer", { cause }), ["    at x (file:///app/x.js:9:9)", ...shared]));
const recursion = [];
for (let i = 0; i < 12; i++) {
  recursion.push("    at recurse (file:///app/r.js:1:10)", "    at helper (file:///app/r.js:2:10)");
}
console.log(fixed(new RangeError("Maximum call stack size exceeded"), recursion));
const real = new Error("real stack");
console.log(Deno.inspect(real).split("\n")[0]);
console.log(Deno.inspect(real).includes("errors.js"));
console.log(String(fixed(new Error("toString"))));
console.error(fixed(new Error("to stderr")));
const withMessageProp = new Error("m");
withMessageProp.stack = "Error: m\n    at f (file:///app/mod.js:1:1)";
Object.defineProperty(withMessageProp, "message", { value: "different", enumerable: true });
console.log(withMessageProp);
console.log(Deno.inspect(fixed(new Error("colored", { cause: fixed(new Error("c")) })), { colors: true }));
