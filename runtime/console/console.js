// The global `console` object: printing, format specifiers, %c styling,
// counters, timers, groups, tables, traces. Also the body Deno prints for an
// uncaught error (internals.formatError).
//
// Built-in script, wrapped as (function (core, internals) { "use strict"; ... })
// and run after inspect.js and table.js. It installs globalThis.console and
// sets internals.console, internals.inspectArgs, internals.formatError.
//
// Ops (looked up at call time):
//   core.ops.op_print(text, toStderr)
//   core.ops.op_is_terminal(fd)      fd 1 or 2
//   core.ops.op_no_color()           true when NO_COLOR is set
//   core.ops.op_now()                milliseconds, monotonic

const {
  createContext,
  formatValue,
  replaceAllString,
  splitString,
  uncurryThis,
} = internals.inspectImpl;
const consoleTable = internals.consoleTable;
const inspect = internals.inspect;

const ArrayIsArray = Array.isArray;
const ArrayPrototypeIncludes = uncurryThis(Array.prototype.includes);
const ArrayPrototypeJoin = uncurryThis(Array.prototype.join);
const ArrayPrototypePush = uncurryThis(Array.prototype.push);
const ErrorCaptureStackTrace = Error.captureStackTrace;
const JSONStringify = JSON.stringify;
const MapCtor = Map;
const MapPrototypeDelete = uncurryThis(Map.prototype.delete);
const MapPrototypeGet = uncurryThis(Map.prototype.get);
const MapPrototypeHas = uncurryThis(Map.prototype.has);
const MapPrototypeSet = uncurryThis(Map.prototype.set);
const MathAbs = Math.abs;
const MathMax = Math.max;
const MathMin = Math.min;
const MathRound = Math.round;
const NumberCtor = Number;
const NumberParseFloat = Number.parseFloat;
const NumberParseInt = Number.parseInt;
const NumberPrototypeToFixed = uncurryThis(Number.prototype.toFixed);
const ObjectCreate = Object.create;
const ObjectDefineProperty = Object.defineProperty;
const ObjectPrototypeIsPrototypeOf = uncurryThis(Object.prototype.isPrototypeOf);
const ReflectApply = Reflect.apply;
const StringCtor = String;
const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf);
const StringPrototypeRepeat = uncurryThis(String.prototype.repeat);
const StringPrototypeSlice = uncurryThis(String.prototype.slice);
const StringPrototypeStartsWith = uncurryThis(String.prototype.startsWith);
const StringPrototypeTrim = uncurryThis(String.prototype.trim);
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const SymbolCtor = Symbol;
const SymbolToStringTag = Symbol.toStringTag;

// ---------------------------------------------------------------------------
// Output

function print(text, toStderr) {
  core.ops.op_print(text, toStderr);
}

function noColor(fd) {
  const ops = core.ops;
  return (typeof ops.op_no_color === "function" && ops.op_no_color()) ||
    typeof ops.op_is_terminal !== "function" || !ops.op_is_terminal(fd);
}

function now() {
  return core.ops.op_now();
}

// ---------------------------------------------------------------------------
// %c: CSS to ANSI

// CSS named colours as "name hex" pairs.
const namedColors = new MapCtor();
{
  const list =
    "black 000000 silver c0c0c0 gray 808080 white ffffff maroon 800000 " +
    "red ff0000 purple 800080 fuchsia ff00ff green 008000 lime 00ff00 " +
    "olive 808000 yellow ffff00 navy 000080 blue 0000ff teal 008080 " +
    "aqua 00ffff orange ffa500 aliceblue f0f8ff antiquewhite faebd7 " +
    "aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 " +
    "blanchedalmond ffebcd blueviolet 8a2be2 brown a52a2a " +
    "burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 " +
    "chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc " +
    "crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b " +
    "darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 " +
    "darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b " +
    "darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc " +
    "darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f " +
    "darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f " +
    "darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 " +
    "deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff " +
    "firebrick b22222 floralwhite fffaf0 forestgreen 228b22 " +
    "gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520 " +
    "greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 " +
    "indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c " +
    "lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00 " +
    "lemonchiffon fffacd lightblue add8e6 lightcoral f08080 " +
    "lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 " +
    "lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 " +
    "lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa " +
    "lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de " +
    "lightyellow ffffe0 limegreen 32cd32 linen faf0e6 magenta ff00ff " +
    "mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 " +
    "mediumpurple 9370db mediumseagreen 3cb371 mediumslateblue 7b68ee " +
    "mediumspringgreen 00fa9a mediumturquoise 48d1cc " +
    "mediumvioletred c71585 midnightblue 191970 mintcream f5fffa " +
    "mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead oldlace fdf5e6 " +
    "olivedrab 6b8e23 orangered ff4500 orchid da70d6 " +
    "palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee " +
    "palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f " +
    "pink ffc0cb plum dda0dd powderblue b0e0e6 rosybrown bc8f8f " +
    "royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 " +
    "sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d " +
    "skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 " +
    "snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c " +
    "thistle d8bfd8 tomato ff6347 turquoise 40e0d0 violet ee82ee " +
    "wheat f5deb3 whitesmoke f5f5f5 yellowgreen 9acd32 " +
    "rebeccapurple 663399";
  const parts = splitString(list, " ");
  for (let i = 0; i + 1 < parts.length; i += 2) {
    MapPrototypeSet(namedColors, parts[i], "#" + parts[i + 1]);
  }
}

