// Typed arrays, ArrayBuffer, SharedArrayBuffer, DataView.
console.log(new Uint8Array([1, 2, 3]));
console.log(new Int8Array([-1, 127]), new Uint8ClampedArray([300]), new Int16Array(2));
console.log(new Uint16Array([65535]), new Int32Array([-5]), new Uint32Array([7]));
console.log(new Float32Array([0.5, -0, 1.1]), new Float64Array([Math.PI, NaN]));
console.log(new BigInt64Array([1n, -2n]), new BigUint64Array([3n]));
console.log(new Uint8Array(0), new Float64Array(0));
console.log(new Uint8Array(120));
console.log(new Uint16Array(Array.from({ length: 20 }, (_, i) => i * 1000)));
const ta = new Uint8Array([1, 2]);
ta.extra = "x";
console.log(ta);
console.log(new ArrayBuffer(0));
console.log(new ArrayBuffer(8));
console.log(new Uint8Array([1, 2, 255, 16]).buffer);
console.log(new ArrayBuffer(150));
console.log(new SharedArrayBuffer(4));
console.log(new DataView(new ArrayBuffer(4), 1, 2));
console.log({ buf: new ArrayBuffer(3), view: new DataView(new ArrayBuffer(2)) });
console.log(Deno.inspect(new Uint8Array([5, 6]), { showHidden: true }));
console.log(Deno.inspect(new Uint8Array(0), { showHidden: true }));
class MyBytes extends Uint8Array {}
console.log(new MyBytes(2));
console.log([new Uint8Array(2), new ArrayBuffer(1)]);
