// Deno.errors: the error classes ops throw (bridge/js_error.h names them), each
// registered with core so C++ can construct it.
const errorClasses = { __proto__: null };
core.errorClasses = errorClasses;
// The built-in V8 has no C++ constructor for (a malformed permission host is one).
errorClasses.URIError = URIError;

function defineErrorClass(name, base = Error) {
  const cls = {
    [name]: class extends base {
      constructor(message, options) {
        super(message, options);
        this.name = name;
      }
    },
  }[name];
  errorClasses[name] = cls;
  return cls;
}

const names = [
  "NotFound", "PermissionDenied", "ConnectionRefused", "ConnectionReset", "ConnectionAborted",
  "NotConnected", "AddrInUse", "AddrNotAvailable", "BrokenPipe", "AlreadyExists", "InvalidData",
  "TimedOut", "Interrupted", "WriteZero", "WouldBlock", "UnexpectedEof", "BadResource", "Http",
  "Busy", "NotSupported", "FilesystemLoop", "IsADirectory", "NetworkUnreachable", "NotADirectory",
  "NotCapable",
];
const errors = {};
for (const name of names) errors[name] = defineErrorClass(name);
internals.denoErrors = errors;
