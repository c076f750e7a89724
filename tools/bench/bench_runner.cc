#include "tools/bench/bench_runner.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "tools/bench/bench_history.h"
#include "tools/bench/bench_table.h"
#include "tools/common/discovery.h"
#include "tools/test/test_events.h"
#include "tools/test/reporter.h"

namespace toolchain::tools::bench {

namespace json = boost::json;
using test::write_all;

namespace {

std::string cpu_name() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("model name")) {
      size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown";
}

std::string machine_id(const std::string& cpu) {
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  return std::string(host) + "/" + cpu;
}

double number(const json::object& o, const char* key) {
  auto* v = o.if_contains(key);
  return v && v->is_number() ? v->to_number<double>() : 0;
}

struct Bench {
  uint64_t id;
  std::string name;
  std::optional<std::string> group;
  bool baseline = false;
  bool ignore = false;
  std::optional<Stats> stats;
  json::object raw;          // the result as the program reported it, for --json
  std::string error;
};

// One file's run: its plan and results, printed as they arrive.
class FileRun {
 public:
  FileRun(const std::string& origin, const BenchOptions& options, const RunOptions& base, History* history)
      : origin_(origin), options_(options), base_(base), history_(history) {}

  bool on_event(const std::string& text) {
    json::object e = json::parse(test::well_formed_json(text)).as_object();
    std::string type(e["type"].as_string());
    if (type == "plan") {
      used_only_ = e["usedOnly"].as_bool();
      for (const auto& b : e["benches"].as_array()) {
        const auto& o = b.as_object();
        Bench bench{static_cast<uint64_t>(number(o, "id")), std::string(o.at("name").as_string()), std::nullopt,
                    o.at("baseline").as_bool(), o.at("ignore").as_bool(), std::nullopt, {}, {}};
        if (o.at("group").is_string()) bench.group = std::string(o.at("group").as_string());
        benches_.push_back(std::move(bench));
      }
      width_ = 9;
      for (const auto& b : benches_) width_ = std::max(width_, b.name.size());
      if (!options_.json && std::any_of(benches_.begin(), benches_.end(), [](auto& b) { return !b.ignore; }))
        out(fmt::format("\n{}\n{}", origin_, header(width_, history_ != nullptr)));
    } else if (type == "result") {
      auto id = static_cast<uint64_t>(number(e, "id"));
      auto it = std::find_if(benches_.begin(), benches_.end(), [&](auto& b) { return b.id == id; });
      if (it == benches_.end()) return true;
      const auto& result = e["result"].as_object();
      it->raw = result;
      if (auto* ok = result.if_contains("ok")) {
        const auto& s = ok->as_object();
        it->stats = Stats{static_cast<size_t>(number(s, "n")), number(s, "min"), number(s, "max"), number(s, "avg"),
                          number(s, "p75"), number(s, "p99"), number(s, "p995"), number(s, "p999")};
      } else if (auto* failed = result.if_contains("failed")) {
        it->error = failed->is_string() ? std::string(failed->as_string()) : json::serialize(*failed);
      }
      print_row(*it);
    }
    return true;
  }

  void on_uncaught(const std::string& text) { uncaught_ = text; }

  // After the program ended: group summaries, history.
  void finish() {
    if (!options_.json) {
      if (!uncaught_.empty()) out(uncaught_);
      flush_group();
    }
    std::vector<HistoryEntry> entries;
    for (const auto& b : benches_)
      if (b.stats) entries.push_back({origin_, b.name, b.stats->avg, b.stats->min, b.stats->p75, b.stats->p99, b.stats->n});
    if (history_) history_->record(entries);
  }

  bool failed() const {
    return !uncaught_.empty() ||
           std::any_of(benches_.begin(), benches_.end(), [](const Bench& b) { return !b.error.empty(); });
  }
  bool used_only() const { return used_only_; }
  const std::vector<Bench>& benches() const { return benches_; }
  const std::string& origin() const { return origin_; }

 private:
  void out(std::string_view text) { write_all(base_.stdio.out, text); }

