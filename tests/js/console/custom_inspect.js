// Custom inspection hooks.
const customInspect = Symbol.for("Deno.customInspect");
const nodeCustom = Symbol.for("nodejs.util.inspect.custom");
class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  [customInspect]() {
    return `Point(${this.x}, ${this.y})`;
  }
}
console.log(new Point(1, 2));
console.log([new Point(3, 4)], { p: new Point(5, 6) });
console.log(`${Deno.inspect(new Point(7, 8))}`);
class Multi {
  [customInspect]() {
    return "line one\nline two";
  }
}
console.log({ nested: { m: new Multi() } });
class UsesInspect {
  constructor() {
    this.data = { a: [1, 2, 3] };
  }
  [customInspect](inspect, options) {
    return `UsesInspect ${inspect(this.data, options)}`;
  }
}
console.log(new UsesInspect());
console.log({ wrapped: new UsesInspect() });
class ReturnsNumber {
  [customInspect]() {
    return 42;
  }
}
console.log(new ReturnsNumber());
class NodeStyle {
  [nodeCustom](depth, options, inspect) {
    return `NodeStyle depth=${depth} ${typeof options.stylize} ${inspect === Deno.inspect}`;
  }
}
console.log(new NodeStyle());
console.log({ a: { b: new NodeStyle() } });
class NodeReturnsObject {
  [nodeCustom]() {
    return { replaced: true };
  }
}
console.log(new NodeReturnsObject());
class NodeReturnsThis {
  constructor() {
    this.kept = 1;
  }
  [nodeCustom]() {
    return this;
  }
}
console.log(new NodeReturnsThis());
class NodeMultiline {
  [nodeCustom]() {
    return "first\nsecond";
  }
}
console.log({ deep: { n: new NodeMultiline() } });
console.log(Deno.inspect(new Point(0, 0), { customInspect: false }));
const both = {
  [customInspect]() {
    return "deno wins";
  },
  [nodeCustom]() {
    return "node";
  },
};
console.log(both);
const prototypeHook = Object.create({
  [customInspect]() {
    return "from prototype";
  },
});
console.log(prototypeHook);
console.log(Deno.inspect({ p: new Point(1, 1) }, { colors: true }));
