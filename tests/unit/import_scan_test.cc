// The prefetch hint (runtime/modules/import_scan) and the dynamic imports
// `toolchain info` lists (runtime/transpile/dynamic_imports).
#include <gtest/gtest.h>

#include "modules/import_scan.h"
#include "transpile/dynamic_imports.h"

using toolchain::modules::scan_static_imports;
using Strings = std::vector<std::string>;

TEST(ImportScan, StaticImportsAndReExports) {
  EXPECT_EQ(scan_static_imports("import { a, b as c } from \"./a.ts\";\n"
                                "import x, * as ns from './b.js';\n"
                                "import './side.ts';\n"
                                "export * from \"./c.ts\";\n"
                                "export { d } from './d.ts';\n"
                                "export * as e from \"./e.ts\";\n"
                                "import j from \"./j.json\" assert { type: \"json\" };\n"),
            (Strings{"./a.ts", "./b.js", "./side.ts", "./c.ts", "./d.ts", "./e.ts", "./j.json"}));
}

TEST(ImportScan, SkipsWhatIsNoStaticImport) {
  EXPECT_EQ(scan_static_imports("// import \"./comment.ts\";\n"
                                "/* export * from './block.ts' */\n"
                                "const s = 'import \"./string.ts\"';\n"
                                "const t = `${x} import \"./template.ts\"`;\n"
                                "const m = import.meta.url; const d = import(\"./dynamic.ts\");\n"
                                "export const from = \"./not.ts\"; obj.import(\"./method.ts\");\n"
                                "export function f() { return 1; }\n"),
            Strings{});
}

TEST(DynamicImports, LiteralsWithTheirRanges) {
  std::string js = "const a = await import(\"./a.ts\");\n"
                   "const b = import(`./b.ts`, { with: { type: \"json\" } });\n"
                   "const c = import(`./${name}.ts`);\n"
                   "const d = import(\"./\" + \"d.ts\");\n"
                   "// import(\"./comment.ts\")\n";
  auto found = toolchain::transpile::find_dynamic_imports(js);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].specifier, "./a.ts");
  EXPECT_EQ(found[0].type, "");
  EXPECT_EQ(js.substr(found[0].start, found[0].end - found[0].start), "\"./a.ts\"");
  EXPECT_EQ(found[1].specifier, "./b.ts");
  EXPECT_EQ(found[1].type, "json");
}
