export default {
  fetch: () => new Response("hi"),
  onListen(addr: Deno.NetAddr) {
    console.log(`own onListen: ${addr.transport} ${addr.hostname}`);
  },
};
