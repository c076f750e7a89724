// Unit tests of the type-erasing TypeScript transpiler (runtime/transpile).
// Erasure cases check exact output: the input with the type text replaced by
// spaces, so every line and column is unchanged.
#include "runtime/transpile/transpile.h"

#include <gtest/gtest.h>

#include "runtime/transpile/fast_erase.h"

#include <string>
#include <thread>
#include <vector>

using toolchain::transpile::Dialect;
using toolchain::transpile::Result;
using toolchain::transpile::transpile;
using toolchain::transpile::transpile_fast;

namespace {

std::string errorsOf(const Result& r) {
  std::string s;
  for (const auto& e : r.errors)
    s += std::to_string(e.line) + ":" + std::to_string(e.column) + " " + e.message + "\n";
  return s;
}

// Transpiles TypeScript that must succeed.
// Every case also holds the scanner (transpile_fast's first try) to the same
// code whenever it takes the source.
std::string ts(std::string_view source) {
  Result r = transpile(source, Dialect::TypeScript);
  EXPECT_EQ(errorsOf(r), "") << "source: " << source;
  if (auto fast = toolchain::transpile::detail::eraseTypesFast(source))
    EXPECT_EQ(*fast, r.code) << "the scanner differs on: " << source;
  return r.code;
}

std::string js(std::string_view source) {
  Result r = transpile(source, Dialect::JavaScript);
  EXPECT_EQ(errorsOf(r), "") << "source: " << source;
  return r.code;
}

// Pure erasure: same length, same line breaks, only spaces (or ';') differ.
void expectErased(std::string_view source, std::string_view expected) {
  ASSERT_EQ(source.size(), expected.size()) << "bad test: " << expected;
  EXPECT_EQ(ts(source), expected);
}

// The single diagnostic of a source, as "line:column message".
std::string diagnostic(std::string_view source, Dialect d = Dialect::TypeScript) {
  Result r = transpile(source, d);
  EXPECT_EQ(r.errors.size(), 1u) << errorsOf(r);
  return r.errors.empty() ? "" : errorsOf(r).substr(0, errorsOf(r).size() - 1);
}

// ---------------------------------------------------------------------------
// Erasure

TEST(TranspileErase, VariableAnnotation) {
  expectErased("let x: number = 1;", "let x         = 1;");
}

TEST(TranspileErase, ParametersAndReturnType) {
  expectErased("function f(a: string, b?: number): void {}",
               "function f(a        , b         )       {}");
}

TEST(TranspileErase, ThisParameter) {
  expectErased("function f(this: Foo, a: T) {}", "function f(           a   ) {}");
  expectErased("function g(this: Foo) {}", "function g(         ) {}");
}

TEST(TranspileErase, TypeParameters) {
  expectErased("function id<T extends object = {}>(x: T): T { return x; }",
               "function id                       (x   )    { return x; }");
}

TEST(TranspileErase, GenericArrowWithTrailingComma) {
  expectErased("const f = <T,>(x: T) => x;", "const f =     (x   ) => x;");
}

TEST(TranspileErase, AsyncGenericArrow) {
  expectErased("const g = async <T>(x: T): Promise<T> => x;",
               "const g = async    (x   )             => x;");
}

TEST(TranspileErase, CallAndNewTypeArguments) {
  expectErased("foo<string>(1); new Map<string, number>();",
               "foo        (1); new Map                ();");
}

TEST(TranspileErase, InstantiationExpression) {
  expectErased("const h = g<string>;", "const h = g        ;");
}

TEST(TranspileErase, OptionalCallTypeArguments) { expectErased("a?.b<T>(1);", "a?.b   (1);"); }

TEST(TranspileErase, AsSatisfiesAndConst) {
  expectErased("let a = b as any, c = { x: 1 } satisfies R, d = [1] as const;",
               "let a = b       , c = { x: 1 }            , d = [1]         ;");
}

TEST(TranspileErase, AngleBracketAssertion) {
  expectErased("let e = <any>x + <const>[1];", "let e =      x +        [1];");
}

TEST(TranspileErase, AngleBracketAssertionOfObjectKeepsItAnExpression) {
  // Blanking `<any>` alone would turn the arrow's body into a block.
  EXPECT_EQ(ts("const f = () => <any>{ a: 1 };"), "const f = () => (    { a: 1 });");
  EXPECT_EQ(ts("<T>function () {}();"), "(  function () {}());");
}

TEST(TranspileErase, AngleBracketAssertionAcrossLines) {
  // `return` followed by a line break would return undefined.
  EXPECT_EQ(ts("function f() {\n  return <number>\n    x;\n}"),
            "function f() {\n  return (       \n    x);\n}");
}

TEST(TranspileErase, NonNullAssertions) {
  expectErased("a!.b!.c(d!); e![0] = f!;", "a .b .c(d ); e [0] = f ;");
}

TEST(TranspileErase, DefiniteAssignment) { expectErased("let x!: number;", "let x         ;"); }

TEST(TranspileErase, CatchAndForOfAnnotations) {
  expectErased("try {} catch (e: unknown) {} for (const v of xs as T[]) {}",
               "try {} catch (e         ) {} for (const v of xs       ) {}");
}

TEST(TranspileErase, TypePredicates) {
  expectErased("function isS(a: unknown): a is string { return true; }",
               "function isS(a         )              { return true; }");
  expectErased("function check(a: unknown): asserts a {}",
               "function check(a         )            {}");
}

TEST(TranspileErase, ObjectLiteralGenericMethod) {
  expectErased("let o = { m<T>(a: T): T { return a; } };",
               "let o = { m   (a   )    { return a; } };");
}

TEST(TranspileErase, ClassFieldsAndModifiers) {
  expectErased(
      "class A {\n"
      "  private x: number = 1;\n"
      "  protected readonly y?: string;\n"
      "  public static z = 2;\n"
      "  declare w: number;\n"
      "  q!: number;\n"
      "  [k: string]: any;\n"
      "}",
      "class A {\n"
      "          x         = 1;\n"
      "                     y         ;\n"
      "         static z = 2;\n"
      "                   ;\n"
      "  q         ;\n"
      "                  ;\n"
      "}");
}

TEST(TranspileErase, MethodsAccessorsAndOverrides) {
  expectErased(
      "class B extends A { private m(): void {} public get x(): number { return 1; } "
      "override n?() {} }",
      "class B extends A {         m()       {}        get x()         { return 1; } "
      "         n () {} }");
}

TEST(TranspileErase, ClassHeritage) {
  expectErased("class B<T> extends A<T> implements I<T>, J {}",
               "class B    extends A                       {}");
  expectErased("class C implements I {}", "class C              {}");
}

TEST(TranspileErase, AbstractClass) {
  expectErased("abstract class S { abstract m(): void; abstract p: number; n() {} }",
               "         class S {                   ;                   ; n() {} }");
}

TEST(TranspileErase, FunctionOverloads) {
  expectErased(
      "function f(a: string): void;\nfunction f(a: any) {}\nexport function g(): void;\nexport function g() {}",
      "                            \nfunction f(a     ) {}\n                          \nexport function g() {}");
}

TEST(TranspileErase, MethodOverloads) {
  expectErased("class C { m(a: string): void; m(a: any) {} }",
               "class C {                   ; m(a     ) {} }");
}

TEST(TranspileErase, InterfaceAndTypeAlias) {
  expectErased("interface I { a: number }\ntype T = string | number;\nlet x = 1;",
               "                         \n                         \nlet x = 1;");
}

TEST(TranspileErase, ErasedStatementEndsPreviousOne) {
  // Without the ';' the next line would continue `let a = 1`.
  expectErased("let a = 1\ntype T = 1\n(foo)()", "let a = 1\n;         \n(foo)()");
}

TEST(TranspileErase, ErasedModifierEndsPreviousField) {
  expectErased("class A { x = 1\n  private [k] = 2 }", "class A { x = 1\n  ;       [k] = 2 }");
}

TEST(TranspileErase, AsExpressionBeforeParenthesisOnNextLine) {
  EXPECT_EQ(ts("let v = a as T\n(b)"), "let v = a     ;\n(b)");
}

TEST(TranspileErase, MultiLineArrowReturnTypeMovesParenthesis) {
  EXPECT_EQ(ts("let f = (a): {\n  x: number\n} => a;"), "let f = (a    \n           \n ) => a;");
}

TEST(TranspileErase, DeclareStatements) {
  expectErased(
      "declare const x: number;\ndeclare function f(): void;\ndeclare class C {}\n"
      "declare module \"m\" { export const y: 1; }\ndeclare global { interface W {} }\n"
      "declare namespace N { const z: 1; }\ndeclare enum E { A }\nexport declare const e: 1;",
      "                        \n                           \n                  \n"
      "                                         \n                                 \n"
      "                                   \n                    \n                          ");
}

TEST(TranspileErase, ExportTypeForms) {
  expectErased(
      "export type { A } from \"a\";\nexport type * from \"b\";\nexport type * as ns from \"c\";\n"
      "export interface I {}\nexport type T = 1;\nexport default interface D {}",
      "                           \n                       \n                             \n"
      "                     \n                  \n                             ");
}

TEST(TranspileErase, VarianceAnnotations) {
  expectErased("class C<in out T> {}", "class C           {}");
}

TEST(TranspileErase, TypesInsideTemplateSubstitution) {
  expectErased("const s = `x${a as any}`;", "const s = `x${a       }`;");
}

TEST(TranspileErase, NonAsciiTypeTextKeepsUtf16Columns) {
  // "é" is two bytes but one UTF-16 unit: one space. "😀" is two units: two spaces.
  EXPECT_EQ(ts("let s: \"é😀\" = 1;"), "let s" + std::string(8, ' ') + "= 1;");
}

TEST(TranspileErase, LineBreaksInsideErasedTypesAreKept) {
  expectErased("type T = {\n  a: 1;\n};\nlet x: {\n  b: 2\n} = {};",
               "          \n       \n  \nlet x   \n      \n  = {};");
}

TEST(TranspileErase, EnumInFunctionBody) {
  EXPECT_EQ(
      ts("function f() { enum E { A } return E.A; }"),
      "function f() { var E; (function (E) { E[E[\"A\"] = 0] = \"A\"; })(E || (E = {})); return E.A; }");
}

TEST(TranspileErase, TaggedTemplateTypeArguments) {
  expectErased("let t = tag<string>`a${1}`;", "let t = tag        `a${1}`;");
}

TEST(TranspileErase, ContextualKeywordsAsIdentifiers) {
  std::string src =
      "let type = 1, namespace = 2, declare = 3, as = 4, satisfies = 5;\n"
      "type;\nnamespace;\ndeclare;\nlet r = as + satisfies;\n"
      "class A { declare = 1; readonly = 2; type = 3; private = 4; public() {} }";
  EXPECT_EQ(ts(src), src);
}

TEST(TranspileErase, ExportDefaultAbstractClassAndClassExpression) {
  expectErased("export default abstract class A<T> implements I {}",
               "export default " + std::string(8, ' ') + " class A" + std::string(16, ' ') + " {}");
  expectErased("const C = class implements I { x?: number }",
               "const C = class " + std::string(12, ' ') + " { x" + std::string(9, ' ') + " }");
}

TEST(TranspileErase, LineTerminatorsAndByteOrderMark) {
  expectErased("let a: number = 1;\r\ninterface I {\r\n  x: 1\r\n}\r\n",
               "let a         = 1;\r\n             \r\n      \r\n \r\n");
  expectErased("\xEF\xBB\xBFlet x: number = 1;", "\xEF\xBB\xBFlet x         = 1;");
  expectErased("#!/usr/bin/env -S deno run\nlet x: T;", "#!/usr/bin/env -S deno run\nlet x   ;");
  EXPECT_EQ(ts(""), "");
}

TEST(TranspileErase, LongOperatorChainsAreNotTooDeep) {
  std::string src = "let s = \"a\"";
  for (int i = 0; i < 20000; i++) src += " + x";
  src += " as string;";
  std::string out = ts(src);
  EXPECT_EQ(out.size(), src.size());
  EXPECT_EQ(out.substr(out.size() - 15), " + x          ;");
}

// ---------------------------------------------------------------------------
// Imports and exports

TEST(TranspileImports, TypeOnlyImportsAreErased) {
  expectErased(
      "import type { A } from \"a\";\nimport type D from \"d\";\nimport type * as N from \"n\";",
      "                           \n                       \n                            ");
}

TEST(TranspileImports, TypeOnlySpecifiers) {
  expectErased("import { type A, b } from \"m\"; b();", "import {         b } from \"m\"; b();");
}

TEST(TranspileImports, ImportUsedOnlyAsTypeIsElided) {
  expectErased("import { A } from \"m\";\nlet x: A;", "                      \nlet x   ;");
}

TEST(TranspileImports, UnusedSpecifierIsElided) {
  expectErased("import { A, b } from \"m\"; let x: A = b;",
               "import {    b } from \"m\"; let x    = b;");
  expectErased("import { b, A } from \"m\"; b();", "import { b,   } from \"m\"; b();");
}

TEST(TranspileImports, DefaultAndNamed) {
  expectErased("import D, { b } from \"m\"; b();", "import    { b } from \"m\"; b();");
  expectErased("import D, { B } from \"m\"; D();", "import D        from \"m\"; D();");
  expectErased("import D, * as ns from \"m\"; D();", "import D          from \"m\"; D();");
}

TEST(TranspileImports, SideEffectImportIsKept) {
  expectErased("import \"./setup.ts\";", "import \"./setup.ts\";");
}

TEST(TranspileImports, TypeofInTypeIsNotAValueUse) {
  expectErased("import { a } from \"m\"; let t: typeof a;",
               std::string(23, ' ') + "let t" + std::string(10, ' ') + ";");
}

TEST(TranspileImports, ValueUses) {
  expectErased("import { a, b, c } from \"m\"; f({ a }, new b(), class extends c {});",
               "import { a, b, c } from \"m\"; f({ a }, new b(), class extends c {});");
}

TEST(TranspileImports, ReExportKeepsImport) {
  expectErased("import { A } from \"m\";\nexport { A };",
               "import { A } from \"m\";\nexport { A };");
}

TEST(TranspileImports, ExportOfLocalTypeIsErased) {
  expectErased("interface A {}\nconst B = 1;\nexport { A, B };",
               "              \nconst B = 1;\nexport {    B };");
  expectErased("type T = 1;\nexport { T };", "           \n             ");
}

TEST(TranspileImports, ExportTypeSpecifiers) {
  expectErased("const b = 1; export { type A, b };", "const b = 1; export {         b };");
  expectErased("export { type A } from \"x\";", "                           ");
  expectErased("export { type A, b } from \"x\";", "export {         b } from \"x\";");
}

TEST(TranspileImports, ExportDefaultOfType) {
  expectErased("interface I {}\nexport default I;", "              \n                 ");
}

TEST(TranspileImports, EmptyImportClauseIsElided) {
  expectErased("import {} from \"m\";", "                   ");
}

TEST(TranspileImports, ImportAliasBecomesVar) {
  EXPECT_EQ(ts("import x = N.y;\nx();"), "var    x = N.y;\nx();");
  expectErased("import x = N.y;\nlet t: x;", "               \nlet t   ;");
  EXPECT_EQ(ts("export import z = N.y;"), "export var    z = N.y;");
}

TEST(TranspileImports, ImportUsedInEnumOrNamespaceIsKept) {
  EXPECT_EQ(
      ts("import { k } from \"m\";\nenum E { A = k }"),
      "import { k } from \"m\";\nvar E; (function (E) { E[E[\"A\"] = k] = \"A\"; })(E || (E = {}));");
}

TEST(TranspileImports, AliasChainKeepsWhatIsUsed) {
  EXPECT_EQ(ts("import * as m from \"m\";\nimport b = m.B;\nimport c = b.C;\nc();"),
            "import * as m from \"m\";\nvar    b = m.B;\nvar    c = b.C;\nc();");
}

TEST(TranspileImports, ExportOfTypeOnlyNamespace) {
  expectErased("namespace T { export type X = 1; }\nexport { T };",
               "                                  \n             ");
}

// ---------------------------------------------------------------------------
// Import attributes: `with` -> `assert` (V8 10.2 parses only `assert`)

TEST(TranspileAttributes, StaticImport) {
  EXPECT_EQ(ts("import data from \"./a.json\" with { type: \"json\" };\nconsole.log(data);"),
            "import data from \"./a.json\" assert { type: \"json\" };\nconsole.log(data);");
}

TEST(TranspileAttributes, ReExport) {
  EXPECT_EQ(ts("export { default as d } from \"./a.json\" with { type: \"json\" };"),
            "export { default as d } from \"./a.json\" assert { type: \"json\" };");
  EXPECT_EQ(ts("export * from \"./b.js\" with { type: \"javascript\" }"),
            "export * from \"./b.js\" assert { type: \"javascript\" }");
}

TEST(TranspileAttributes, DynamicImport) {
  EXPECT_EQ(ts("await import(\"./a.json\", { with: { type: \"json\" } });"),
            "await import(\"./a.json\", { assert: { type: \"json\" } });");
}

TEST(TranspileAttributes, JavaScript) {
  EXPECT_EQ(
      js("import d from './a.json' with { type: 'json' };\nimport('./b.json', { with: { type: 'json' } });"),
      "import d from './a.json' assert { type: 'json' };\nimport('./b.json', { assert: { type: 'json' } });");
}

TEST(TranspileAttributes, ErasedImportTakesItsClause) {
  expectErased("import d from \"./a.json\" with { type: \"json\" }\nlet x = 1;",
               "                                              \nlet x = 1;");
}

TEST(TranspileAttributes, NotInsideStringsOrComments) {
  std::string src = "const s = 'from \"x\" with { a }';\n// from \"y\" with { b }\nlet t = 1;";
  EXPECT_EQ(ts(src), src);
  EXPECT_EQ(js(src), src);
}

TEST(TranspileAttributes, AssertIsLeftAlone) {
  std::string src = "import d from \"./a.json\" assert { type: \"json\" };\nd;";
  EXPECT_EQ(ts(src), src);
}

// ---------------------------------------------------------------------------
// Enums

TEST(TranspileEnum, SingleLine) {
  EXPECT_EQ(ts("enum E { A, B = 5, C, D = \"x\" }"),
            "var E; (function (E) { E[E[\"A\"] = 0] = \"A\";  E[E[\"B\"] = 5] = \"B\";  "
            "E[E[\"C\"] = 6] = \"C\";  E[\"D\"] = \"x\"; })(E || (E = {}));");
}

TEST(TranspileEnum, MembersStayOnTheirLines) {
  EXPECT_EQ(ts("enum E {\n  A = 1 << 0,\n  B = A << 1,\n  C,\n  D = f(),\n  F,\n}\nE.B;"),
            "var E; (function (E) {\n"
            "  E[E[\"A\"] = 1 << 0] = \"A\"; \n"
            "  E[E[\"B\"] = E.A << 1] = \"B\"; \n"
            "  E[E[\"C\"] = 3] = \"C\"; \n"
            "  E[E[\"D\"] = f()] = \"D\"; \n"
            "  E[E[\"F\"] = E[\"D\"] + 1] = \"F\"; \n"
            "})(E || (E = {}));\nE.B;");
}

TEST(TranspileEnum, NegativeAndStringValues) {
  EXPECT_EQ(ts("enum E { A = -1, B, C = `c`, D = \"d\" + \"e\" }"),
            "var E; (function (E) { E[E[\"A\"] = -1] = \"A\";  E[E[\"B\"] = 0] = \"B\";  "
            "E[\"C\"] = `c`;  E[\"D\"] = \"d\" + \"e\"; })(E || (E = {}));");
}

TEST(TranspileEnum, QuotedMemberNames) {
  EXPECT_EQ(
      ts("enum E { 'a-b' = 1, \"c\" }"),
      "var E; (function (E) { E[E['a-b'] = 1] = 'a-b';  E[E[\"c\"] = 2] = \"c\"; })(E || (E = {}));");
}

TEST(TranspileEnum, ExportedConstAndDeclared) {
  EXPECT_EQ(ts("export enum E { A }"),
            "export var E; (function (E) { E[E[\"A\"] = 0] = \"A\"; })(E || (E = {}));");
  EXPECT_EQ(ts("const enum C { A }"),
            "var C; (function (C) { C[C[\"A\"] = 0] = \"A\"; })(C || (C = {}));");
  expectErased("declare enum D { A }\ndeclare const enum F { B }",
               "                    \n                          ");
}

TEST(TranspileEnum, MergedDeclarationsDeclareOnce) {
  EXPECT_EQ(ts("enum E { A }\nenum E { B = 1 }"),
            "var E; (function (E) { E[E[\"A\"] = 0] = \"A\"; })(E || (E = {}));\n"
            "(function (E) { E[E[\"B\"] = 1] = \"B\"; })(E || (E = {}));");
}

TEST(TranspileEnum, MergedDeclarationSeesEarlierMembers) {
  EXPECT_EQ(
      ts("enum E { A = 1, B }\nenum E { C = A + B, D }"),
      "var E; (function (E) { E[E[\"A\"] = 1] = \"A\";  E[E[\"B\"] = 2] = \"B\"; })(E || (E = {}));\n"
      "(function (E) { E[E[\"C\"] = E.A + E.B] = \"C\";  E[E[\"D\"] = 4] = \"D\"; })(E || (E = {}));");
}

TEST(TranspileEnum, TypesInInitialiserAreErased) {
  EXPECT_EQ(ts("enum E { A = (x as number) }"),
            "var E; (function (E) { E[E[\"A\"] = (x          )] = \"A\"; })(E || (E = {}));");
}

TEST(TranspileEnum, MemberAfterStringNeedsInitializer) {
  EXPECT_EQ(diagnostic("enum E { A = \"a\", B }"), "1:19 Enum member must have initializer");
}

// ---------------------------------------------------------------------------
// Namespaces

TEST(TranspileNamespace, ExportsBecomeProperties) {
  EXPECT_EQ(
      ts("namespace N {\n  export const x = 1, y = 2;\n  export function f() {}\n  export class C {}\n  const z = 3;\n}"),
      "var N; (function (N) {\n"
      "         const x = 1, y = 2; N.x = x; N.y = y;\n"
      "         function f() {} N.f = f;\n"
      "         class C {} N.C = C;\n"
      "  const z = 3;\n"
      "})(N || (N = {}));");
}

TEST(TranspileNamespace, NestedName) {
  EXPECT_EQ(ts("namespace A.B { export let v = 1 }"),
            "var A; (function (A) { var B; (function (B) {        let v = 1; B.v = v; "
            "})(B = A.B || (A.B = {})); })(A || (A = {}));");
}

TEST(TranspileNamespace, ExportedAndNested) {
  EXPECT_EQ(
      ts("export namespace A { export namespace B { export const c = 1; } }"),
      "export var A; (function (A) {        var B; (function (B) {        const c = 1; B.c = c; "
      "})(B = A.B || (A.B = {})); })(A || (A = {}));");
}

TEST(TranspileNamespace, ModuleKeyword) {
  EXPECT_EQ(ts("module M { export const a = 1; }"),
            "var M; (function (M) {        const a = 1; M.a = a; })(M || (M = {}));");
}

TEST(TranspileNamespace, TypeOnlyNamespaceIsErased) {
  expectErased("namespace T { export interface I {} type U = 1; }\nlet x = 1;",
               "                                                 \nlet x = 1;");
}

TEST(TranspileNamespace, MergesWithFunctionWithoutVar) {
  EXPECT_EQ(ts("function f() {}\nnamespace f { export const a = 1; }"),
            "function f() {}\n(function (f) {        const a = 1; f.a = a; })(f || (f = {}));");
}

TEST(TranspileNamespace, MutatedExportUsesAccessor) {
  EXPECT_EQ(
      ts("namespace N { export let n = 0; export function inc() { n++; } }"),
      "var N; (function (N) {        let n = 0; Object.defineProperty(N, \"n\", { get: () => n, "
      "set: (n_) => { n = n_; }, enumerable: true, configurable: true });        function inc() "
      "{ n++; } N.inc = inc; })(N || (N = {}));");
}

TEST(TranspileNamespace, EnumInsideNamespace) {
  EXPECT_EQ(ts("namespace N { export enum E { A } }"),
            "var N; (function (N) {        var E; (function (E) { E[E[\"A\"] = 0] = \"A\"; "
            "})(E = N.E || (N.E = {})); })(N || (N = {}));");
}

TEST(TranspileNamespace, DeclarationWithoutSemicolon) {
  EXPECT_EQ(ts("namespace N {\n  export const a = 1\n}"),
            "var N; (function (N) {\n         const a = 1; N.a = a;\n})(N || (N = {}));");
}

TEST(TranspileNamespace, ExportedNamespaceMergedTwice) {
  EXPECT_EQ(
      ts("export namespace N { export const a = 1; }\nexport namespace N { export const b = 2; }"),
      "export var N; (function (N) {        const a = 1; N.a = a; })(N || (N = {}));\n"
      "       (function (N) {        const b = 2; N.b = b; })(N || (N = {}));");
}

TEST(TranspileNamespace, ReopenedNamespaceSeesEarlierExports) {
  EXPECT_EQ(
      ts("namespace N { export function f() {} export const x = 1; }\n"
         "namespace N { const x = 2; export const y = f() + x; }"),
      "var N; (function (N) {        function f() {} N.f = f;        const x = 1; N.x = x; })(N || (N = {}));\n"
      "(function (N) { var f = N.f; const x = 2;        const y = f() + x; N.y = y; })(N || (N = {}));");
}

TEST(TranspileNamespace, ImportAliasAndClassExports) {
  EXPECT_EQ(
      ts("namespace N { export import A = M.A; export abstract class C {} }"),
      "var N; (function (N) {        var    A = M.A; N.A = A;                 class C {} N.C = C; "
      "})(N || (N = {}));");
}

TEST(TranspileNamespace, ExportClauseIsAnError) {
  EXPECT_EQ(diagnostic("namespace N { const a = 1; export { a }; }"),
            "1:28 Export declarations are not permitted in a namespace");
}

// ---------------------------------------------------------------------------
// Parameter properties

// Declared as fields first (tsc with useDefineForClassFields, the ES2022
// default), assigned in the constructor.
TEST(TranspileParameterProperties, AssignedAtBodyStart) {
  EXPECT_EQ(
      ts("class P { constructor(public x: number, private readonly y = 2) {} }"),
      "class P { x; y; constructor(       x        ,                  y = 2) { this.x = x; this.y = y;} }");
}

TEST(TranspileParameterProperties, AfterSuperCall) {
  EXPECT_EQ(
      ts("class Q extends P {\n  constructor(readonly z: string) {\n    super(1)\n    use(this);\n  }\n}"),
      "class Q extends P { z;\n  constructor(         z        ) {\n    super(1); this.z = z;\n    use(this);\n  }\n}");
}

TEST(TranspileParameterProperties, OptionalAndOverride) {
  EXPECT_EQ(ts("class R extends P { constructor(override a?: T) { super(); } }"),
            "class R extends P { a; constructor(         a    ) { super(); this.a = a; } }");
}

TEST(TranspileParameterProperties, DerivedWithoutRootSuperIsAnError) {
  EXPECT_EQ(
      diagnostic("class R extends P {\n  constructor(public a: T) { if (x) super(); }\n}"),
      "2:3 A 'super' call must be a root-level statement within a constructor of a derived class "
      "that contains parameter properties");
}

// ---------------------------------------------------------------------------
// Diagnostics

TEST(TranspileDiagnostics, Decorators) {
  EXPECT_EQ(diagnostic("let a = 1;\n  @dec class X {}"), "2:3 Decorators are not supported yet");
  EXPECT_EQ(diagnostic("class X {\n  @dec m() {}\n}"), "2:3 Decorators are not supported yet");
  EXPECT_EQ(diagnostic("@dec\nclass X {}", Dialect::JavaScript),
            "1:1 Decorators are not supported yet");
}

TEST(TranspileDiagnostics, JsxInTs) {
  EXPECT_EQ(diagnostic("const a: number = 1;\nconst el = <div className=\"x\">{a}</div>;"),
            "2:12 JSX is not supported in .ts files");
  EXPECT_EQ(diagnostic("function f() {\n  return <Foo bar={1} />;\n}"),
            "2:10 JSX is not supported in .ts files");
}

TEST(TranspileDiagnostics, Using) {
  EXPECT_EQ(diagnostic("{\n  using r = open();\n}"),
            "2:3 'using' declarations are not supported yet");
  EXPECT_EQ(diagnostic("async function f() { await using r = open(); }"),
            "1:28 'using' declarations are not supported yet");
  EXPECT_EQ(diagnostic("using r = open();", Dialect::JavaScript),
            "1:1 'using' declarations are not supported yet");
}

TEST(TranspileDiagnostics, RegExpVFlag) {
  EXPECT_EQ(diagnostic("const re = /[\\p{L}--[a-z]]/v;"),
            "1:12 RegExp literals with the 'v' flag are not supported yet");
  EXPECT_EQ(diagnostic("x = /a/gv;", Dialect::JavaScript),
            "1:5 RegExp literals with the 'v' flag are not supported yet");
}

TEST(TranspileDiagnostics, ExportAssignment) {
  EXPECT_EQ(diagnostic("const a = 1;\nexport = a;"),
            "2:1 Export assignments (`export =`) are not supported; use ES exports");
}

TEST(TranspileDiagnostics, ImportRequire) {
  EXPECT_EQ(
      diagnostic("import fs = require(\"fs\");"),
      "1:1 Import assignments (`import x = require(...)`) are not supported; use an ES import");
  EXPECT_EQ(
      diagnostic("export import fs = require(\"fs\");"),
      "1:8 Import assignments (`import x = require(...)`) are not supported; use an ES import");
  expectErased("import type T = require(\"t\");", "                             ");
}

TEST(TranspileDiagnostics, ComputedEnumMember) {
  EXPECT_EQ(diagnostic("enum E {\n  A,\n  [\"B\"] = 2,\n}"),
            "3:3 Computed enum member names are not supported");
}

TEST(TranspileDiagnostics, SyntaxErrors) {
  // swc's words and places (Deno 2.9.6) where tree-sitter's tree tells the same.
  EXPECT_EQ(diagnostic("let x = 1;\nlet y = ) + 2;"), "2:9 Expression expected");
  EXPECT_EQ(diagnostic("const x: number = ;\nconsole.log(x);\n"), "1:19 Expression expected");
  EXPECT_EQ(diagnostic("f(a +);"), "1:6 Expression expected");
  EXPECT_EQ(diagnostic("if (a &&) {}"), "1:9 Expression expected");
  EXPECT_EQ(diagnostic("let o = { a: 1 b: 2 };"), "1:16 Unexpected token `b`");  // swc: Expected ',', got 'b'

  // swc's words and places (Deno 2.9.6): the file's end just after the last token.
  EXPECT_EQ(diagnostic("function f() {\n  return 1;\n"), "2:12 Expected '}', got '<eof>'");
  EXPECT_EQ(diagnostic("if (x {\n}\n"), "1:7 Expected ')', got '{'");
}

TEST(TranspileDiagnostics, ColumnsCountUtf16Units) {
  EXPECT_EQ(diagnostic("const s = \"é😀\"; @d class X {}"), "1:18 Decorators are not supported yet");
}

TEST(TranspileDiagnostics, AutoAccessors) {
  EXPECT_EQ(diagnostic("class A {\n  accessor x = 1;\n}"),
            "2:3 Auto-accessors ('accessor' fields) are not supported yet");
}

TEST(TranspileDiagnostics, NestingTooDeepIsADiagnosticNotACrash) {
  std::string src = "let x = ";
  for (int i = 0; i < 40000; i++) src += "[";
  for (int i = 0; i < 40000; i++) src += "]";
  Result r = transpile(src, Dialect::TypeScript);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].message, "The code is nested too deeply to transpile");
}

