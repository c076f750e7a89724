// The checks of the tests that were golden programs (tests/js/<family>/*_test.ts):
// what such a program printed, it now states as values. Each former
// `console.log(a, b)` is `shown.at(site, [a, b], expected…)`: the values of its
// n-th call must equal the n-th expected list (a site with none must never
// run), and `shown.done(order)` checks that the sites ran in that order. The
// expected values were recorded from Deno 2.9.6. A value with no literal form
// (a class instance, a symbol) is expected as `inspected("…")`: Deno.inspect's
// text of it.
import { AssertionError } from "./unit/assert.ts";

class Inspected {
  constructor(readonly text: string) {}
}

export function inspected(text: string): Inspected {
  return new Inspected(text);
}

function show(value: unknown): string {
  return Deno.inspect(value, { depth: Infinity, sorted: true, strAbbreviateSize: Infinity, iterableLimit: Infinity });
}

function same(actual: unknown, expected: unknown): boolean {
  if (expected instanceof Inspected) return Deno.inspect(actual) === expected.text;
  if (Object.is(actual, expected)) return true;
  return typeof expected === "object" && expected !== null && show(actual) === show(expected);
}

export class Shown {
  #order: number[] = [];
  #calls = new Map<number, number>();

  at(site: number, actual: unknown[], ...expected: unknown[][]): void {
    const n = this.#calls.get(site) ?? 0;
    this.#calls.set(site, n + 1);
    this.#order.push(site);
    if (n >= expected.length) {
      throw new AssertionError(`site ${site} ran ${n + 1} times, expected ${expected.length}: ${show(actual)}`);
    }
    const want = expected[n];
    const ok = actual.length === want.length && actual.every((value, i) => same(value, want[i]));
    if (!ok) {
      throw new AssertionError(
        `site ${site}, call ${n + 1}: values differ:\n  actual:   ${show(actual)}\n  expected: ${show(want)}`,
      );
    }
  }

  done(order: number[]): void {
    const actual = this.#order.join(",");
    if (actual !== order.join(",")) {
      throw new AssertionError(`the sites ran in another order:\n  actual:   ${actual}\n  expected: ${order.join(",")}`);
    }
  }
}
