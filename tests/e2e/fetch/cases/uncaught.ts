// An unhandled fetch failure: the error, then its cause.
const refused = Deno.env.get("REFUSED_PORT");
await fetch(`http://127.0.0.1:${refused}/`);
