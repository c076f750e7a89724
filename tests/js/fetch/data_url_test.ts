// fetch() of data: URLs: the MIME type and body of the Fetch Standard's data:
// URL processor, and Deno's errors for bad ones.
import { Shown } from "../shown.ts";

Deno.test("fetch() of data: URLs: the MIME type and body of the Fetch Standard's data: URL processor, and Deno's errors for bad ones", async () => {
  const shown = new Shown();
  async function show(label: string, url: string, init?: RequestInit) {
    try {
      const r = await fetch(url, init);
      const body = new Uint8Array(await r.arrayBuffer());
      shown.at(1, [label, r.status, r.statusText, r.url, r.type, r.redirected, [...r.headers], JSON.stringify(new TextDecoder().decode(body)), body.length], ["plain", 200, "OK", "data:,Hello%2C%20World%21", "basic", false, [["content-type", "text/plain;charset=US-ASCII"]], "\"Hello, World!\"", 13], ["type", 200, "OK", "data:text/plain;charset=utf-8,caf%C3%A9", "basic", false, [["content-type", "text/plain;charset=utf-8"]], "\"café\"", 5], ["quoted", 200, "OK", "data:text/plain;charset=\"utf-8\";x=y z,a", "basic", false, [["content-type", "text/plain;charset=utf-8;x=\"y z\""]], "\"a\"", 1], ["base64", 200, "OK", "data:text/html;base64,PGgxPkhpPC9oMT4=", "basic", false, [["content-type", "text/html"]], "\"<h1>Hi</h1>\"", 11], ["base64 case and spaces", 200, "OK", "data:image/png;  BASE64,AAEC/w==", "basic", false, [["content-type", "image/png"]], "\"\\u0000\\u0001\\u0002�\"", 4], ["base64 whitespace", 200, "OK", "data:;base64, SGVs bG8=", "basic", false, [["content-type", "text/plain;charset=US-ASCII"]], "\"Hello\"", 5], ["base64 unpadded", 200, "OK", "data:text/plain;base64,YW", "basic", false, [["content-type", "text/plain"]], "\"a\"", 1], ["fragment", 200, "OK", "data:,abc", "basic", false, [["content-type", "text/plain;charset=US-ASCII"]], "\"abc\"", 3], ["not a type", 200, "OK", "data:foo,bar", "basic", false, [["content-type", "text/plain;charset=US-ASCII"]], "\"bar\"", 3], ["parameters", 200, "OK", "data:text/plain;a=b;charset=US-ASCII,x", "basic", false, [["content-type", "text/plain;a=b;charset=US-ASCII"]], "\"x\"", 1], ["only parameters", 200, "OK", "data:;charset=utf-8,x", "basic", false, [["content-type", "text/plain;charset=utf-8"]], "\"x\"", 1], ["json", 200, "OK", "data:application/json,{\"a\":1}", "basic", false, [["content-type", "application/json"]], "\"{\\\"a\\\":1}\"", 7], ["POST", 200, "OK", "data:,x", "basic", false, [["content-type", "text/plain;charset=US-ASCII"]], "\"x\"", 1], ["HEAD", 200, "OK", "data:,x", "basic", false, [["content-type", "text/plain;charset=US-ASCII"]], "\"\"", 0], ["Request", 200, "OK", "data:,from a request", "basic", false, [["content-type", "text/plain;charset=US-ASCII"]], "\"from a request\"", 14]);
    } catch (e) {
      shown.at(2, [label, "rejected:", String(e), (e as Error).cause ?? ""], ["base64 percent-encoded", "rejected:", "TypeError: InvalidBase64(Padding)", ""], ["bad", "rejected:", "TypeError: NoComma", ""], ["bad", "rejected:", "TypeError: InvalidBase64(Padding)", ""], ["bad", "rejected:", "TypeError: InvalidBase64(AlphabetSymbolAfterPadding)", ""], ["bad", "rejected:", "TypeError: InvalidBase64(AlphabetSymbolAfterPadding)", ""], ["bad", "rejected:", "TypeError: InvalidBase64(LoneAlphabetSymbol)", ""], ["bad", "rejected:", "TypeError: InvalidBase64(LoneAlphabetSymbol)", ""], ["bad", "rejected:", "TypeError: InvalidBase64(UnexpectedSymbol(42))", ""], ["aborted", "rejected:", "AbortError: The signal has been aborted", ""]);
    }
  }
  await show("plain", "data:,Hello%2C%20World%21");
  await show("type", "data:text/plain;charset=utf-8,caf%C3%A9");
  await show("quoted", 'data:text/plain;charset="utf-8";x=y z,a');
  await show("base64", "data:text/html;base64,PGgxPkhpPC9oMT4=");
  await show("base64 case and spaces", "data:image/png;  BASE64,AAEC/w==");
  await show("base64 whitespace", "data:;base64, SGVs bG8=");
  await show("base64 percent-encoded", "data:text/plain;base64,YWJj%3D%3D");
  await show("base64 unpadded", "data:text/plain;base64,YW");
  await show("fragment", "data:,abc#frag");
  await show("not a type", "data:foo,bar");
  await show("parameters", "data:text/plain;a=b;charset=US-ASCII,x");
  await show("only parameters", "data:;charset=utf-8,x");
  await show("json", 'data:application/json,{"a":1}');
  await show("POST", "data:,x", { method: "POST", body: "y" });
  await show("HEAD", "data:,x", { method: "HEAD" });
  await show("Request", new Request("data:,from a request").url);
  for (const bad of [
    "data:text/plain",
    "data:;base64,SGVsbG8===",
    "data:;base64,ab=c",
    "data:;base64,ab==c",
    "data:;base64,a",
    "data:;base64,abcde",
    "data:;base64,ab*c",
  ]) await show("bad", bad);
  await show("aborted", "data:,x", { signal: AbortSignal.abort() });
  const r = await fetch("data:,stream me");
  shown.at(3, [r.bodyUsed, await new Response(r.body).text(), r.bodyUsed], [false, "stream me", true]);
  shown.done([1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3]);
});
