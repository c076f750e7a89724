import { area, describe, total, Registry, pick } from "./shapes.js";
Deno.test("shapes", () => {
  area({ kind: "square", size: 3 });
  describe({ kind: "square", size: 20 });
  describe({ kind: "circle", size: 2 });
  total([{ kind: "square", size: 1 }, { kind: "circle", size: 4 }]);
  const r = new Registry().add(1).add(2);
  if (r.size !== 2) throw new Error("size");
  pick([{ kind: "square", size: 1 }], () => false);
});
