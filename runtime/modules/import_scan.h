#pragma once
// A quick lexical scan of JavaScript for the specifiers of its static imports
// and re-exports (`import … from "x"`, `import "x"`, `export … from "x"`).
// A hint for prefetching, not an analysis: V8's module requests stay the
// truth. Strings, comments and template literals are skipped; a regular
// expression literal with a quote in it can make it miss or invent one.
#include <string>
#include <string_view>
#include <vector>

namespace toolchain::modules {

std::vector<std::string> scan_static_imports(std::string_view js);

}  // namespace toolchain::modules
