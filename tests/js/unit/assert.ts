// Assertions for the project's own `toolchain test` suites (no remote std/assert).
export class AssertionError extends Error {
  override name = "AssertionError";
}

function show(value: unknown): string {
  return Deno.inspect(value, { depth: 10, sorted: true });
}

export function assert(condition: unknown, message = "expected a truthy value"): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export function assertEquals(actual: unknown, expected: unknown, message?: string): void {
  const a = show(actual), e = show(expected);
  if (a !== e) throw new AssertionError(message ?? `values differ:\n  actual:   ${a}\n  expected: ${e}`);
}

export function assertThrows(fn: () => unknown, cls: new (...args: never[]) => Error, includes?: string): Error {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof cls)) throw new AssertionError(`expected ${cls.name}, got ${show(error)}`);
    if (includes && !error.message.includes(includes))
      throw new AssertionError(`expected the message to include ${show(includes)}, got ${show(error.message)}`);
    return error;
  }
  throw new AssertionError(`expected ${cls.name} to be thrown`);
}

export async function assertRejects(fn: () => Promise<unknown>, cls: new (...args: never[]) => Error): Promise<Error> {
  try {
    await fn();
  } catch (error) {
    if (!(error instanceof cls)) throw new AssertionError(`expected ${cls.name}, got ${show(error)}`);
    return error;
  }
  throw new AssertionError(`expected ${cls.name} to be rejected`);
}
