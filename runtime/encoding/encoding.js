// TextEncoder, TextDecoder (every encoding of the Encoding Standard), atob, btoa.
// The bytes are handled by C++ ops (encoding_ops.cc) that read and write the
// caller's buffers in place; JavaScript keeps only the streaming state: the
// incomplete last sequence of a chunk, held until the next one arrives.
const {
  op_encoding_encode, op_encoding_encode_into, op_encoding_decode, op_base64_encode, op_base64_decode,
  op_encoding_single_byte_table, op_encoding_multi_byte_decode,
} = core.ops;
const {
  inspectAttributes, toStringTag, toDOMString, toDictionary, defineGlobal, isArrayBuffer, isSharedArrayBuffer, typedArrayKind,
  requiredArguments,
} = internals.webidl;

const UTF8 = 0, UTF16LE = 1, UTF16BE = 2, WINDOWS1252 = 3;  // decoded by op_encoding_decode
const SINGLE_BYTE = 4, MULTI_BYTE = 5, USER_DEFINED = 6;      // the legacy ones (legacy_ops.cc)

// Every encoding of the Encoding Standard that TextDecoder decodes, with its
// labels: [name, kind, ICU converter name (single-byte) or decoder number
// (multi-byte, legacy_ops.cc), labels, and for a single-byte encoding the
// bytes where the standard's index and ICU's table part]. The "replacement"
// encoding's labels are left out on purpose: TextDecoder rejects them.
const NONE = 0xffff;  // a byte that decodes to no character
const encodingTable = [
  ["utf-8", UTF8, "", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"],
  ["ibm866", SINGLE_BYTE, "ibm-866_P100-1995", "866 cp866 csibm866 ibm866"],
  ["iso-8859-2", SINGLE_BYTE, "ISO-8859-2",
    "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2"],
  ["iso-8859-3", SINGLE_BYTE, "ISO-8859-3",
    "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3"],
  ["iso-8859-4", SINGLE_BYTE, "ISO-8859-4",
    "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4"],
  ["iso-8859-5", SINGLE_BYTE, "ISO-8859-5",
    "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988"],
  ["iso-8859-6", SINGLE_BYTE, "ISO-8859-6",
    "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i " +
    "iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987"],
  ["iso-8859-7", SINGLE_BYTE, "ISO-8859-7",
    "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 " +
    "iso_8859-7:1987 sun_eu_greek"],
  ["iso-8859-8", SINGLE_BYTE, "ISO-8859-8",
    "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 " +
    "iso_8859-8:1988 visual"],
  ["iso-8859-8-i", SINGLE_BYTE, "ISO-8859-8", "csiso88598i iso-8859-8-i logical"],
  ["iso-8859-10", SINGLE_BYTE, "ISO-8859-10", "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6"],
  ["iso-8859-13", SINGLE_BYTE, "ISO-8859-13", "iso-8859-13 iso8859-13 iso885913"],
  ["iso-8859-14", SINGLE_BYTE, "ISO-8859-14", "iso-8859-14 iso8859-14 iso885914"],
  ["iso-8859-15", SINGLE_BYTE, "ISO-8859-15", "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9"],
  ["iso-8859-16", SINGLE_BYTE, "", "iso-8859-16"],  // not in ICU's data: the table is below
  ["koi8-r", SINGLE_BYTE, "KOI8-R", "cskoi8r koi koi8 koi8-r koi8_r"],
  ["koi8-u", SINGLE_BYTE, "KOI8-U", "koi8-ru koi8-u", { 0xae: 0x045e, 0xbe: 0x040e }],
  ["macintosh", SINGLE_BYTE, "macos-0_2-10.2", "csmacintosh mac macintosh x-mac-roman"],
  ["windows-874", SINGLE_BYTE, "windows-874-2000", "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874",
    { 0xdb: NONE, 0xdc: NONE, 0xdd: NONE, 0xde: NONE, 0xfc: NONE, 0xfd: NONE, 0xfe: NONE, 0xff: NONE }],
  ["windows-1250", SINGLE_BYTE, "windows-1250", "cp1250 windows-1250 x-cp1250"],
  ["windows-1251", SINGLE_BYTE, "windows-1251", "cp1251 windows-1251 x-cp1251"],
  ["windows-1252", WINDOWS1252, "",
    "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 " +
    "iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252"],
  ["windows-1253", SINGLE_BYTE, "windows-1253", "cp1253 windows-1253 x-cp1253", { 0xaa: NONE }],
  ["windows-1254", SINGLE_BYTE, "windows-1254",
    "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 " +
    "windows-1254 x-cp1254"],
  ["windows-1255", SINGLE_BYTE, "windows-1255", "cp1255 windows-1255 x-cp1255", { 0xca: 0x05ba }],
  ["windows-1256", SINGLE_BYTE, "windows-1256", "cp1256 windows-1256 x-cp1256"],
  ["windows-1257", SINGLE_BYTE, "windows-1257", "cp1257 windows-1257 x-cp1257"],
  ["windows-1258", SINGLE_BYTE, "windows-1258", "cp1258 windows-1258 x-cp1258"],
  ["x-mac-cyrillic", SINGLE_BYTE, "macos-7_3-10.2", "x-mac-cyrillic x-mac-ukrainian"],
  ["gbk", MULTI_BYTE, 0,  // the GBK decoder is the gb18030 decoder
    "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk"],
  ["gb18030", MULTI_BYTE, 0, "gb18030"],
  ["big5", MULTI_BYTE, 1, "big5 big5-hkscs cn-big5 csbig5 x-x-big5"],
  ["euc-jp", MULTI_BYTE, 2, "cseucpkdfmtjapanese euc-jp x-euc-jp"],
  ["iso-2022-jp", MULTI_BYTE, 3, "csiso2022jp iso-2022-jp"],
  ["shift_jis", MULTI_BYTE, 4, "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis"],
  ["euc-kr", MULTI_BYTE, 5,
    "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949"],
  ["utf-16be", UTF16BE, "", "unicodefffe utf-16be"],
  ["utf-16le", UTF16LE, "", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le"],
  ["x-user-defined", USER_DEFINED, "", "x-user-defined"],
];
const labels = new Map();
for (const entry of encodingTable) {
  const [name, kind, icu, names, differences = {}] = entry;
  const encoding = { name, kind, icu, differences };
  for (const label of names.split(" ")) labels.set(label, encoding);
}

function encodingOf(label) {
  const encoding = labels.get(label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "").toLowerCase());
  if (encoding === undefined) throw new RangeError(`The encoding label provided ('${label}') is invalid.`);
  return encoding;
}

// ISO-8859-16 (Latin-10) differs from Latin-1 at these bytes.
const latin10 = {
  0xa1: 0x0104, 0xa2: 0x0105, 0xa3: 0x0141, 0xa4: 0x20ac, 0xa5: 0x201e, 0xa6: 0x0160, 0xa8: 0x0161, 0xaa: 0x0218,
  0xac: 0x0179, 0xae: 0x017a, 0xaf: 0x017b, 0xb2: 0x010c, 0xb3: 0x0142, 0xb4: 0x017d, 0xb5: 0x201d, 0xb8: 0x017e,
  0xb9: 0x010d, 0xba: 0x0219, 0xbc: 0x0152, 0xbd: 0x0153, 0xbe: 0x0178, 0xbf: 0x017c, 0xc3: 0x0102, 0xc5: 0x0106,
  0xd0: 0x0110, 0xd1: 0x0143, 0xd5: 0x0150, 0xd7: 0x015a, 0xd8: 0x0170, 0xdd: 0x0118, 0xde: 0x021a, 0xe3: 0x0103,
  0xe5: 0x0107, 0xf0: 0x0111, 0xf1: 0x0144, 0xf5: 0x0151, 0xf7: 0x015b, 0xf8: 0x0171, 0xfd: 0x0119, 0xfe: 0x021b,
};

// The code units of bytes 0x80-0xFF (0xFFFF: no character), made on first use.
const singleByteTables = new Map();
function singleByteTable(encoding) {
  let table = singleByteTables.get(encoding.name);
  if (table === undefined) {
    table = new Uint16Array(128);
    if (encoding.icu === "") {
      for (let b = 0x80; b <= 0xff; b++) table[b - 0x80] = latin10[b] ?? b;
    } else {
      const units = op_encoding_single_byte_table(encoding.icu);
      for (let i = 0; i < 128; i++) table[i] = units.charCodeAt(i);
      for (const byte in encoding.differences) table[byte - 0x80] = encoding.differences[byte];
    }
    singleByteTables.set(encoding.name, table);
  }
  return table;
}

const invalidData = () => new TypeError("The encoded data is not valid");

// Bytes to a string through a 128-entry table, or x-user-defined (0x80-0xFF
// to U+F780-U+F7FF).
function decodeSingleByte(bytes, encoding, fatal) {
  const table = encoding.kind === SINGLE_BYTE ? singleByteTable(encoding) : null;
  let text = "";
  const units = new Uint16Array(Math.min(bytes.length, 8192));
  for (let start = 0; start < bytes.length; start += units.length) {
    const end = Math.min(start + units.length, bytes.length);
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      let unit = b < 0x80 ? b : table === null ? 0xf700 + b : table[b - 0x80];
      if (unit === NONE) {
        if (fatal) throw invalidData();
        unit = 0xfffd;
      }
      units[i - start] = unit;
    }
    text += String.fromCharCode.apply(null, units.subarray(0, end - start));
  }
  return text;
}


