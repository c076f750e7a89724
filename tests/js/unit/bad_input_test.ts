// Bad input to the web APIs: each constructor and method rejects wrong types
// and values with the specification's error class (TypeError, RangeError,
// DOMException with the right name) and a message that says what was wrong.
// The messages are Deno 2.9.6's; where Deno's own words are an accident (a
// private-member read, "Failed to execute 'call'") the class alone is checked
// (ours name the method). Events' stricter checks (the DOM Standard's, where
// Deno lets bad arguments through) are in tests/js/events/dom_standard_order.ts.
// deno-lint-ignore-file no-explicit-any
import { AssertionError } from "./assert.ts";

type Expected = (new (...args: never[]) => Error) | `DOMException:${string}`;
type Case = [label: string, run: () => unknown, expected: Expected, message: string | null];

const detachedBuffer = new ArrayBuffer(8);
structuredClone(detachedBuffer, { transfer: [detachedBuffer] });

async function check(cases: Case[]) {
  const failures: string[] = [];
  for (const [label, run, expected, message] of cases) {
    let error: unknown = undefined;
    let threw = false;
    try {
      await run();
    } catch (e) {
      threw = true;
      error = e;
    }
    const what = typeof expected === "string" ? expected : expected.name;
    if (!threw) {
      failures.push(`${label}: expected ${what}, nothing was thrown`);
      continue;
    }
    const classOk = typeof expected === "string"
      ? error instanceof DOMException && `DOMException:${error.name}` === expected
      : error instanceof expected && !(error instanceof DOMException);
    const actualMessage = error instanceof Error ? error.message : String(error);
    if (!classOk) {
      failures.push(`${label}: expected ${what}, got ${Deno.inspect(error).split("\n")[0]}`);
    } else if (message !== null && actualMessage !== message) {
      failures.push(`${label}: expected the message ${JSON.stringify(message)}, got ${JSON.stringify(actualMessage)}`);
    } else if (actualMessage === "") {
      failures.push(`${label}: the message is empty`);
    }
  }
  if (failures.length > 0) throw new AssertionError(failures.join("\n"));
}


Deno.test("bad input: Headers", async () => {
  await check([
    ["new Headers(5)", () => new Headers(5 as any),
      TypeError, "Failed to construct 'Headers': Argument 1 The provided value is not of type '(sequence<sequence<ByteString>> or record<ByteString, ByteString>)'"],
    ["new Headers([['a']])", () => new Headers([["a"]] as any),
      TypeError, "Invalid header: length must be 2, but is 1"],
    ["new Headers([['a','b','c']])", () => new Headers([["a", "b", "c"]] as any),
      TypeError, "Invalid header: length must be 2, but is 3"],
    ["new Headers({'bad name': 'x'})", () => new Headers({ "bad name": "x" }),
      TypeError, "Invalid header name: \"bad name\""],
    ["new Headers({a: 'x\\ny'})", () => new Headers({ a: "x\ny" }),
      TypeError, "Invalid header value: \"x\ny\""],
    ["headers.append('a b','x')", () => new Headers().append("a b", "x"),
      TypeError, "Invalid header name: \"a b\""],
    ["headers.append('a')", () => (new Headers() as any).append("a"),
      TypeError, "Failed to execute 'append' on 'Headers': 2 arguments required, but only 1 present"],
    ["headers.get()", () => (new Headers() as any).get(),
      TypeError, "Failed to execute 'get' on 'Headers': 1 argument required, but only 0 present"],
    ["headers.get('a b')", () => new Headers().get("a b"),
      TypeError, "Invalid header name: \"a b\""],
    ["headers.set('a', '\\0')", () => new Headers().set("a", "\0"),
      TypeError, "Invalid header value: \"\u0000\""],
    ["headers.has('')", () => new Headers().has(""),
      TypeError, "Invalid header name: \"\""],
    ["headers.delete('é')", () => new Headers().delete("é"),
      TypeError, "Invalid header name: \"é\""],
    ["headers.forEach(1)", () => new Headers().forEach(1 as any),
      TypeError, "The \"callback\" argument must be of type function. Received number"],
    ["Headers.prototype.get.call({}, 'a')", () => Headers.prototype.get.call({}, "a"),
      TypeError, "Illegal invocation"],
    ["Headers()", () => (Headers as any)(),
      TypeError, "Class constructor Headers cannot be invoked without 'new'"],
  ]);
});

Deno.test("bad input: Request", async () => {
  await check([
    ["new Request()", () => new (Request as any)(),
      TypeError, "Failed to construct 'Request': 1 argument required, but only 0 present"],
    ["new Request('/x')", () => new Request("/x"),
      TypeError, "Invalid URL: '/x'"],
    ["new Request(url, {method: 'bad method'})", () => new Request("http://a/", { method: "bad method" }),
      TypeError, "Method is not valid"],
    ["new Request(url, {method:'CONNECT'})", () => new Request("http://a/", { method: "CONNECT" }),
      TypeError, "Method is forbidden"],
    ["new Request(url, {method:'GET', body:'x'})", () => new Request("http://a/", { method: "GET", body: "x" }),
      TypeError, "Request with GET/HEAD method cannot have body"],
    ["new Request(url, {mode:'navigate'})", () => new Request("http://a/", { mode: "navigate" }),
      TypeError, "Request mode 'navigate' is not allowed"],
    ["new Request(url, {mode:'bogus'})", () => new Request("http://a/", { mode: "bogus" as any }),
      TypeError, "Failed to construct 'Request': The provided value 'bogus' is not a valid enum value of type RequestMode"],
    ["new Request(url, {redirect:'x'})", () => new Request("http://a/", { redirect: "x" as any }),
      TypeError, "Failed to construct 'Request': The provided value 'x' is not a valid enum value of type RequestRedirect"],
    ["new Request(url, {cache:'only-if-cached'})", () => new Request("http://a/", { cache: "only-if-cached" }),
      TypeError, "Request cache mode \"only-if-cached\" can only be used with same-origin mode"],
    ["new Request(url, {signal: 1})", () => new Request("http://a/", { signal: 1 as any }),
      TypeError, "Failed to construct 'Request': 'signal' of 'RequestInit' (Argument 2) is not of type AbortSignal"],
    ["new Request(url, 5)", () => new Request("http://a/", 5 as any),
      TypeError, "Failed to construct 'Request': Argument 2 can not be converted to a dictionary"],
    ["new Request(used)", () => { const r = new Request("http://a/", { method: "POST", body: "x" }); r.text(); return new Request(r); },
      TypeError, "Input request's body is unusable"],
    ["request.clone() used", () => { const r = new Request("http://a/", { method: "POST", body: "x" }); r.text(); return r.clone(); },
      TypeError, "Body is unusable"],
    ["Request.prototype.url getter", () => Object.getOwnPropertyDescriptor(Request.prototype, "url")!.get!.call({}),
      TypeError, "Illegal invocation"],
  ]);
});