function isHexDigit(c) {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) ||
    (c >= 0x61 && c <= 0x66);
}

function isHexString(str) {
  for (let i = 0; i < str.length; i++) {
    if (!isHexDigit(StringPrototypeCharCodeAt(str, i))) return false;
  }
  return true;
}

// [+-]?\d*\.?\d+
function isCssNumber(str) {
  let i = 0;
  if (str[i] === "+" || str[i] === "-") i++;
  let intDigits = 0;
  while (i < str.length && str[i] >= "0" && str[i] <= "9") {
    i++;
    intDigits++;
  }
  if (i === str.length) return intDigits > 0;
  if (str[i] !== ".") return false;
  i++;
  let fracDigits = 0;
  while (i < str.length && str[i] >= "0" && str[i] <= "9") {
    i++;
    fracDigits++;
  }
  return i === str.length && fracDigits > 0;
}

// Arguments of "name(a, b, c[, d])"; `percent` marks the arguments that
// must end in "%". Returns undefined when the text does not match.
function parseCssFunction(str, names, percent) {
  let open = -1;
  for (let i = 0; i < names.length; i++) {
    if (StringPrototypeStartsWith(str, names[i] + "(")) {
      open = names[i].length;
      break;
    }
  }
  if (open === -1 || str[str.length - 1] !== ")") return undefined;
  const args = splitString(StringPrototypeSlice(str, open + 1, -1), ",");
  if (args.length !== 3 && args.length !== 4) return undefined;
  const out = [];
  for (let i = 0; i < args.length; i++) {
    let arg = StringPrototypeTrim(args[i]);
    if (percent[i]) {
      if (arg[arg.length - 1] !== "%") return undefined;
      arg = StringPrototypeSlice(arg, 0, -1);
    }
    if (!isCssNumber(arg)) return undefined;
    ArrayPrototypePush(out, NumberCtor(arg));
  }
  return out;
}

function parseCssColor(colorString) {
  const named = MapPrototypeGet(namedColors, colorString);
  if (named !== undefined) colorString = named;
  if (colorString[0] === "#") {
    const hex = StringPrototypeSlice(colorString, 1);
    if (isHexString(hex)) {
      if (hex.length === 6 || hex.length === 8) {
        return [
          NumberParseInt(StringPrototypeSlice(hex, 0, 2), 16),
          NumberParseInt(StringPrototypeSlice(hex, 2, 4), 16),
          NumberParseInt(StringPrototypeSlice(hex, 4, 6), 16),
        ];
      }
      if (hex.length === 3 || hex.length === 4) {
        return [
          NumberParseInt(hex[0] + hex[0], 16),
          NumberParseInt(hex[1] + hex[1], 16),
          NumberParseInt(hex[2] + hex[2], 16),
        ];
      }
    }
  }
  const rgb = parseCssFunction(colorString, ["rgb", "rgba"], [
    false,
    false,
    false,
    false,
  ]);
  if (rgb !== undefined) {
    return [
      MathRound(MathMax(0, MathMin(255, rgb[0]))),
      MathRound(MathMax(0, MathMin(255, rgb[1]))),
      MathRound(MathMax(0, MathMin(255, rgb[2]))),
    ];
  }
  const hsl = parseCssFunction(colorString, ["hsl", "hsla"], [
    false,
    true,
    true,
    false,
  ]);
  if (hsl !== undefined) {
    let h = hsl[0] % 360;
    if (h < 0) h += 360;
    const s = MathMax(0, MathMin(100, hsl[1])) / 100;
    const l = MathMax(0, MathMin(100, hsl[2])) / 100;
    const c = (1 - MathAbs(2 * l - 1)) * s;
    const x = c * (1 - MathAbs((h / 60) % 2 - 1));
    const m = l - c / 2;
    let r, g, b;
    if (h < 60) {
      r = c, g = x, b = 0;
    } else if (h < 120) {
      r = x, g = c, b = 0;
    } else if (h < 180) {
      r = 0, g = c, b = x;
    } else if (h < 240) {
      r = 0, g = x, b = c;
    } else if (h < 300) {
      r = x, g = 0, b = c;
    } else {
      r = c, g = 0, b = x;
    }
    return [
      MathRound((r + m) * 255),
      MathRound((g + m) * 255),
      MathRound((b + m) * 255),
    ];
  }
  return null;
}

