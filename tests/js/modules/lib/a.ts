import { b, fromB } from "./b.js";
export const a: string = "a";
export function fromA(): string {
  return `a sees b=${b}`;
}
export const mainInA = import.meta.main;
export const bSeen = fromB();
