// console.table: turns tabular data into a box-drawing table.
//
// Built-in script, wrapped as (function (core, internals) { "use strict"; ... })
// and run after inspect.js. Exports internals.consoleTable.

const {
  createContext,
  formatValue,
  getStringWidth,
  isMap,
  isSet,
  quoteString,
  uncurryThis,
} = internals.inspectImpl;

const ArrayIsArray = Array.isArray;
const ArrayPrototypeFill = uncurryThis(Array.prototype.fill);
const ArrayPrototypeJoin = uncurryThis(Array.prototype.join);
const ArrayPrototypePush = uncurryThis(Array.prototype.push);
const ArrayCtor = Array;
const MapPrototypeForEach = uncurryThis(Map.prototype.forEach);
const MathMax = Math.max;
const NumberIsInteger = Number.isInteger;
const ObjectHasOwn = Object.hasOwn;
const ObjectKeys = Object.keys;
const ReflectHas = Reflect.has;
const SetPrototypeForEach = uncurryThis(Set.prototype.forEach);
const StringCtor = String;
const StringPrototypeRepeat = uncurryThis(String.prototype.repeat);
const StringPrototypeSlice = uncurryThis(String.prototype.slice);
const SymbolIterator = Symbol.iterator;

const box = {
  __proto__: null,
  horizontal: "\u2500",
  cross: "\u253c",
  topLeft: "\u250c",
  topMiddle: "\u252c",
  topRight: "\u2510",
  leftMiddle: "\u251c",
  rightMiddle: "\u2524",
  bottomLeft: "\u2514",
  bottomMiddle: "\u2534",
  bottomRight: "\u2518",
  left: "\u2502 ",
  middle: " \u2502 ",
  right: " \u2502",
};

function renderRow(row, columnWidths, columnRightAlign) {
  let out = box.left;
  for (let i = 0; i < row.length; i++) {
    const cell = row[i];
    const padding = StringPrototypeRepeat(
      " ",
      columnWidths[i] - getStringWidth(cell),
    );
    out += columnRightAlign !== undefined && columnRightAlign[i]
      ? `${padding}${cell}`
      : `${cell}${padding}`;
    if (i !== row.length - 1) out += box.middle;
  }
  return out + box.right;
}

// head: column titles; columns[i]: the cells under head[i] (missing cells
// are empty). A column is right-aligned when all its cells are integers.
function renderTable(head, columns) {
  const rows = [];
  const columnWidths = [];
  const columnRightAlign = [];
  let longestColumn = 0;
  for (let i = 0; i < head.length; i++) {
    columnWidths[i] = getStringWidth(head[i]);
    columnRightAlign[i] = true;
  }
  for (let i = 0; i < columns.length; i++) {
    longestColumn = MathMax(longestColumn, columns[i].length);
  }
  for (let i = 0; i < head.length; i++) {
    const column = columns[i];
    for (let j = 0; j < longestColumn; j++) {
      if (rows[j] === undefined) rows[j] = [];
      const value = column !== undefined && ObjectHasOwn(column, j)
        ? column[j]
        : "";
      rows[j][i] = value;
      columnWidths[i] = MathMax(columnWidths[i], getStringWidth(value));
      columnRightAlign[i] = columnRightAlign[i] && NumberIsInteger(+value);
    }
  }

  const divider = [];
  for (let i = 0; i < columnWidths.length; i++) {
    divider[i] = StringPrototypeRepeat(box.horizontal, columnWidths[i] + 2);
  }
  let result = `${box.topLeft}${ArrayPrototypeJoin(divider, box.topMiddle)}` +
    `${box.topRight}\n${renderRow(head, columnWidths)}\n` +
    `${box.leftMiddle}${ArrayPrototypeJoin(divider, box.cross)}` +
    `${box.rightMiddle}\n`;
  for (let i = 0; i < rows.length; i++) {
    result += `${renderRow(rows[i], columnWidths, columnRightAlign)}\n`;
  }
  result += `${box.bottomLeft}${ArrayPrototypeJoin(divider, box.bottomMiddle)}` +
    box.bottomRight;
  return result;
}