Deno.test("bad input: Response", async () => {
  await check([
    ["new Response('', {status: 99})", () => new Response("", { status: 99 }),
      RangeError, "The status provided (99) is not equal to 101 and outside the range [200, 599]"],
    ["new Response('', {status: 600})", () => new Response("", { status: 600 }),
      RangeError, "The status provided (600) is not equal to 101 and outside the range [200, 599]"],
    ["new Response('x', {status: 204})", () => new Response("x", { status: 204 }),
      TypeError, "Response with null body status cannot have body"],
    ["new Response('', {statusText: 'a\\nb'})", () => new Response("", { statusText: "a\nb" }),
      TypeError, "Invalid status text: \"a\nb\""],
    ["new Response('', {headers: 5})", () => new Response("", { headers: 5 as any }),
      TypeError, "Failed to construct 'Response': Argument 2 The provided value is not of type '(sequence<sequence<ByteString>> or record<ByteString, ByteString>)'"],
    ["Response.redirect('/x')", () => Response.redirect("/x"),
      TypeError, "Invalid URL: '/x'"],
    ["Response.redirect('http://a/', 200)", () => Response.redirect("http://a/", 200),
      RangeError, "Invalid redirect status code: 200"],
    ["Response.json(1n)", () => Response.json(1n),
      TypeError, "Do not know how to serialize a BigInt"],
    ["Response.json(undefined)", () => Response.json(undefined),
      TypeError, "Value is not JSON serializable"],
    ["Response.json({}, {status: 204})", () => Response.json({}, { status: 204 }),
      TypeError, "Response with null body status cannot have body"],
    ["response.clone() used", () => { const r = new Response("x"); r.text(); return r.clone(); },
      TypeError, "Body is unusable"],
  ]);
});

Deno.test("bad input: Blob / File", async () => {
  await check([
    ["new Blob(5)", () => new Blob(5 as any),
      TypeError, "Failed to construct 'Blob': Argument 1 can not be converted to sequence."],
    ["new Blob('abc')", () => new Blob("abc" as any),
      TypeError, "Failed to construct 'Blob': Argument 1 can not be converted to sequence."],
    ["new Blob([], 5)", () => new Blob([], 5 as any),
      TypeError, "Failed to construct 'Blob': Argument 2 can not be converted to a dictionary"],
    ["new Blob([], {endings: 'x'})", () => new Blob([], { endings: "x" as any }),
      TypeError, "Failed to construct 'Blob': The provided value 'x' is not a valid enum value of type EndingType"],
    ["new File(['x'])", () => new (File as any)(["x"]),
      TypeError, "Failed to construct 'File': 2 arguments required, but only 1 present"],
    ["new File(5, 'n')", () => new File(5 as any, "n"),
      TypeError, "Failed to construct 'File': Argument 1 can not be converted to sequence."],
    ["blob.slice call on {}", () => Blob.prototype.slice.call({}),
      TypeError, "Illegal invocation"],
  ]);
});

Deno.test("bad input: FormData", async () => {
  await check([
    ["new FormData(5)", () => new (FormData as any)(5),
      TypeError, "Illegal constructor"],
    ["formData.append('a')", () => (new FormData() as any).append("a"),
      TypeError, "Failed to execute 'append' on 'FormData': 2 arguments required, but only 1 present"],
    ["formData.get()", () => (new FormData() as any).get(),
      TypeError, "Failed to execute 'get' on 'FormData': 1 argument required, but only 0 present"],
  ]);
});

Deno.test("bad input: URL", async () => {
  await check([
    ["new URL()", () => new (URL as any)(),
      TypeError, "Failed to construct 'URL': 1 argument required, but only 0 present"],
    ["new URL('x')", () => new URL("x"),
      TypeError, "Invalid URL: 'x'"],
    ["new URL('x', 'y')", () => new URL("x", "y"),
      TypeError, "Invalid URL: 'x' with base 'y'"],
    ["new URL('http://[::1')", () => new URL("http://[::1"),
      TypeError, "Invalid URL: 'http://[::1'"],
    ["url.href = 'x'", () => { const u = new URL("http://a/"); u.href = "x"; },
      TypeError, "Invalid URL: 'x'"],
    ["URL.canParse()", () => (URL as any).canParse(),
      TypeError, "Failed to execute 'URL.canParse': 1 argument required, but only 0 present"],
    ["URL.createObjectURL(1)", () => URL.createObjectURL(1 as any),
      TypeError, "Failed to execute 'createObjectURL' on 'URL': The \"blob\" argument must be an instance of Blob"],
    ["url.searchParams on {}", () => Object.getOwnPropertyDescriptor(URL.prototype, "searchParams")!.get!.call({}),
      TypeError, null],
  ]);
});

Deno.test("bad input: URLSearchParams", async () => {
  await check([
    ["new URLSearchParams([[1]])", () => new URLSearchParams([[1]] as any),
      TypeError, "Each query pair must be an iterable [name, value] tuple"],
    ["new URLSearchParams([[1,2,3]])", () => new URLSearchParams([[1, 2, 3]] as any),
      TypeError, "Each query pair must be an iterable [name, value] tuple"],
    ["params.append('a')", () => (new URLSearchParams() as any).append("a"),
      TypeError, "The \"name\" and \"value\" arguments must be specified"],
    ["params.get()", () => (new URLSearchParams() as any).get(),
      TypeError, "The \"name\" argument must be specified"],
    ["params.forEach(1)", () => new URLSearchParams("a=1").forEach(1 as any),
      TypeError, "The \"callback\" argument must be of type function. Received number"],
  ]);
});

