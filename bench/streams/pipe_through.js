// 200,000 chunks: source -> pipeThrough(TransformStream) -> pipeTo(WritableStream).
const N = 200_000;
let i = 0;
const source = new ReadableStream({
  pull(c) {
    for (let k = 0; k < 16 && i < N; k++) c.enqueue(i++);
    if (i === N) c.close();
  },
}, { highWaterMark: 16 });
const double = new TransformStream({ transform(chunk, c) { c.enqueue(chunk * 2); } });
let sum = 0;
await source.pipeThrough(double).pipeTo(new WritableStream({ write(chunk) { sum += chunk; } }));
console.log("pipeThrough", sum);
