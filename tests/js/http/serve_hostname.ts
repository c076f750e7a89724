// Deno.serve's hostname: a name, IPv6 (also in brackets), the wildcard
// addresses (the default onListen's text for each goes to stderr), names
// that do not resolve, and malformed ones.
for (const hostname of ["localhost", "::1", "[::1]", "::", "0.0.0.0", "127.0.0.1"]) {
  const server = Deno.serve({ port: 0, hostname }, (_req, info) => new Response(info.remoteAddr.hostname));
  const { addr } = server;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const target = addr.hostname === "::" ? "[::1]" : addr.hostname === "0.0.0.0" ? "127.0.0.1" : host;
  const response = await fetch(`http://${target}:${addr.port}/`);
  console.log(JSON.stringify(hostname), "->", addr.transport, addr.hostname, "client seen as", await response.text());
  await server.shutdown();
}
for (const hostname of ["no-such-host.invalid", "256.1.1.1", "", "a b"]) {
  try {
    Deno.serve({ port: 0, hostname, onListen() {} }, () => new Response());
  } catch (e) {
    console.log(JSON.stringify(hostname), e.constructor.name, e.message);
  }
}
