// Shapes: a second sample for the coverage rules.
export function area(shape) {
  switch (shape.kind) {
    case "square":
      return shape.size * shape.size;
    case "circle": {
      const r = shape.size / 2;
      return Math.PI * r * r;
    }
    default:
      // never reached by the tests
      throw new TypeError(`unknown shape ${shape.kind}`);
  }
}

export function describe(shape) {
  const a = area(shape);
  if (a > 100) return "large"; else return "small";
}

export function total(shapes) {
  let sum = 0;
  let i = 0;
  while (i < shapes.length) {
    sum += area(shapes[i]);
    i++;
  }
  const helper = () => {
    /* a helper that is never called */
    return sum * 2;
  };
  return sum > 0
    ? sum
    : -1;
}

export class Registry {
  #items = [];
  add(item) {
    this.#items.push(item);
    return this;
  }
  get size() { return this.#items.length; }
  clear() {
    this.#items = [];
  }
}

export const pick = (xs, f) => xs.filter((x) => f(x)).map((x) => x.kind);
