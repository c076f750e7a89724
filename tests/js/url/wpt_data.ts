// The web-platform-tests URL data (tests/data/wpt_url, see its README) through
// the JavaScript API: new URL(input, base) and every getter, the setters, and
// IDNA through the host. Prints the pass counts and every failing case.
const dir = "../../data/wpt_url";
const load = (name: string) => JSON.parse(Deno.readTextFileSync(`${dir}/${name}`));
const getters = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
  "search", "hash"] as const;
type Url = Record<string, string>;

let passed = 0, total = 0;
for (const t of load("urltestdata.json")) {
  if (typeof t === "string") continue;
  total++;
  const what = `${JSON.stringify(t.input)} base ${JSON.stringify(t.base)}`;
  let url: Url | null = null;
  try {
    url = (t.base == null ? new URL(t.input) : new URL(t.input, t.base)) as unknown as Url;
  } catch (e) {
    if (!t.failure) console.log(`FAIL ${what}: ${e}`);
  }
  if (t.failure) {
    // URL.canParse and URL.parse agree with the constructor.
    const agrees = URL.canParse(t.input, t.base ?? undefined) === false &&
      URL.parse(t.input, t.base ?? undefined) === null;
    if (url) console.log(`FAIL ${what}: parsed as ${url.href}, expected failure`);
    else if (!agrees) console.log(`FAIL ${what}: canParse/parse disagree`);
    else passed++;
    continue;
  }
  if (!url) continue;
  const wrong = getters.filter((g) => g in t && url![g] !== t[g]);
  for (const g of wrong) console.log(`FAIL ${what}: ${g} is ${JSON.stringify(url[g])}, expected ${JSON.stringify(t[g])}`);
  if (wrong.length === 0) passed++;
}
console.log(`urltestdata.json: ${passed} of ${total} pass`);

passed = 0, total = 0;
const setters = load("setters_tests.json");
for (const attribute of Object.keys(setters)) {
  if (attribute === "comment") continue;
  for (const t of setters[attribute]) {
    total++;
    const url = new URL(t.href) as unknown as Url;
    url[attribute] = t.new_value;
    const wrong = Object.keys(t.expected).filter((g) => url[g] !== t.expected[g]);
    for (const g of wrong) {
      console.log(`FAIL set ${attribute} of ${t.href} to ${JSON.stringify(t.new_value)}: ${g} is ${JSON.stringify(url[g])}, expected ${JSON.stringify(t.expected[g])}`);
    }
    if (wrong.length === 0) passed++;
  }
}
console.log(`setters_tests.json: ${passed} of ${total} pass`);

passed = 0, total = 0;
for (const t of load("toascii.json")) {
  if (typeof t === "string") continue;
  total++;
  let host: string | null = null;
  try {
    host = new URL(`https://${t.input}/x`).host;
  } catch {
    // failure
  }
  const url = new URL("https://x/x");
  url.host = t.input;
  const setterHost = url.host;
  const ok = host === t.output && setterHost === (t.output ?? "x");
  if (ok) passed++;
  else console.log(`FAIL toascii ${JSON.stringify(t.input)}: ${host} (setter ${setterHost}), expected ${t.output}`);
}
console.log(`toascii.json: ${passed} of ${total} pass`);
