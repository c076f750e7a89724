// Without --allow-net, Deno.serve throws NotCapable before listening.
import { Shown } from "../shown.ts";

Deno.test("Without --allow-net, Deno.serve throws NotCapable before listening", async () => {
  const shown = new Shown();
  try {
    Deno.serve({ port: 0 }, () => new Response("x"));
  } catch (e) {
    shown.at(1, [e.constructor.name, e.message], ["NotCapable", "Requires net access to \"0.0.0.0:0\", run again with the --allow-net flag"]);
  }
  // IPv6 hosts are named in brackets, as Deno does.
  for (const hostname of ["::1", "[::1]"]) {
    try {
      Deno.serve({ port: 0, hostname }, () => new Response("x"));
    } catch (e) {
      shown.at(2, [e.constructor.name, e.message], ["NotCapable", "Requires net access to \"[::1]:0\", run again with the --allow-net flag"],
        ["NotCapable", "Requires net access to \"[::1]:0\", run again with the --allow-net flag"]);
    }
  }
  shown.done([1, 2, 2]);
});
