// An uncaught error with a cause chain ends the program with exit code 1;
// Deno prints it to stderr (coloured unless NO_COLOR is set, even when
// stderr is not a terminal).
console.log("before");
function load() {
  try {
    missingHelper();
  } catch (err) {
    throw new TypeError("config is invalid", { cause: err });
  }
}
function main() {
  try {
    load();
  } catch (err) {
    throw new Error("startup failed", { cause: err });
  }
}
main();
