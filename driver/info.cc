#include "driver/info.h"

#include <cmath>
#include <map>
#include <set>

#include <boost/json.hpp>
#include <fmt/format.h>

namespace toolchain::driver {

std::string human_size(double bytes) {
  static const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  if (bytes < 1) return fmt::format("{}B", bytes);
  int exponent = std::min(static_cast<int>(std::floor(std::log(bytes) / std::log(1024.0))), 4);
  double value = std::round(bytes / std::pow(1024.0, exponent) * 100) / 100;
  std::string text = fmt::format("{:.2f}", value);
  while (text.ends_with('0')) text.pop_back();
  if (text.ends_with('.')) text.pop_back();
  return text + units[exponent];
}

namespace {

// A URL after the graph's redirects.
std::string final_url(const ModuleGraph& graph, std::string url) {
  for (int hops = 0; hops < 20; ++hops) {
    auto it = graph.redirects.find(url);
    if (it == graph.redirects.end()) break;
    url = it->second;
  }
  return url;
}

struct Printer {
  const ModuleGraph& graph;
  const std::map<std::string, const GraphModule*>& by_url;
  std::set<std::string> shown;
  std::string out;

  void node(const std::string& url, const std::string& prefix, bool last, bool root) {
    auto it = by_url.find(url);
    const GraphModule* module = it == by_url.end() ? nullptr : it->second;
    bool failed = !module || !module->error.empty();
    bool repeat = shown.contains(url);
    std::vector<std::string> children;
    if (!failed && !repeat) {
      std::set<std::string> seen;
      for (const auto& dep : module->dependencies) {
        std::string child = final_url(graph, dep.url);
        if (seen.insert(child).second) children.push_back(child);
      }
    }
    std::string label = url;
    if (!module) label += " (missing)";
    else if (failed) label += " (" + module->error_kind + ")";
    else label += repeat ? " *" : fmt::format(" ({})", human_size(static_cast<double>(module->size)));
    if (root) out += label + "\n";
    else out += prefix + (last ? "└" : "├") + (children.empty() ? "── " : "─┬ ") + label + "\n";
    if (!failed) shown.insert(url);
    std::string child_prefix = root ? "" : prefix + (last ? "  " : "│ ");
    for (size_t i = 0; i < children.size(); ++i) node(children[i], child_prefix, i + 1 == children.size(), false);
  }
};

// serde_json's pretty printer: two spaces, `"key": value`, empty containers
// on one line. Objects keep their insertion order.
void pretty(const boost::json::value& value, const std::string& indent, std::string& out) {
  if (value.is_object()) {
    const auto& object = value.get_object();
    if (object.empty()) return void(out += "{}");
    out += "{\n";
    size_t i = 0;
    for (const auto& [key, item] : object) {
      out += indent + "  " + boost::json::serialize(boost::json::string(key)) + ": ";
      pretty(item, indent + "  ", out);
      out += ++i < object.size() ? ",\n" : "\n";
    }
    out += indent + "}";
  } else if (value.is_array()) {
    const auto& array = value.get_array();
    if (array.empty()) return void(out += "[]");
    out += "[\n";
    for (size_t i = 0; i < array.size(); ++i) {
      out += indent + "  ";
      pretty(array[i], indent + "  ", out);
      out += i + 1 < array.size() ? ",\n" : "\n";
    }
    out += indent + "]";
  } else {
    out += boost::json::serialize(value);
  }
}

boost::json::object position(int line, int character) {
  return boost::json::object{{"line", line}, {"character", character}};
}

}  // namespace

std::string format_info(const ModuleGraph& graph) {
  std::map<std::string, const GraphModule*> by_url;
  size_t total = 0, loaded = 0;
  for (const auto& module : graph.modules) {
    by_url[module.url] = &module;
    if (!module.error.empty()) continue;
    total += module.size;
    ++loaded;
  }
  const GraphModule* root = by_url.contains(graph.root) ? by_url[graph.root] : nullptr;
  std::string out;
  if (root) {
    out += fmt::format("local: {}\ntype: {}\n", root->local_path, root->type);
  }
  out += fmt::format("dependencies: {} unique\nsize: {}\n\n", loaded == 0 ? 0 : loaded - 1,
                     human_size(static_cast<double>(total)));
  Printer printer{graph, by_url, {}, {}};
  printer.node(graph.root, "", true, true);
  return out + printer.out;
}

std::string format_info_json(const ModuleGraph& graph) {
  boost::json::array modules;
  std::map<std::string, const GraphModule*> sorted;
  for (const auto& module : graph.modules) sorted[module.url] = &module;
  for (const auto& [url, module] : sorted) {
    if (!module->error.empty()) {
      modules.push_back(boost::json::object{{"specifier", url}, {"error", module->error}});
      continue;
    }
    boost::json::array deps;
    for (const auto& dep : module->dependencies) {
      boost::json::object span{{"start", position(dep.line, dep.character)},
                               {"end", position(dep.end_line, dep.end_character)}};
      boost::json::object entry{{"specifier", dep.specifier},
                                {"code", boost::json::object{{"specifier", dep.url}, {"span", std::move(span)}}}};
      if (dep.dynamic) entry["isDynamic"] = true;
      if (!dep.type.empty()) entry["assertionType"] = dep.type;
      deps.push_back(std::move(entry));
    }
    boost::json::object entry;
    if (module->type == "JSON") {
      // Deno lists a JSON module's fields in this order.
      entry = {{"kind", "asserted"}, {"specifier", url}, {"local", module->local_path}, {"size", module->size},
               {"mediaType", "Json"}};
    } else {
      entry["kind"] = "esm";
      if (!deps.empty()) entry["dependencies"] = std::move(deps);
      entry["local"] = module->local_path;
      entry["size"] = module->size;
      entry["mediaType"] = module->type;
      entry["specifier"] = url;
    }
    modules.push_back(std::move(entry));
  }
  boost::json::object redirects;
  for (const auto& [from, to] : graph.redirects) redirects[from] = to;
  boost::json::object root{{"version", 1},
                           {"roots", boost::json::array{graph.root.c_str()}},
                           {"modules", std::move(modules)},
                           {"redirects", std::move(redirects)},
                           {"npmPackages", boost::json::object{}}};
  std::string out;
  pretty(root, "", out);
  return out + "\n";
}

}  // namespace toolchain::driver
