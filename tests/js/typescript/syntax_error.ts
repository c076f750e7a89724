// A syntax error the type-erasing scanner passes on (transpile_fast): V8 rejects
// its code and the loader reports what the full parse says, as before.
import { x } from "./lib/bad_syntax.ts";
console.log(x);