Deno.test("bad input: TextEncoder / TextDecoder", async () => {
  await check([
    ["encoder.encodeInto('x')", () => (new TextEncoder() as any).encodeInto("x"),
      TypeError, "Failed to execute 'encodeInto' on 'TextEncoder': Argument 2 is not an Uint8Array object"],
    ["encoder.encodeInto('x', [])", () => new TextEncoder().encodeInto("x", [] as any),
      TypeError, "Failed to execute 'encodeInto' on 'TextEncoder': Argument 2 is not an Uint8Array object"],
    ["encoder.encodeInto('x', Uint16Array)", () => new TextEncoder().encodeInto("x", new Uint16Array(2) as any),
      TypeError, "Failed to execute 'encodeInto' on 'TextEncoder': Argument 2 is not an Uint8Array object"],
    ["new TextDecoder('nope')", () => new TextDecoder("nope"),
      RangeError, "The encoding label provided ('nope') is invalid."],
    ["new TextDecoder('utf-8', 5)", () => new TextDecoder("utf-8", 5 as any),
      TypeError, "Failed to construct 'TextDecoder': Argument 2 can not be converted to a dictionary"],
    ["decoder.decode(5)", () => new TextDecoder().decode(5 as any),
      TypeError, "Failed to execute 'decode' on 'TextDecoder': Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one"],
    ["decoder.decode('x')", () => new TextDecoder().decode("x" as any),
      TypeError, "Failed to execute 'decode' on 'TextDecoder': Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one"],
    ["decoder.decode fatal", () => new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])),
      TypeError, "The encoded data is not valid"],
    ["atob('*')", () => atob("*"),
      "DOMException:InvalidCharacterError", "Failed to decode base64"],
    ["atob()", () => (atob as any)(),
      TypeError, "Failed to execute 'atob': 1 argument required, but only 0 present"],
    ["btoa('é€')", () => btoa("é€"),
      "DOMException:InvalidCharacterError", "Cannot encode string: string contains characters outside of the Latin1 range"],
  ]);
});

Deno.test("bad input: Streams", async () => {
  await check([
    ["new ReadableStream(5)", () => new ReadableStream(5 as any),
      TypeError, "Failed to construct 'ReadableStream': Argument 1 is not an object"],
    ["new ReadableStream({type: 'x'})", () => new ReadableStream({ type: "x" } as any),
      TypeError, "Failed to construct 'ReadableStream': The provided value 'x' is not a valid enum value of type ReadableStreamType"],
    ["new ReadableStream({start: 1})", () => new ReadableStream({ start: 1 } as any),
      TypeError, "Failed to construct 'ReadableStream': 'start' of 'UnderlyingSource' (underlyingSource) is not a function"],
    ["new ReadableStream({}, {highWaterMark: -1})", () => new ReadableStream({}, { highWaterMark: -1 }),
      RangeError, "Expected highWaterMark to be a positive number or Infinity, got \"-1\"."],
    ["new ReadableStream({}, {size: 1})", () => new ReadableStream({}, { size: 1 } as any),
      TypeError, "Failed to construct 'ReadableStream': 'size' of 'QueuingStrategy' (Argument 2) is not a function"],
    ["new ReadableStream({type:'bytes'}, {size(){}})", () => new ReadableStream({ type: "bytes" }, { size() { return 1; } } as any),
      RangeError, "Failed to construct 'ReadableStream': When underlying source is \"bytes\", strategy.size must be 'undefined'"],
    ["new ReadableStream({type:'bytes', autoAllocateChunkSize: 0})", () => new ReadableStream({ type: "bytes", autoAllocateChunkSize: 0 }),
      TypeError, "\"autoAllocateChunkSize\" must be greater than 0"],
    ["rs.getReader({mode:'x'})", () => new ReadableStream().getReader({ mode: "x" } as any),
      TypeError, "Failed to execute 'getReader' on 'ReadableStream': The provided value 'x' is not a valid enum value of type ReadableStreamReaderMode"],
    ["rs.getReader({mode:'byob'}) default", () => new ReadableStream().getReader({ mode: "byob" }),
      TypeError, "Cannot use a BYOB reader with a non-byte stream"],
    ["rs.getReader() twice", () => { const s = new ReadableStream(); s.getReader(); return s.getReader(); },
      TypeError, "ReadableStream is locked"],
    ["rs.tee() locked", () => { const s = new ReadableStream(); s.getReader(); return s.tee(); },
      TypeError, "ReadableStream is locked"],
    ["rs.pipeThrough(5)", () => new ReadableStream().pipeThrough(5 as any),
      TypeError, "Failed to execute 'pipeThrough' on 'ReadableStream': Argument 1 can not be converted to a dictionary"],
    ["rs.pipeThrough({readable: 1, writable: 1})", () => new ReadableStream().pipeThrough({ readable: 1, writable: 1 } as any),
      TypeError, "Failed to execute 'pipeThrough' on 'ReadableStream': 'readable' of 'ReadableWritablePair' (Argument 1) is not of type ReadableStream"],
    ["ReadableStream.from(5)", () => ReadableStream.from(5 as any),
      TypeError, "Failed to execute 'ReadableStream.from': Argument 1 can not be converted to async sequence."],
    ["new ReadableStreamDefaultReader(5)", () => new ReadableStreamDefaultReader(5 as any),
      TypeError, "Failed to construct 'ReadableStreamDefaultReader': Argument 1 is not of type ReadableStream"],
    ["new ReadableStreamBYOBReader(default)", () => new ReadableStreamBYOBReader(new ReadableStream()),
      TypeError, "Cannot use a BYOB reader with a non-byte stream"],
    ["new WritableStream({type: 'x'})", () => new WritableStream({ type: "x" } as any),
      RangeError, "Failed to construct 'WritableStream': WritableStream does not support 'type' in the underlying sink"],
    ["new WritableStream({write: 1})", () => new WritableStream({ write: 1 } as any),
      TypeError, "Failed to construct 'WritableStream': 'write' of 'UnderlyingSink' (underlyingSink) is not a function"],
    ["ws.getWriter() twice", () => { const s = new WritableStream(); s.getWriter(); return s.getWriter(); },
      TypeError, "The stream is already locked"],
    ["new TransformStream({readableType: 'bytes'})", () => new TransformStream({ readableType: "bytes" } as any),
      RangeError, "Failed to construct 'TransformStream': readableType transformers not supported"],
    ["new TransformStream({transform: 1})", () => new TransformStream({ transform: 1 } as any),
      TypeError, "Failed to construct 'TransformStream': 'transform' of 'Transformer' (transformer) is not a function"],
    ["new ByteLengthQueuingStrategy()", () => new (ByteLengthQueuingStrategy as any)(),
      TypeError, "Failed to construct 'ByteLengthQueuingStrategy': 1 argument required, but only 0 present"],
    ["new CountQueuingStrategy({})", () => new CountQueuingStrategy({} as any),
      TypeError, "Failed to construct 'CountQueuingStrategy': Argument 1 can not be converted to 'QueuingStrategyInit' because 'highWaterMark' is required in 'QueuingStrategyInit'"],
    ["new CompressionStream('x')", () => new CompressionStream("x" as any),
      TypeError, "Failed to construct 'CompressionStream': The provided value 'x' is not a valid enum value of type CompressionFormat"],
    ["new CompressionStream()", () => new (CompressionStream as any)(),
      TypeError, "Failed to construct 'CompressionStream': 1 argument required, but only 0 present"],
    ["new DecompressionStream('br')", () => new DecompressionStream("br" as any),
      TypeError, "Failed to construct 'DecompressionStream': The provided value 'br' is not a valid enum value of type CompressionFormat"],
    ["new TextDecoderStream('x')", () => new TextDecoderStream("x"),
      RangeError, "The encoding label provided ('x') is invalid."],
    ["ReadableStreamDefaultController()", () => new (globalThis as any).ReadableStreamDefaultController(),
      TypeError, "Illegal constructor"],
    ["byob controller enqueue(5)", () => { let c: any; new ReadableStream({ type: "bytes", start(x) { c = x; } }); return c.enqueue(5); },
      TypeError, "Failed to execute 'enqueue' on 'ReadableByteStreamController': Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer"],
    ["byob controller enqueue(empty)", () => { let c: any; new ReadableStream({ type: "bytes", start(x) { c = x; } }); return c.enqueue(new Uint8Array(0)); },
      TypeError, "Failed to execute 'enqueue' on 'ReadableByteStreamController': Argument 1 Length must be non-zero"],
    ["controller close twice", () => { let c: any; new ReadableStream({ start(x) { c = x; } }); c.close(); return c.close(); },
      TypeError, "The stream controller cannot close or enqueue"],
    ["controller enqueue after close", () => { let c: any; new ReadableStream({ start(x) { c = x; } }); c.close(); return c.enqueue(1); },
      TypeError, "The stream controller cannot close or enqueue"],
  ]);
});

