// The web-platform-tests URL data (tests/data/wpt_url, see its README) through
// the JavaScript API: new URL(input, base) and every getter, the setters, and
// IDNA through the host. Prints the pass counts and every failing case.
import { Shown } from "../shown.ts";

Deno.test("The web-platform-tests URL data (tests/data/wpt_url, see its README) through the JavaScript API: new URL(input, base) and every getter, the setters, and IDNA through the host", async () => {
  const shown = new Shown();
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
      if (!t.failure) shown.at(1, [`FAIL ${what}: ${e}`]);
    }
    if (t.failure) {
      // URL.canParse and URL.parse agree with the constructor.
      const agrees = URL.canParse(t.input, t.base ?? undefined) === false &&
        URL.parse(t.input, t.base ?? undefined) === null;
      if (url) shown.at(2, [`FAIL ${what}: parsed as ${url.href}, expected failure`]);
      else if (!agrees) shown.at(3, [`FAIL ${what}: canParse/parse disagree`]);
      else passed++;
      continue;
    }
    if (!url) continue;
    const wrong = getters.filter((g) => g in t && url![g] !== t[g]);
    for (const g of wrong) shown.at(4, [`FAIL ${what}: ${g} is ${JSON.stringify(url[g])}, expected ${JSON.stringify(t[g])}`]);
    if (wrong.length === 0) passed++;
  }
  shown.at(5, [`urltestdata.json: ${passed} of ${total} pass`], ["urltestdata.json: 687 of 687 pass"]);

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
        shown.at(6, [`FAIL set ${attribute} of ${t.href} to ${JSON.stringify(t.new_value)}: ${g} is ${JSON.stringify(url[g])}, expected ${JSON.stringify(t.expected[g])}`], ["FAIL set hostname of http://example.net/path to \"example.com:8080\": href is \"http://example.net/path\", expected \"http://example.com/path\""], ["FAIL set hostname of http://example.net/path to \"example.com:8080\": host is \"example.net\", expected \"example.com\""], ["FAIL set hostname of http://example.net/path to \"example.com:8080\": hostname is \"example.net\", expected \"example.com\""], ["FAIL set hostname of http://example.net:8080/path to \"example.com:\": href is \"http://example.net:8080/path\", expected \"http://example.com:8080/path\""], ["FAIL set hostname of http://example.net:8080/path to \"example.com:\": host is \"example.net:8080\", expected \"example.com:8080\""], ["FAIL set hostname of http://example.net:8080/path to \"example.com:\": hostname is \"example.net\", expected \"example.com\""]);
      }
      if (wrong.length === 0) passed++;
    }
  }
  shown.at(7, [`setters_tests.json: ${passed} of ${total} pass`], ["setters_tests.json: 196 of 198 pass"]);

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
    else shown.at(8, [`FAIL toascii ${JSON.stringify(t.input)}: ${host} (setter ${setterHost}), expected ${t.output}`], ["FAIL toascii \"1.ي\": null (setter x), expected 1.xn--mhb"]);
  }
  shown.at(9, [`toascii.json: ${passed} of ${total} pass`], ["toascii.json: 42 of 43 pass"]);
  shown.done([5, 6, 6, 6, 6, 6, 6, 7, 8, 9]);
});
