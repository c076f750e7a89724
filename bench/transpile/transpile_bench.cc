// Times transpile() (tree-sitter) and transpile_fast() (the scanner first) on
// two sources: seed 002's module shape (bench/cache/run.sh) and the large
// module of tests/unit/transpile_test.cc (LargeModule). Built by run.sh.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "runtime/transpile/transpile.h"

using namespace toolchain::transpile;

static std::string seedModule() {
  std::string m = "import { f1 } from \"./m1.ts\";\nimport { util } from \"../util.ts\";\n"
                  "export interface Shape0 { id: number; name: string; tags: string[] }\n"
                  "export function f0(n: number): number {\n  const items: Shape0[] = [];\n"
                  "  for (let i = 0; i < n; i++) items.push({ id: i, name: `item${i}`, tags: [\"a\", \"b\"] });\n"
                  "  return util(items.length) + f1(n);\n}\n";
  for (int k = 1; k <= 20; k++)
    m += "export const value" + std::to_string(k) + ": number = " + std::to_string(k) +
         " * 2; // padding to a realistic module size\n";
  return m;
}

static std::string largeModule() {
  std::string src;
  for (int i = 0; i < 1000; i++) {
    std::string n = std::to_string(i);
    src += "interface I" + n + " { a: number; b?: string }\n";
    src += "export function f" + n + "<T>(x: T, y: I" + n + "): T | undefined {\n";
    src += "  const z = y.a as number + " + n + ";\n";
    src += "  return z > 0 ? x! : undefined;\n";
    src += "}\n";
  }
  return src;
}

template <class F>
static double medianMicros(int runs, int inner, F f) {
  std::vector<double> t;
  for (int r = 0; r < runs; r++) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < inner; i++) f();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / inner);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  struct Case { const char* name; std::string src; int inner; } cases[] = {
      {"seed 002 module (1.8 KiB)", seedModule(), 200}, {"large module (150 KiB)", largeModule(), 3}};
  for (auto& c : cases) {
    if (transpile_fast(c.src, Dialect::TypeScript).code != transpile(c.src, Dialect::TypeScript).code) {
      std::printf("%s: outputs differ\n", c.name);
      return 1;
    }
    double tree = medianMicros(15, c.inner, [&] { transpile(c.src, Dialect::TypeScript); });
    double fast = medianMicros(15, c.inner, [&] { transpile_fast(c.src, Dialect::TypeScript); });
    std::printf("%-28s tree-sitter %9.1f us   transpile_fast %8.1f us   %5.1fx\n", c.name, tree, fast, tree / fast);
  }
}
