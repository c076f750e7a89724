#include "tools/bench/bench_table.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace toolchain::tools::bench {

namespace {

// fmt's width counts bytes for "…" and "µ"; pad by code points instead.
size_t display_width(std::string_view text) {
  size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

std::string pad_left(std::string_view text, size_t width) {
  size_t w = display_width(text);
  return std::string(w < width ? width - w : 0, ' ') + std::string(text);
}

std::string pad_right(std::string_view text, size_t width) {
  size_t w = display_width(text);
  return std::string(text) + std::string(w < width ? width - w : 0, ' ');
}

std::string two_decimals(double value) {
  std::string text = fmt::format("{:.2f}", value);
  while (text.ends_with('0')) text.pop_back();
  if (text.ends_with('.')) text.pop_back();
  return text;
}

}  // namespace

std::string format_duration(double ns) {
  if (ns < 1) return two_decimals(ns * 1e3) + " ps";
  if (ns < 1e3) return two_decimals(ns) + " ns";
  if (ns < 1e6) return two_decimals(ns / 1e3) + " µs";
  if (ns < 1e9) return two_decimals(ns / 1e6) + " ms";
  return two_decimals(ns / 1e9) + " s";
}

std::string format_rate(double per_second) {
  std::string text = fmt::format("{:.1f}", per_second);
  size_t dot = text.find('.');
  std::string whole = text.substr(0, dot);
  std::string out;
  for (size_t i = 0; i < whole.size(); ++i) {
    if (i > 0 && (whole.size() - i) % 3 == 0) out += ',';
    out += whole[i];
  }
  return out + text.substr(dot);
}

std::string header(size_t w, bool history) {
  std::string out = pad_right("benchmark", w) + " " + pad_left("time (avg)", 14) + pad_left("iter/s", 14) + " " +
                    pad_left("(min … max)", 23) + " " + pad_left("p75", 9) + " " + pad_left("p99", 9) + " " +
                    pad_left("p995", 9);
  if (history) out += " " + pad_left("change", 9);
  out += "\n" + std::string(w + 52, '-') + " " + std::string(history ? 39 : 29, '-') + "\n";
  return out;
}

std::string row(const std::string& name, size_t w, const Stats& s) {
  double rate = s.avg > 0 ? 1e9 / s.avg : 0;
  return pad_right(name, w) + " " + pad_left(format_duration(s.avg) + "/iter", 16) + " " +
         pad_left(format_rate(rate), 13) + " (" + pad_left(format_duration(s.min), 9) + " … " +
         pad_left(format_duration(s.max), 9) + ") " + pad_left(format_duration(s.p75), 8) + " " +
         pad_left(format_duration(s.p99), 9) + " " + pad_left(format_duration(s.p995), 9);
}

std::string change(const Stats& now, std::optional<double> previous_avg) {
  if (!previous_avg || *previous_avg <= 0) return {};
  double delta = (now.avg - *previous_avg) / *previous_avg;
  // The run's own spread: how far its typical sample (p75) lies from its best.
  double spread = now.avg > 0 ? (now.p75 - now.min) / now.avg : 0;
  bool beyond = std::fabs(delta) > spread;
  return " " + pad_left(fmt::format("{:+.1f}%", delta * 100), 9) + (beyond ? " *" : "");
}

std::string group_summary(const std::vector<GroupEntry>& entries) {
  if (entries.size() < 2) return {};
  auto base = std::find_if(entries.begin(), entries.end(), [](const GroupEntry& e) { return e.baseline; });
  if (base == entries.end())
    base = std::min_element(entries.begin(), entries.end(),
                            [](const GroupEntry& a, const GroupEntry& b) { return a.avg < b.avg; });
  std::string out = "summary\n  " + base->name + "\n";
  for (auto it = entries.begin(); it != entries.end(); ++it) {
    if (it == base) continue;
    bool faster = base->avg <= it->avg;
    double ratio = faster ? it->avg / base->avg : base->avg / it->avg;
    out += fmt::format("   {:.2f}x {} than {}\n", ratio, faster ? "faster" : "slower", it->name);
  }
  return out;
}

}  // namespace toolchain::tools::bench
