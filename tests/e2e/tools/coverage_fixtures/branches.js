export function classify(n) {
  if (n < 0) {
    return "negative";
  } else if (n === 0) {
    return "zero";
  }
  return "positive";
}

export function unused() {
  return 42;
}

export const arrow = (x) => x > 1 ? "big" : "small";

export function loop(k) {
  let s = 0;
  for (let i = 0; i < k; i++) {
    if (i % 2) s += i;
  }
  try {
    if (k > 5) throw new Error("x");
  } catch {
    s = -1;
  }
  switch (k) {
    case 1: s += 1; break;
    case 2:
      s += 2;
      break;
    default:
      s = s;
  }
  return s && k || 0;
}
// a comment line
/* block
   comment */
export class A {
  m() { return 1; }
  n() {
    return 2;
  }
}
