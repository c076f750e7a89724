// An uncaught AggregateError lists its errors (and their causes) first.
const errors = [
  new Error("first", { cause: new RangeError("root cause") }),
  "a string",
  { code: 42 },
];
throw new AggregateError(errors, "several things failed");