Deno.test("bad input: Events", async () => {
  await check([
    ["new Event()", () => new (Event as any)(),
      TypeError, "Failed to construct 'Event': 1 argument required, but only 0 present"],
    ["new CustomEvent()", () => new (CustomEvent as any)(),
      TypeError, "Failed to construct 'CustomEvent': 1 argument required, but only 0 present"],
    ["target.addEventListener()", () => (new EventTarget() as any).addEventListener(),
      TypeError, "Failed to execute 'addEventListener' on 'EventTarget': 2 arguments required, but only 0 present"],
    ["target.addEventListener('x')", () => (new EventTarget() as any).addEventListener("x"),
      TypeError, "Failed to execute 'addEventListener' on 'EventTarget': 2 arguments required, but only 1 present"],
    ["target.dispatchEvent()", () => (new EventTarget() as any).dispatchEvent(),
      TypeError, "Failed to execute 'dispatchEvent' on 'EventTarget': 1 argument required, but only 0 present"],
    ["target.dispatchEvent({})", () => new EventTarget().dispatchEvent({} as any),
      TypeError, null],
    ["dispatch twice", () => { const t = new EventTarget(); const e = new Event("x"); let caught: unknown; t.addEventListener("x", () => { try { t.dispatchEvent(e); } catch (x) { caught = x; } }); t.dispatchEvent(e); throw caught; },
      "DOMException:InvalidStateError", "Invalid event state"],
    ["Event.prototype.type on {}", () => Object.getOwnPropertyDescriptor(Event.prototype, "type")!.get!.call({}),
      TypeError, null],
  ]);
});

Deno.test("bad input: Abort", async () => {
  await check([
    ["new AbortSignal()", () => new (AbortSignal as any)(),
      TypeError, "Illegal constructor"],
    ["AbortSignal.timeout(-1)", () => AbortSignal.timeout(-1),
      TypeError, "Failed to execute 'AbortSignal.timeout': Argument 1 is outside the accepted range of 0 to 9007199254740991, inclusive"],
    ["AbortSignal.timeout('x')", () => AbortSignal.timeout("x" as any),
      TypeError, "Failed to execute 'AbortSignal.timeout': Argument 1 is not a finite number"],
    ["AbortSignal.timeout()", () => (AbortSignal as any).timeout(),
      TypeError, "Failed to execute 'AbortSignal.timeout': 1 argument required, but only 0 present"],
    ["AbortSignal.any()", () => (AbortSignal as any).any(),
      TypeError, "Failed to execute 'AbortSignal.any': 1 argument required, but only 0 present"],
    ["AbortSignal.any([1])", () => AbortSignal.any([1] as any),
      TypeError, "Failed to execute 'AbortSignal.any': Argument 1, index 0 is not of type AbortSignal"],
    ["AbortSignal.any(5)", () => AbortSignal.any(5 as any),
      TypeError, "Failed to execute 'AbortSignal.any': Argument 1 can not be converted to sequence."],
    ["signal.throwIfAborted()", () => AbortSignal.abort().throwIfAborted(),
      "DOMException:AbortError", "The signal has been aborted"],
    ["AbortController.prototype.abort.call({})", () => AbortController.prototype.abort.call({}),
      TypeError, "Illegal invocation"],
  ]);
});

