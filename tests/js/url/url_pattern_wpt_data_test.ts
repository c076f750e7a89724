// The web-platform-tests URL Pattern data (tests/data/wpt_urlpattern, see its
// README) through URLPattern: each entry's pattern is constructed and its
// component strings checked, then each input is matched with test() and
// exec() and the result checked component by component. Deno 2.9.6 fails the
// entries in DENO_DIFFERENCES; this driver expects exactly those to fail, so it
// passes on Deno as on toolchain.
import { assertEquals } from "../unit/assert.ts";

type Entry = {
  pattern: unknown[];
  inputs?: unknown[];
  expected_obj?: "error" | Record<string, string>;
  expected_match?: "error" | null | Record<string, unknown>;
  exactly_empty_components?: string[];
};

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

// Entry index → why Deno 2.9.6 (and so toolchain) disagrees with the data.
const DENO_DIFFERENCES: Record<number, string> = {
  157: "test() and exec() without arguments: Deno requires one (the standard's default is {})",
  159: "test() and exec() without arguments: Deno requires one (the standard's default is {})",
  308: "test() and exec() without arguments: Deno requires one (the standard's default is {})",
  349: "class set operations need the RegExp v flag; Deno compiles with u",
  350: "class set operations need the RegExp v flag; Deno compiles with u",
  351: "class set operations need the RegExp v flag; Deno compiles with u",
  352: "class set operations need the RegExp v flag; Deno compiles with u",
};

// The pattern string the entry expects for `component` when expected_obj does not say.
function defaultPatternString(entry: Entry, component: string): string {
  if (entry.exactly_empty_components?.includes(component)) return "";
  const init = entry.pattern[0];
  let given: Record<string, string>, baseURL: string | undefined;
  if (typeof init === "string") {
    // A constructor string's own components are those expected_obj lists.
    if (typeof entry.pattern[1] !== "string") return "*";
    given = typeof entry.expected_obj === "object" ? entry.expected_obj : {};
    baseURL = entry.pattern[1];
  } else {
    if (typeof init !== "object" || init === null) return "*";
    given = init as Record<string, string>;
    if (given[component] !== undefined) return given[component];
    baseURL = given.baseURL;
  }
  if (baseURL === undefined || component === "username" || component === "password") return "*";
  // Components before the first one the pattern gives come from its base URL.
  const order = ["protocol", "hostname", "port", "pathname", "search", "hash"];
  const first = order.findIndex((c) => given[c] !== undefined);
  if (first !== -1 && order.indexOf(component) >= first) return "*";
  const base = new URL(baseURL) as unknown as Record<string, string>;
  let value = base[component];
  if (component === "protocol") value = value.slice(0, -1);
  if (component === "search" || component === "hash") value = value.slice(1);
  return value.replace(/[+*?:{}()\\]/g, "\\$&");
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    Object.prototype.hasOwnProperty.call(b, k) &&
    same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
  );
}

// What is wrong with URLPattern on `entry`, one line a problem.
function check(entry: Entry): string[] {
  const problems: string[] = [];
  let pattern: URLPattern;
  try {
    // deno-lint-ignore no-explicit-any
    pattern = new (URLPattern as any)(...entry.pattern);
  } catch (e) {
    if (entry.expected_obj === "error" && e instanceof TypeError) return [];
    return [`construction threw ${e}`];
  }
  if (entry.expected_obj === "error") return ["construction did not throw"];

  const fields = pattern as unknown as Record<string, string>;
  for (const component of COMPONENTS) {
    const expected = entry.expected_obj?.[component] ?? defaultPatternString(entry, component);
    if (fields[component] !== expected) {
      problems.push(`${component} is ${JSON.stringify(fields[component])}, expected ${JSON.stringify(expected)}`);
    }
  }

  const inputs = entry.inputs ?? [];
  let result, tested;
  try {
    // deno-lint-ignore no-explicit-any
    tested = (pattern.test as any)(...inputs);
    // deno-lint-ignore no-explicit-any
    result = (pattern.exec as any)(...inputs);
  } catch (e) {
    if (entry.expected_match === "error" && e instanceof TypeError) return problems;
    return [...problems, `matching threw ${e}`];
  }
  if (entry.expected_match === "error") return [...problems, "matching did not throw"];
  if (tested !== (result !== null)) problems.push(`test() is ${tested} but exec() is ${JSON.stringify(result)}`);
  if (entry.expected_match === null || entry.expected_match === undefined) {
    if (result !== null) problems.push(`matched, expected no match`);
    return problems;
  }
  if (result === null) return [...problems, "no match"];

  const expected = entry.expected_match as Record<string, { input: string; groups: Record<string, string | null> }>;
  const expectedInputs = (expected.inputs as unknown) ?? inputs;
  if (!same(result.inputs, expectedInputs)) {
    problems.push(`inputs are ${JSON.stringify(result.inputs)}, expected ${JSON.stringify(expectedInputs)}`);
  }
  for (const component of COMPONENTS) {
    const empty = entry.exactly_empty_components?.includes(component);
    const want = expected[component] ?? { input: "", groups: empty ? {} : { "0": "" } };
    const groups: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(want.groups)) groups[k] = v ?? undefined;
    const got = (result as unknown as Record<string, { input: string; groups: Record<string, string> }>)[component];
    if (got.input !== want.input || !same(got.groups, groups)) {
      problems.push(`${component} matched ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
  }
  return problems;
}

Deno.test("URLPattern passes the web-platform-tests data but where Deno 2.9.6 differs", () => {
  const entries: Entry[] = JSON.parse(Deno.readTextFileSync("../../data/wpt_urlpattern/urlpatterntestdata.json"));
  const failing: number[] = [];
  const report: string[] = [];
  entries.forEach((entry, index) => {
    const problems = check(entry);
    if (problems.length === 0) return;
    failing.push(index);
    if (!(index in DENO_DIFFERENCES)) {
      report.push(`#${index} ${JSON.stringify(entry.pattern)} ${JSON.stringify(entry.inputs ?? [])}`);
      for (const p of problems) report.push(`    ${p}`);
    }
  });
  const known = Object.keys(DENO_DIFFERENCES).map(Number);
  if (report.length > 0) console.log(report.join("\n"));
  console.log(`urlpatterntestdata.json: ${entries.length - failing.length} of ${entries.length} pass`);
  assertEquals(failing, known);
});