function getDefaultCss() {
  return {
    backgroundColor: null,
    color: null,
    fontWeight: null,
    fontStyle: null,
    textDecorationColor: null,
    textDecorationLine: [],
  };
}

function splitWhitespace(str) {
  const out = [];
  let current = "";
  for (let i = 0; i < str.length; i++) {
    const ch = str[i];
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f") {
      if (current !== "") {
        ArrayPrototypePush(out, current);
        current = "";
      } else if (i === 0) {
        ArrayPrototypePush(out, "");
      }
    } else {
      current += ch;
    }
  }
  ArrayPrototypePush(out, current);
  return out;
}

const textDecorationLines = ["line-through", "overline", "underline"];

// The subset of CSS Deno understands for %c.
function parseCss(cssString) {
  const css = getDefaultCss();
  const rawEntries = [];
  let inValue = false;
  let currentKey = null;
  let parenthesesDepth = 0;
  let currentPart = "";
  for (let i = 0; i < cssString.length; i++) {
    const c = cssString[i];
    if (c === "(") {
      parenthesesDepth++;
    } else if (parenthesesDepth > 0) {
      if (c === ")") parenthesesDepth--;
    } else if (inValue) {
      if (c === ";") {
        const value = StringPrototypeTrim(currentPart);
        if (value !== "") ArrayPrototypePush(rawEntries, [currentKey, value]);
        currentKey = null;
        currentPart = "";
        inValue = false;
        continue;
      }
    } else if (c === ":") {
      currentKey = StringPrototypeTrim(currentPart);
      currentPart = "";
      inValue = true;
      continue;
    }
    currentPart += c;
  }
  if (inValue && parenthesesDepth === 0) {
    const value = StringPrototypeTrim(currentPart);
    if (value !== "") ArrayPrototypePush(rawEntries, [currentKey, value]);
  }

  for (let i = 0; i < rawEntries.length; i++) {
    const key = rawEntries[i][0];
    const value = rawEntries[i][1];
    if (key === "background-color") {
      css.backgroundColor = value;
    } else if (key === "color") {
      css.color = value;
    } else if (key === "font-weight") {
      if (value === "bold") css.fontWeight = value;
    } else if (key === "font-style") {
      if (
        value === "italic" || value === "oblique" || value === "oblique 14deg"
      ) {
        css.fontStyle = "italic";
      }
    } else if (key === "text-decoration-line") {
      css.textDecorationLine = [];
      const lineTypes = splitWhitespace(value);
      for (let j = 0; j < lineTypes.length; j++) {
        if (ArrayPrototypeIncludes(textDecorationLines, lineTypes[j])) {
          ArrayPrototypePush(css.textDecorationLine, lineTypes[j]);
        }
      }
    } else if (key === "text-decoration-color") {
      const color = parseCssColor(value);
      if (color !== null) css.textDecorationColor = color;
    } else if (key === "text-decoration") {
      css.textDecorationColor = null;
      css.textDecorationLine = [];
      const args = splitWhitespace(value);
      for (let j = 0; j < args.length; j++) {
        const maybeColor = parseCssColor(args[j]);
        if (maybeColor !== null) {
          css.textDecorationColor = maybeColor;
        } else if (ArrayPrototypeIncludes(textDecorationLines, args[j])) {
          ArrayPrototypePush(css.textDecorationLine, args[j]);
        }
      }
    }
  }
  return css;
}

function colorEquals(a, b) {
  return a?.[0] == b?.[0] && a?.[1] == b?.[1] && a?.[2] == b?.[2];
}

const basicColors = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"];

// SGR for a foreground (base 30, 38, reset 39) or background (40, 48, 49).
function colorToAnsi(color, base) {
  if (color === null) return `\x1b[${base + 9}m`;
  for (let i = 0; i < basicColors.length; i++) {
    if (color === basicColors[i]) return `\x1b[${base + i}m`;
  }
  const rgb = ArrayIsArray(color) ? color : parseCssColor(color);
  if (rgb === null) return `\x1b[${base + 9}m`;
  return `\x1b[${base + 8};2;${rgb[0]};${rgb[1]};${rgb[2]}m`;
}

