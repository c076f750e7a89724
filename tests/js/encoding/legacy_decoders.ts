// TextDecoder's legacy encodings (Encoding Standard §9-§14): labels resolve
// to the standard's names, single-byte tables, the CJK decoders, fatal mode
// and streaming across a split character.
const bytes = (...b: number[]) => new Uint8Array(b);

for (const label of ["latin2", " KOI8 ", "cp1251", "x-mac-ukrainian", "iso-8859-8-i", "gb2312", "x-gbk",
  "big5-hkscs", "x-euc-jp", "csiso2022jp", "ms932", "korean", "iso-8859-16", "dos-874", "x-user-defined"]) {
  console.log(JSON.stringify(label), "->", new TextDecoder(label).encoding);
}

const cases: [string, Uint8Array][] = [
  ["windows-1251", bytes(0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2)],
  ["koi8-r", bytes(0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4)],
  ["iso-8859-2", bytes(0xa3, 0xf3, 0xbf, 0x6b, 0x6f)],
  ["iso-8859-7", bytes(0xc1, 0xe8, 0xde, 0xed, 0xe1)],
  ["iso-8859-16", bytes(0xa4, 0xaa, 0xde, 0xfe)],
  ["windows-874", bytes(0x80, 0xa1, 0xb9)],
  ["ibm866", bytes(0x8f, 0xe0, 0xa8, 0xa2, 0xa5, 0xe2)],
  ["macintosh", bytes(0x8a, 0xa5, 0xf0)],
  ["x-user-defined", bytes(0x41, 0x80, 0xff)],
  ["gbk", bytes(0xd6, 0xd0, 0xce, 0xc4)],
  ["gb18030", bytes(0x81, 0x30, 0x81, 0x30, 0x95, 0x32, 0x82, 0x36)],
  ["big5", bytes(0xa4, 0xa4, 0xa4, 0xe5)],
  ["euc-jp", bytes(0xc6, 0xfc, 0xcb, 0xdc, 0x8e, 0xb1)],
  ["iso-2022-jp", bytes(0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42, 0x21)],
  ["shift_jis", bytes(0x93, 0xfa, 0x96, 0x7b, 0xb1)],
  ["euc-kr", bytes(0xc7, 0xd1, 0xb1, 0xdb)],
];
for (const [label, input] of cases) {
  const text = new TextDecoder(label).decode(input);
  console.log(label, JSON.stringify(text), [...text].map((c) => c.codePointAt(0)!.toString(16)).join(" "));
}

// Bytes with no character: U+FFFD, or a TypeError in fatal mode.
console.log(JSON.stringify(new TextDecoder("iso-8859-3").decode(bytes(0x61, 0xa5, 0x62))));
for (const [label, input] of [["iso-8859-3", bytes(0xa5)], ["windows-1253", bytes(0xaa)], ["shift_jis", bytes(0x82)],
  ["euc-kr", bytes(0xc7, 0x20)]] as const) {
  try {
    new TextDecoder(label, { fatal: true }).decode(input);
    console.log(label, "decoded");
  } catch (e) {
    console.log(label, (e as Error).name, (e as Error).message);
  }
}
console.log(JSON.stringify(new TextDecoder("shift_jis").decode(bytes(0x82))));

// A character split across chunks comes out whole once the rest arrives.
const sjis = new TextDecoder("shift_jis");
console.log(JSON.stringify(sjis.decode(bytes(0x93), { stream: true })),
  JSON.stringify(sjis.decode(bytes(0xfa, 0x96), { stream: true })), JSON.stringify(sjis.decode(bytes(0x7b))));
const gb = new TextDecoder("gb18030");
console.log(JSON.stringify(gb.decode(bytes(0x81, 0x30), { stream: true }) + gb.decode(bytes(0x81, 0x30))));

// The replacement encoding's labels are not for TextDecoder; TextEncoder is UTF-8 only.
try {
  new TextDecoder("iso-2022-kr");
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
console.log(new TextEncoder().encoding);
