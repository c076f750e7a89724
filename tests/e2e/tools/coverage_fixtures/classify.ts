export function classify(n: number): string {
  if (n < 0) {
    return "negative";
  } else if (n === 0) {
    return "zero";
  }
  return "positive";
}

export function unused(): number {
  return 42;
}