TEST(TranspileDiagnostics, SeveralDiagnosticsInSourceOrder) {
  Result r = transpile("@a class X {}\nconst r = /x/v;\nexport = X;", Dialect::TypeScript);
  EXPECT_EQ(errorsOf(r),
            "1:1 Decorators are not supported yet\n"
            "2:11 RegExp literals with the 'v' flag are not supported yet\n"
            "3:1 Export assignments (`export =`) are not supported; use ES exports\n");
}

TEST(TranspileDiagnostics, JavaScriptSyntaxErrorsPassThrough) {
  std::string src = "let using = 1; let x = with (;";
  Result r = transpile(src, Dialect::JavaScript);
  EXPECT_TRUE(r.errors.empty()) << errorsOf(r);
  EXPECT_EQ(r.code, src);
}

// ---------------------------------------------------------------------------
// JavaScript

TEST(TranspileJavaScript, FastPathReturnsSourceUnchanged) {
  std::string src = "/** @param {string} a */\nexport function f(a) { return a / 2; }\n";
  EXPECT_EQ(js(src), src);
}

TEST(TranspileJavaScript, TypesAreNotTouched) {
  // JavaScript is never type-erased, even where TypeScript syntax would match.
  std::string src = "const v = 1; using; // with\n";
  EXPECT_EQ(js(src), src);
}

