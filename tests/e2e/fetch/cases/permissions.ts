// --allow-net is checked per host and port.
const port = Deno.env.get("HTTP_PORT")!;
const res = await fetch(`http://127.0.0.1:${port}/text`);
console.log(await res.text());
for (const url of [`http://localhost:${port}/text`, "http://example.com/", "https://example.com/x", "http://[::1]:8080/"]) {
  try {
    await fetch(url);
  } catch (e) {
    console.log((e as Error).name, String(e).replaceAll(port, "PORT"));
  }
}
