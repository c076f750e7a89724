#include "tools/common/discovery.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <boost/json.hpp>

namespace toolchain::tools {

namespace fs = std::filesystem;

bool matches_tool_rule(const std::string& name, const std::string& stem) {
  static const char* const kExtensions[] = {".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"};
  for (const char* ext : kExtensions) {
    std::string tail = stem + ext;
    if (name == tail) return true;
    if (name.size() > tail.size() && name.ends_with(tail)) {
      char before = name[name.size() - tail.size() - 1];
      if (before == '_' || before == '.') return true;
    }
  }
  return false;
}

namespace {

// A deno.json pattern: a glob (*, **, ?) or a plain path that also covers
// everything below it. Relative to the config file's folder.
struct Exclude {
  std::regex pattern;
};

std::string glob_to_regex(const std::string& glob) {
  std::string out;
  for (size_t i = 0; i < glob.size(); ++i) {
    char c = glob[i];
    if (c == '*') {
      if (i + 1 < glob.size() && glob[i + 1] == '*') {
        bool slash = i + 2 < glob.size() && glob[i + 2] == '/';
        out += slash ? "(.*/)?" : ".*";
        i += slash ? 2 : 1;
      } else {
        out += "[^/]*";
      }
    } else if (c == '?') {
      out += "[^/]";
    } else if (std::string_view("\\^$.|+()[]{}").find(c) != std::string_view::npos) {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out + "(/.*)?";  // a folder excludes what is below it
}

std::vector<Exclude> read_excludes(const std::string& cwd, const std::string& section) {
  std::vector<Exclude> out;
  for (fs::path dir = cwd;; dir = dir.parent_path()) {
    for (const char* name : {"deno.json", "deno.jsonc"}) {
      fs::path file = dir / name;
      if (!fs::exists(file)) continue;
      std::ifstream in(file);
      std::stringstream text;
      text << in.rdbuf();
      boost::json::parse_options options;
      options.allow_comments = true;
      options.allow_trailing_commas = true;
      boost::json::value config;
      try {
        config = boost::json::parse(text.str(), {}, options);
      } catch (const std::exception& e) {
        throw std::runtime_error("Failed to parse \"" + file.string() + "\": " + e.what());
      }
      auto add = [&](const boost::json::value* list) {
        if (!list || !list->is_array()) return;
        for (const auto& item : list->as_array()) {
          if (!item.is_string()) continue;
          std::string pattern(item.as_string());
          if (pattern.starts_with("./")) pattern = pattern.substr(2);
          while (pattern.ends_with('/')) pattern.pop_back();
          fs::path full = pattern.starts_with('/') ? fs::path(pattern) : dir / pattern;
          out.push_back({std::regex(glob_to_regex(full.lexically_normal().string()))});
        }
      };
      if (config.is_object()) {
        add(config.as_object().if_contains("exclude"));
        if (auto* tool = config.as_object().if_contains(section); tool && tool->is_object())
          add(tool->as_object().if_contains("exclude"));
      }
      return out;
    }
    if (dir == dir.root_path()) return out;
  }
}

bool excluded(const std::vector<Exclude>& excludes, const std::string& path) {
  return std::any_of(excludes.begin(), excludes.end(),
                     [&](const Exclude& e) { return std::regex_match(path, e.pattern); });
}

bool skipped_folder(const std::string& name) {
  return name == "node_modules" || name == ".git";
}

}  // namespace

std::vector<std::string> discover(const std::vector<std::string>& paths, const std::string& cwd,
                                  const std::string& stem, const std::string& section) {
  auto excludes = read_excludes(cwd, section);
  std::vector<std::string> roots = paths.empty() ? std::vector<std::string>{"."} : paths;
  std::vector<std::string> found;
  for (const std::string& root : roots) {
    std::string given = root.starts_with("file://") ? root.substr(7) : root;
    fs::path path = (fs::path(given).is_absolute() ? fs::path(given) : fs::path(cwd) / given).lexically_normal();
    std::string text = path.string();
    if (text.size() > 1 && text.ends_with('/')) text.pop_back();
    std::error_code ec;
    auto status = fs::status(text, ec);
    if (ec || !fs::exists(status)) throw std::runtime_error("No such file or directory: " + text);
    if (fs::is_regular_file(status)) {
      if (!excluded(excludes, text)) found.push_back(text);
      continue;
    }
    if (excluded(excludes, text)) continue;
    fs::recursive_directory_iterator it(text, fs::directory_options::skip_permission_denied, ec), end;
    for (; it != end; it.increment(ec)) {
      if (ec) break;
      std::string name = it->path().filename().string();
      std::string full = it->path().string();
      if (it->is_directory(ec)) {
        if (skipped_folder(name) || excluded(excludes, full)) it.disable_recursion_pending();
        continue;
      }
      if (matches_tool_rule(name, stem) && !excluded(excludes, full)) found.push_back(full);
    }
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

std::string display_path(const std::string& url_or_path, const std::string& cwd) {
  std::string path = url_or_path.starts_with("file://") ? url_or_path.substr(7) : url_or_path;
  if (!path.starts_with('/')) return url_or_path;
  std::string prefix = cwd.ends_with('/') ? cwd : cwd + "/";
  if (path.starts_with(prefix)) return "./" + path.substr(prefix.size());
  return url_or_path;
}

}  // namespace toolchain::tools
