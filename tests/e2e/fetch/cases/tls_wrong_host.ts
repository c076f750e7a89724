// TLS failures with a trusted certificate: it names another host
// (wronghost.test only), and the localhost certificate's CA is not trusted now.
const wrongHost = Deno.env.get("WRONG_HOST_PORT")!;
const tls = Deno.env.get("HTTPS_PORT")!;
const clean = (s: string) => s.replaceAll(wrongHost, "WRONG").replaceAll(tls, "TLS");
for (const url of [`https://localhost:${wrongHost}/text`, `https://127.0.0.1:${wrongHost}/text`, `https://localhost:${tls}/text`]) {
  try {
    await fetch(url);
    console.log("resolved");
  } catch (e) {
    console.log(clean(String(e)));
    console.log("  cause:", clean(String((e as Error).cause)));
  }
}
