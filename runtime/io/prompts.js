// alert(), confirm() and prompt() (HTML's simple dialogs, as Deno has them):
// on a terminal they write the question to stdout and read a line from
// stdin; otherwise they ask nothing (alert returns, confirm is false, prompt
// null). Deno's prompt() edits its default in place on the terminal; ours
// shows it in brackets and takes it on an empty line.
const { op_io_is_terminal, op_io_read_sync, op_io_write_sync } = core.ops;
const encoder = new internals.encoding.TextEncoder();
const decoder = new internals.encoding.TextDecoder();

function ask(question) {
  op_io_write_sync(1, encoder.encode(question));
}

// A line from stdin without its line break, or null at the end of input.
function readLine() {
  const bytes = [];
  const byte = new Uint8Array(1);
  for (;;) {
    const n = op_io_read_sync(0, byte);
    if (n === null || n === 0) return bytes.length ? decoder.decode(new Uint8Array(bytes)) : null;
    if (byte[0] === 0x0a) break;
    bytes.push(byte[0]);
  }
  if (bytes.at(-1) === 0x0d) bytes.pop();
  return decoder.decode(new Uint8Array(bytes));
}

function alert(message = "Alert") {
  if (!op_io_is_terminal(0)) return;
  ask(`${message} [Enter] `);
  readLine();
}

function confirm(message = "Confirm") {
  if (!op_io_is_terminal(0)) return false;
  ask(`${message} [y/N] `);
  const answer = readLine();
  return answer === "y" || answer === "Y";
}

function prompt(message = "Prompt", defaultValue = undefined) {
  if (!op_io_is_terminal(0)) return null;
  defaultValue ??= null;
  ask(defaultValue === null ? `${message} ` : `${message} [${defaultValue}] `);
  const answer = readLine();
  if (answer === null) return null;
  return answer === "" && defaultValue !== null ? String(defaultValue) : answer;
}

for (const f of [alert, confirm, prompt]) {
  Object.defineProperty(globalThis, f.name, {
    get() { return f; },
    set(value) {  // as in Deno, an assignment replaces it
      Object.defineProperty(globalThis, f.name, { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: true,
    configurable: true,
  });
}
