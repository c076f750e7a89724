export interface Point { x: number; y: number }
export type Shape = { kind: "square"; side: number } | { kind: "circle"; radius: number };
export const origin: Point = { x: 0, y: 0 };
export function area(s: Shape): number {
  return s.kind === "square" ? s.side ** 2 : Math.PI * s.radius ** 2;
}
