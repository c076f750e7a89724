// MIME types (WHATWG MIME Sniffing §4): parse and serialize, for Content-Type
// headers (Body.blob(), Body.formData(), the no-CORS safelist).
const tokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const quotedStringTokenRe = /^[\t\x20-\x7e\x80-\xff]*$/;
const httpWhitespace = "\t\n\r ";

function trimHttpWhitespace(s) {
  let start = 0, end = s.length;
  while (start < end && httpWhitespace.includes(s[start])) start++;
  while (end > start && httpWhitespace.includes(s[end - 1])) end--;
  return s.slice(start, end);
}

// → { type, subtype, essence, parameters: Map } or null on failure.
function parse(input) {
  input = trimHttpWhitespace(input);
  let position = input.indexOf("/");
  if (position === -1) return null;
  const type = input.slice(0, position);
  if (type === "" || !tokenRe.test(type)) return null;
  position++;
  let end = input.indexOf(";", position);
  if (end === -1) end = input.length;
  let subtype = input.slice(position, end);
  position = end;
  subtype = trimHttpWhitespace(subtype);
  if (subtype === "" || !tokenRe.test(subtype)) return null;
  const mime = {
    type: type.toLowerCase(),
    subtype: subtype.toLowerCase(),
    essence: `${type.toLowerCase()}/${subtype.toLowerCase()}`,
    parameters: new Map(),
  };
  while (position < input.length) {
    position++;  // the ";"
    while (position < input.length && httpWhitespace.includes(input[position])) position++;
    let nameEnd = position;
    while (nameEnd < input.length && input[nameEnd] !== ";" && input[nameEnd] !== "=") nameEnd++;
    const name = input.slice(position, nameEnd).toLowerCase();
    position = nameEnd;
    if (position < input.length) {
      if (input[position] === ";") continue;
      position++;  // the "="
    }
    if (position >= input.length) break;
    let value;
    if (input[position] === '"') {
      [value, position] = collectQuoted(input, position);
      while (position < input.length && input[position] !== ";") position++;
    } else {
      let valueEnd = input.indexOf(";", position);
      if (valueEnd === -1) valueEnd = input.length;
      value = trimHttpWhitespace(input.slice(position, valueEnd));
      position = valueEnd;
      if (value === "") continue;
    }
    if (name !== "" && tokenRe.test(name) && quotedStringTokenRe.test(value) && !mime.parameters.has(name)) {
      mime.parameters.set(name, value);
    }
  }
  return mime;
}

// Fetch "collect an HTTP quoted string" with the extract-value flag.
function collectQuoted(input, position) {
  let value = "";
  position++;
  while (position < input.length) {
    const c = input[position];
    if (c === '"') return [value, position + 1];
    if (c === "\\") {
      position++;
      if (position >= input.length) return [value + "\\", position];
      value += input[position];
      position++;
      continue;
    }
    value += c;
    position++;
  }
  return [value, position];
}

function serialize(mime) {
  let out = mime.essence;
  for (const [name, value] of mime.parameters) {
    out += `;${name}=`;
    out += value !== "" && tokenRe.test(value) ? value : `"${value.replace(/(["\\])/g, "\\$1")}"`;
  }
  return out;
}

// Fetch "extract a MIME type" from a header list's combined Content-Type value.
function extract(contentType) {
  if (contentType === null) return null;
  let charset = null, essence = null, mime = null;
  for (const value of splitHeaderValue(contentType)) {
    const parsed = parse(value);
    if (parsed === null || parsed.essence === "*/*") continue;
    mime = parsed;
    if (mime.essence !== essence) {
      charset = mime.parameters.get("charset") ?? null;
      essence = mime.essence;
    } else if (!mime.parameters.has("charset") && charset !== null) {
      mime.parameters.set("charset", charset);
    }
  }
  return mime;
}

// Fetch "get, decode, and split": commas outside quoted strings separate values.
function splitHeaderValue(value) {
  const values = [];
  let position = 0, current = "";
  for (;;) {
    while (position < value.length && value[position] !== "," && value[position] !== '"') current += value[position++];
    if (position < value.length && value[position] === '"') {
      const start = position;
      position = collectQuoted(value, position)[1];
      current += value.slice(start, position);
      if (position < value.length) continue;
    }
    values.push(trimHttpWhitespace(current));
    current = "";
    if (position >= value.length) return values;
    position++;  // the ","
  }
}

internals.mime = { parse, serialize, extract };