const encodeIntoResult = new Uint32Array(2);
const emptyBytes = new Uint8Array(0);

class TextEncoder {
  get encoding() {
    if (!(this instanceof TextEncoder)) throw new TypeError("Illegal invocation");
    return "utf-8";
  }
  encode(input = "") {
    if (!(this instanceof TextEncoder)) throw new TypeError("Illegal invocation");
    return op_encoding_encode(typeof input === "string" ? input : toDOMString(input));
  }
  encodeInto(source, destination) {
    if (!(this instanceof TextEncoder)) throw new TypeError("Illegal invocation");
    const prefix = "Failed to execute 'encodeInto' on 'TextEncoder'";
    source = typeof source === "string" ? source : toDOMString(source);
    if (typedArrayKind(destination) !== "Uint8Array") throw new TypeError(`${prefix}: Argument 2 is not an Uint8Array object`);
    op_encoding_encode_into(source, destination, encodeIntoResult);
    return { read: encodeIntoResult[0], written: encodeIntoResult[1] };
  }
}

// How many bytes at the end of `bytes` begin a sequence the next chunk may finish.
function incompleteTail(bytes, encoding) {
  const length = bytes.length;
  if (encoding === UTF8) {
    for (let back = 1; back <= 3 && back <= length; back++) {
      const lead = bytes[length - back];
      if ((lead & 0xc0) === 0x80) continue;
      const size = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 1;
      if (size <= back) return 0;
      if (back >= 2) {
        const second = bytes[length - back + 1];
        if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f) ||
            (lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return 0;
      }
      return back;
    }
    return 0;
  }
  if (encoding === UTF16LE || encoding === UTF16BE) {
    let tail = length & 1;
    const end = length - tail;
    if (end >= 2) {
      const unit = encoding === UTF16LE ? bytes[end - 2] | (bytes[end - 1] << 8) : (bytes[end - 2] << 8) | bytes[end - 1];
      if (unit >= 0xd800 && unit <= 0xdbff) tail += 2;
    }
    return tail;
  }
  return 0;
}