Deno.test("bad input: crypto", async () => {
  await check([
    ["crypto.getRandomValues()", () => (crypto as any).getRandomValues(),
      TypeError, null],
    ["crypto.getRandomValues(5)", () => crypto.getRandomValues(5 as any),
      "DOMException:TypeMismatchError", "The provided value is not an integer-type TypedArray"],
    ["crypto.getRandomValues(Float32Array)", () => crypto.getRandomValues(new Float32Array(1) as any),
      "DOMException:TypeMismatchError", "The provided value is not an integer-type TypedArray"],
    ["crypto.getRandomValues(DataView)", () => crypto.getRandomValues(new DataView(new ArrayBuffer(1)) as any),
      "DOMException:TypeMismatchError", "The provided value is not an integer-type TypedArray"],
    ["crypto.getRandomValues(65537)", () => crypto.getRandomValues(new Uint8Array(65537)),
      "DOMException:QuotaExceededError", "The ArrayBufferView's byte length (65537) exceeds the number of bytes of entropy available via this API (65536)"],
    ["crypto.getRandomValues.call({})", () => crypto.getRandomValues.call({}, new Uint8Array(1)),
      TypeError, null],
    ["crypto.randomUUID.call({})", () => crypto.randomUUID.call({}),
      TypeError, null],
    ["new Crypto()", () => new (globalThis as any).Crypto(),
      TypeError, "Illegal constructor"],
    ["new SubtleCrypto()", () => new (globalThis as any).SubtleCrypto(),
      TypeError, "Illegal constructor"],
    ["DOMException code setter", () => { "use strict"; (new DOMException() as any).code = 5; },
      TypeError, "Cannot set property code of  which has only a getter"],
    ["structuredClone()", () => (structuredClone as any)(),
      TypeError, "Failed to execute 'structuredClone': 1 argument required, but only 0 present"],
    ["crypto.subtle.digest('MD5', x)", () => crypto.subtle.digest("MD5", new Uint8Array(1)),
      "DOMException:NotSupportedError", "Algorithm 'MD5' is not supported"],
    ["crypto.subtle.digest('SHA-256', 5)", () => crypto.subtle.digest("SHA-256", 5 as any),
      TypeError, null],
    ["crypto.subtle.digest()", () => (crypto.subtle as any).digest(),
      TypeError, null],
    ["crypto.subtle.digest({}, x)", () => crypto.subtle.digest({} as any, new Uint8Array(1)),
      TypeError, null],
    ["crypto.subtle.digest.call({})", () => crypto.subtle.digest.call({}, "SHA-256", new Uint8Array(1)),
      TypeError, null],
  ]);
});

