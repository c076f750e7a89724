// reportError(): an ErrorEvent at globalThis; a canceled one lets the program
// go on, an unhandled one ends it at once with the uncaught-error report.
addEventListener("error", (e) => { console.log("error event", e.message, e.error?.message, e.filename !== undefined); if (e.error?.message === "handled") e.preventDefault(); });
reportError(new Error("handled"));
console.log("after handled");
try { reportError(); } catch (e) { console.log(String(e)); }
console.log(reportError.length, reportError.name);
reportError(new Error("fatal"));
console.log("after fatal (sync continues)");
setTimeout(() => console.log("timer ran"), 0);
