// navigator: HTML's Navigator with the attributes Deno 2.9.6 gives it
// (hardwareConcurrency, userAgent, language, languages, platform,
// userAgentData); not gpu or locks, which we do not have.
const { op_hardware_concurrency, op_navigator_language } = core.ops;
const { inspectAttributes } = internals.webidl;
const illegal = Symbol("illegal constructor");
const userAgent = `Deno/${Deno.version.deno}`;
const platform = `Linux ${Deno.build.arch}`;

class NavigatorUAData {
  #brands = [{ brand: "Deno", version: "2" }];
  constructor(key = undefined) {
    if (key !== illegal) throw new TypeError("Illegal constructor");
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#brands in self)) throw new TypeError("Illegal invocation");
  }
  get brands() {
    NavigatorUAData.#check(this);
    return this.#brands;
  }
  get mobile() {
    NavigatorUAData.#check(this);
    return false;
  }
  get platform() {
    NavigatorUAData.#check(this);
    return "Linux";
  }
}

class Navigator {
  #userAgentData = null;
  constructor(key = undefined) {
    if (key !== illegal) throw new TypeError("Illegal constructor");
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#userAgentData in self)) throw new TypeError("Illegal invocation");
  }
  get hardwareConcurrency() {
    Navigator.#check(this);
    return op_hardware_concurrency();
  }
  get userAgent() {
    Navigator.#check(this);
    return userAgent;
  }
  get language() {
    Navigator.#check(this);
    return op_navigator_language();
  }
  get languages() {
    Navigator.#check(this);
    return [op_navigator_language()];
  }
  get platform() {
    Navigator.#check(this);
    return platform;
  }
  get userAgentData() {
    Navigator.#check(this);
    return (this.#userAgentData ??= new NavigatorUAData(illegal));
  }
}

// Attributes are enumerable, as WebIDL makes them.
for (const cls of [Navigator, NavigatorUAData]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (name !== "constructor") Object.defineProperty(cls.prototype, name, { enumerable: true });
  }
}
inspectAttributes(Navigator, ["hardwareConcurrency", "userAgent", "language", "languages", "platform", "userAgentData"]);
inspectAttributes(NavigatorUAData, ["brands", "mobile", "platform"]);

const navigator = new Navigator(illegal);
Object.defineProperty(globalThis, "navigator", {
  get() { return navigator; },
  set(value) {},  // as in Deno: an assignment leaves navigator as it is
  enumerable: true,
  configurable: true,
});
internals.webidl.defineGlobal("Navigator", Navigator);
internals.webidl.defineGlobal("NavigatorUAData", NavigatorUAData);
