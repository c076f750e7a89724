// Every TypeScript construct the erasure handles, run end to end.
import type { Shape } from "./lib/shapes.ts";
import { type Point, area, origin } from "./lib/shapes.ts";
export type { Point };

interface Named {
  readonly name: string;
  greet?(other: Named): string;
}
type Pair<T> = [T, T];

enum Color { Red, Green = 5, Blue }
const enum Direction { Up = "UP", Down = "DOWN" }
enum Flags { None = 0, A = 1 << 0, B = 1 << 1, AB = A | B }

namespace Geometry {
  export const unit = 1;
  export function double(x: number): number { return x * 2 * unit; }
  export namespace Inner { export const deep = "deep"; }
}

declare const injected: number;
declare function external(): void;

abstract class Animal implements Named {
  abstract readonly name: string;
  constructor(protected readonly legs: number) {}
  abstract sound(): string;
  describe(): string { return `${this.name} has ${this.legs} legs and says ${this.sound()}`; }
}

class Dog extends Animal {
  readonly name = "dog";
  private tricks: string[] = [];
  constructor(public owner: string, legs = 4) { super(legs); }
  sound() { return "woof"; }
  learn<T extends string>(trick: T): this { this.tricks.push(trick); return this; }
  get count(): number { return this.tricks.length; }
}

function first<T>(items: readonly T[]): T | undefined { return items[0]; }
function overload(x: string): string;
function overload(x: number): number;
function overload(x: any): any { return typeof x === "string" ? x.toUpperCase() : x * 10; }

const config = { port: 8080, host: "localhost" } satisfies Record<string, string | number>;
const maybe: string | null = Math.random() > 2 ? null : "present";
const len = maybe!.length;
const casted = (JSON.parse("[1,2,3]") as number[]).map((n: number): number => n + 1);
const angle = <const T,>(x: T) => x;
const pair: Pair<number> = [1, 2];
let definite!: string;
definite = "assigned";

const dog = new Dog("ana").learn("sit").learn<"roll">("roll");
console.log(dog.describe(), dog.owner, dog.count);
console.log(Color.Red, Color.Green, Color.Blue, Color[6], Direction.Up, Flags.AB);
console.log(Geometry.double(21), Geometry.Inner.deep);
console.log(first(["a", "b"]), overload("hi"), overload(4));
console.log(config, len, casted, angle("x"), pair, definite);
const square: Shape = { kind: "square", side: 3 };
console.log(area(square), origin);
console.log(typeof injected === "undefined" ? "declare emits nothing" : "wrong");