function asBytes(view) {
  return typedArrayKind(view) === "Uint8Array" ? view
    : ArrayBuffer.isView(view) ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength)
    : new Uint8Array(view);
}

class TextDecoder {
  #encoding;
  #fatal;
  #ignoreBOM;
  #pending = null;   // bytes of an unfinished sequence (streaming)
  #state = null;     // a multi-byte decoder's state (legacy_ops.cc), between streaming calls
  #bomSeen = false;  // output has begun, so a U+FEFF is content

  constructor(label = "utf-8", options = undefined) {
    const prefix = "Failed to construct 'TextDecoder'";
    label = toDOMString(label);
    options = toDictionary(options, prefix, 2);
    this.#encoding = encodingOf(label);
    this.#fatal = Boolean(options.fatal);
    this.#ignoreBOM = Boolean(options.ignoreBOM);
  }
  // WebIDL's brand check: a foreign `this` is an "Illegal invocation".
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#encoding in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get encoding() { return TextDecoder.#check(this).#encoding.name; }
  get fatal() { return TextDecoder.#check(this).#fatal; }
  get ignoreBOM() { return TextDecoder.#check(this).#ignoreBOM; }

  decode(input = undefined, options = undefined) {
    TextDecoder.#check(this);
    const prefix = "Failed to execute 'decode' on 'TextDecoder'";
    let bytes = emptyBytes;
    if (input !== undefined) {
      if (ArrayBuffer.isView(input)) bytes = input;
      else if (isArrayBuffer(input)) bytes = input.byteLength === 0 ? emptyBytes : input;  // a detached one reads as empty
      else if (isSharedArrayBuffer(input)) bytes = new Uint8Array(input);
      else throw new TypeError(`${prefix}: Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one`);
    }
    const stream = Boolean(toDictionary(options, prefix, 2).stream);
    if (this.#pending !== null) {
      const rest = asBytes(bytes);
      const joined = new Uint8Array(this.#pending.length + rest.length);
      joined.set(this.#pending);
      joined.set(rest, this.#pending.length);
      bytes = joined;
      this.#pending = null;
    }
    const kind = this.#encoding.kind;
    if (stream && kind <= UTF16BE) {
      bytes = asBytes(bytes);
      const tail = incompleteTail(bytes, kind);
      if (tail > 0) {
        this.#pending = bytes.slice(bytes.length - tail);
        bytes = bytes.subarray(0, bytes.length - tail);
      }
    }
    let text;
    try {
      if (kind <= WINDOWS1252) {
        text = op_encoding_decode(bytes, kind, this.#fatal);
      } else if (kind === MULTI_BYTE) {
        this.#state ??= new Int32Array(4);
        text = op_encoding_multi_byte_decode(asBytes(bytes), this.#encoding.icu, this.#fatal, !stream, this.#state);
        if (!stream) this.#state = null;
      } else {
        text = decodeSingleByte(asBytes(bytes), this.#encoding, this.#fatal);
      }
    } catch (error) {
      this.#pending = null;
      this.#state = null;
      this.#bomSeen = false;
      throw error;
    }
    if (!this.#ignoreBOM && !this.#bomSeen && text.length > 0 && kind <= UTF16BE) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.#bomSeen = true;
    }
    if (!stream) this.#bomSeen = false;
    return text;
  }
}

for (const cls of [TextEncoder, TextDecoder]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (name !== "constructor") Object.defineProperty(cls.prototype, name, { enumerable: true });
  }
  toStringTag(cls);
}
inspectAttributes(TextEncoder, ["encoding"]);
inspectAttributes(TextDecoder, ["encoding", "fatal", "ignoreBOM"]);

function btoa(data) {
  requiredArguments(arguments.length, 1, "Failed to execute 'btoa'");
  return op_base64_encode(toDOMString(data));
}

function atob(data) {
  requiredArguments(arguments.length, 1, "Failed to execute 'atob'");
  return op_base64_decode(toDOMString(data));
}

// The body mixin's and Blob's text(): UTF-8 with the BOM dropped and errors
// replaced; a text over V8's maximum string length is V8's own RangeError, as
// in Deno (TextDecoder words it as a TypeError).
const bodyDecoder = new TextDecoder();
function decodeBodyText(bytes) {
  try {
    return bodyDecoder.decode(bytes);
  } catch {
    throw new RangeError("Invalid string length");
  }
}

internals.encoding = { TextEncoder, TextDecoder, incompleteTail, decodeBodyText };
defineGlobal("TextEncoder", TextEncoder);
defineGlobal("TextDecoder", TextDecoder);
defineGlobal("atob", atob, true);
defineGlobal("btoa", btoa, true);
