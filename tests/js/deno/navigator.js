// navigator as Deno 2.9.6 has it (but gpu and locks); its language depends on
// the environment, so it is checked in e2e/client/navigator_language.sh.
const proto = Object.getPrototypeOf(navigator);
console.log(Object.getOwnPropertyNames(proto).sort().filter((n) => n !== "gpu" && n !== "locks").join(" "));
console.log(navigator.hardwareConcurrency > 0, navigator.userAgent, navigator.platform);
console.log(navigator.language === navigator.languages[0], navigator.languages.length);
console.log(String(navigator), typeof Navigator, navigator instanceof Navigator);
console.log(Deno.inspect(navigator.userAgentData));
try { new Navigator(); } catch (e) { console.log(e.constructor.name + ": " + e.message); }
try { Navigator.prototype.userAgent; } catch (e) { console.log(e.constructor.name + ": " + e.message); }
const d = Object.getOwnPropertyDescriptor(globalThis, "navigator");
console.log(typeof d.get, typeof d.set, d.enumerable, d.configurable);
const a = Object.getOwnPropertyDescriptor(proto, "userAgent");
console.log(a.enumerable, a.configurable, typeof a.get, a.set);
globalThis.navigator = 42;
console.log(navigator instanceof Navigator);