// The escape codes that change the style from prevCss to css.
function cssToAnsi(css, prevCss = null) {
  prevCss = prevCss ?? getDefaultCss();
  let ansi = "";
  if (!colorEquals(css.backgroundColor, prevCss.backgroundColor)) {
    ansi += colorToAnsi(css.backgroundColor, 40);
  }
  if (!colorEquals(css.color, prevCss.color)) {
    ansi += colorToAnsi(css.color, 30);
  }
  if (css.fontWeight != prevCss.fontWeight) {
    ansi += css.fontWeight === "bold" ? "\x1b[1m" : "\x1b[22m";
  }
  if (css.fontStyle != prevCss.fontStyle) {
    ansi += css.fontStyle === "italic" ? "\x1b[3m" : "\x1b[23m";
  }
  if (!colorEquals(css.textDecorationColor, prevCss.textDecorationColor)) {
    if (css.textDecorationColor !== null) {
      const c = css.textDecorationColor;
      ansi += `\x1b[58;2;${c[0]};${c[1]};${c[2]}m`;
    } else {
      ansi += "\x1b[59m";
    }
  }
  const lines = [
    ["line-through", "\x1b[9m", "\x1b[29m"],
    ["overline", "\x1b[53m", "\x1b[55m"],
    ["underline", "\x1b[4m", "\x1b[24m"],
  ];
  for (let i = 0; i < lines.length; i++) {
    const has = ArrayPrototypeIncludes(css.textDecorationLine, lines[i][0]);
    if (has !== ArrayPrototypeIncludes(prevCss.textDecorationLine, lines[i][0])) {
      ansi += has ? lines[i][1] : lines[i][2];
    }
  }
  return ansi;
}

// ---------------------------------------------------------------------------
// Formatting console arguments

const defaultIndent = "  ";

// JSON for %j; circular structures print as [Circular].
function tryStringify(value) {
  try {
    return JSONStringify(value);
  } catch (err) {
    if (isCircularJsonError(err)) return "[Circular]";
    throw err;
  }
}

let circularJsonMessage;
function isCircularJsonError(err) {
  if (circularJsonMessage === undefined) {
    try {
      const a = {};
      a.a = a;
      JSONStringify(a);
    } catch (e) {
      circularJsonMessage = splitString(e.message, "\n")[0];
    }
  }
  return err !== null && typeof err === "object" &&
    ObjectPrototypeIsPrototypeOf(TypeErrorCtor.prototype, err) &&
    typeof err.message === "string" &&
    splitString(err.message, "\n")[0] === circularJsonMessage;
}

// console.log's text for its arguments: a leading format string takes
// arguments for %s %d %i %f %j %o %O %c (%% is a percent sign); the rest
// follow separated by spaces, strings as they are, others inspected.
function formatArgs(args, ctx) {
  const first = args[0];
  let a = 0;
  let string = "";

  if (typeof first === "string" && args.length > 1) {
    a++;
    // first[appendedChars..] is not in `string` yet.
    let appendedChars = 0;
    let usedStyle = false;
    let prevCss = null;
    for (let i = 0; i < first.length - 1; i++) {
      if (first[i] !== "%") continue;
      const char = first[++i];
      if (a < args.length) {
        let formatted = null;
        switch (char) {
          case "s":
            formatted = StringCtor(args[a++]);
            break;
          case "d":
          case "i": {
            const value = args[a++];
            formatted = typeof value === "symbol"
              ? "NaN"
              : `${NumberParseInt(StringCtor(value))}`;
            break;
          }
          case "f": {
            const value = args[a++];
            formatted = typeof value === "symbol"
              ? "NaN"
              : `${NumberParseFloat(StringCtor(value))}`;
            break;
          }
          case "j":
            formatted = tryStringify(args[a++]);
            break;
          case "o":
          case "O":
            formatted = formatValue(ctx, args[a++], 0);
            break;
          case "c": {
            const value = args[a++];
            if (ctx.colors) {
              const css = parseCss(StringCtor(value));
              formatted = cssToAnsi(css, prevCss);
              if (formatted !== "") {
                usedStyle = true;
                prevCss = css;
              }
            } else {
              formatted = "";
            }
            break;
          }
        }
        if (formatted !== null && formatted !== undefined) {
          string += StringPrototypeSlice(first, appendedChars, i - 1) + formatted;
          appendedChars = i + 1;
        }
      }
      if (char === "%") {
        string += StringPrototypeSlice(first, appendedChars, i - 1) + "%";
        appendedChars = i + 1;
      }
    }
    string += StringPrototypeSlice(first, appendedChars);
    if (usedStyle) string += "\x1b[0m";
  }

  for (; a < args.length; a++) {
    if (a > 0) string += " ";
    string += typeof args[a] === "string" ? args[a] : formatValue(ctx, args[a], 0);
  }

  if (ctx.indentLevel > 0) {
    const groupIndent = StringPrototypeRepeat(defaultIndent, ctx.indentLevel);
    string = groupIndent + replaceAllString(string, "\n", `\n${groupIndent}`);
  }
  return string;
}

