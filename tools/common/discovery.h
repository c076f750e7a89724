#pragma once
// Finds the files a tool works on, as Deno does: each path given is a file
// (taken as is) or a folder (walked for names matching the tool's rule), minus
// what deno.json(c) excludes (top-level "exclude" and the tool's own
// "<tool>.exclude"). node_modules and .git are not walked (hidden folders are).
// Results are absolute paths, sorted, without duplicates.
#include <string>
#include <vector>

namespace toolchain::tools {

// `{*_,*.,}<stem>.{ts,tsx,mts,cts,js,jsx,mjs,cjs}`: stem "test" or "bench".
bool matches_tool_rule(const std::string& file_name, const std::string& stem);

// `section` is the deno.json key of the tool ("test", "bench"). Throws
// std::runtime_error for a path that does not exist or an unreadable deno.json.
std::vector<std::string> discover(const std::vector<std::string>& paths, const std::string& cwd,
                                  const std::string& stem, const std::string& section);

// A file URL or absolute path as Deno shows it: "./x_test.ts" under cwd, else as is.
std::string display_path(const std::string& url_or_path, const std::string& cwd);

}  // namespace toolchain::tools
