// The engine's own cost of `await` on a fulfilled promise, the floor under
// every ReadableStream read in web.mjs: one iteration is 20 awaits of
// Promise.resolve({ value, done }), as a reader loop over 20 chunks does.
//   <runtime> await.mjs      prints "20 awaits\t<ns per iteration>" three times
async function twentyAwaits() {
  let n = 0;
  for (let i = 0; i < 20; i++) {
    const { done } = await Promise.resolve({ value: i, done: false });
    if (!done) n++;
  }
  return n;
}
const N = 100000;
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < N / 4; i++) await twentyAwaits();   // warm-up
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await twentyAwaits();
  console.log(`20 awaits\t${((performance.now() - t0) * 1e6 / N).toFixed(0)}`);
}
