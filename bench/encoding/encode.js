// TextEncoder.encode of a 1 KiB string (ASCII with some multi-byte text), 200,000 times.
const text = ("The quick brown fox jumps over the lazy dog. héllo wörld € 😀 ").repeat(16).slice(0, 1024);
const encoder = new TextEncoder();
let total = 0;
for (let i = 0; i < 200_000; i++) total += encoder.encode(text).length;
console.log(total);
