// A first program: TypeScript types, an enum, a class, a timer and Deno's API.
enum Mood { Calm, Busy }

interface Greeting {
  to: string;
  mood: Mood;
}

class Greeter {
  constructor(private readonly name: string) {}
  greet(g: Greeting): string {
    return `Hello, ${g.to}, from ${this.name} (${Mood[g.mood]})`;
  }
}

const greeter = new Greeter("toolchain");
console.log(greeter.greet({ to: Deno.args[0] ?? "world", mood: Mood.Calm }));
await new Promise<void>((resolve) => setTimeout(resolve, 10));
console.log("typed arrays:", new Uint8Array([1, 2, 3]), "map:", new Map([["a", 1]]));
