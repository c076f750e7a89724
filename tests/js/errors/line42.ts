// Types are erased in place, so line 42 stays line 42.

interface Point {
  x: number;
  y: number;
}

type Pair<T> = [T, T];

enum Direction {
  Up = 1,
  Down,
}

abstract class Shape {
  abstract area(): number;
  describe(this: Shape): string {
    return `area ${this.area()}`;
  }
}

class Square extends Shape {
  constructor(private readonly side: number) {
    super();
  }
  area(): number {
    return this.side * this.side;
  }
}

function pair<T>(a: T, b: T): Pair<T> {
  return [a, b] as Pair<T>;
}

const p: Point = { x: 1, y: 2 } satisfies Point;
const s = new Square(3);
console.log(s.describe(), pair<number>(p.x, p.y), Direction.Down);

function fail(where: string): never {
  const message: string = `failed at ${where}`;
  // line 41
  throw new Error(message);   // line 42, column 9
}
fail("line 42");