TEST(TranspileJavaScript, ReExportAttributes) {
  EXPECT_EQ(js("export { default } from './a.json' with { type: 'json' };"),
            "export { default } from './a.json' assert { type: 'json' };");
}

// ---------------------------------------------------------------------------
// Whole modules

TEST(TranspileModule, LinesAndColumnsOfCodeAreKept) {
  std::string src =
      "import type { Opts } from \"./opts.ts\";\n"
      "import { helper, type Kind } from \"./helper.ts\";\n"
      "\n"
      "export interface Point {\n"
      "  x: number;\n"
      "  y: number;\n"
      "}\n"
      "\n"
      "export function dist(p: Point, o?: Opts): number {\n"
      "  return Math.hypot(p.x, p.y) * helper(o as any);\n"
      "}\n";
  std::string out = ts(src);
  ASSERT_EQ(out.size(), src.size());
  for (size_t i = 0; i < src.size(); i++)
    if (src[i] == '\n') {
      EXPECT_EQ(out[i], '\n') << "at " << i;
    }
  EXPECT_NE(out.find("export function dist(p       , o       )         {"), std::string::npos)
      << out;
  EXPECT_NE(out.find("import { helper,           } from \"./helper.ts\";"), std::string::npos)
      << out;
}

TEST(TranspileModule, ThreadsTranspileIndependently) {
  // Each thread has its own parser; results must not depend on interleaving.
  std::string tsSource = "enum E { A }\nlet x: number = E.A as number;\n";
  std::string jsSource = "import d from './a.json' with { type: 'json' };\n";
  std::string tsExpected = ts(tsSource), jsExpected = js(jsSource);
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; t++)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; i++) {
        failures[t] += transpile(tsSource, Dialect::TypeScript).code != tsExpected;
        failures[t] += transpile(jsSource, Dialect::JavaScript).code != jsExpected;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

// Its time is measured by bench/transpile/run.sh, not here.
TEST(TranspileModule, LargeModule) {
  std::string src;
  for (int i = 0; i < 1000; i++) {
    std::string n = std::to_string(i);
    src += "interface I" + n + " { a: number; b?: string }\n";
    src += "export function f" + n + "<T>(x: T, y: I" + n + "): T | undefined {\n";
    src += "  const z = y.a as number + " + n + ";\n";
    src += "  return z > 0 ? x! : undefined;\n";
    src += "}\n";
  }
  Result r = transpile(src, Dialect::TypeScript);
  EXPECT_TRUE(r.errors.empty()) << errorsOf(r);
  EXPECT_EQ(r.code.size(), src.size());
  EXPECT_EQ(transpile_fast(src, Dialect::TypeScript).code, r.code);
}

}  // namespace
