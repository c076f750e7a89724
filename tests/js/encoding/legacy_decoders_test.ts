// TextDecoder's legacy encodings (Encoding Standard §9-§14): labels resolve
// to the standard's names, single-byte tables, the CJK decoders, fatal mode
// and streaming across a split character.
import { Shown } from "../shown.ts";

Deno.test("TextDecoder's legacy encodings (Encoding Standard §9-§14): labels resolve to the standard's names, single-byte tables, the CJK decoders, fatal mode and streaming across a split character", async () => {
  const shown = new Shown();
  const bytes = (...b: number[]) => new Uint8Array(b);

  for (const label of ["latin2", " KOI8 ", "cp1251", "x-mac-ukrainian", "iso-8859-8-i", "gb2312", "x-gbk",
    "big5-hkscs", "x-euc-jp", "csiso2022jp", "ms932", "korean", "iso-8859-16", "dos-874", "x-user-defined"]) {
    shown.at(1, [JSON.stringify(label), "->", new TextDecoder(label).encoding], ["\"latin2\"", "->", "iso-8859-2"], ["\" KOI8 \"", "->", "koi8-r"], ["\"cp1251\"", "->", "windows-1251"], ["\"x-mac-ukrainian\"", "->", "x-mac-cyrillic"], ["\"iso-8859-8-i\"", "->", "iso-8859-8-i"], ["\"gb2312\"", "->", "gbk"], ["\"x-gbk\"", "->", "gbk"], ["\"big5-hkscs\"", "->", "big5"], ["\"x-euc-jp\"", "->", "euc-jp"], ["\"csiso2022jp\"", "->", "iso-2022-jp"], ["\"ms932\"", "->", "shift_jis"], ["\"korean\"", "->", "euc-kr"], ["\"iso-8859-16\"", "->", "iso-8859-16"], ["\"dos-874\"", "->", "windows-874"], ["\"x-user-defined\"", "->", "x-user-defined"]);
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
    shown.at(2, [label, JSON.stringify(text), [...text].map((c) => c.codePointAt(0)!.toString(16)).join(" ")], ["windows-1251", "\"Привет\"", "41f 440 438 432 435 442"], ["koi8-r", "\"Привет\"", "41f 440 438 432 435 442"], ["iso-8859-2", "\"Łóżko\"", "141 f3 17c 6b 6f"], ["iso-8859-7", "\"Αθήνα\"", "391 3b8 3ae 3bd 3b1"], ["iso-8859-16", "\"€ȘȚț\"", "20ac 218 21a 21b"], ["windows-874", "\"€กน\"", "20ac e01 e19"], ["ibm866", "\"Привет\"", "41f 440 438 432 435 442"], ["macintosh", "\"ä•\"", "e4 2022 f8ff"], ["x-user-defined", "\"A\"", "41 f780 f7ff"], ["gbk", "\"中文\"", "4e2d 6587"], ["gb18030", "\"𠀀\"", "80 20000"], ["big5", "\"中文\"", "4e2d 6587"], ["euc-jp", "\"日本ｱ\"", "65e5 672c ff71"], ["iso-2022-jp", "\"日本!\"", "65e5 672c 21"], ["shift_jis", "\"日本ｱ\"", "65e5 672c ff71"], ["euc-kr", "\"한글\"", "d55c ae00"]);
  }

  // Bytes with no character: U+FFFD, or a TypeError in fatal mode.
  shown.at(3, [JSON.stringify(new TextDecoder("iso-8859-3").decode(bytes(0x61, 0xa5, 0x62)))], ["\"a�b\""]);
  for (const [label, input] of [["iso-8859-3", bytes(0xa5)], ["windows-1253", bytes(0xaa)], ["shift_jis", bytes(0x82)],
    ["euc-kr", bytes(0xc7, 0x20)]] as const) {
    try {
      new TextDecoder(label, { fatal: true }).decode(input);
      shown.at(4, [label, "decoded"]);
    } catch (e) {
      shown.at(5, [label, (e as Error).name, (e as Error).message], ["iso-8859-3", "TypeError", "The encoded data is not valid"], ["windows-1253", "TypeError", "The encoded data is not valid"], ["shift_jis", "TypeError", "The encoded data is not valid"], ["euc-kr", "TypeError", "The encoded data is not valid"]);
    }
  }
  shown.at(6, [JSON.stringify(new TextDecoder("shift_jis").decode(bytes(0x82)))], ["\"�\""]);

  // A character split across chunks comes out whole once the rest arrives.
  const sjis = new TextDecoder("shift_jis");
  shown.at(7, [JSON.stringify(sjis.decode(bytes(0x93), { stream: true })),
    JSON.stringify(sjis.decode(bytes(0xfa, 0x96), { stream: true })), JSON.stringify(sjis.decode(bytes(0x7b)))], ["\"\"", "\"日\"", "\"本\""]);
  const gb = new TextDecoder("gb18030");
  shown.at(8, [JSON.stringify(gb.decode(bytes(0x81, 0x30), { stream: true }) + gb.decode(bytes(0x81, 0x30)))], ["\"\""]);

  // The replacement encoding's labels are not for TextDecoder; TextEncoder is UTF-8 only.
  try {
    new TextDecoder("iso-2022-kr");
  } catch (e) {
    shown.at(9, [(e as Error).name, (e as Error).message], ["RangeError", "The encoding label provided ('iso-2022-kr') is invalid."]);
  }
  shown.at(10, [new TextEncoder().encoding], ["utf-8"]);
  shown.done([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 5, 5, 5, 5, 6, 7, 8, 9, 10]);
});
