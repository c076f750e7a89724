// URLPattern (the URL Pattern Standard, https://urlpattern.spec.whatwg.org/):
// the tokenizer, the pattern parser, regular expression and pattern string
// generation, the constructor string parser and URLPatternInit processing,
// all here. Only the canonicalisation of a component's fixed text needs the
// URL parser: op_urlpattern_canonicalize (url_parser.h's
// canonicalize_pattern_component), asked only for text that is not plainly
// canonical already.
//
// Observable behaviour follows Deno 2.9.6 (its `urlpattern` crate) where it
// and the standard differ (each place says so): RegExps use the `u` flag (V8
// 10.2 has no `v`), errors are TypeErrors with the crate's messages in Deno's
// "Failed to parse <component> from "<text>"" frame, components compile in
// the crate's order, hosts, queries and fragments are canonicalised as for an
// http: URL whatever the protocol, a pathname from '/' (or under an empty
// protocol) is a special URL's path, and a raw tab or newline is no token.
const { op_urlpattern_canonicalize } = core.ops;

const RegExpCtor = RegExp;
const TypeErrorCtor = TypeError;
const ErrorCaptureStackTrace = Error.captureStackTrace;
const uncurry = Function.prototype.bind.bind(Function.prototype.call);
const RegExpPrototypeExec = uncurry(RegExp.prototype.exec);
const RegExpPrototypeTest = uncurry(RegExp.prototype.test);
const StringPrototypeSlice = uncurry(String.prototype.slice);
const StringPrototypeCodePointAt = uncurry(String.prototype.codePointAt);
const StringPrototypeLastIndexOf = uncurry(String.prototype.lastIndexOf);
const StringPrototypeIncludes = uncurry(String.prototype.includes);
const StringPrototypeStartsWith = uncurry(String.prototype.startsWith);
const StringPrototypeReplace = uncurry(String.prototype.replace);
const StringPrototypeToLowerCase = uncurry(String.prototype.toLowerCase);
const ArrayPrototypePush = uncurry(Array.prototype.push);
const MapCtor = Map, SetCtor = Set, WeakMapCtor = WeakMap;
const MapPrototypeGet = uncurry(Map.prototype.get), MapPrototypeSet = uncurry(Map.prototype.set);
const SetPrototypeHas = uncurry(Set.prototype.has), SetPrototypeAdd = uncurry(Set.prototype.add);
const WeakMapPrototypeGet = uncurry(WeakMap.prototype.get), WeakMapPrototypeSet = uncurry(WeakMap.prototype.set);
const ObjectDefineProperty = Object.defineProperty;
const StringFromCodePoint = String.fromCodePoint;

// --- Errors -------------------------------------------------------------------

// An error of the crate's kinds; the constructor frames its message as Deno does.
class PatternError {
  constructor(message, position = -1) {
    this.message = message;
    this.position = position;  // a tokenizer error's code point index, else -1
  }
}

// --- Tokenizer (https://urlpattern.spec.whatwg.org/#tokenizing) ---------------

const OPEN = "Open", CLOSE = "Close", REGEXP = "Regexp", NAME = "Name", CHAR = "Char",
  ESCAPED_CHAR = "EscapedChar", OTHER_MODIFIER = "OtherModifier", ASTERISK = "Asterisk", END = "End",
  INVALID_CHAR = "InvalidChar";

const nameStart = /^[\p{ID_Start}$_]$/u;
const namePart = /^[\p{ID_Continue}$\u200C\u200D]$/u;
function isValidNameCodePoint(codePoint, first) {
  return RegExpPrototypeTest(first ? nameStart : namePart, StringFromCodePoint(codePoint));
}

// Tokens hold `index` and `value` (UTF-16 positions, as JavaScript slices them).
function tokenize(input, strict) {
  const tokens = [];
  const length = input.length;
  let index = 0;
  const codePointAt = (i) => StringPrototypeCodePointAt(input, i);
  const sizeAt = (i) => (codePointAt(i) > 0xffff ? 2 : 1);
  const add = (type, next, valueStart, valueEnd) => {
    ArrayPrototypePush(tokens, { type, index, value: StringPrototypeSlice(input, valueStart, valueEnd) });
    index = next;
  };
  // Strict: the error at the code point `at`; lenient: an invalid-char token.
  const error = (next, at, message) => {
    if (strict) {
      const position = codePointIndex(input, at);
      throw new PatternError(`tokenizer error: ${message} (at char ${position})`, position);
    }
    add(INVALID_CHAR, next, at, next);
  };

  while (index < length) {
    const c = codePointAt(index);
    const next = index + sizeAt(index);
    if (c === 0x2a /* * */) {
      add(ASTERISK, next, index, next);
    } else if (c === 0x2b /* + */ || c === 0x3f /* ? */) {
      add(OTHER_MODIFIER, next, index, next);
    } else if (c === 0x5c /* \ */) {
      if (next >= length) {
        error(next, index, "incomplete escape code");
      } else {
        add(ESCAPED_CHAR, next + sizeAt(next), next, next + sizeAt(next));
      }
    } else if (c === 0x7b /* { */) {
      add(OPEN, next, index, next);
    } else if (c === 0x7d /* } */) {
      add(CLOSE, next, index, next);
    } else if (c === 0x3a /* : */) {
      let position = next;
      while (position < length && isValidNameCodePoint(codePointAt(position), position === next)) {
        position += sizeAt(position);
      }
      if (position <= next) error(next, index, "invalid name; must be at least length 1");
      else add(NAME, position, next, position);
    } else if (c === 0x28 /* ( */) {
      tokenizeRegexp(next);
    } else if (c === 0x09 || c === 0x0a || c === 0x0d) {
      index = next;  // as Deno: a tab or newline is no token (escaped, it is one)
    } else {
      add(CHAR, next, index, next);
    }
  }
  add(END, index, index, index);
  return tokens;

  // The regexp group opened at `start` - 1: up to its matching ')'.
  function tokenizeRegexp(start) {
    let depth = 1;
    let position = start;
    while (position < length) {
      const c = codePointAt(position);
      if (c > 0x7f || (position === start && c === 0x3f)) {
        return error(start, index, "invalid regex: must not start with ?, and may only contain ascii");
      }
      if (c === 0x5c /* \ */) {
        if (position + 1 >= length) return error(start, index, "incomplete escape code");
        if (codePointAt(position + 1) > 0x7f) {
          return error(start, index, "invalid regex: non ascii character was escaped");
        }
        position += 2;
        continue;
      }
      if (c === 0x29 /* ) */) {
        if (--depth === 0) {
          position++;
          break;
        }
      } else if (c === 0x28 /* ( */) {
        depth++;
        if (position + 1 >= length) return error(start, index, "invalid regex: nested groups not closed");
        if (codePointAt(position + 1) !== 0x3f) {
          return error(start, index, "invalid regex: nested groups must start with ?");
        }
      }
      position++;
    }
    if (depth !== 0) return error(start, index, "invalid regex: missing closing )");
    if (position - start - 1 === 0) return error(start, index, "invalid regex: length must be > 0");
    add(REGEXP, position, start, position - 1);
  }
}

