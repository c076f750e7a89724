// 1,000,000 small chunks: a pulling source enqueues, a default reader reads.
const N = 1_000_000;
let i = 0;
const stream = new ReadableStream({
  pull(c) {
    for (let k = 0; k < 64 && i < N; k++) c.enqueue(i++);
    if (i === N) c.close();
  },
}, { highWaterMark: 64 });
const reader = stream.getReader();
let sum = 0;
for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  sum += value;
}
console.log("enqueue/read", sum);