// Exposed for other built-ins (e.g. Deno's node compatibility layer).
function inspectArgs(args, inspectOptions = { __proto__: null }) {
  const ctx = createContext(inspectOptions, {
    colors: inspectOptions.colors ?? !noColor(1),
  });
  return formatArgs(args, ctx);
}

// ---------------------------------------------------------------------------
// The console object

const countMap = new MapCtor();
const timerMap = new MapCtor();
let indentLevel = 0;

function consoleContext(fd, extra) {
  const ctx = createContext(extra, { colors: !noColor(fd) });
  ctx.indentLevel = indentLevel;
  return ctx;
}

function printArgs(args, toStderr) {
  const ctx = consoleContext(toStderr ? 2 : 1);
  print(formatArgs(args, ctx) + "\n", toStderr);
}

function formatDuration(ms) {
  if (ms < 1) return NumberPrototypeToFixed(ms, 3);
  if (ms < 10) return NumberPrototypeToFixed(ms, 2);
  if (ms < 100) return NumberPrototypeToFixed(ms, 1);
  return NumberPrototypeToFixed(ms, 0);
}

const console = ObjectCreate({}, {
  [SymbolToStringTag]: {
    __proto__: null,
    value: "console",
    writable: false,
    enumerable: false,
    configurable: true,
  },
});

// Methods are own, enumerable properties, each with its own name and a
// length of 0, like Deno's.
function method(name, fn, length = 0) {
  ObjectDefineProperty(fn, "name", { __proto__: null, value: name });
  ObjectDefineProperty(fn, "length", { __proto__: null, value: length });
  defineData(console, name, fn);
  return fn;
}