// The code point index of the UTF-16 index `at` (the crate counts chars).
function codePointIndex(input, at) {
  let n = 0;
  for (let i = 0; i < at; i++) {
    const c = input.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < at) {
      const d = input.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

// --- Parts and the pattern parser (https://urlpattern.spec.whatwg.org/#parsing-patterns)

const FIXED_TEXT = 0, REGEXP_PART = 1, SEGMENT_WILDCARD = 2, FULL_WILDCARD = 3;
const MODIFIER_NONE = "", MODIFIER_OPTIONAL = "?", MODIFIER_ZERO_OR_MORE = "*", MODIFIER_ONE_OR_MORE = "+";
const FULL_WILDCARD_REGEXP = ".*";

// As the crate, '/' is left as it is (the standard escapes it; the match is the same).
function escapeRegexpString(s) {
  return StringPrototypeReplace(s, /[.+*?^${}()[\]|\\]/g, "\\$&");
}
function escapePatternString(s) {
  return StringPrototypeReplace(s, /[+*?:{}()\\]/g, "\\$&");
}

// Options: the delimiter and prefix code points ("" for none), ignore case.
const DEFAULT_OPTIONS = { __proto__: null, delimiter: "", prefix: "", ignoreCase: false };
const HOSTNAME_OPTIONS = { __proto__: null, delimiter: ".", prefix: "", ignoreCase: false };

function segmentWildcardRegexp(options) {
  return `[^${escapeRegexpString(options.delimiter)}]+?`;
}

function parsePatternString(input, options, encode) {
  const tokens = tokenize(input, true);
  const segmentWildcard = segmentWildcardRegexp(options);
  const parts = [];
  const names = new SetCtor();
  let pendingFixedValue = "";
  let index = 0;
  let nextNumericName = 0;

  const tryConsume = (type) => {
    const token = tokens[index];
    if (token.type !== type) return null;
    index++;
    return token;
  };
  const tryConsumeModifier = () => tryConsume(OTHER_MODIFIER) ?? tryConsume(ASTERISK);
  const tryConsumeRegexpOrWildcard = (nameToken) => {
    const token = tryConsume(REGEXP);
    return nameToken === null && token === null ? tryConsume(ASTERISK) : token;
  };
  const consumeRequired = (type) => {
    const token = tryConsume(type);
    if (token === null) {
      const found = tokens[index];
      throw new PatternError(`parser error: expected token ${type}, found '${found.value}' of type ${found.type}`);
    }
    return token;
  };
  const consumeText = () => {
    let result = "";
    for (;;) {
      const token = tryConsume(CHAR) ?? tryConsume(ESCAPED_CHAR);
      if (token === null) return result;
      result += token.value;
    }
  };
  const addPendingFixedValue = () => {
    if (pendingFixedValue === "") return;
    const value = encode(pendingFixedValue);
    pendingFixedValue = "";
    ArrayPrototypePush(parts, { type: FIXED_TEXT, value, modifier: MODIFIER_NONE, name: "", prefix: "", suffix: "" });
  };
  const addPart = (prefix, nameToken, regexpOrWildcardToken, suffix, modifierToken) => {
    const modifier = modifierToken === null ? MODIFIER_NONE : modifierToken.value;
    if (nameToken === null && regexpOrWildcardToken === null && modifier === MODIFIER_NONE) {
      pendingFixedValue += prefix;
      return;
    }
    addPendingFixedValue();
    if (nameToken === null && regexpOrWildcardToken === null) {
      if (prefix === "") return;
      const value = encode(prefix);
      ArrayPrototypePush(parts, { type: FIXED_TEXT, value, modifier, name: "", prefix: "", suffix: "" });
      return;
    }
    let value;
    if (regexpOrWildcardToken === null) value = segmentWildcard;
    else if (regexpOrWildcardToken.type === ASTERISK) value = FULL_WILDCARD_REGEXP;
    else value = regexpOrWildcardToken.value;
    let type = REGEXP_PART;
    if (value === segmentWildcard) {
      type = SEGMENT_WILDCARD;
      value = "";
    } else if (value === FULL_WILDCARD_REGEXP) {
      type = FULL_WILDCARD;
      value = "";
    }
    const name = nameToken !== null ? nameToken.value : `${nextNumericName++}`;
    if (SetPrototypeHas(names, name)) throw new PatternError(`parser error: pattern contains duplicate name ${name}`);
    SetPrototypeAdd(names, name);
    ArrayPrototypePush(parts, { type, value, modifier, name, prefix: encode(prefix), suffix: encode(suffix) });
  };

  while (index < tokens.length) {
    const charToken = tryConsume(CHAR);
    let nameToken = tryConsume(NAME);
    let regexpOrWildcardToken = tryConsumeRegexpOrWildcard(nameToken);
    if (nameToken !== null || regexpOrWildcardToken !== null) {
      let prefix = charToken !== null ? charToken.value : "";
      if (prefix !== "" && prefix !== options.prefix) {
        pendingFixedValue += prefix;
        prefix = "";
      }
      addPendingFixedValue();
      addPart(prefix, nameToken, regexpOrWildcardToken, "", tryConsumeModifier());
      continue;
    }
    const fixedToken = charToken ?? tryConsume(ESCAPED_CHAR);
    if (fixedToken !== null) {
      pendingFixedValue += fixedToken.value;
      continue;
    }
    if (tryConsume(OPEN) !== null) {
      const prefix = consumeText();
      nameToken = tryConsume(NAME);
      regexpOrWildcardToken = tryConsumeRegexpOrWildcard(nameToken);
      const suffix = consumeText();
      consumeRequired(CLOSE);
      addPart(prefix, nameToken, regexpOrWildcardToken, suffix, tryConsumeModifier());
      continue;
    }
    addPendingFixedValue();
    consumeRequired(END);
  }
  return parts;
}

// https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list
function generateRegexp(parts, options) {
  let result = "^";
  const names = [];
  const segmentWildcard = segmentWildcardRegexp(options);
  for (const part of parts) {
    if (part.type === FIXED_TEXT) {
      result += part.modifier === MODIFIER_NONE
        ? escapeRegexpString(part.value)
        : `(?:${escapeRegexpString(part.value)})${part.modifier}`;
      continue;
    }
    ArrayPrototypePush(names, part.name);
    let value = part.value;
    if (part.type === SEGMENT_WILDCARD) value = segmentWildcard;
    else if (part.type === FULL_WILDCARD) value = FULL_WILDCARD_REGEXP;
    const single = part.modifier === MODIFIER_NONE || part.modifier === MODIFIER_OPTIONAL;
    if (part.prefix === "" && part.suffix === "") {
      result += single ? `(${value})${part.modifier}` : `((?:${value})${part.modifier})`;
      continue;
    }
    const prefix = escapeRegexpString(part.prefix), suffix = escapeRegexpString(part.suffix);
    if (single) {
      result += `(?:${prefix}(${value})${suffix})${part.modifier}`;
      continue;
    }
    result += `(?:${prefix}((?:${value})(?:${suffix}${prefix}(?:${value}))*)${suffix})`;
    if (part.modifier === MODIFIER_ZERO_OR_MORE) result += "?";
  }
  return { regexp: `${result}$`, names };
}

const isAsciiDigit = (s) => s.length > 0 && s.charCodeAt(0) >= 0x30 && s.charCodeAt(0) <= 0x39;

// https://urlpattern.spec.whatwg.org/#generate-a-pattern-string
function generatePatternString(parts, options) {
  let result = "";
  const segmentWildcard = segmentWildcardRegexp(options);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const previous = i > 0 ? parts[i - 1] : null;
    const next = i + 1 < parts.length ? parts[i + 1] : null;
    if (part.type === FIXED_TEXT) {
      result += part.modifier === MODIFIER_NONE
        ? escapePatternString(part.value)
        : `{${escapePatternString(part.value)}}${part.modifier}`;
      continue;
    }
    const customName = !isAsciiDigit(part.name);
    let needsGrouping = part.suffix !== "" || (part.prefix !== "" && part.prefix !== options.prefix);
    if (!needsGrouping && customName && part.type === SEGMENT_WILDCARD && part.modifier === MODIFIER_NONE &&
        next !== null && next.prefix === "" && next.suffix === "") {
      if (next.type === FIXED_TEXT) {
        needsGrouping = next.value !== "" && isValidNameCodePoint(StringPrototypeCodePointAt(next.value, 0), false);
      } else {
        needsGrouping = isAsciiDigit(next.name);
      }
    }
    if (!needsGrouping && part.prefix === "" && previous !== null && previous.type === FIXED_TEXT &&
        previous.value !== "" && StringPrototypeSlice(previous.value, -1) === options.prefix) {
      needsGrouping = true;
    }
    if (needsGrouping) result += "{";
    result += escapePatternString(part.prefix);
    if (customName) result += `:${part.name}`;
    if (part.type === REGEXP_PART) {
      result += `(${part.value})`;
    } else if (part.type === SEGMENT_WILDCARD && !customName) {
      result += `(${segmentWildcard})`;
    } else if (part.type === FULL_WILDCARD) {
      if (!customName && (previous === null || previous.type === FIXED_TEXT || previous.modifier !== MODIFIER_NONE ||
          needsGrouping || part.prefix !== "")) {
        result += "*";
      } else {
        result += `(${FULL_WILDCARD_REGEXP})`;
      }
    }
    if (part.type === SEGMENT_WILDCARD && customName && part.suffix !== "" &&
        isValidNameCodePoint(StringPrototypeCodePointAt(part.suffix, 0), false)) {
      result += "\\";
    }
    result += escapePatternString(part.suffix);
    if (needsGrouping) result += "}";
    result += part.modifier;
  }
  return result;
}

// --- Canonicalisation (https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks)

// url::PatternComponent's numbers.
const C_PROTOCOL = 0, C_USERNAME = 1, C_PASSWORD = 2, C_HOSTNAME = 3, C_IPV6_HOSTNAME = 4, C_PORT = 5,
  C_PATHNAME = 6, C_OPAQUE_PATHNAME = 7, C_SEARCH = 8, C_HASH = 9;
// The crate's messages for a component the URL parser rejects.
const FAILURE_MESSAGES = {
  [C_PROTOCOL]: "relative URL without a base",
  [C_HOSTNAME]: "invalid domain character",
  [C_IPV6_HOSTNAME]: "invalid IPv6 address",
  [C_PORT]: "invalid port number",
};
// Text that a component's canonicalisation leaves as it is, which needs no
// call into C++ (the port's only without a protocol to have a default port).
const PLAINLY_CANONICAL = {
  [C_PROTOCOL]: /^[a-z][a-z0-9+.-]*$/,
  [C_USERNAME]: /^[A-Za-z0-9_~.-]*$/,
  [C_PASSWORD]: /^[A-Za-z0-9_~.-]*$/,
  [C_HOSTNAME]: /^(?!xn--)[a-z_-][a-z0-9_-]*$/,
  [C_IPV6_HOSTNAME]: /^[0-9a-f:[\]]*$/,
  [C_PORT]: /^[1-9][0-9]{0,3}$/,
  [C_PATHNAME]: /^[A-Za-z0-9_~/-]*$/,
  [C_OPAQUE_PATHNAME]: /^[A-Za-z0-9_~.:;=@!$&'()*+,-][A-Za-z0-9_~/.:;=@!$&'()*+,-]*$/,  // not from '/' ("%2F")
  [C_SEARCH]: /^[A-Za-z0-9_~/.:;=@!$&()*+,?-]*$/,
  [C_HASH]: /^[A-Za-z0-9_~/.:;=@!$&'()*+,?#-]*$/,
};

function canonicalize(which, value, protocol = "") {
  if (value === "") return value;  // every component's answer (a part's empty prefix and suffix)
  if (RegExpPrototypeTest(PLAINLY_CANONICAL[which], value) && (which !== C_PORT || protocol === "")) return value;
  const result = op_urlpattern_canonicalize(which, value, protocol);
  if (result === null) throw new PatternError(FAILURE_MESSAGES[which]);
  return result;
}

const SPECIAL_SCHEMES = ["ftp", "file", "http", "https", "ws", "wss"];
const DEFAULT_PORTS = { __proto__: null, ftp: "21", http: "80", https: "443", ws: "80", wss: "443" };
const isSpecialScheme = (s) => s === "ftp" || s === "file" || s === "http" || s === "https" || s === "ws" ||
  s === "wss";

// --- Components ---------------------------------------------------------------

// https://urlpattern.spec.whatwg.org/#compile-a-component
// `kind` is the canonicalisation of its fixed text (C_*). A component is
// immutable (its RegExp has no state: no g or y flag), so the "*" that most
// components of most patterns are is compiled once per kind and options.
const wildcardComponents = new MapCtor();
function compileComponent(name, input, kind, options) {
  if (input !== "*") return compileComponentUncached(name, input, kind, options);
  const key = `${kind} ${options.delimiter} ${options.prefix} ${options.ignoreCase}`;
  let component = MapPrototypeGet(wildcardComponents, key);
  if (component === undefined) {
    component = compileComponentUncached(name, input, kind, options);
    MapPrototypeSet(wildcardComponents, key, component);
  }
  return component;
}

function compileComponentUncached(name, input, kind, options) {
  const parts = parsePatternString(input, options, (value) => canonicalize(kind, value));
  const { regexp, names } = generateRegexp(parts, options);
  const flags = options.ignoreCase ? "ui" : "u";
  let compiled;
  try {
    compiled = new RegExpCtor(regexp, flags);
  } catch (error) {
    // The crate checks the syntax with its own engine, which takes a lone ']'
    // or '}' that V8 rejects: Deno then reports V8's error its own way (in
    // the words of its newer V8: the source as written, then the flags).
    if (StringPrototypeIncludes(error.message, "Lone quantifier brackets")) {
      throw new TypeErrorCtor(`Failed to construct 'URLPattern': ${name} is invalid; Invalid regular expression: ` +
        `/${regexp}/${flags}: Lone quantifier brackets`);
    }
    throw new PatternError("regexp error");
  }
  let hasRegExpGroups = false;
  for (const part of parts) if (part.type === REGEXP_PART) hasRegExpGroups = true;
  return { patternString: generatePatternString(parts, options), regexp: compiled, names, hasRegExpGroups,
    matchesAll: regexp === "^(.*)$" };  // "*": no need to run the RegExp
}

function protocolComponentMatchesSpecialScheme(component) {
  for (const scheme of SPECIAL_SCHEMES) if (RegExpPrototypeTest(component.regexp, scheme)) return true;
  return false;
}

// --- The constructor string parser (https://urlpattern.spec.whatwg.org/#constructor-string-parsing)

function parseConstructorString(input) {
  const tokens = tokenize(input, false);
  const result = { __proto__: null };
  let componentStart = 0, tokenIndex = 0, tokenIncrement = 1, groupDepth = 0, ipv6BracketDepth = 0;
  let protocolMatchesSpecialScheme = false;
  let state = "init";

  const safeToken = (i) => (i < tokens.length ? tokens[i] : tokens[tokens.length - 1]);
  const isNonSpecialPatternChar = (i, value) => {
    const token = safeToken(i);
    return token.value === value && (token.type === CHAR || token.type === ESCAPED_CHAR || token.type === INVALID_CHAR);
  };
  const isSearchPrefix = () => {
    if (isNonSpecialPatternChar(tokenIndex, "?")) return true;
    if (tokens[tokenIndex].value !== "?") return false;
    if (tokenIndex === 0) return true;
    const previous = safeToken(tokenIndex - 1).type;
    return previous !== NAME && previous !== REGEXP && previous !== CLOSE && previous !== ASTERISK;
  };
  const makeComponentString = () =>
    StringPrototypeSlice(input, safeToken(componentStart).index, tokens[tokenIndex].index);
  const rewind = () => {
    tokenIndex = componentStart;
    tokenIncrement = 0;
  };
  const rewindAndSetState = (newState) => {
    rewind();
    state = newState;
  };
  const changeState = (newState, skip) => {
    if (state !== "init" && state !== "authority" && state !== "done") result[state] = makeComponentString();
    if (state !== "init" && newState !== "done") {
      const beforeHost = state === "protocol" || state === "authority" || state === "username" || state === "password";
      if (beforeHost && (newState === "port" || newState === "pathname" || newState === "search" ||
          newState === "hash") && result.hostname === undefined) {
        result.hostname = "";
      }
      if ((beforeHost || state === "hostname" || state === "port") && (newState === "search" || newState === "hash") &&
          result.pathname === undefined) {
        result.pathname = protocolMatchesSpecialScheme ? "/" : "";
      }
      if ((beforeHost || state === "hostname" || state === "port" || state === "pathname") && newState === "hash" &&
          result.search === undefined) {
        result.search = "";
      }
    }
    state = newState;
    tokenIndex += skip;
    componentStart = tokenIndex;
    tokenIncrement = 0;
  };

  while (tokenIndex < tokens.length) {
    tokenIncrement = 1;
    const token = tokens[tokenIndex];
    if (token.type === END) {
      if (state === "init") {
        rewind();
        if (isNonSpecialPatternChar(tokenIndex, "#")) changeState("hash", 1);
        else if (isSearchPrefix()) changeState("search", 1);
        else changeState("pathname", 0);
        tokenIndex += tokenIncrement;
        continue;
      }
      if (state === "authority") {
        rewindAndSetState("hostname");
        tokenIndex += tokenIncrement;
        continue;
      }
      changeState("done", 0);
      break;
    }
    if (token.type === OPEN) {
      groupDepth++;
      tokenIndex += tokenIncrement;
      continue;
    }
    if (groupDepth > 0) {
      if (token.type === CLOSE) {
        groupDepth--;
      } else {
        tokenIndex += tokenIncrement;
        continue;
      }
    }
    const is = (value) => isNonSpecialPatternChar(tokenIndex, value);
    switch (state) {
      case "init":
        if (is(":")) rewindAndSetState("protocol");
        break;
      case "protocol":
        if (is(":")) {
          const protocol = compileComponent("protocol", makeComponentString(), C_PROTOCOL, DEFAULT_OPTIONS);
          protocolMatchesSpecialScheme = protocolComponentMatchesSpecialScheme(protocol);
          let nextState = "pathname", skip = 1;
          if (isNonSpecialPatternChar(tokenIndex + 1, "/") && isNonSpecialPatternChar(tokenIndex + 2, "/")) {
            nextState = "authority";
            skip = 3;
          } else if (protocolMatchesSpecialScheme) {
            nextState = "authority";
          }
          changeState(nextState, skip);
        }
        break;
      case "authority":
        if (is("@")) rewindAndSetState("username");
        else if (is("/") || isSearchPrefix() || is("#")) rewindAndSetState("hostname");
        break;
      case "username":
        if (is(":")) changeState("password", 1);
        else if (is("@")) changeState("hostname", 1);
        break;
      case "password":
        if (is("@")) changeState("hostname", 1);
        break;
      case "hostname":
        if (is("[")) ipv6BracketDepth++;
        else if (is("]")) ipv6BracketDepth--;
        else if (is(":") && ipv6BracketDepth === 0) changeState("port", 1);
        else if (is("/")) changeState("pathname", 0);
        else if (isSearchPrefix()) changeState("search", 1);
        else if (is("#")) changeState("hash", 1);
        break;
      case "port":
        if (is("/")) changeState("pathname", 0);
        else if (isSearchPrefix()) changeState("search", 1);
        else if (is("#")) changeState("hash", 1);
        break;
      case "pathname":
        if (isSearchPrefix()) changeState("search", 1);
        else if (is("#")) changeState("hash", 1);
        break;
      case "search":
        if (is("#")) changeState("hash", 1);
        break;
    }
    tokenIndex += tokenIncrement;
  }
  if (result.hostname !== undefined && result.port === undefined) result.port = "";
  return result;
}

// --- URLPatternInit processing (https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit)

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

// The URL record's parts through the URL class (url.js): null when not a URL.
const URLParse = internals.URL.parse, URLCanParse = internals.URL.canParse;
function parseUrl(input, base) {
  const url = URLParse(input, base);
  if (url === null) return null;
  return {
    protocol: StringPrototypeSlice(url.protocol, 0, -1),
    username: url.username,
    password: url.password,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: StringPrototypeSlice(url.search, 1),
    hash: StringPrototypeSlice(url.hash, 1),
    // An opaque path, or an empty one: either way no directory to join to.
    opaquePath: url.pathname === "" || url.pathname[0] !== "/",
  };
}

// Why the URL parser rejected a base URL, in rust-url's words (Deno's): the
// authority is taken apart here and its host asked about on its own.
function baseUrlFailure(input) {
  const scheme = RegExpPrototypeExec(/^[\x00-\x20]*([A-Za-z][A-Za-z0-9+.-]*):/, input);
  if (scheme === null) return "relative URL without a base";
  const special = isSpecialScheme(StringPrototypeToLowerCase(scheme[1]));
  const rest = StringPrototypeReplace(StringPrototypeSlice(input, scheme[0].length), /[\t\n\r]/g, "");
  const authority = RegExpPrototypeExec(special ? /^[/\\]*([^/\\?#]*)/ : /^\/\/([^/?#]*)/, rest);
  if (authority === null) return "relative URL without a base";
  const hostAndPort = RegExpPrototypeExec(/^(?:.*@)?(\[[^\]]*\]?|[^:]*)(?::(.*))?$/s, authority[1]);
  const host = hostAndPort[1], port = hostAndPort[2];
  if (host === "") return special ? "empty host" : "invalid domain character";
  if (host[0] === "[") return "invalid IPv6 address";
  if (URLCanParse(`${special ? "http" : "foo"}://${host}/`)) return "invalid port number";
  if (port !== undefined && !RegExpPrototypeTest(/^[0-9]*$/, port)) return "invalid port number";
  if (!special) return "invalid domain character";
  const last = RegExpPrototypeExec(/([^.]*)\.?$/, host)[1];
  if (RegExpPrototypeTest(/^(?:0[xX][0-9A-Fa-f]*|[0-9]+)$/, last)) return "invalid IPv4 address";
  return "invalid international domain name";
}

function isAbsolutePathname(input, isPattern) {
  if (input === "") return false;
  if (input[0] === "/") return true;
  if (!isPattern || input.length < 2) return false;
  return StringPrototypeStartsWith(input, "\\/") || StringPrototypeStartsWith(input, "{/");
}

function processInit(init, isPattern, result) {
  const fromBase = (s) => (isPattern ? escapePatternString(s) : s);
  const has = (...names) => {
    for (const name of names) if (init[name] !== undefined) return true;
    return false;
  };
  let base = null;
  if (init.baseURL !== undefined) {
    base = parseUrl(init.baseURL);
    if (base === null) throw new PatternError(baseUrlFailure(init.baseURL));
    if (!has("protocol")) result.protocol = fromBase(base.protocol);
    if (!isPattern && !has("protocol", "hostname", "port", "username")) result.username = fromBase(base.username);
    if (!isPattern && !has("protocol", "hostname", "port", "username", "password")) {
      result.password = fromBase(base.password);
    }
    if (!has("protocol", "hostname")) result.hostname = fromBase(base.hostname);
    if (!has("protocol", "hostname", "port")) result.port = base.port;
    if (!has("protocol", "hostname", "port", "pathname")) result.pathname = fromBase(base.pathname);
    if (!has("protocol", "hostname", "port", "pathname", "search")) result.search = fromBase(base.search);
    if (!has("protocol", "hostname", "port", "pathname", "search", "hash")) result.hash = fromBase(base.hash);
  }
  if (init.protocol !== undefined) {
    let protocol = init.protocol;
    if (protocol !== "" && protocol[protocol.length - 1] === ":") protocol = StringPrototypeSlice(protocol, 0, -1);
    result.protocol = isPattern ? protocol : canonicalize(C_PROTOCOL, protocol);
  }
  if (init.username !== undefined) {
    result.username = isPattern ? init.username : canonicalize(C_USERNAME, init.username);
  }
  if (init.password !== undefined) {
    result.password = isPattern ? init.password : canonicalize(C_PASSWORD, init.password);
  }
  if (init.hostname !== undefined) {
    result.hostname = isPattern ? init.hostname : canonicalize(C_HOSTNAME, init.hostname);
  }
  if (init.port !== undefined) {
    result.port = isPattern ? init.port : canonicalize(C_PORT, init.port, result.protocol ?? "");
  }
  if (init.pathname !== undefined) {
    let pathname = init.pathname;
    if (base !== null && !base.opaquePath && !isAbsolutePathname(pathname, isPattern)) {
      const basePath = fromBase(base.pathname);
      const slash = StringPrototypeLastIndexOf(basePath, "/");
      if (slash >= 0) pathname = StringPrototypeSlice(basePath, 0, slash + 1) + pathname;
    }
    if (!isPattern) {
      // As Deno, a path from '/' is a special URL's whatever the protocol.
      const protocol = result.protocol ?? "";
      const special = protocol === "" || isSpecialScheme(protocol) || pathname[0] === "/";
      pathname = canonicalize(special ? C_PATHNAME : C_OPAQUE_PATHNAME, pathname);
    }
    result.pathname = pathname;
  }
  if (init.search !== undefined) {
    let search = init.search;
    if (search !== "" && search[0] === "?") search = StringPrototypeSlice(search, 1);
    result.search = isPattern ? search : canonicalize(C_SEARCH, search);
  }
  if (init.hash !== undefined) {
    let hash = init.hash;
    if (hash !== "" && hash[0] === "#") hash = StringPrototypeSlice(hash, 1);
    result.hash = isPattern ? hash : canonicalize(C_HASH, hash);
  }
  return result;
}

function isIPv6AddressPattern(s) {
  if (s.length < 2) return false;
  return StringPrototypeStartsWith(s, "[") || StringPrototypeStartsWith(s, "{[") || StringPrototypeStartsWith(s, "\\[");
}

// https://urlpattern.spec.whatwg.org/#url-pattern-create: the eight components.
function createComponents(input, baseURL, ignoreCase) {
  let init;
  if (typeof input === "string") {
    // As the crate, a base URL that is no URL fails before the pattern is read.
    if (baseURL !== undefined && parseUrl(baseURL) === null) throw new PatternError(baseUrlFailure(baseURL));
    init = parseConstructorString(input);
    if (baseURL === undefined && init.protocol === undefined) {
      throw new PatternError("a relative input without a base URL is not valid");
    }
    if (baseURL !== undefined) init.baseURL = baseURL;
  } else {
    if (baseURL !== undefined) {
      throw new PatternError("specifying both an init object, and a separate base URL is not valid");
    }
    init = input;
  }
  const processed = processInit(init, true, { __proto__: null });
  for (const name of COMPONENTS) if (processed[name] === undefined) processed[name] = "*";
  if (isSpecialScheme(processed.protocol) && processed.port === DEFAULT_PORTS[processed.protocol]) processed.port = "";

  // In the crate's order, which decides which error a pattern with several gets.
  const components = { __proto__: null };
  components.protocol = compileComponent("protocol", processed.protocol, C_PROTOCOL, DEFAULT_OPTIONS);
  const hostKind = isIPv6AddressPattern(processed.hostname) ? C_IPV6_HOSTNAME : C_HOSTNAME;
  components.hostname = compileComponent("hostname", processed.hostname, hostKind, HOSTNAME_OPTIONS);
  const options = { __proto__: null, delimiter: "", prefix: "", ignoreCase };
  // As Deno, an empty protocol pattern and a path from '/' get a special URL's paths too.
  if (components.protocol.patternString === "" || processed.pathname[0] === "/" ||
      protocolComponentMatchesSpecialScheme(components.protocol)) {
    const pathOptions = { __proto__: null, delimiter: "/", prefix: "/", ignoreCase };
    components.pathname = compileComponent("pathname", processed.pathname, C_PATHNAME, pathOptions);
  } else {
    components.pathname = compileComponent("pathname", processed.pathname, C_OPAQUE_PATHNAME, options);
  }
  components.username = compileComponent("username", processed.username, C_USERNAME, DEFAULT_OPTIONS);
  components.password = compileComponent("password", processed.password, C_PASSWORD, DEFAULT_OPTIONS);
  components.port = compileComponent("port", processed.port, C_PORT, DEFAULT_OPTIONS);
  components.search = compileComponent("search", processed.search, C_SEARCH, options);
  components.hash = compileComponent("hash", processed.hash, C_HASH, options);
  return components;
}

// Deno's framing of a construction error: the input (or the one component of
// an init that has one) quoted, a caret under a tokenizer error's place in a
// component, and a hint for a ':' that starts no name.
function constructionError(error, input) {
  if (!(error instanceof PatternError)) return error;
  let label = null, pattern = null;
  if (typeof input === "string") {
    label = "URLPattern";
    pattern = input;
  } else {
    for (const name of COMPONENTS) {
      if (input[name] === undefined) continue;
      if (label !== null) {
        label = null;
        break;
      }
      label = name;
      pattern = input[name];
    }
  }
  let message = error.message;
  if (label !== null) message = `Failed to parse ${label} from "${pattern}": ${error.message}`;
  if (label !== null && error.position >= 0 && typeof input !== "string") {
    message += `\n\n  ${pattern}\n  ${" ".repeat(error.position)}^`;
  }
  if (label !== null && StringPrototypeIncludes(error.message, "invalid name")) {
    message += '\n\n  hint: ":" starts a named group and must be followed by a name (a letter or "_", then ' +
      'letters, digits or "_"). To match a literal ":", escape it as "\\:".';
  }
  const framed = new TypeErrorCtor(message);
  ErrorCaptureStackTrace(framed, constructionError);  // the stack starts at the constructor
  return framed;
}

// --- WebIDL conversions -------------------------------------------------------

const { toUSVString } = internals.webidl;

// The dictionary's members in Deno's order (sorted by name), each read once.
const INIT_MEMBERS = ["baseURL", "hash", "hostname", "password", "pathname", "port", "protocol", "search", "username"];
function toURLPatternInput(value) {
  if (typeof value !== "object") return toUSVString(value);
  const init = { __proto__: null };
  if (value === null) return init;
  for (const name of INIT_MEMBERS) {
    const member = value[name];
    if (member !== undefined) init[name] = toUSVString(member);
  }
  return init;
}

function toOptions(value, prefix, position) {
  if (value === undefined || value === null) return false;
  if (typeof value !== "object" && typeof value !== "function") {
    throw new TypeErrorCtor(`${prefix}: Argument ${position} can not be converted to a dictionary`);
  }
  return !!value.ignoreCase;
}

// --- Matching (https://urlpattern.spec.whatwg.org/#url-pattern-match) --------

// The component values to match, or null when the input is no URL.
function matchInput(input, baseURL) {
  if (typeof input !== "string") {
    if (baseURL !== undefined) {
      throw new TypeErrorCtor("specifying both an init object, and a separate base URL is not valid");
    }
    try {
      return processInit(input, false, {
        protocol: "", username: "", password: "", hostname: "", port: "", pathname: "", search: "", hash: "",
      });
    } catch (error) {
      if (error instanceof PatternError) return null;
      throw error;
    }
  }
  if (baseURL !== undefined) return parseUrl(input, baseURL);  // null too when the base is no URL
  // A router tries one URL against pattern after pattern: parse it once.
  if (input !== lastMatchedInput) {
    lastMatchedValues = parseUrl(input);
    lastMatchedInput = input;
  }
  return lastMatchedValues;
}
let lastMatchedInput = null, lastMatchedValues = null;

const components = new WeakMapCtor();

function componentsOf(pattern) {
  const c = WeakMapPrototypeGet(components, pattern);
  if (c === undefined) throw new TypeErrorCtor("Illegal invocation");
  return c;
}

class URLPattern {
  constructor(input, baseURLOrOptions = undefined, options = undefined) {
    const prefix = "Failed to construct 'URLPattern'";
    let baseURL;
    let ignoreCase;
    if (typeof baseURLOrOptions === "string") {
      input = toURLPatternInput(input);
      baseURL = toUSVString(baseURLOrOptions);
      ignoreCase = toOptions(options, prefix, 3);
    } else {
      input = input === undefined ? { __proto__: null } : toURLPatternInput(input);
      ignoreCase = toOptions(baseURLOrOptions, prefix, 2);
    }
    let c;
    try {
      c = createComponents(input, baseURL, ignoreCase);
    } catch (error) {
      throw constructionError(error, input);
    }
    WeakMapPrototypeSet(components, this, c);
  }

  get protocol() { return componentsOf(this).protocol.patternString; }
  get username() { return componentsOf(this).username.patternString; }
  get password() { return componentsOf(this).password.patternString; }
  get hostname() { return componentsOf(this).hostname.patternString; }
  get port() { return componentsOf(this).port.patternString; }
  get pathname() { return componentsOf(this).pathname.patternString; }
  get search() { return componentsOf(this).search.patternString; }
  get hash() { return componentsOf(this).hash.patternString; }

  get hasRegExpGroups() {
    const c = componentsOf(this);
    for (const name of COMPONENTS) if (c[name].hasRegExpGroups) return true;
    return false;
  }

  test(input, baseURL = undefined) {
    const c = componentsOf(this);
    const prefix = "Failed to execute 'test' on 'URLPattern'";
    internals.webidl.requiredArguments(arguments.length, 1, prefix);
    input = toURLPatternInput(input);
    if (baseURL !== undefined) baseURL = toUSVString(baseURL);
    const values = matchInput(input, baseURL);
    if (values === null) return false;
    for (const name of COMPONENTS) {
      if (!c[name].matchesAll && !RegExpPrototypeTest(c[name].regexp, values[name])) return false;
    }
    return true;
  }

  exec(input, baseURL = undefined) {
    const c = componentsOf(this);
    const prefix = "Failed to execute 'exec' on 'URLPattern'";
    internals.webidl.requiredArguments(arguments.length, 1, prefix);
    input = toURLPatternInput(input);
    if (baseURL !== undefined) baseURL = toUSVString(baseURL);
    const values = matchInput(input, baseURL);
    if (values === null) return null;
    // Every component first (most patterns do not match), then the result.
    const matches = [];
    for (const name of COMPONENTS) {
      const match = c[name].matchesAll ? true : RegExpPrototypeExec(c[name].regexp, values[name]);
      if (match === null) return null;
      ArrayPrototypePush(matches, match);
    }
    const inputs = [typeof input === "string" ? input : { __proto__: null, ...input }];
    if (typeof input === "string" && baseURL !== undefined) ArrayPrototypePush(inputs, baseURL);
    const componentResult = (i) => {
      const name = COMPONENTS[i];
      const value = values[name];
      const names = c[name].names;
      let groups;
      if (matches[i] === true) {
        // A literal: storing the key "0" into an empty object is V8's slow path.
        groups = names[0] === "0" ? { "0": value } : { [names[0]]: value };
      } else {
        groups = {};
        for (let g = 0; g < names.length; g++) groups[names[g]] = matches[i][g + 1];
      }
      return { input: value, groups };
    };
    return {
      inputs, protocol: componentResult(0), username: componentResult(1), password: componentResult(2),
      hostname: componentResult(3), port: componentResult(4), pathname: componentResult(5), search: componentResult(6),
      hash: componentResult(7),
    };
  }
}

internals.webidl.inspectAttributes(URLPattern, [...COMPONENTS, "hasRegExpGroups"]);
internals.webidl.toStringTag(URLPattern);
for (const name of [...COMPONENTS, "hasRegExpGroups", "test", "exec"]) {
  const descriptor = Object.getOwnPropertyDescriptor(URLPattern.prototype, name);
  descriptor.enumerable = true;
  ObjectDefineProperty(URLPattern.prototype, name, descriptor);
}

internals.webidl.defineGlobal("URLPattern", URLPattern);
