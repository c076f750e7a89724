// TextDecoder: labels, replacement and fatal errors, BOM handling, UTF-16,
// windows-1252, and streaming across chunk boundaries.
const show = (s: string) => JSON.stringify(s);
console.log(new TextDecoder());
console.log(new TextDecoder("utf-16le", { fatal: true, ignoreBOM: true }));
for (const label of ["utf8", " UTF-8\n", "unicode-1-1-utf-8", "utf-16", "UTF-16BE", "unicodefffe", "ucs-2", "latin1",
  "ascii", "iso-8859-1", "windows-1252", "us-ascii"]) {
  console.log(JSON.stringify(label), new TextDecoder(label).encoding);
}
for (const label of ["foo", "utf-7", "", "replacement"]) {
  try {
    new TextDecoder(label);
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}

const utf8 = new TextDecoder();
const b = (...xs: number[]) => new Uint8Array(xs);
console.log(show(utf8.decode(b(0x68, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9d, 0x84, 0x9e))));
// Maximal subparts each become one U+FFFD.
console.log(show(utf8.decode(b(0xf0, 0x90, 0x80, 0x41, 0xed, 0xa0, 0x80, 0xc0, 0x80, 0xe0, 0x80, 0xff, 0x42, 0xc3))));
console.log(show(utf8.decode(new Uint16Array([0x6968]))), show(utf8.decode(new Uint8Array([0x61, 0x62]).buffer)));
console.log(show(utf8.decode(new DataView(new Uint8Array([0x7a, 0x7a, 0x7a]).buffer, 1))));
console.log(show(utf8.decode()), show(utf8.decode(undefined)));

// BOM: stripped once at the start unless ignoreBOM.
const bom = b(0xef, 0xbb, 0xbf, 0x41, 0xef, 0xbb, 0xbf);
console.log(show(utf8.decode(bom)), show(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bom)));
console.log(show(utf8.decode(b(0xef, 0xbb, 0xbf))), show(utf8.decode(b(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf))));

// fatal
const fatal = new TextDecoder("utf-8", { fatal: true });
console.log(fatal.fatal, show(fatal.decode(b(0xe2, 0x82, 0xac))));
for (const bytes of [b(0xff), b(0xc3), b(0xed, 0xa0, 0x80), b(0xf4, 0x90, 0x80, 0x80), b(0x41, 0x80)]) {
  try {
    fatal.decode(bytes);
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}

// UTF-16
const le = new TextDecoder("utf-16le");
const be = new TextDecoder("utf-16be");
console.log(show(le.decode(b(0xff, 0xfe, 0x41, 0x00, 0x3d, 0xd8, 0x00, 0xde))), show(be.decode(b(0xfe, 0xff, 0x00, 0x41, 0xd8, 0x3d, 0xde, 0x00))));
console.log(show(le.decode(b(0x00, 0xd8, 0x41, 0x00))), show(le.decode(b(0x41, 0x00, 0x42))), show(be.decode(b(0xdc, 0x00))));
for (const bytes of [b(0x00, 0xd8), b(0x41), b(0x00, 0xdc, 0x41, 0x00)]) {
  try {
    new TextDecoder("utf-16le", { fatal: true }).decode(bytes);
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}

// windows-1252 (and its labels latin1, ascii)
const all = new Uint8Array(256).map((_, i) => i);
const w = new TextDecoder("latin1").decode(all);
console.log(w.length, show(w.slice(0x7e, 0xa2)), show(w.slice(0xfc)));

// Streaming: every split point of a multi-byte text gives the same result.
const text = "a€𝄞é\ufeffz";
const encoded = new TextEncoder().encode("\ufeff" + text);
let same = 0;
for (let i = 0; i <= encoded.length; i++) {
  for (let j = i; j <= encoded.length; j++) {
    const d = new TextDecoder();
    const out = d.decode(encoded.subarray(0, i), { stream: true }) + d.decode(encoded.subarray(i, j), { stream: true }) +
      d.decode(encoded.subarray(j));
    if (out === text) same++;
    else console.log("mismatch", i, j, show(out));
  }
}
console.log("utf-8 splits", same);
const u16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x3d, 0xd8, 0x00, 0xde, 0x62, 0x00]);
let same16 = 0;
for (let i = 0; i <= u16.length; i++) {
  const d = new TextDecoder("utf-16le");
  if (d.decode(u16.subarray(0, i), { stream: true }) + d.decode(u16.subarray(i)) === "a\u{1F600}b") same16++;
}
console.log("utf-16 splits", same16);
// An unfinished sequence at the end of the stream is an error when flushed.
const s = new TextDecoder();
console.log(show(s.decode(b(0xe2, 0x82), { stream: true })), show(s.decode()));
const sf = new TextDecoder("utf-8", { fatal: true });
sf.decode(b(0xf0, 0x9f), { stream: true });
try {
  sf.decode();
} catch (e) {
  console.log("flush:", (e as Error).name);
}
console.log(show(sf.decode(b(0x41))));
// A byte that cannot continue the held sequence is an error at once.
console.log(show(s.decode(b(0xe2), { stream: true }) + s.decode(b(0x41), { stream: true }) + s.decode()));

for (const bad of [() => utf8.decode("abc" as any), () => utf8.decode(null as any), () => utf8.decode(b(1), 4 as any),
  () => new TextDecoder("utf-8", 5 as any), () => TextDecoder.prototype.decode.call({}, b(1)),
  () => (TextDecoder as any)("utf-8"), () => utf8.decode(Object.create(ArrayBuffer.prototype)),
  () => utf8.decode(Object.create(Uint8Array.prototype))]) {
  try {
    bad();
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}
