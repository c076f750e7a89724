// The Fetch Standard's data: URL processor (§4.2 "data: URL processor"):
// MIME type and body bytes of a data: URL, failing with the names Deno gives
// (its data-url crate's: "NoComma", "InvalidBase64(Padding)", …).
const { parse: parseMime } = internals.mime;
const TypeErrorCtor = TypeError;
const asciiWhitespace = " \t\n\r\f";

function hexValue(code) {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

// Percent-decoding of a serialized URL's text (ASCII: each char is a byte).
function percentDecode(text) {
  const out = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 && i + 2 < text.length && hexValue(text.charCodeAt(i + 1)) >= 0 &&
        hexValue(text.charCodeAt(i + 2)) >= 0) {
      out[n++] = hexValue(text.charCodeAt(i + 1)) * 16 + hexValue(text.charCodeAt(i + 2));
      i += 2;
    } else {
      out[n++] = code & 0xff;
    }
  }
  return out.subarray(0, n);
}

function base64Value(byte) {
  if (byte >= 0x41 && byte <= 0x5a) return byte - 0x41;
  if (byte >= 0x61 && byte <= 0x7a) return byte - 0x61 + 26;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30 + 52;
  if (byte === 0x2b) return 62;
  if (byte === 0x2f) return 63;
  return -1;
}

// Forgiving-base64 decode (the Infra Standard's), with the failure named.
function forgivingBase64(bytes) {
  const out = new Uint8Array(Math.floor((bytes.length * 3) / 4) + 3);
  let n = 0, buffer = 0, bits = 0, padding = 0;
  for (const byte of bytes) {
    const value = base64Value(byte);
    if (value < 0) {
      if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c) continue;
      if (byte === 0x3d) {
        padding++;
        continue;
      }
      throw new TypeErrorCtor(`InvalidBase64(UnexpectedSymbol(${byte}))`);
    }
    if (padding > 0) throw new TypeErrorCtor("InvalidBase64(AlphabetSymbolAfterPadding)");
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits === 24) {
      out[n++] = buffer >> 16;
      out[n++] = (buffer >> 8) & 0xff;
      out[n++] = buffer & 0xff;
      buffer = bits = 0;
    }
  }
  if (bits === 12 && (padding === 0 || padding === 2)) {
    out[n++] = buffer >> 4;
  } else if (bits === 18 && (padding === 0 || padding === 1)) {
    out[n++] = buffer >> 10;
    out[n++] = (buffer >> 2) & 0xff;
  } else if (bits === 6) {
    throw new TypeErrorCtor("InvalidBase64(LoneAlphabetSymbol)");
  } else if (!(bits === 0 && padding === 0)) {
    throw new TypeErrorCtor("InvalidBase64(Padding)");
  }
  return out.slice(0, n);
}

function trimAsciiWhitespace(s) {
  let start = 0, end = s.length;
  while (start < end && asciiWhitespace.includes(s[start])) start++;
  while (end > start && asciiWhitespace.includes(s[end - 1])) end--;
  return s.slice(start, end);
}

// `href` a serialized data: URL → { mimeType (a parsed MIME type), body: Uint8Array }.
function processDataURL(href) {
  const hash = href.indexOf("#");
  const input = (hash === -1 ? href : href.slice(0, hash)).slice("data:".length);
  const comma = input.indexOf(",");
  if (comma === -1) throw new TypeErrorCtor("NoComma");
  let mimeType = trimAsciiWhitespace(input.slice(0, comma));
  let body = percentDecode(input.slice(comma + 1));
  // ";" then any spaces then "base64", in any case, ends the type: the body is base64.
  const base64 = /;\x20*base64$/i.exec(mimeType);
  if (base64 !== null) {
    body = forgivingBase64(body);
    mimeType = mimeType.slice(0, base64.index);
  }
  if (mimeType.startsWith(";")) mimeType = "text/plain" + mimeType;
  const parsed = parseMime(mimeType) ?? parseMime("text/plain;charset=US-ASCII");
  return { mimeType: parsed, body };
}

internals.fetch.processDataURL = processDataURL;
