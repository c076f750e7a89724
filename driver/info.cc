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

struct Printer {
  const std::map<std::string, const GraphModule*>& by_url;
  std::set<std::string> shown;
  std::string out;

  void node(const std::string& url, const std::string& prefix, bool last, bool root) {
    auto it = by_url.find(url);
    const GraphModule* module = it == by_url.end() ? nullptr : it->second;
    bool repeat = shown.contains(url);
    std::vector<std::string> children;
    if (module && !repeat) {
      std::set<std::string> seen;
      for (const auto& [specifier, child] : module->dependencies)
        if (seen.insert(child).second) children.push_back(child);
    }
    std::string label = module ? url : url + " (missing)";
    if (module) label += repeat ? " *" : fmt::format(" ({})", human_size(static_cast<double>(module->size)));
    if (root) out += label + "\n";
    else out += prefix + (last ? "└" : "├") + (children.empty() ? "── " : "─┬ ") + label + "\n";
    shown.insert(url);
    std::string child_prefix = root ? "" : prefix + (last ? "  " : "│ ");
    for (size_t i = 0; i < children.size(); ++i) node(children[i], child_prefix, i + 1 == children.size(), false);
  }
};

}  // namespace

std::string format_info(const ModuleGraph& graph) {
  std::map<std::string, const GraphModule*> by_url;
  size_t total = 0;
  for (const auto& module : graph.modules) {
    by_url[module.url] = &module;
    total += module.size;
  }
  const GraphModule* root = by_url.contains(graph.root) ? by_url[graph.root] : nullptr;
  std::string out;
  if (root) {
    out += fmt::format("local: {}\ntype: {}\n", root->local_path, root->type);
  }
  out += fmt::format("dependencies: {} unique\nsize: {}\n\n", graph.modules.empty() ? 0 : graph.modules.size() - 1,
                     human_size(static_cast<double>(total)));
  Printer printer{by_url, {}, {}};
  printer.node(graph.root, "", true, true);
  return out + printer.out;
}

std::string format_info_json(const ModuleGraph& graph) {
  boost::json::array modules;
  std::map<std::string, const GraphModule*> sorted;
  for (const auto& module : graph.modules) sorted[module.url] = &module;
  for (const auto& [url, module] : sorted) {
    boost::json::array deps;
    for (const auto& [specifier, target] : module->dependencies)
      deps.push_back(boost::json::object{{"specifier", specifier}, {"code", boost::json::object{{"specifier", target}}}});
    boost::json::object entry{{"kind", module->type == "JSON" ? "asserted" : "esm"}};
    if (!deps.empty()) entry["dependencies"] = std::move(deps);
    entry["local"] = module->local_path;
    entry["size"] = module->size;
    entry["mediaType"] = module->type == "JSON" ? "Json" : module->type;
    entry["specifier"] = url;
    modules.push_back(std::move(entry));
  }
  boost::json::object redirects;
  for (const auto& [from, to] : graph.redirects) redirects[from] = to;
  boost::json::object root{{"version", 1},
                           {"roots", boost::json::array{graph.root.c_str()}},
                           {"modules", std::move(modules)},
                           {"redirects", std::move(redirects)},
                           {"npmPackages", boost::json::object{}}};
  return boost::json::serialize(root) + "\n";
}

}  // namespace toolchain::driver
