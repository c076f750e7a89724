// b and a import each other: a cycle.
import { a } from "./a.ts";
export const b = "b";
export function fromB() {
  return `b sees a=${typeof a === "undefined" ? "?" : a}`;
}
