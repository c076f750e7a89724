// --allow-net is checked per host and port.
const port = Deno.env.get("HTTP_PORT")!;
const res = await fetch(`http://127.0.0.1:${port}/text`);
console.log(await res.text());
// A redirect to a host not allowed is refused when it is followed.
const toLocalhost = `http://127.0.0.1:${port}/redirect?status=302&to=${encodeURIComponent(`http://localhost:${port}/text`)}`;
for (const url of [`http://localhost:${port}/text`, "http://example.com/", "https://example.com/x", "http://[::1]:8080/", toLocalhost]) {
  try {
    await fetch(url);
  } catch (e) {
    console.log((e as Error).name, String(e).replaceAll(port, "PORT"));
  }
}