Deno.test("bad input: promises that reject (bodies, readers, pipes, text and compression streams, fetch)", async () => {
  await check([
    ["response.json() bad", () => new Response("{").json(),
      SyntaxError, null],
    ["response.text() twice", () => { const r = new Response("x"); r.text(); return r.text(); },
      TypeError, "Body already consumed"],
    ["response.formData() bad", () => new Response("x").formData(),
      TypeError, "Body can not be decoded as form data"],
    ["request.formData() no type", () => new Request("http://a/", { method: "POST", body: "a=1" }).formData(),
      TypeError, "Body can not be decoded as form data"],
    ["reader.read(view) detached", () => new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" }).read(new Uint8Array(detachedBuffer)),
      TypeError, "Cannot perform Construct on a detached ArrayBuffer"],
    ["reader.read(view) empty", () => new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" }).read(new Uint8Array(0)),
      TypeError, "view must have non-zero byteLength"],
    ["reader.read(5)", () => new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" }).read(5 as any),
      TypeError, "Failed to execute 'read' on 'ReadableStreamBYOBReader': Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer"],
    ["reader.read released", () => { const r = new ReadableStream().getReader(); r.releaseLock(); return r.read(); },
      TypeError, "Reader has no associated stream."],
    ["rs.pipeTo(5)", () => new ReadableStream().pipeTo(5 as any),
      TypeError, "Failed to execute 'pipeTo' on 'ReadableStream': Argument 1 is not of type WritableStream"],
    ["rs.pipeTo(ws, {signal: 1})", () => new ReadableStream().pipeTo(new WritableStream(), { signal: 1 } as any),
      TypeError, "Failed to execute 'pipeTo' on 'ReadableStream': 'signal' of 'StreamPipeOptions' (Argument 2) is not of type AbortSignal"],
    ["rs.cancel() locked", () => { const s = new ReadableStream(); s.getReader(); return s.cancel(); },
      TypeError, "Cannot cancel a locked ReadableStream."],
    ["ws.abort() locked", () => { const s = new WritableStream(); s.getWriter(); return s.abort(); },
      TypeError, "The writable stream is locked, therefore cannot be aborted."],
    ["ws.close() locked", () => { const s = new WritableStream(); s.getWriter(); return s.close(); },
      TypeError, "The writable stream is locked, therefore cannot be closed."],
    ["writer.write after close", () => { const w = new WritableStream().getWriter(); w.close(); return w.write(1); },
      TypeError, "The stream is closing or is closed."],
    ["TextDecoderStream write 'x'", async () => { const s = new TextDecoderStream(); const w = s.writable.getWriter(); s.readable.getReader().read().catch(() => {}); return w.write("x" as any); },
      TypeError, "Failed to construct 'TextDecoderStream': chunk is not an ArrayBuffer, SharedArrayBuffer, or a view on one"],
    ["TextDecoderStream fatal", async () => { const s = new TextDecoderStream("utf-8", { fatal: true }); const w = s.writable.getWriter(); const r = s.readable.getReader(); w.write(new Uint8Array([0xff])).catch(() => {}); w.close().catch(() => {}); return r.read(); },
      TypeError, "The encoded data is not valid"],
    ["CompressionStream write 'x'", async () => { const s = new CompressionStream("gzip"); const w = s.writable.getWriter(); s.readable.getReader().read().catch(() => {}); return w.write("x" as any); },
      TypeError, "Failed to construct 'CompressionStream': chunk is not an ArrayBuffer or a view on one"],
    ["DecompressionStream corrupt gzip", async () => { const s = new DecompressionStream("gzip"); const w = s.writable.getWriter(); w.write(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).catch(() => {}); w.close().catch(() => {}); return new Response(s.readable).arrayBuffer(); },
      TypeError, "invalid gzip header"],
    ["DecompressionStream corrupt deflate", async () => { const s = new DecompressionStream("deflate"); const w = s.writable.getWriter(); w.write(new Uint8Array([1, 2, 3, 4])).catch(() => {}); w.close().catch(() => {}); return new Response(s.readable).arrayBuffer(); },
      TypeError, "corrupt deflate stream"],
    ["DecompressionStream corrupt deflate-raw", async () => { const s = new DecompressionStream("deflate-raw"); const w = s.writable.getWriter(); w.write(new Uint8Array([0xff, 0xff, 0xff])).catch(() => {}); w.close().catch(() => {}); return new Response(s.readable).arrayBuffer(); },
      TypeError, "corrupt deflate stream"],
    ["DecompressionStream truncated gzip", async () => { const gz = new Uint8Array(await new Response(new Blob(["hello hello hello"]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer()); const s = new DecompressionStream("gzip"); const w = s.writable.getWriter(); w.write(gz.subarray(0, gz.length - 4)).catch(() => {}); w.close().catch(() => {}); return new Response(s.readable).arrayBuffer(); },
      TypeError, "corrupt gzip stream does not have a matching checksum"],
    ["DecompressionStream trailing gzip", async () => { const gz = new Uint8Array(await new Response(new Blob(["hello"]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer()); const s = new DecompressionStream("gzip"); const w = s.writable.getWriter(); w.write(new Uint8Array([...gz, 1, 2])).catch(() => {}); w.close().catch(() => {}); return new Response(s.readable).text(); },
      TypeError, "failed to write whole buffer"],
    ["blob.text on {}", () => Blob.prototype.text.call({}),
      TypeError, "Illegal invocation"],
    ["fetch(5)", () => fetch(5 as any),
      TypeError, "Invalid URL: '5'"],
    ["fetch('http://a/', {method: 'bad method'})", () => fetch("http://a/", { method: "bad method" }),
      TypeError, "Method is not valid"],
  ]);
});

function byobRequest(): any {
  let controller: any;
  const stream = new ReadableStream({ type: "bytes", start(c) { controller = c; } });
  stream.getReader({ mode: "byob" }).read(new Uint8Array(4)).catch(() => {});
  return controller.byobRequest;
}

Deno.test("bad input: init members, BYOB requests, released readers and writers, globals", async () => {
  await check([
    ["headers.getSetCookie.call({})", () => Headers.prototype.getSetCookie.call({}),
      TypeError, "Illegal invocation"],
    ["Response.error().headers.set", () => Response.error().headers.set("a", "b"),
      TypeError, "Cannot change headers: headers are immutable"],
    ["new Response(null, {status: 'x'})", () => new Response(null, { status: "x" as any }),
      RangeError, "The status provided (0) is not equal to 101 and outside the range [200, 599]"],
    ["new Request(url, {headers: [['a']]})", () => new Request("http://a/", { headers: [["a"]] as any }),
      TypeError, "Invalid header: length must be 2, but is 1"],
    ["new Request(url, {priority: 'x'})", () => new Request("http://a/", { priority: "x" } as any),
      TypeError, "Failed to construct 'Request': The provided value 'x' is not a valid enum value of type RequestPriority"],
    ["new Request(url, {referrerPolicy: 'x'})", () => new Request("http://a/", { referrerPolicy: "x" as any }),
      TypeError, "Failed to construct 'Request': The provided value 'x' is not a valid enum value of type ReferrerPolicy"],
    ["new Request(url, {credentials: 'x'})", () => new Request("http://a/", { credentials: "x" as any }),
      TypeError, "Failed to construct 'Request': The provided value 'x' is not a valid enum value of type RequestCredentials"],
    ["new Request(url, {body: locked stream})", () => { const s = new ReadableStream(); s.getReader(); return new Request("http://a/", { method: "POST", body: s, duplex: "half" } as any); },
      TypeError, "ReadableStream is locked or disturbed"],
    ["new Response(locked stream)", () => { const s = new ReadableStream(); s.getReader(); return new Response(s); },
      TypeError, "ReadableStream is locked or disturbed"],
    ["new Blob([Symbol()])", () => new Blob([Symbol() as any]),
      TypeError, "Cannot convert a Symbol value to a string"],
    ["new TextEncoder().encode(Symbol())", () => new TextEncoder().encode(Symbol() as any),
      TypeError, "Cannot convert a Symbol value to a string"],
    ["new TextDecoder('utf-16', {fatal: true}).decode([0xd800 lone])", () => new TextDecoder("utf-16le", { fatal: true }).decode(new Uint8Array([0x00, 0xd8])),
      TypeError, "The encoded data is not valid"],
    ["decoder.decode(x, 5)", () => new TextDecoder().decode(new Uint8Array(1), 5 as any),
      TypeError, "Failed to execute 'decode' on 'TextDecoder': Argument 2 can not be converted to a dictionary"],
    ["btoa(Symbol())", () => btoa(Symbol() as any),
      TypeError, "Cannot convert a Symbol value to a string"],
    ["new URL('http://a/').search = Symbol()", () => { new URL("http://a/").search = Symbol() as any; },
      TypeError, "Cannot convert a Symbol value to a string"],
    ["URL.revokeObjectURL()", () => (URL as any).revokeObjectURL(),
      TypeError, "Failed to execute 'revokeObjectURL' on 'URL': 1 argument required, but only 0 present"],
    ["new URLSearchParams(Symbol())", () => new URLSearchParams(Symbol() as any),
      TypeError, "Cannot convert a Symbol value to a string"],
    ["params.set(Symbol(), 1)", () => new URLSearchParams().set(Symbol() as any, "1"),
      TypeError, "Cannot convert a Symbol value to a string"],
    ["byobRequest.respond(5) too big", () => byobRequest().respond(5),
      RangeError, "\"bytesWritten\" out of range"],
    ["byobRequest.respond(-1)", () => byobRequest().respond(-1),
      TypeError, "Failed to execute 'respond' on 'ReadableStreamBYOBRequest': Argument 1 is outside the accepted range of 0 to 9007199254740991, inclusive"],
    ["byobRequest.respondWithNewView(5)", () => byobRequest().respondWithNewView(5),
      TypeError, "Failed to execute 'respondWithNewView' on 'ReadableStreamBYOBRequest': Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer"],
    ["byobRequest.respondWithNewView(wrong size)", () => byobRequest().respondWithNewView(new Uint8Array(8)),
      RangeError, "The buffer of view has different capacity than byobRequest"],
    ["byob controller.error then enqueue", () => { let c: any; new ReadableStream({ type: "bytes", start(x) { c = x; } }); c.error(); return c.enqueue(new Uint8Array(1)); },
      TypeError, "Cannot enqueue chunk when underlying stream is not readable"],
    ["default controller enqueue size throws", () => { let c: any; new ReadableStream({ start(x) { c = x; } }, { size() { throw new RangeError("size!"); } }); return c.enqueue(1); },
      RangeError, "size!"],
    ["writer.releaseLock then desiredSize", () => { const w = new WritableStream().getWriter(); w.releaseLock(); return w.desiredSize; },
      TypeError, "A writable stream is not associated with the writer"],
    ["new ReadableStreamBYOBReader(locked)", () => { const s = new ReadableStream({ type: "bytes" }); s.getReader(); return new ReadableStreamBYOBReader(s); },
      TypeError, "ReadableStream is locked"],
    ["new WritableStreamDefaultWriter(5)", () => new WritableStreamDefaultWriter(5 as any),
      TypeError, "Failed to construct 'WritableStreamDefaultWriter': Argument 1 is not of type WritableStream"],
    ["new WritableStream({}, {highWaterMark: NaN})", () => new WritableStream({}, { highWaterMark: NaN }),
      RangeError, "Expected highWaterMark to be a positive number or Infinity, got \"NaN\"."],
    ["new CountQueuingStrategy({highWaterMark: Symbol()})", () => new CountQueuingStrategy({ highWaterMark: Symbol() as any }),
      TypeError, "Cannot convert a Symbol value to a number"],
    ["ReadableStream.from({[Symbol.asyncIterator]: 5})", () => ReadableStream.from({ [Symbol.asyncIterator]: 5 } as any),
      TypeError, null],
    ["new Event(Symbol())", () => new Event(Symbol() as any),
      TypeError, "Cannot convert a Symbol value to a string"],
    ["event.initEvent()", () => (new Event("x") as any).initEvent(),
      TypeError, "(intermediate value).initEvent is not a function"],
    ["new CustomEvent('x').initCustomEvent()", () => (new CustomEvent("x") as any).initCustomEvent(),
      TypeError, "(intermediate value).initCustomEvent is not a function"],
    ["target.removeEventListener('x')", () => (new EventTarget() as any).removeEventListener("x"),
      TypeError, "Failed to execute 'removeEventListener' on 'EventTarget': 2 arguments required, but only 1 present"],
    ["target.addEventListener('x', f, {signal: 1})", () => new EventTarget().addEventListener("x", () => {}, { signal: 1 } as any),
      TypeError, "Failed to execute 'addEventListener' on 'EventTarget': 'signal' of 'AddEventListenerOptions' (Argument 3) is not of type AbortSignal"],
    ["AbortSignal.any([signal, 1])", () => AbortSignal.any([new AbortController().signal, 1] as any),
      TypeError, "Failed to execute 'AbortSignal.any': Argument 1, index 1 is not of type AbortSignal"],
    ["AbortSignal.timeout(2**53)", () => AbortSignal.timeout(2 ** 53),
      TypeError, "Failed to execute 'AbortSignal.timeout': Argument 1 is outside the accepted range of 0 to 9007199254740991, inclusive"],
    ["AbortSignal.abort().reason", () => { throw AbortSignal.abort().reason; },
      "DOMException:AbortError", "The signal has been aborted"],
    ["AbortSignal.timeout(Infinity)", () => AbortSignal.timeout(Infinity),
      TypeError, "Failed to execute 'AbortSignal.timeout': Argument 1 is not a finite number"],
    ["crypto.getRandomValues(detached)", () => crypto.getRandomValues(new Uint8Array(detachedBuffer)),
      TypeError, "Cannot perform Construct on a detached ArrayBuffer"],
    ["new DOMException(Symbol())", () => new DOMException(Symbol() as any),
      TypeError, "Cannot convert a Symbol value to a string"],
    ["structuredClone(1, {transfer: [detached]})", () => structuredClone(1, { transfer: [detachedBuffer] }),
      "DOMException:DataCloneError", "ArrayBuffer at index 0 is already detached"],
    ["queueMicrotask(5)", () => queueMicrotask(5 as any),
      TypeError, null],
    ["reportError()", () => (reportError as any)(),
      TypeError, "Failed to execute 'reportError': 1 argument required, but only 0 present"],
    ["setTimeout(Symbol())", () => setTimeout(Symbol() as any),
      TypeError, "The \"callback\" argument must be of type function. Received type symbol (Symbol())"],
    ["writer released write", () => { const w = new WritableStream().getWriter(); w.releaseLock(); return w.write(1); },
      TypeError, "A writable stream is not associate with the writer."],
    ["writer released close", () => { const w = new WritableStream().getWriter(); w.releaseLock(); return w.close(); },
      TypeError, "A writable stream is not associated with the writer."],
    ["reader released cancel", () => { const r = new ReadableStream().getReader(); r.releaseLock(); return r.cancel(); },
      TypeError, "Reader has no associated stream."],
    ["rs.pipeTo(locked ws)", () => { const w = new WritableStream(); w.getWriter(); return new ReadableStream().pipeTo(w); },
      TypeError, "destination WritableStream is already locked."],
    ["locked rs.pipeTo", () => { const s = new ReadableStream(); s.getReader(); return s.pipeTo(new WritableStream()); },
      TypeError, "ReadableStream is already locked."],
    ["blob.slice().arrayBuffer() ok", () => new Blob(["abc"]).slice(Symbol() as any).arrayBuffer(),
      TypeError, "Cannot convert a Symbol value to a number"],
    ["Response.json bad body .json()", () => new Response("\uFEFF{").json(),
      SyntaxError, null],
    ["response.arrayBuffer() on locked body", () => { const r = new Response("x"); r.body!.getReader(); return r.arrayBuffer(); },
      TypeError, "Body already consumed"],
    ["request.blob() on disturbed", async () => { const r = new Request("http://a/", { method: "POST", body: "x" }); await r.text(); return r.blob(); },
      TypeError, "Body already consumed"],
    ["ReadableStream.from(throwing iterator)", async () => { const s = ReadableStream.from({ [Symbol.iterator]() { return { next() { throw new RangeError("boom"); } }; } } as any); return s.getReader().read(); },
      RangeError, "boom"],
  ]);
});

Deno.test("bad input: a BufferSource is never shared memory", async () => {
  const shared: any = new SharedArrayBuffer(4);
  const view: any = new Uint8Array(shared);
  const onShared = "is a view on a SharedArrayBuffer, which is not allowed";
  await check([
    ["new Blob([sab])", () => new Blob([shared]), TypeError, "Failed to construct 'Blob': Argument 1, index 0 is not an ArrayBuffer"],
    ["new Blob(['a', view])", () => new Blob(["a", new DataView(shared) as any]), TypeError, `Failed to construct 'Blob': Argument 1, index 1 ${onShared}`],
    ["new File([view], 'n')", () => new File([view], "n"), TypeError, `Failed to construct 'File': Argument 1, index 0 ${onShared}`],
    ["new Response(sab)", () => new Response(shared), TypeError, "Failed to construct 'Response': Argument 1 is not an ArrayBuffer"],
    ["new Response(view)", () => new Response(view), TypeError, `Failed to construct 'Response': Argument 1 ${onShared}`],
    ["new Request(url, {body: sab})", () => new Request("http://a/", { method: "POST", body: shared }),
      TypeError, "Failed to construct 'Request': 'body' of 'RequestInit' (Argument 2) is not an ArrayBuffer"],
    ["new Request(url, {body: view})", () => new Request("http://a/", { method: "POST", body: view }),
      TypeError, `Failed to construct 'Request': 'body' of 'RequestInit' (Argument 2) ${onShared}`],
    ["crypto.subtle.digest('SHA-256', sab)", () => crypto.subtle.digest("SHA-256", shared), TypeError, null],
    ["crypto.subtle.digest('SHA-256', view)", () => crypto.subtle.digest("SHA-256", view), TypeError, null],
    ["byte controller enqueue(view)", () => {
      let controller: any;
      new ReadableStream({ type: "bytes", start(c) { controller = c; } });
      return controller.enqueue(view);
    }, TypeError, `Failed to execute 'enqueue' on 'ReadableByteStreamController': Argument 1 ${onShared}`],
  ]);
});

Deno.test("bad input: a BigInt where WebIDL wants a number is a TypeError", async () => {
  const message = "Cannot convert a BigInt value to a number";
  await check([
    ["Response status", () => new Response(null, { status: 200n as any }), TypeError, message],
    ["File lastModified", () => new File([], "n", { lastModified: 5n as any }), TypeError, message],
    ["blob.slice(1n)", () => new Blob(["abc"]).slice(1n as any), TypeError, message],
    ["AbortSignal.timeout(5n)", () => AbortSignal.timeout(5n as any), TypeError, message],
    ["CountQueuingStrategy highWaterMark", () => new CountQueuingStrategy({ highWaterMark: 1n as any }), TypeError, null],
    ["ReadableStream highWaterMark", () => new ReadableStream({}, { highWaterMark: 1n as any }), TypeError, null],
  ]);
});

Deno.test("bad input: FormData.forEach takes a function (Deno's words)", async () => {
  await check([
    ["formData.forEach()", () => (new FormData() as any).forEach(), TypeError,
      'The "callback" argument must be of type function. Received undefined'],
    ["formData.forEach(5)", () => new FormData().forEach(5 as any), TypeError,
      'The "callback" argument must be of type function. Received number'],
    ["formData.forEach(null)", () => new FormData().forEach(null as any), TypeError,
      'The "callback" argument must be of type function. Received null'],
  ]);
});

Deno.test("the runtime's own helpers are not reachable from the classes", () => {
  const statics = (cls: object) => Object.getOwnPropertyNames(cls).filter((k) => !["length", "name", "prototype"].includes(k)).sort();
  if (JSON.stringify(statics(AbortSignal)) !== JSON.stringify(["abort", "any", "timeout"])) {
    throw new AssertionError(`AbortSignal has ${statics(AbortSignal)}`);
  }
  if (JSON.stringify(statics(Event)) !== JSON.stringify(["AT_TARGET", "BUBBLING_PHASE", "CAPTURING_PHASE", "NONE"])) {
    throw new AssertionError(`Event has ${statics(Event)}`);
  }
  if (statics(EventTarget).length !== 0) throw new AssertionError(`EventTarget has ${statics(EventTarget)}`);
});

Deno.test("bad input: second arguments (options and bases)", async () => {
  await check([
    ["new TextDecoderStream('utf-8', 5)", () => new TextDecoderStream("utf-8", 5 as any), TypeError,
      "Failed to construct 'TextDecoderStream': Argument 2 can not be converted to a dictionary"],
    ["new URL('x', '')", () => new URL("x", ""), TypeError, "Invalid URL: 'x'"],
    ["new URL('x', [])", () => new URL("x", [] as any), TypeError, "Invalid URL: 'x'"],
    ["new URL('x', 'zz')", () => new URL("x", "zz"), TypeError, "Invalid URL: 'x' with base 'zz'"],
    ["Response.json({}, 5)", () => Response.json({}, 5 as any), TypeError,
      "Failed to execute 'Response.json': Argument 2 can not be converted to a dictionary"],
    ["new DOMException('m', {get name() { throw }})", () => new DOMException("m", { get name(): string { throw new RangeError("name read"); } } as any),
      RangeError, "name read"],
  ]);
});

Deno.test("addEventListener options that are not objects are the capture flag", () => {
  const target = new EventTarget();
  const seen: string[] = [];
  const listener = () => seen.push("called");
  target.addEventListener("x", listener, 1 as any);  // capture: true
  target.removeEventListener("x", listener, false);  // a different registration: stays
  target.dispatchEvent(new Event("x"));
  target.removeEventListener("x", listener, true);  // the same registration: removed
  target.dispatchEvent(new Event("x"));
  if (seen.length !== 1) throw new AssertionError(`the listener ran ${seen.length} times`);
});
