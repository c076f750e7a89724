// TextDecoder.decode of 1 KiB of UTF-8 (ASCII with some multi-byte text), 200,000 times,
// then of 1 KiB of pure ASCII.
const text = ("The quick brown fox jumps over the lazy dog. héllo wörld € 😀 ").repeat(16).slice(0, 1024);
const bytes = new TextEncoder().encode(text);
const ascii = new TextEncoder().encode("x".repeat(1024));
const decoder = new TextDecoder();
let total = 0;
for (let i = 0; i < 200_000; i++) total += decoder.decode(bytes).length;
for (let i = 0; i < 200_000; i++) total += decoder.decode(ascii).length;
console.log(total);
