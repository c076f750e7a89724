#include "tools/coverage/coverage_report.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "tools/common/discovery.h"
#include "tools/test/reporter.h"

namespace toolchain::tools::coverage {

namespace fs = std::filesystem;
namespace json = boost::json;
using test::write_all;

namespace {

struct Range {
  size_t start, end;
  long count;
};

struct Function {
  std::string name;
  std::vector<Range> ranges;  // [0] is the whole function; the rest are blocks
};

// One script's counts, merged over every coverage file (counts add up).
struct Script {
  std::vector<Function> functions;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void merge(Script& into, const json::array& functions) {
  for (size_t i = 0; i < functions.size(); ++i) {
    const auto& f = functions[i].as_object();
    Function fn{std::string(f.at("functionName").as_string()), {}};
    for (const auto& r : f.at("ranges").as_array()) {
      const auto& o = r.as_object();
      fn.ranges.push_back({static_cast<size_t>(o.at("startOffset").to_number<double>()),
                           static_cast<size_t>(o.at("endOffset").to_number<double>()),
                           static_cast<long>(o.at("count").to_number<double>())});
    }
    // The same function (same name and extent) seen by another run: add its counts.
    auto same = std::find_if(into.functions.begin(), into.functions.end(), [&](const Function& g) {
      return g.name == fn.name && g.ranges.size() == fn.ranges.size() && g.ranges[0].start == fn.ranges[0].start &&
             g.ranges[0].end == fn.ranges[0].end;
    });
    if (same == into.functions.end()) {
      into.functions.push_back(std::move(fn));
    } else {
      for (size_t k = 0; k < fn.ranges.size(); ++k) same->ranges[k].count += fn.ranges[k].count;
    }
  }
}

struct FileReport {
  std::string path;
  std::vector<std::pair<int, long>> lines;               // line → count, for lines with code
  std::vector<std::tuple<int, std::string, long>> functions;  // line, name, count
  std::vector<std::tuple<int, int, long>> branches;      // line, block, count
};

FileReport analyse(const std::string& path, const Script& script) {
  FileReport out{path, {}, {}, {}};
  std::string source = read_file(path);
  // Line starts, in characters (the transpiler keeps every line and column).
  std::vector<size_t> starts{0};
  for (size_t i = 0; i < source.size(); ++i)
    if (source[i] == '\n') starts.push_back(i + 1);
  auto line_of = [&](size_t offset) {
    return static_cast<int>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin());
  };
  // Each line's count: the innermost range holding its first non-blank character.
  std::vector<std::optional<long>> counts(starts.size());
  std::vector<std::pair<size_t, size_t>> order;  // (function, range) from outer to inner
  std::vector<const Range*> all;
  for (const auto& fn : script.functions)
    for (const auto& r : fn.ranges) all.push_back(&r);
  std::stable_sort(all.begin(), all.end(), [](const Range* a, const Range* b) {
    return (a->end - a->start) > (b->end - b->start);
  });
  for (size_t line = 0; line < starts.size(); ++line) {
    size_t begin = starts[line];
    size_t end = line + 1 < starts.size() ? starts[line + 1] - 1 : source.size();
    size_t first = source.find_first_not_of(" \t\r", begin);
    if (first == std::string::npos || first >= end) continue;  // blank
    for (const Range* r : all)
      if (r->start <= first && first < r->end) counts[line] = r->count;
  }
  for (size_t line = 0; line < starts.size(); ++line)
    if (counts[line]) out.lines.push_back({static_cast<int>(line) + 1, *counts[line]});
  for (const auto& fn : script.functions) {
    if (fn.ranges.empty() || fn.ranges[0].start == 0) continue;  // the module's top level
    out.functions.push_back({line_of(fn.ranges[0].start), fn.name.empty() ? "(anonymous)" : fn.name, fn.ranges[0].count});
  }
  int block = 0;
  for (const auto& fn : script.functions)
    for (size_t k = 1; k < fn.ranges.size(); ++k) out.branches.push_back({line_of(fn.ranges[k].start), block++, fn.ranges[k].count});
  return out;
}

double percent(size_t hit, size_t total) { return total == 0 ? 100.0 : 100.0 * hit / total; }

}  // namespace

int report(const std::string& dir, bool lcov, const std::string& cwd, const Stdio& stdio) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    write_all(stdio.err, fmt::format("error: No coverage files found in {}\n", dir));
    return 1;
  }
  std::map<std::string, Script> scripts;  // by file path
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".json") continue;
    try {
      json::value doc = json::parse(read_file(entry.path().string()));
      const auto& result = doc.as_object().at("result").as_object().at("result").as_array();
      for (const auto& s : result) {
        std::string url(s.as_object().at("url").as_string());
        if (!url.starts_with("file://")) continue;
        std::string path = url.substr(7);
        if (matches_tool_rule(fs::path(path).filename().string(), "test")) continue;
        merge(scripts[path], s.as_object().at("functions").as_array());
      }
    } catch (const std::exception& e) {
      write_all(stdio.err, fmt::format("error: {} is not a coverage file: {}\n", entry.path().string(), e.what()));
      return 1;
    }
  }
  if (scripts.empty()) {
    write_all(stdio.err, fmt::format("error: No covered files included in the report\n"));
    return 1;
  }
  std::string out;
  struct Row {
    std::string name;
    double branch, function, line;
  };
  std::vector<Row> rows;
  size_t all_b = 0, all_bh = 0, all_f = 0, all_fh = 0, all_l = 0, all_lh = 0;
  for (const auto& [path, script] : scripts) {
    FileReport r = analyse(path, script);
    size_t lh = std::count_if(r.lines.begin(), r.lines.end(), [](auto& l) { return l.second > 0; });
    size_t fh = std::count_if(r.functions.begin(), r.functions.end(), [](auto& f) { return std::get<2>(f) > 0; });
    size_t bh = std::count_if(r.branches.begin(), r.branches.end(), [](auto& b) { return std::get<2>(b) > 0; });
    all_l += r.lines.size(), all_lh += lh, all_f += r.functions.size(), all_fh += fh, all_b += r.branches.size(), all_bh += bh;
    if (lcov) {
      out += "SF:" + path + "\n";
      for (const auto& [line, name, count] : r.functions) out += fmt::format("FN:{},{}\n", line, name);
      for (const auto& [line, name, count] : r.functions) out += fmt::format("FNDA:{},{}\n", count, name);
      out += fmt::format("FNF:{}\nFNH:{}\n", r.functions.size(), fh);
      for (const auto& [line, block, count] : r.branches) out += fmt::format("BRDA:{},{},0,{}\n", line, block, count);
      out += fmt::format("BRF:{}\nBRH:{}\n", r.branches.size(), bh);
      for (const auto& [line, count] : r.lines) out += fmt::format("DA:{},{}\n", line, count);
      out += fmt::format("LH:{}\nLF:{}\nend_of_record\n", lh, r.lines.size());
    }
    std::string name = display_path(path, cwd);
    if (name.starts_with("./")) name = name.substr(2);
    rows.push_back({name, percent(bh, r.branches.size()), percent(fh, r.functions.size()), percent(lh, r.lines.size())});
  }
  if (!lcov) {
    rows.push_back({"All files", percent(all_bh, all_b), percent(all_fh, all_f), percent(all_lh, all_l)});
    size_t w = 4;
    for (const auto& r : rows) w = std::max(w, r.name.size());
    out += fmt::format("| {:<{}} | Branch % | Function % | Line % |\n", "File", w);
    out += fmt::format("| {} | -------- | ---------- | ------ |\n", std::string(w, '-'));
    for (const auto& r : rows)
      out += fmt::format("| {:<{}} | {:>8.1f} | {:>10.1f} | {:>6.1f} |\n", r.name, w, r.branch, r.function, r.line);
  }
  write_all(stdio.out, out);
  return 0;
}

}  // namespace toolchain::tools::coverage
