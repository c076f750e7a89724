import { classify } from "./classify.ts";
Deno.test("classify", () => {
  if (classify(-1) !== "negative") throw new Error("bad");
  if (classify(5) !== "positive") throw new Error("bad");
});
