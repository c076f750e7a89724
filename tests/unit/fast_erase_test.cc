// The scanner that erases common TypeScript without a syntax tree
// (runtime/transpile/fast_erase.*) against the tree-sitter transpiler: when it
// takes a source its code must be transpile()'s, byte for byte; what it cannot
// handle with certainty it must leave to transpile().
#include "runtime/transpile/fast_erase.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/transpile/transpile.h"

using toolchain::transpile::Dialect;
using toolchain::transpile::Result;
using toolchain::transpile::transpile;
using toolchain::transpile::transpile_fast;
using toolchain::transpile::detail::eraseTypesFast;

namespace {

std::string errorsOf(const Result& r) {
  std::string s;
  for (const auto& e : r.errors) s += std::to_string(e.line) + ":" + std::to_string(e.column) + " " + e.message + "\n";
  return s;
}

// The scanner takes `source` and agrees with transpile().
void expectTaken(const std::string& source) {
  Result r = transpile(source, Dialect::TypeScript);
  ASSERT_EQ(errorsOf(r), "") << source;
  auto fast = eraseTypesFast(source);
  ASSERT_TRUE(fast.has_value()) << "not taken: " << source;
  EXPECT_EQ(*fast, r.code) << source;
}

// If the scanner takes `source`, it agrees with transpile(); an unsupported
// construct (a diagnostic of transpile()) is never taken.
bool checkAgainstTreeSitter(const std::string& source, const std::string& name) {
  Result r = transpile(source, Dialect::TypeScript);
  auto fast = eraseTypesFast(source);
  if (!r.errors.empty()) {
    bool unsupported = errorsOf(r).find("support") != std::string::npos ||
                       errorsOf(r).find("not permitted") != std::string::npos;
    if (unsupported) EXPECT_FALSE(fast.has_value()) << name << ": took what transpile() refuses: " << errorsOf(r);
    return false;
  }
  if (!fast) return false;
  EXPECT_EQ(*fast, r.code) << name;
  return true;
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(FastErase, EveryTypeScriptFileOfTheRepository) {
  namespace fs = std::filesystem;
  fs::path root = fs::path(TOOLCHAIN_TESTS_DIR).parent_path();
  int files = 0, taken = 0;
  for (const char* dir : {"tests", "bench", "runtime", "examples"}) {
    if (!fs::is_directory(root / dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      auto ext = entry.path().extension();
      if (!entry.is_regular_file() || (ext != ".ts" && ext != ".mts" && ext != ".cts")) continue;
      std::string source = readFile(entry.path());
      if (source.starts_with("\xEF\xBB\xBF")) source.erase(0, 3);  // as the loader reads it
      files++;
      taken += checkAgainstTreeSitter(source, entry.path().string());
    }
  }
  EXPECT_GT(files, 100);
  printf("%d of %d files taken\n", taken, files);
  // Most of the repository's TypeScript is common TypeScript.
  EXPECT_GT(taken * 2, files) << taken << " of " << files;
}

// The shape of seed 002's modules (bench/cache/run.sh).
TEST(FastErase, BenchModuleIsTaken) {
  std::string m = "import { f1 } from \"./m1.ts\";\nimport { util } from \"../util.ts\";\n"
                  "export interface Shape0 { id: number; name: string; tags: string[] }\n"
                  "export function f0(n: number): number {\n  const items: Shape0[] = [];\n"
                  "  for (let i = 0; i < n; i++) items.push({ id: i, name: `item${i}`, tags: [\"a\", \"b\"] });\n"
                  "  return util(items.length) + f1(n);\n}\n";
  for (int k = 1; k <= 20; k++)
    m += "export const value" + std::to_string(k) + ": number = " + std::to_string(k) + " * 2; // padding\n";
  expectTaken(m);
  EXPECT_EQ(transpile_fast(m, Dialect::TypeScript).code, transpile(m, Dialect::TypeScript).code);
}

TEST(FastErase, CommonTypeScriptIsTaken) {
  const char* const cases[] = {
      "let x: number = 1;",
      "const a: string = 'x', b: Array<Map<string, number[]>> = [];",
      "function f<T extends object = {}>(a: T, b?: number, ...rest: string[]): T | undefined { return a; }",
      "export async function g(x: Promise<void>): Promise<number> { await x; return 1; }",
      "const h = (a: number, b: { c: string }): string => b.c + a;",
      "const k = async (a: number) => a;\nconst l = x => x;",
      "let y = z as unknown as string; let w = q satisfies object; let c = [1] as const;",
      "let n = m!.p!; let d!: number;",
      "interface I<T> extends J<T>, K { a: number; b(c: string): void }\ntype U = A | B & { c: 1 };",
      "type F = (a: number) => void;\ntype G<T> = T extends string ? 'a' : T[];\nexport type H = keyof typeof obj;",
      "class C<T> extends D<T> implements E, F<T> {\n  private a: number = 1;\n  static readonly b?: string;\n"
      "  protected c!: number;\n  #d: string = '';\n  constructor(a: number) { super(); }\n"
      "  get e(): number { return 1; }\n  public async *gen<U>(x: U): AsyncGenerator<U> { yield x; }\n}",
      "const o = { a: 1, b, m<T>(x: T): T { return x; }, get g(): number { return 1; }, [k]: 2, ...rest };",
      "import type { T } from './t.ts';\nimport { type U, V } from './u.ts';\nexport { V };",
      "import { A, B } from './a.ts';\nlet q: A = B;",
      "import D, * as NS from './d.ts';\nconsole.log(NS);",
      "import D, { E } from './d.ts';\nlet x: E = D;",
      "export type { X } from './x.ts';\nexport * from './y.ts';\nexport * as z from './z.ts';",
      "try { f(); } catch (e: unknown) { g(e); } finally {}",
      "for (const [k, v] of Object.entries(o)) { if (k) continue; }\nfor (let i = 0; i < 10; i++) {}",
      "switch (x) { case 1: y(); break; default: z(); }",
      "const re = /a[/]b/g.test(s) ? 1 : 2;\nlet t = `a${b as string}c${`d${e}`}`;",
      "new Map<string, number>(); f<string>(x); a.b<C>(d);",
      // A `<` that is surely an operator, and type arguments with `;`, `=>` and `=` inside brackets.
      "if (a < b && c > d) {}\nwhile (i < xs.length) i++;\nlet lt = a < b; let ix = xs[i < n ? 0 : 1];",
      "f<{ a: 1; b: 2 }>(x); g<(a: number) => void>(h); k<[a?: string]>(y); m<-1 | 2>(z);",
      "function p(x: unknown): x is string { return true; }\nfunction q(x: unknown): asserts x {}",
      "let fn: <T>(x: T) => T = (x) => x;\nlet ctor: new () => object;",
      "label: for (;;) { break label; }\ndo { x++ } while (x < 3)",
      "export default function (a: number): number { return a; }",
      "export default class { x: number = 1 }",
      "const v = cond ? (a) : b;\nconst w = cond ? (a) => a : (b) => b;",
      "class X {\n  x = 1\n  private y = 2\n  readonly z = 3\n}",
      "let a = 1\ninterface I {}\n(a)",
      "let u: undefined | null | void | never | unknown | any | bigint | symbol | object;",
      "let tuple: [a: string, b?: number, ...rest: boolean[]] = ['x'];\nlet ro: readonly string[] = [];",
      "let idx: T['a']; let m: { [K in keyof T]?: T[K] }; let lit: -1 | 'x' | true;",
  };
  for (const char* c : cases) expectTaken(c);
}

TEST(FastErase, ConstructsLeftToTreeSitter) {
  const char* const cases[] = {
      "enum E { A, B }",
      "const enum E { A }",
      "namespace N { export const x = 1; }",
      "module M {}",
      "declare const x: number;",
      "declare global { interface Window {} }",
      "@dec class C {}",
      "class C { constructor(private a: number) {} }",
      "class C { constructor(readonly a: number) {} }",
      "abstract class C { abstract f(): void; }",
      "let x = <any>y;",
      "const f = <T,>(x: T) => x;",
      "function f(a: string): void;\nfunction f(a: any) {}",
      "class C { f(): void; f() {} }",
      "import x = require('y');",
      "import N = M.N;",
      "export = x;",
      "export as namespace X;",
      "using r = f();",
      "class C { accessor x = 1; }",
      "const r = /[\\p{L}]/v;",
      "import j from './a.json' with { type: 'json' };",
      "const m = import('./a.json', { with: { type: 'json' } });",
      "tag<string>`x`;",
      "const g = f<string>;",
      "let y = x as T\n(z)",
      "const f = (a): {\n  b: number\n} => a;",
      "interface I {}\nexport { I };",
      "import { A } from './a.ts';\nfunction f() { const [A] = x; }",
      "import { A } from './a.ts';\nfunction f({ A }) {}",
      "class C { [key: string]: unknown }",
      "if (x) /re/.test(y);",
      "let t: `a${string}`;",
      "function f(this: Window) {}",
      "#!/usr/bin/env -S deno run\nlet x: number = 1;",
      // U+2028 and U+2029 end a line comment for V8, not for tree-sitter.
      "let x: number = 1; // a \xE2\x80\xA8 b\nlet y: number = 2;",
      "let x: number = 1; // a \xE2\x80\xA9",
      "let x: number = 1; /* a \xE2\x80\xA8 b */",
  };
  for (const char* c : cases) EXPECT_FALSE(eraseTypesFast(c).has_value()) << "taken: " << c;
}

// transpile_fast on what the scanner does not take is transpile().
TEST(FastErase, FallsBackToTreeSitter) {
  std::string enums = "enum E { A = 1 }\nconsole.log(E.A);";
  EXPECT_EQ(transpile_fast(enums, Dialect::TypeScript).code, transpile(enums, Dialect::TypeScript).code);
  Result bad = transpile_fast("@dec class C {}", Dialect::TypeScript);
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].message, "Decorators are not supported yet");
  std::string js = "const x = 1;";
  EXPECT_EQ(transpile_fast(js, Dialect::JavaScript).code, js);
}

// Modules put together from valid pieces in random order and spacing, each
// compared with transpile() when the scanner takes it.
TEST(FastErase, GeneratedModulesAgree) {
  const std::vector<std::string> imports = {
      "import { A, B as B2, type C } from './a.ts';",
      "import type { D } from './d.ts';",
      "import E, { F } from './e.ts';",
      "import * as G from './g.ts';",
      "import H, * as H2 from './h.ts';",
      "import './side.ts';",
      "import {} from './empty.ts';",
  };
  const std::vector<std::string> pieces = {
      "let v1: A = B2;",
      "const v2: C[] = [];",
      "export const v3: number = E + 1",
      "export function v4<T>(x: T, y?: D): T { return x!; }",
      "function v5(a: F, b = G.x): void { if (a) return; }",
      "const v6 = (x: number, { y }: { y: string }): string => `${x}${y}`",
      "class V7<T> extends Base implements D {\n  private a = 1\n  readonly b: T | null = null;\n  m(x: A): void {}\n}",
      "interface V8 { a: number }",
      "type V9 = { [k: string]: V8 } | null",
      "export interface V10 extends V8 { b?: string }",
      "let v11 = obj as unknown as V8",
      "let v12 = F satisfies object",
      "const v13 = { a: 1, F, m(x: number): number { return x } }",
      "for (let i: number = 0; i < 3; i++) { total += i }",
      "export { v1, v2 as v2b }",
      "export default v1",
      "x = y\n[1, 2].forEach((n: number) => n)",
      "let v14 = cond ? (a: number): number => a : null",
      "const v15 = new Map<string, A>()",
      "let v16 = H2.f<number>(1)",
      "enum V17 { A }",
      "namespace V18 { export const q = 1 }",
      "export type V19 = typeof v1",
      "let v20 = <A>B2",
      "function v21(x: unknown): x is string { return typeof x === 'string' }",
      "a = b\n(c as any).d = 1",
      "let v22 = /x\\/y/gi, v23 = 4 / 2 / 1",
      "label: while (true) { break label }",
      "switch (E) { case 1: { break } default: }",
      "try { v1 } catch { v2 }",
      "export class V24 { static x?: number; static { init() } }",
      "const v25 = async <T>(x: T) => x",
      "let v26 = x!\n+y",
      "type V27<T> = T extends (infer U)[] ? U : never",
      "let v28: Array<Array<number>>= []",
      "const v29 = { async *[Symbol.iterator]() { yield 1 }, get [k]() { return 1 }, set v(x: number) {} }",
      "class V30 { 'quoted': number = 1; 42 = 2; static async m(): Promise<void> {} }",
      "let v31 = function named(a: number): void {}",
      "x = a ? b : c ? (d) : e",
      "let v32 = a < b ? c : d > e",
      "if (a) b()\nelse if (c) d()\nelse { e() }",
      "do x++; while (x < 5)",
      "let v33 = (a, b) => ({ a, b }), v34 = async function* () {}",
      "export { v1 as default }",
      "let v35 = new (Foo as any)()",
      "let v36 = arr.map((x): number => x * 2).filter(Boolean)",
      "let v37 = `${a}${`${b as string}`}`",
      "let v38 = obj?.a?.[b]?.(c)!",
      "let v39 = <const>['a']",
      "abstract class V40 {}",
      "let v41: unique symbol",
      "function v42(...args: [number, string?]): asserts args is [number] {}",
      "let v43 = a! + b!",
      "let v44 = { ['x' as string]: 1 }",
      "while (i-- > 0) total += i",
      "let v45 = /=>/.source, v46 = a / b / c",
      "try {} catch ({ message }) { console.log(message) }",
      "let v47 = F\n(A as any).x = 1",
      "let v48 = class extends Base<A> { static x?: F }",
      "const v49 = (x?: number, ...r: A[]): x is number => true",
  };
  const std::vector<std::string> seps = {";\n", "\n", "\n\n", ";", " ;\n  "};
  std::mt19937 rng(7);
  int taken = 0;
  for (int n = 0; n < 1000; n++) {
    std::string src;
    int ni = rng() % 4;
    for (int i = 0; i < ni; i++) src += imports[rng() % imports.size()] + "\n";
    int np = 2 + rng() % 7;
    for (int i = 0; i < np; i++) {
      std::string sep = seps[rng() % seps.size()];
      src += pieces[rng() % pieces.size()] + sep;
    }
    taken += checkAgainstTreeSitter(src, "generated module:\n" + src);
  }
  printf("%d of 1000 generated modules taken\n", taken);
  EXPECT_GT(taken, 200);
}

}  // namespace
