// Proxies are shown through their target; no trap runs.
const log = [];
const handler = {
  get(target, key) {
    log.push(`get ${String(key)}`);
    return Reflect.get(target, key);
  },
  ownKeys(target) {
    log.push("ownKeys");
    return Reflect.ownKeys(target);
  },
  getOwnPropertyDescriptor(target, key) {
    log.push(`gopd ${String(key)}`);
    return Reflect.getOwnPropertyDescriptor(target, key);
  },
  getPrototypeOf(target) {
    log.push("getPrototypeOf");
    return Reflect.getPrototypeOf(target);
  },
  has(target, key) {
    log.push(`has ${String(key)}`);
    return Reflect.has(target, key);
  },
};
console.log(new Proxy({ a: 1, b: [2] }, handler));
console.log(new Proxy([1, 2, 3], handler));
console.log(new Proxy(function target() {}, handler));
console.log(new Proxy(new Map([[1, 2]]), handler));
console.log({ nested: new Proxy({ x: 1 }, handler) });
console.log("traps run:", log.length);
console.log(Deno.inspect(new Proxy({ a: 1 }, {}), { showProxy: true }));
console.log(Deno.inspect(new Proxy([1], { get() {} }), { showProxy: true }));
console.log(new Proxy(new Proxy({ inner: true }, {}), {}));
const { proxy, revoke } = Proxy.revocable({ revoked: false }, {});
revoke();
for (const options of [{}, { showProxy: true }]) {
  try {
    Deno.inspect(proxy, options);
  } catch (e) {
    console.log(e.name, e.message);
  }
}
