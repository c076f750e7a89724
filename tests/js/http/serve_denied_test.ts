// Without --allow-net, Deno.serve throws NotCapable before listening.
import { Shown } from "../shown.ts";

Deno.test("Without --allow-net, Deno.serve throws NotCapable before listening", async () => {
  const shown = new Shown();
  try {
    Deno.serve({ port: 0 }, () => new Response("x"));
  } catch (e) {
    shown.at(1, [e.constructor.name, e.message], ["NotCapable", "Requires net access to \"0.0.0.0:0\", run again with the --allow-net flag"]);
  }
  shown.done([1]);
});
