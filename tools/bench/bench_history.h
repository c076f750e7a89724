#pragma once
// Bench history: every run's results in SQLite, per benchmark, file and machine,
// so `toolchain bench` can show each row's change against the previous run.
// The database lives in the cache dir ($TOOLCHAIN_DIR, else
// $XDG_CACHE_HOME/toolchain, else ~/.cache/toolchain) as bench_history.db, in WAL
// mode with synchronous=NORMAL (one fsync per checkpoint, not per commit). A
// database SQLite cannot read is set aside (renamed *.corrupt) with a one-line
// warning and a new one started.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace toolchain::tools::bench {

struct HistoryEntry {
  std::string file;  // origin URL
  std::string name;
  double avg = 0, min = 0, p75 = 0, p99 = 0;  // ns per iteration
  size_t n = 0;
};

class History {
 public:
  // `warn` receives the one-line warning if the database had to be set aside.
  History(const std::string& cache_dir, const std::string& machine, const std::function<void(const std::string&)>& warn);
  ~History();
  History(const History&) = delete;
  History& operator=(const History&) = delete;

  bool ok() const { return db_ != nullptr; }
  // The latest stored result of this benchmark on this machine.
  std::optional<HistoryEntry> previous(const std::string& file, const std::string& name);
  // Stores one run's results in one transaction.
  void record(const std::vector<HistoryEntry>& entries);

  // The cache dir for an environment (see above).
  static std::string cache_dir(const std::map<std::string, std::string>& env);

 private:
  bool open(const std::string& path);
  sqlite3* db_ = nullptr;
  std::string machine_;
};

}  // namespace toolchain::tools::bench
