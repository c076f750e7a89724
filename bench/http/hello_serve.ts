// Seed 000's handler as seed 004's `deno serve` module: `export default { fetch }`.
export default {
  fetch(req: Request) {
    const headers = [...req.headers];
    return new Response("ok");
  },
};
