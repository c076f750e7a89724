#include "tools/coverage/coverage_report.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <variant>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "tools/common/discovery.h"
#include "tools/test/reporter.h"
#include "transpile/transpile.h"

namespace toolchain::tools::coverage {

namespace fs = std::filesystem;
namespace json = boost::json;
using test::write_all;

namespace {

// V8's offsets count UTF-16 code units of the source V8 ran.
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
  for (const auto& value : functions) {
    const auto& f = value.as_object();
    Function fn{std::string(f.at("functionName").as_string()), {}};
    for (const auto& r : f.at("ranges").as_array()) {
      const auto& o = r.as_object();
      fn.ranges.push_back({static_cast<size_t>(o.at("startOffset").to_number<double>()),
                           static_cast<size_t>(o.at("endOffset").to_number<double>()),
                           static_cast<long>(o.at("count").to_number<double>())});
    }
    if (fn.ranges.empty()) throw std::invalid_argument("a function without ranges");
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

// A line of the source V8 ran, in UTF-16 offsets: [start, end) without the
// newline, and [content_start, content_end) without the blanks around.
struct Line {
  size_t start, end, content_start, content_end;
  bool blank;
};

std::vector<Line> split_lines(const std::string& source) {
  std::vector<Line> lines;
  Line line{0, 0, 0, 0, true};
  size_t unit = 0;
  for (size_t i = 0; i <= source.size(); ++i) {
    if (i == source.size() || source[i] == '\n') {
      line.end = unit;
      if (line.blank) line.content_start = line.content_end = unit;
      lines.push_back(line);
      unit += 1;
      line = {unit, unit, unit, unit, true};
      continue;
    }
    auto c = static_cast<unsigned char>(source[i]);
    if ((c & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte
    size_t width = c >= 0xF0 ? 2 : 1;  // four UTF-8 bytes make a surrogate pair
    if (c != ' ' && c != '\t' && c != '\r') {
      if (line.blank) line.content_start = unit;
      line.blank = false;
      line.content_end = unit + width;
    }
    unit += width;
  }
  return lines;
}

// Whether each line holds only a comment (TypeScript's report leaves such
// lines out, as Deno's does: its source map has nothing on them).
std::vector<bool> comment_only_lines(const std::string& source, size_t line_count) {
  std::vector<bool> code(line_count, false);
  size_t line = 0;
  char quote = 0;
  for (size_t i = 0; i < source.size(); ++i) {
    char c = source[i];
    if (c == '\n') {
      ++line;
      continue;
    }
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      code[line] = true;
      continue;
    }
    if (c == '/' && i + 1 < source.size() && source[i + 1] == '/') {
      while (i < source.size() && source[i] != '\n') ++i;
      --i;
      continue;
    }
    if (c == '/' && i + 1 < source.size() && source[i + 1] == '*') {
      for (i += 2; i + 1 < source.size() && !(source[i] == '*' && source[i + 1] == '/'); ++i)
        if (source[i] == '\n') ++line;
      ++i;
      continue;
    }
    if (c == '"' || c == '\'' || c == '`') quote = c;
    if (c != ' ' && c != '\t' && c != '\r') code[line] = true;
  }
  std::vector<bool> only(line_count);
  for (size_t k = 0; k < line_count; ++k) only[k] = !code[k];
  return only;
}

struct FileReport {
  std::string path;
  std::vector<std::pair<int, long>> lines;                                 // line → count
  std::vector<std::tuple<int, std::string, long>> functions;               // line, name, count
  struct Branch {
    int line;
    size_t block, branch;
    std::optional<long> taken;  // none: the function never ran
  };
  std::vector<Branch> branches;
};

bool is_typescript(const std::string& path) {
  for (const char* ext : {".ts", ".tsx", ".mts", ".cts", ".jsx"})
    if (path.ends_with(ext)) return true;
  return false;
}

// The figures follow what Deno 2.9.6 reports for the same counts (checked on
// recorded coverage files, tests/e2e/tools/coverage_deno):
// - a function: each named one, at the line it starts on;
// - branches: each block range of a function, on the line it starts on; a
//   line with one block gets a second branch, the times the enclosing range
//   ran without entering it (none if that is negative, as in a loop body);
// - a line: the count of the innermost range holding all of it, or 0 when a
//   range that never ran starts on it and fills the rest of it, ends on it
//   after starting above, or is a function starting on it.
FileReport analyse(const std::string& path, const Script& script) {
  FileReport out{path, {}, {}, {}};
  bool typescript = is_typescript(path);
  std::string source = read_file(path);
  if (typescript) {
    // The transpiler keeps every line and column, so V8's offsets are offsets
    // in the file's own lines.
    auto result = transpile::transpile(source, transpile::Dialect::TypeScript);
    if (result.errors.empty()) source = std::move(result.code);
  }
  std::vector<Line> lines = split_lines(source);
  auto line_of = [&](size_t offset) {
    auto it = std::upper_bound(lines.begin(), lines.end(), offset, [](size_t o, const Line& l) { return o < l.start; });
    return static_cast<int>(it - lines.begin());
  };

  for (const auto& fn : script.functions)
    if (!fn.name.empty()) out.functions.push_back({line_of(fn.ranges[0].start), fn.name, fn.ranges[0].count});

  for (size_t block = 0; block < script.functions.size(); ++block) {
    const auto& ranges = script.functions[block].ranges;
    bool ran = ranges[0].count > 0;
    std::map<int, std::vector<const Range*>> by_line;
    for (size_t k = 1; k < ranges.size(); ++k) by_line[line_of(ranges[k].start)].push_back(&ranges[k]);
    for (const auto& [line, here] : by_line) {
      size_t branch = 0;
      for (const Range* r : here) out.branches.push_back({line, block, branch++, ran ? std::optional(r->count) : std::nullopt});
      if (here.size() != 1) continue;
      const Range* parent = &ranges[0];  // the innermost range around it
      for (size_t k = 1; k < ranges.size(); ++k)
        if (&ranges[k] != here[0] && ranges[k].start <= here[0]->start && here[0]->end <= ranges[k].end &&
            ranges[k].end - ranges[k].start <= parent->end - parent->start)
          parent = &ranges[k];
      long rest = parent->count - here[0]->count;
      if (rest >= 0) out.branches.push_back({line, block, branch, ran ? std::optional(rest) : std::nullopt});
    }
  }

  std::vector<const Range*> all;
  std::vector<bool> is_function;
  for (const auto& fn : script.functions)
    for (size_t k = 0; k < fn.ranges.size(); ++k) all.push_back(&fn.ranges[k]), is_function.push_back(k == 0);
  std::vector<bool> comment_only = typescript ? comment_only_lines(source, lines.size()) : std::vector<bool>(lines.size());
  for (size_t n = 0; n < lines.size(); ++n) {
    const Line& l = lines[n];
    if (l.blank || comment_only[n]) {
      if (!typescript) out.lines.push_back({static_cast<int>(n) + 1, 1});
      continue;
    }
    const Range* inner = nullptr;
    for (const Range* r : all)
      if (r->start <= l.start && l.end <= r->end && (!inner || r->end - r->start <= inner->end - inner->start)) inner = r;
    long count = inner ? inner->count : 0;
    for (size_t k = 0; k < all.size(); ++k) {
      const Range& r = *all[k];
      if (r.count != 0) continue;
      bool starts_here = l.start <= r.start && r.start < l.end;
      if ((starts_here && l.content_end <= r.end && (is_function[k] || r.end <= l.end + 1)) ||
          (r.start < l.start && l.start < r.end && r.end <= l.end + 1))
        count = 0;
    }
    out.lines.push_back({static_cast<int>(n) + 1, count});
  }
  return out;
}

double percent(size_t hit, size_t total) { return total == 0 ? 100.0 : 100.0 * hit / total; }

}  // namespace

namespace {

// Every covered source file's report, from the coverage files in `dir`, or
// the error that stopped reading them.
std::variant<std::vector<FileReport>, std::string> collect(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return fmt::format("No coverage files found in {}", dir);
  std::map<std::string, Script> scripts;  // by file path
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".json") continue;
    try {
      // One ScriptCoverage per file, as `deno test --coverage` writes them.
      json::value doc = json::parse(read_file(entry.path().string()));
      std::string url(doc.at("url").as_string());
      if (!url.starts_with("file://")) continue;
      std::string path = url.substr(7);
      if (matches_tool_rule(fs::path(path).filename().string(), "test")) continue;
      merge(scripts[path], doc.at("functions").as_array());
    } catch (const std::exception& e) {
      return fmt::format("{} is not a coverage file: {}", entry.path().string(), e.what());
    }
  }
  std::vector<FileReport> reports;
  for (const auto& [path, script] : scripts)  // a file gone since the run cannot be shown
    if (fs::is_regular_file(path, ec)) reports.push_back(analyse(path, script));
  if (reports.empty()) return std::string("No covered files included in the report");
  return reports;
}

struct Hits {
  size_t branches, functions, lines;
};

Hits hits(const FileReport& r) {
  return {static_cast<size_t>(std::count_if(r.branches.begin(), r.branches.end(), [](auto& b) { return b.taken.value_or(0) > 0; })),
          static_cast<size_t>(std::count_if(r.functions.begin(), r.functions.end(), [](auto& f) { return std::get<2>(f) > 0; })),
          static_cast<size_t>(std::count_if(r.lines.begin(), r.lines.end(), [](auto& l) { return l.second > 0; }))};
}

std::string lcov_text(const std::vector<FileReport>& reports) {
  std::string out;
  for (const auto& r : reports) {
    Hits h = hits(r);
    out += "SF:" + r.path + "\n";
    for (const auto& [line, name, count] : r.functions) out += fmt::format("FN:{},{}\n", line, name);
    for (const auto& [line, name, count] : r.functions) out += fmt::format("FNDA:{},{}\n", count, name);
    out += fmt::format("FNF:{}\nFNH:{}\n", r.functions.size(), h.functions);
    for (const auto& b : r.branches)
      out += fmt::format("BRDA:{},{},{},{}\n", b.line, b.block, b.branch, b.taken ? std::to_string(*b.taken) : "-");
    out += fmt::format("BRF:{}\nBRH:{}\n", r.branches.size(), h.branches);
    for (const auto& [line, count] : r.lines) out += fmt::format("DA:{},{}\n", line, count);
    out += fmt::format("LH:{}\nLF:{}\nend_of_record\n", h.lines, r.lines.size());
  }
  return out;
}

struct Row {
  std::string name;  // as the table shows it; empty for the total
  double branch, function, line;
};

std::vector<Row> rows(const std::vector<FileReport>& reports, const std::string& cwd) {
  std::vector<Row> out;
  size_t all_b = 0, all_bh = 0, all_f = 0, all_fh = 0, all_l = 0, all_lh = 0;
  for (const auto& r : reports) {
    Hits h = hits(r);
    all_l += r.lines.size(), all_lh += h.lines, all_f += r.functions.size(), all_fh += h.functions;
    all_b += r.branches.size(), all_bh += h.branches;
    std::string name = display_path(r.path, cwd);
    if (name.starts_with("./")) name = name.substr(2);
    out.push_back({name, percent(h.branches, r.branches.size()), percent(h.functions, r.functions.size()),
                   percent(h.lines, r.lines.size())});
  }
  out.push_back({"All files", percent(all_bh, all_b), percent(all_fh, all_f), percent(all_lh, all_l)});
  return out;
}

std::string table_text(const std::vector<FileReport>& reports, const std::string& cwd) {
  std::vector<Row> all = rows(reports, cwd);
  size_t w = 4;
  for (const auto& r : all) w = std::max(w, r.name.size());
  std::string out = fmt::format("| {:<{}} | Branch % | Function % | Line % |\n", "File", w);
  out += fmt::format("| {} | -------- | ---------- | ------ |\n", std::string(w, '-'));
  for (const auto& r : all)
    out += fmt::format("| {:<{}} | {:>8.1f} | {:>10.1f} | {:>6.1f} |\n", r.name, w, r.branch, r.function, r.line);
  return out;
}

std::string escape_html(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

constexpr std::string_view kHtmlStyle =
    "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}"
    "td:first-child,th:first-child{text-align:left}pre{margin:0}.miss{background:#fdd}.hit{background:#dfd}"
    ".count{color:#666;text-align:right;padding-right:8px}</style>\n";

// DIR/html: index.html (the table, a link per file) and a page per file with
// its lines marked run (with their count) or never run.
std::string write_html(const std::vector<FileReport>& reports, const std::string& dir, const std::string& cwd) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return fmt::format("cannot create {}: {}", dir, ec.message());
  std::vector<Row> all = rows(reports, cwd);
  std::string index = fmt::format("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Coverage report</title>\n{}"
                                  "</head><body>\n<h1>Coverage report</h1>\n<table>\n"
                                  "<tr><th>File</th><th>Branch %</th><th>Function %</th><th>Line %</th></tr>\n",
                                  kHtmlStyle);
  for (size_t i = 0; i < all.size(); ++i) {
    const Row& row = all[i];
    std::string page = i < reports.size() ? row.name + ".html" : "";
    for (char& c : page)
      if (c == '/') c = '_';
    std::string name = page.empty() ? escape_html(row.name)
                                    : fmt::format("<a href=\"{}\">{}</a>", escape_html(page), escape_html(row.name));
    index += fmt::format("<tr><td>{}</td><td>{:.1f}</td><td>{:.1f}</td><td>{:.1f}</td></tr>\n", name, row.branch,
                         row.function, row.line);
    if (page.empty()) continue;
    const FileReport& r = reports[i];
    std::map<int, long> counts(r.lines.begin(), r.lines.end());
    std::string text = fmt::format("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{0}</title>\n{1}"
                                   "</head><body>\n<h1>{0}</h1>\n<p><a href=\"index.html\">All files</a></p>\n<table>\n",
                                   escape_html(row.name), kHtmlStyle);
    std::istringstream source(read_file(r.path));
    std::string line;
    for (int n = 1; std::getline(source, line); ++n) {
      auto found = counts.find(n);
      std::string cls = found == counts.end() ? "" : found->second > 0 ? " class=\"hit\"" : " class=\"miss\"";
      std::string count = found == counts.end() ? "" : fmt::format("{}x", found->second);
      text += fmt::format("<tr{}><td class=\"count\">{}</td><td class=\"count\">{}</td><td><pre>{}</pre></td></tr>\n", cls,
                          n, count, escape_html(line));
    }
    text += "</table>\n</body></html>\n";
    std::ofstream(dir + "/" + page, std::ios::binary) << text;
  }
  index += "</table>\n</body></html>\n";
  std::ofstream out(dir + "/index.html", std::ios::binary);
  out << index;
  if (!out) return "cannot write " + dir + "/index.html";
  return {};
}

}  // namespace

int report(const std::string& dir, bool lcov, const std::string& cwd, const Stdio& stdio) {
  auto collected = collect(dir);
  if (auto* error = std::get_if<std::string>(&collected)) {
    write_all(stdio.err, fmt::format("error: {}\n", *error));
    return 1;
  }
  const auto& reports = std::get<std::vector<FileReport>>(collected);
  write_all(stdio.out, lcov ? lcov_text(reports) : table_text(reports, cwd));
  return 0;
}

void report_after_test(const std::string& dir, const std::string& cwd, const Stdio& stdio) {
  auto collected = collect(dir);
  if (auto* error = std::get_if<std::string>(&collected)) {  // the tests passed all the same
    write_all(stdio.err, fmt::format("Error generating coverage report: {}\n", *error));
    return;
  }
  const auto& reports = std::get<std::vector<FileReport>>(collected);
  write_all(stdio.out, table_text(reports, cwd));
  std::string lcov_path = dir + "/lcov.info";
  std::ofstream(lcov_path, std::ios::binary) << lcov_text(reports);
  std::string html_error = write_html(reports, dir + "/html", cwd);
  if (!html_error.empty()) {
    write_all(stdio.err, fmt::format("Error generating coverage report: {}\n", html_error));
    return;
  }
  write_all(stdio.err, fmt::format("Lcov coverage report has been generated at file://{}\n"
                                   "HTML coverage report has been generated at file://{}/html/index.html\n",
                                   lcov_path, dir));
}

}  // namespace toolchain::tools::coverage
