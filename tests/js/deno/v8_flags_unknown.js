// A flag V8 does not know is an error before the program runs.
console.log("never printed");