  void print_row(const Bench& b) {
    if (options_.json) return;
    if (b.group != current_group_) {
      flush_group();
      current_group_ = b.group;
      if (b.group) out(fmt::format("\ngroup {}\n", *b.group));
    }
    if (!b.error.empty()) {
      std::string first = b.error.substr(0, b.error.find('\n'));
      out(fmt::format("{} error: {}\n", b.name + std::string(width_ > b.name.size() ? width_ - b.name.size() : 0, ' '),
                      first));
      return;
    }
    std::string line = row(b.name, width_, *b.stats);
    if (history_) {
      auto previous = history_->previous(origin_, b.name);
      line += change(*b.stats, previous ? std::optional<double>(previous->avg) : std::nullopt);
    }
    out(line + "\n");
    if (b.group) group_entries_.push_back({b.name, b.stats->avg, b.baseline});
  }

  void flush_group() {
    if (!group_entries_.empty()) {
      std::string summary = group_summary(group_entries_);
      if (!summary.empty()) out("\n" + summary);
    }
    group_entries_.clear();
  }

  std::string origin_;
  const BenchOptions& options_;
  const RunOptions& base_;
  History* history_;
  std::vector<Bench> benches_;
  size_t width_ = 9;
  bool used_only_ = false;
  std::optional<std::string> current_group_;
  std::vector<GroupEntry> group_entries_;
  std::string uncaught_;
};

}  // namespace

int run_benches(const BenchOptions& options, const RunOptions& base) {
  std::vector<std::string> files;
  try {
    files = discover(options.paths, base.cwd, "bench", "bench");
  } catch (const std::exception& e) {
    write_all(base.stdio.err, fmt::format("error: {}\n", e.what()));
    return 1;
  }
  if (files.empty() && !options.permit_no_files) {
    write_all(base.stdio.err, "error: No bench modules found\n");
    return 1;
  }
  std::string cpu = cpu_name();
  std::unique_ptr<History> history;
  if (!options.no_history) {
    history = std::make_unique<History>(History::cache_dir(base.env), machine_id(cpu),
                                        [&](const std::string& line) { write_all(base.stdio.err, line); });
    if (!history->ok()) history.reset();
  }
  std::string target = "x86_64-unknown-linux-gnu";
  if (!options.json) write_all(base.stdio.out, fmt::format("cpu: {}\nruntime: {} ({})\n", cpu, options.runtime_version, target));

  bool failed = false, used_only = false;
  json::array all;
  for (const std::string& path : files) {
    std::string origin = "file://" + path;
    FileRun run(origin, options, base, history.get());
    auto hook = std::make_shared<ToolHook>();
    hook->mode = "bench";
    json::object config{{"origin", origin}};
    config["filter"] = options.filter ? json::value(*options.filter) : json::value(nullptr);
    hook->config = json::serialize(config);
    hook->on_event = [&](const std::string& text) { return run.on_event(text); };
    hook->on_uncaught = [&](const std::string& text) { run.on_uncaught(text); };
    RunOptions file_options = base;
    file_options.main_module = path;
    file_options.tool = hook;
    run_program(file_options);
    run.finish();
    failed = failed || run.failed();
    used_only = used_only || run.used_only();
    for (const auto& b : run.benches()) {
      if (b.ignore) continue;
      json::object entry{{"origin", origin}, {"name", b.name}, {"baseline", b.baseline}};
      entry["group"] = b.group ? json::value(*b.group) : json::value(nullptr);
      entry["results"] = json::array{b.raw};
      all.push_back(std::move(entry));
    }
  }
  if (options.json) {
    json::object doc{{"version", 1}, {"runtime", options.runtime_version + " " + target}, {"cpu", cpu}, {"benches", all}};
    write_all(base.stdio.out, json::serialize(doc) + "\n");
  } else {
    write_all(base.stdio.out, "\n");
  }
  if (failed) {
    write_all(base.stdio.err, "error: Bench failed\n");
    return 1;
  }
  if (used_only) {
    write_all(base.stdio.err, "error: Bench failed because the \"only\" option was used\n");
    return 1;
  }
  return 0;
}

}  // namespace toolchain::tools::bench
