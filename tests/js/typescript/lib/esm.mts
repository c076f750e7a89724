export const fromMts = (n: number): string => `mts ${n satisfies number}`;
