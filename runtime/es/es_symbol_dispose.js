// runtime/es/es_symbol_dispose.js — Symbol.dispose and Symbol.asyncDispose
// (ES2026 explicit resource management), which V8 10.2 lacks. Deno's
// resources (Deno.FsFile, …) are disposable through them; a program may call
// `file[Symbol.dispose]()` itself. (`using` declarations are syntax V8 10.2
// cannot parse; the transpiler reports them.)
//
// Like the other well-known symbols, they are non-writable, non-enumerable,
// non-configurable properties of Symbol, not in the global registry.
for (const name of ["dispose", "asyncDispose"]) {
  if (typeof Symbol[name] !== "symbol") {
    Object.defineProperty(Symbol, name, {
      value: Symbol(`Symbol.${name}`),
      writable: false,
      enumerable: false,
      configurable: false,
    });
  }
}