function defineData(obj, key, value) {
  ObjectDefineProperty(obj, key, {
    __proto__: null,
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

method("log", (...args) => {
  printArgs(args, false);
});

method("debug", (...args) => {
  printArgs(args, false);
});

method("info", (...args) => {
  printArgs(args, false);
});

method("dir", (obj = undefined, options = { __proto__: null }) => {
  const ctx = consoleContext(1, options);
  print(formatArgs([obj], ctx) + "\n", false);
});

method("dirxml", (...args) => {
  printArgs(args, false);
});

method("warn", (...args) => {
  printArgs(args, true);
});

method("error", (...args) => {
  printArgs(args, true);
});

method("assert", (condition = false, ...args) => {
  if (condition) return;
  if (args.length === 0) {
    printArgs(["Assertion failed"], true);
  } else if (typeof args[0] === "string") {
    args[0] = `Assertion failed: ${args[0]}`;
    printArgs(args, true);
  } else {
    printArgs(prepend("Assertion failed:", args), true);
  }
});

method("count", (label = "default") => {
  label = StringCtor(label);
  const current = (MapPrototypeGet(countMap, label) ?? 0) + 1;
  MapPrototypeSet(countMap, label, current);
  print(`${label}: ${current}\n`, false);
});

method("countReset", (label = "default") => {
  label = StringCtor(label);
  if (MapPrototypeHas(countMap, label)) {
    MapPrototypeSet(countMap, label, 0);
  } else {
    print(`Count for '${label}' does not exist\n`, true);
  }
});

method("table", (data = undefined, properties = undefined) => {
  const table = consoleTable(data, properties, !noColor(1));
  printArgs([table === undefined ? data : table], false);
});

method("time", (label = "default") => {
  label = StringCtor(label);
  if (MapPrototypeHas(timerMap, label)) {
    print(`Timer '${label}' already exists\n`, true);
    return;
  }
  MapPrototypeSet(timerMap, label, now());
});

method("timeLog", (label = "default", ...args) => {
  label = StringCtor(label);
  const start = MapPrototypeGet(timerMap, label);
  if (start === undefined) {
    print(`Timer '${label}' does not exist\n`, true);
    return;
  }
  const duration = formatDuration(now() - start);
  printArgs(prepend(`${label}: ${duration}ms`, args), false);
});

method("timeEnd", (label = "default") => {
  label = StringCtor(label);
  const start = MapPrototypeGet(timerMap, label);
  if (start === undefined) {
    print(`Timer '${label}' does not exist\n`, true);
    return;
  }
  MapPrototypeDelete(timerMap, label);
  print(`${label}: ${formatDuration(now() - start)}ms\n`, false);
});

const group = (...label) => {
  if (label.length > 0) {
    // Through the console object, so a replaced console.log sees the label.
    ReflectApply(console.log, console, label);
  }
  indentLevel++;
};
method("group", group);
method("groupCollapsed", (...label) => {
  ReflectApply(group, undefined, label);
});

method("groupEnd", () => {
  if (indentLevel > 0) indentLevel--;
});

method("clear", () => {
  indentLevel = 0;
  print("\x1b[1;1H", false);
  print("\x1b[0J", false);
});

const trace = method("trace", (...args) => {
  const ctx = consoleContext(2);
  ctx.indentLevel = 0;
  const err = { name: "Trace", message: formatArgs(args, ctx) };
  ErrorCaptureStackTrace(err, trace);
  print(err.stack + "\n", true);
});

method("profile", (_label) => {});
method("profileEnd", (_label) => {});
method("timeStamp", (_label) => {});

// A plain snapshot value, like Deno's (the live level is internal).
defineData(console, "indentLevel", 0);

// console.createTask / console.context come from V8's inspector in Deno.
method("createTask", (name) => {
  if (typeof name !== "string" || name === "") {
    throw new ErrorCtor("First argument must be a non-empty string.");
  }
  const run = function (fn) {
    if (typeof fn !== "function") {
      throw new ErrorCtor("First argument must be a function.");
    }
    return fn();
  };
  ObjectDefineProperty(run, "name", { __proto__: null, value: "run" });
  const task = {};
  defineData(task, "run", run);
  return task;
});

method("context", (_name) => {
  const names = [
    ["dir", "dir"],
    ["dirXml", "dirxml"],
    ["table", "table"],
    ["groupEnd", "groupEnd"],
    ["clear", "clear"],
    ["count", "count"],
    ["countReset", "countReset"],
    ["profile", "profile"],
    ["profileEnd", "profileEnd"],
    ["debug", "debug"],
    ["error", "error"],
    ["info", "info"],
    ["log", "log"],
    ["warn", "warn"],
    ["trace", "trace"],
    ["group", "group"],
    ["groupCollapsed", "groupCollapsed"],
    ["assert", "assert"],
    ["time", "time"],
    ["timeLog", "timeLog"],
    ["timeEnd", "timeEnd"],
    ["timeStamp", "timeStamp"],
  ];
  const ctxObj = {};
  for (let i = 0; i < names.length; i++) {
    const target = console[names[i][1]];
    const fn = function (...args) {
      return ReflectApply(target, console, args);
    };
    ObjectDefineProperty(fn, "name", { __proto__: null, value: names[i][0] });
    defineData(ctxObj, names[i][0], fn);
  }
  return ctxObj;
}, 1);

defineData(console, SymbolCtor("isConsoleInstance"), true);

function prepend(first, rest) {
  const out = [first];
  for (let i = 0; i < rest.length; i++) ArrayPrototypePush(out, rest[i]);
  return out;
}

// ---------------------------------------------------------------------------
// Uncaught errors

// The text Deno prints after "error: Uncaught " (or "error: Uncaught (in
// promise) ") for an uncaught exception:
//
//   Error: message            first line from the current name and message
//       <errors>              AggregateError: each error, indented by 4
//   <source line>             only when options.getSourceLine knows it
//   <caret>
//       at ...                the frames of error.stack
//   Caused by: ...            the cause chain, each formatted the same way
//
// Non-error values are inspected. options:
//   colors         colour like Deno does (it colours unless NO_COLOR is set)
//   cwd            working directory, dimmed in file: URLs (default op_cwd)
//   getSourceLine  (fileName, lineNumber) -> source text of that line, or
//                  undefined; used for the line under the first frame
function formatError(error, options = { __proto__: null }) {
  const colors = !!options.colors;
  let cwd = options.cwd;
  if (cwd === undefined && typeof core.ops.op_cwd === "function") {
    try {
      cwd = core.ops.op_cwd();
    } catch {
      cwd = undefined;
    }
  }
  const state = {
    colors,
    cwdPrefix: typeof cwd === "string"
      ? "file://" + cwd + (cwd[cwd.length - 1] === "/" ? "" : "/")
      : undefined,
    getSourceLine: options.getSourceLine,
  };
  return formatUncaught(error, state, true);
}

function isErrorLike(value) {
  return value !== null && typeof value === "object" &&
    internals.inspectImpl.isError(value);
}

function formatUncaught(error, state, topLevel) {
  if (!isErrorLike(error)) {
    return inspect(error);
  }
  // A cause chain that loops back is cut: "Error: a <ref *1>" ...
  // "Caused by: [Circular *1]".
  const chain = [];
  let link = error;
  while (isErrorLike(link) && !ArrayPrototypeIncludes(chain, link)) {
    ArrayPrototypePush(chain, link);
    try {
      link = link.cause;
    } catch {
      link = undefined;
    }
  }
  const loopsTo = ArrayPrototypeIncludes(chain, link) ? link : undefined;
  return formatErrorChain(error, state, topLevel, loopsTo);
}

function formatErrorChain(error, state, topLevel, loopsTo) {
  let stack;
  let name;
  let message;
  try {
    stack = error.stack;
  } catch {
    stack = undefined;
  }
  try {
    name = error.name;
  } catch {
    name = undefined;
  }
  try {
    message = error.message;
  } catch {
    message = undefined;
  }

  let out = errorHeader(name, message);
  if (error === loopsTo) out += " " + colorIf(state, "<ref *1>", "\x1b[36m");
  let errors;
  try {
    errors = error.errors;
  } catch {
    errors = undefined;
  }
  if (ArrayIsArray(errors)) {
    for (let i = 0; i < errors.length; i++) {
      const item = errors[i];
      const text = formatUncaught(item, state, false);
      out += "\n" + indentLines(text, "    ");
    }
  }

  const frames = typeof stack === "string" ? stackFrames(stack) : [];
  if (topLevel && frames.length > 0 && typeof state.getSourceLine === "function") {
    const location = parseFrameLocation(frames[0]);
    if (location !== undefined) {
      const source = state.getSourceLine(location.file, NumberCtor(location.line));
      if (typeof source === "string") {
        out += "\n" + source + "\n" + caretLine(source, NumberCtor(location.column), state.colors);
      }
    }
  }
  for (let i = 0; i < frames.length; i++) {
    out += "\n" + (state.colors ? colorFrame(frames[i], state.cwdPrefix) : frames[i]);
  }

  let hasCause = false;
  let cause;
  try {
    hasCause = "cause" in error;
    cause = error.cause;
  } catch {
    hasCause = false;
  }
  if (hasCause && cause !== undefined) {
    out += "\nCaused by: " + (cause === loopsTo
      ? colorIf(state, "[Circular *1]", "\x1b[36m")
      : isErrorLike(cause)
      ? formatErrorChain(cause, state, false, loopsTo)
      : inspect(cause));
  }
  return out;
}

// Like Error.prototype.toString.
function errorHeader(name, message) {
  const n = name === undefined ? "Error" : StringCtor(name);
  const m = message === undefined ? "" : StringCtor(message);
  if (n === "") return m;
  if (m === "") return n;
  return `${n}: ${m}`;
}

// The "    at ..." lines of a stack string.
function stackFrames(stack) {
  const lines = splitString(stack, "\n");
  const frames = [];
  let i = 0;
  while (i < lines.length && !StringPrototypeStartsWith(lines[i], "    at ")) i++;
  for (; i < lines.length; i++) {
    if (StringPrototypeStartsWith(lines[i], "    at ")) {
      ArrayPrototypePush(frames, lines[i]);
    }
  }
  return frames;
}

function indentLines(text, indent) {
  const lines = splitString(text, "\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== "") lines[i] = indent + lines[i];
  }
  return ArrayPrototypeJoin(lines, "\n");
}

function lastIndexOfChar(str, ch) {
  for (let i = str.length - 1; i >= 0; i--) {
    if (str[i] === ch) return i;
  }
  return -1;
}

function isDigits(str) {
  if (str.length === 0) return false;
  for (let i = 0; i < str.length; i++) {
    const c = StringPrototypeCharCodeAt(str, i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

// "    at fn (loc)" / "    at loc" -> { fnName, file, line, column }, where
// loc is file:line:column. Undefined when the frame has no such location.
function parseFrame(frame) {
  let rest = StringPrototypeSlice(frame, 7);
  let asyncPrefix = "";
  let fnName;
  if (StringPrototypeStartsWith(rest, "async ")) {
    asyncPrefix = "async ";
    rest = StringPrototypeSlice(rest, 6);
  }
  let loc = rest;
  if (rest[rest.length - 1] === ")") {
    const open = StringPrototypeIndexOf(rest, " (");
    if (open !== -1) {
      fnName = StringPrototypeSlice(rest, 0, open);
      loc = StringPrototypeSlice(rest, open + 2, -1);
    }
  }
  const lastColon = lastIndexOfChar(loc, ":");
  const head = lastColon === -1 ? "" : StringPrototypeSlice(loc, 0, lastColon);
  const midColon = lastIndexOfChar(head, ":");
  if (
    midColon <= 0 ||
    !isDigits(StringPrototypeSlice(loc, lastColon + 1)) ||
    !isDigits(StringPrototypeSlice(head, midColon + 1))
  ) {
    return { asyncPrefix, fnName, loc, file: undefined };
  }
  return {
    asyncPrefix,
    fnName,
    loc,
    file: StringPrototypeSlice(head, 0, midColon),
    line: StringPrototypeSlice(head, midColon + 1),
    column: StringPrototypeSlice(loc, lastColon + 1),
  };
}

function parseFrameLocation(frame) {
  const parsed = parseFrame(frame);
  return parsed.file === undefined ? undefined : parsed;
}

// Spaces (tabs kept) up to the column, then a caret.
function caretLine(source, column, colors) {
  let pad = "";
  for (let i = 0; i < column - 1 && i < source.length; i++) {
    pad += source[i] === "\t" ? "\t" : " ";
  }
  for (let i = source.length; i < column - 1; i++) pad += " ";
  return colors ? `\x1b[0m\x1b[31m${pad}^\x1b[0m` : `${pad}^`;
}

function colorIf(state, text, codes) {
  return state.colors ? sgr(text, codes) : text;
}

function sgr(text, codes) {
  return `\x1b[0m${codes}${text}\x1b[0m`;
}
const dimGray = "\x1b[2m\x1b[38;5;245m";

// Deno's frame colours: function name bold italic, working directory dim,
// rest of the path cyan, line and column yellow; runtime-internal frames
// (ext:, node:) entirely dim.
function colorFrame(frame, cwdPrefix) {
  const parsed = parseFrame(frame);
  const loc = parsed.loc;
  if (StringPrototypeStartsWith(loc, "ext:") || StringPrototypeStartsWith(loc, "node:")) {
    let out = "    " + sgr("at ", dimGray) + parsed.asyncPrefix;
    if (parsed.fnName !== undefined) {
      out += sgr(parsed.fnName, dimGray) + sgr(" (", dimGray);
    }
    if (parsed.file !== undefined) {
      out += sgr(parsed.file, dimGray) + sgr(":", dimGray) + sgr(parsed.line, dimGray) +
        sgr(":", dimGray) + sgr(parsed.column, dimGray);
    } else {
      out += sgr(loc, dimGray);
    }
    if (parsed.fnName !== undefined) out += sgr(")", dimGray);
    return out;
  }
  let out = "    at " + parsed.asyncPrefix;
  if (parsed.fnName !== undefined) {
    let fn = parsed.fnName;
    let keyword = "";
    const keywords = ["new "];
    for (let i = 0; i < keywords.length; i++) {
      if (StringPrototypeStartsWith(fn, keywords[i])) {
        keyword = keywords[i];
        fn = StringPrototypeSlice(fn, keyword.length);
        break;
      }
    }
    out += keyword + sgr(fn, "\x1b[1m\x1b[3m") + " (";
  }
  if (parsed.file !== undefined) {
    let file = parsed.file;
    if (cwdPrefix !== undefined && StringPrototypeStartsWith(file, cwdPrefix)) {
      out += sgr(cwdPrefix, dimGray);
      file = StringPrototypeSlice(file, cwdPrefix.length);
    }
    out += sgr(file, "\x1b[36m") + ":" + sgr(parsed.line, "\x1b[33m") + ":" +
      sgr(parsed.column, "\x1b[33m");
  } else {
    out += sgr(loc, "\x1b[36m");
  }
  if (parsed.fnName !== undefined) out += ")";
  return out;
}

// ---------------------------------------------------------------------------

ObjectDefineProperty(globalThis, "console", {
  __proto__: null,
  value: console,
  writable: true,
  enumerable: false,
  configurable: true,
});

internals.console = console;
internals.inspectArgs = inspectArgs;
internals.formatError = formatError;
internals.parseCss = parseCss;
internals.parseCssColor = parseCssColor;
internals.cssToAnsi = cssToAnsi;