// Cell text: strings quoted (and cut at strAbbreviateSize), everything else
// inspected one level deep on a single line.
function makeCellFormatter(colors) {
  const ctx = createContext({
    colors,
    depth: 1,
    compact: true,
    breakLength: Infinity,
  });
  return (value) => {
    if (typeof value === "string") {
      const limit = ctx.strAbbreviateSize === undefined
        ? 10_000
        : ctx.strAbbreviateSize;
      const text = value.length > limit
        ? StringPrototypeSlice(value, 0, limit) + "..."
        : value;
      return ctx.stylize(quoteString(text, ctx), "string");
    }
    return formatValue(ctx, value, 0);
  };
}

function iterableToArray(iterable) {
  const out = [];
  const iterator = iterable[SymbolIterator]();
  while (true) {
    const step = iterator.next();
    if (step.done) break;
    ArrayPrototypePush(out, step.value);
  }
  return out;
}

// Returns the table text for console.table(data, properties), or undefined
// when data is not an object (the caller then logs it plainly).
function consoleTable(data, properties, colors) {
  if (properties !== undefined && !ArrayIsArray(properties)) {
    throw new Error(
      "The 'properties' argument must be of type Array: received type " +
        typeof properties,
    );
  }
  if (data === null || typeof data !== "object") {
    return undefined;
  }

  const stringify = makeCellFormatter(colors);
  const isSetData = isSet(data);
  const isMapData = isMap(data);
  const isIterable = !isSetData && !isMapData && !ArrayIsArray(data) &&
    typeof data[SymbolIterator] === "function";
  const valuesKey = "Values";
  const indexKey = isSetData || isMapData || isIterable
    ? "(iter idx)"
    : "(idx)";

  let rowsData;
  if (isSetData) {
    rowsData = [];
    SetPrototypeForEach(data, (v) => ArrayPrototypePush(rowsData, v));
  } else if (isMapData) {
    rowsData = { __proto__: null };
    let idx = 0;
    MapPrototypeForEach(data, (v, k) => {
      rowsData[idx++] = { Key: k, Values: v };
    });
  } else if (isIterable) {
    rowsData = iterableToArray(data);
  } else {
    rowsData = data;
  }

  const keys = ObjectKeys(rowsData);
  const numRows = keys.length;
  const emptyColumn = () => ArrayPrototypeFill(new ArrayCtor(numRows), "");

  // Column name -> cells; a plain object so that its key order (integer
  // keys first) decides the column order, as in Deno.
  const columns = { __proto__: null };
  if (properties !== undefined) {
    for (let i = 0; i < properties.length; i++) {
      columns[properties[i]] = emptyColumn();
    }
  }
  const indexKeys = [];
  const values = [];
  let hasPrimitives = false;

  for (let idx = 0; idx < keys.length; idx++) {
    const k = keys[idx];
    const value = rowsData[k];
    const primitive = value === null ||
      (typeof value !== "function" && typeof value !== "object");
    if (properties === undefined && primitive) {
      hasPrimitives = true;
      ArrayPrototypePush(values, stringify(value));
    } else {
      const valueObj = value || {};
      const rowKeys = properties || ObjectKeys(valueObj);
      for (let i = 0; i < rowKeys.length; i++) {
        const rk = rowKeys[i];
        if (!primitive && ReflectHas(valueObj, rk)) {
          if (!ObjectHasOwn(columns, rk)) columns[rk] = emptyColumn();
          columns[rk][idx] = stringify(valueObj[rk]);
        }
      }
      ArrayPrototypePush(values, "");
    }
    ArrayPrototypePush(indexKeys, k);
  }

  const columnNames = ObjectKeys(columns);
  const head = [indexKey];
  const body = [indexKeys];
  if (properties !== undefined) {
    for (let i = 0; i < properties.length; i++) {
      if (properties[i]) ArrayPrototypePush(head, StringCtor(properties[i]));
    }
  } else {
    for (let i = 0; i < columnNames.length; i++) {
      if (columnNames[i]) ArrayPrototypePush(head, columnNames[i]);
    }
    if (!isMapData && hasPrimitives) ArrayPrototypePush(head, valuesKey);
  }
  for (let i = 0; i < columnNames.length; i++) {
    ArrayPrototypePush(body, columns[columnNames[i]]);
  }
  ArrayPrototypePush(body, values);
  return renderTable(head, body);
}

internals.consoleTable = consoleTable;
