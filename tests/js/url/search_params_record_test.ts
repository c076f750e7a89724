// URLSearchParams from a record: keys that become equal as USVStrings (lone
// surrogates turn into U+FFFD) make one entry, at the first key's place, with
// the last one's value. An urlencoded body keeps a leading U+FEFF in its
// first name ("UTF-8 decode without BOM").
import { Shown } from "../shown.ts";

Deno.test("URLSearchParams from a record: keys that become equal as USVStrings (lone surrogates turn into U+FFFD) make one entry, at the first key's place, with the last one's value", async () => {
  const shown = new Shown();
  const params = new URLSearchParams({ "\uD835x": "1", "xx": "2", "\uD83Dx": "3" });
  shown.at(1, [JSON.stringify([...params])], ["[[\"�x\",\"3\"],[\"xx\",\"2\"]]"]);
  shown.at(2, [JSON.stringify([...new URLSearchParams({ a: "1", b: "2", a2: "3" })])], ["[[\"a\",\"1\"],[\"b\",\"2\"],[\"a2\",\"3\"]]"]);

  const form = await new Response("\uFEFFtest=\uFEFF", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
  }).formData();
  shown.at(3, [JSON.stringify([...form]), [...form][0][0].length], ["[[\"﻿test\",\"﻿\"]]", 5]);
  shown.done([1, 2, 3]);
});
