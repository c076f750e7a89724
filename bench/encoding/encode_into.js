// TextEncoder.encodeInto of a 1 KiB string into a reused buffer, 200,000 times.
const text = ("The quick brown fox jumps over the lazy dog. héllo wörld € 😀 ").repeat(16).slice(0, 1024);
const encoder = new TextEncoder();
const buffer = new Uint8Array(4096);
let total = 0;
for (let i = 0; i < 200_000; i++) total += encoder.encodeInto(text, buffer).written;
console.log(total);
