// .mts is TypeScript too.
import { fromMts } from "./lib/esm.mts";
console.log(fromMts(2));
