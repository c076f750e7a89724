#include "tools/bench/bench_history.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <functional>

#include <fmt/format.h>

namespace toolchain::tools::bench {

namespace fs = std::filesystem;

namespace {

const char kSchema[] =
    "CREATE TABLE IF NOT EXISTS bench_runs ("
    "  machine TEXT NOT NULL, file TEXT NOT NULL, name TEXT NOT NULL, at INTEGER NOT NULL,"
    "  avg REAL NOT NULL, min REAL NOT NULL, p75 REAL NOT NULL, p99 REAL NOT NULL, n INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS bench_runs_by_bench ON bench_runs (machine, file, name, at);";

}  // namespace

std::string History::cache_dir(const std::map<std::string, std::string>& env) {
  auto get = [&](const char* key) -> std::string {
    auto it = env.find(key);
    return it == env.end() ? std::string() : it->second;
  };
  if (auto dir = get("TOOLCHAIN_DIR"); !dir.empty()) return dir;
  if (auto xdg = get("XDG_CACHE_HOME"); !xdg.empty()) return xdg + "/toolchain";
  if (auto home = get("HOME"); !home.empty()) return home + "/.cache/toolchain";
  return {};
}

History::History(const std::string& cache_dir, const std::string& machine,
                 const std::function<void(const std::string&)>& warn)
    : machine_(machine) {
  if (cache_dir.empty()) return;
  std::error_code ec;
  fs::create_directories(cache_dir, ec);
  std::string path = cache_dir + "/bench_history.db";
  if (open(path)) return;
  // Unreadable: keep it for inspection, start afresh.
  std::string aside = fmt::format("{}.corrupt-{}", path,
                                  std::chrono::system_clock::now().time_since_epoch() / std::chrono::seconds(1));
  fs::rename(path, aside, ec);
  for (const char* suffix : {"-wal", "-shm"}) fs::remove(path + suffix, ec);
  warn(fmt::format("warning: the bench history database was unreadable; set aside as {}\n", aside));
  open(path);
}

bool History::open(const std::string& path) {
  if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
    sqlite3_close(db_);
    db_ = nullptr;
    return false;
  }
  sqlite3_busy_timeout(db_, 5000);
  const char* setup = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;";
  if (sqlite3_exec(db_, setup, nullptr, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_exec(db_, kSchema, nullptr, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_exec(db_, "SELECT count(*) FROM bench_runs", nullptr, nullptr, nullptr) != SQLITE_OK) {
    sqlite3_close(db_);
    db_ = nullptr;
    return false;
  }
  return true;
}

History::~History() {
  if (db_) sqlite3_close(db_);
}

std::optional<HistoryEntry> History::previous(const std::string& file, const std::string& name) {
  if (!db_) return std::nullopt;
  sqlite3_stmt* stmt = nullptr;
  const char* sql =
      "SELECT avg, min, p75, p99, n FROM bench_runs WHERE machine = ?1 AND file = ?2 AND name = ?3 "
      "ORDER BY at DESC, rowid DESC LIMIT 1";
  if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) return std::nullopt;
  sqlite3_bind_text(stmt, 1, machine_.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(stmt, 2, file.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(stmt, 3, name.c_str(), -1, SQLITE_TRANSIENT);
  std::optional<HistoryEntry> out;
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    HistoryEntry e{file, name, sqlite3_column_double(stmt, 0), sqlite3_column_double(stmt, 1),
                   sqlite3_column_double(stmt, 2), sqlite3_column_double(stmt, 3),
                   static_cast<size_t>(sqlite3_column_int64(stmt, 4))};
    out = e;
  }
  sqlite3_finalize(stmt);
  return out;
}

void History::record(const std::vector<HistoryEntry>& entries) {
  if (!db_ || entries.empty()) return;
  auto at = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  sqlite3_exec(db_, "BEGIN", nullptr, nullptr, nullptr);
  sqlite3_stmt* stmt = nullptr;
  sqlite3_prepare_v2(db_, "INSERT INTO bench_runs VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", -1, &stmt, nullptr);
  for (const auto& e : entries) {
    sqlite3_bind_text(stmt, 1, machine_.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, e.file.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 3, e.name.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 4, at);
    sqlite3_bind_double(stmt, 5, e.avg);
    sqlite3_bind_double(stmt, 6, e.min);
    sqlite3_bind_double(stmt, 7, e.p75);
    sqlite3_bind_double(stmt, 8, e.p99);
    sqlite3_bind_int64(stmt, 9, static_cast<sqlite3_int64>(e.n));
    sqlite3_step(stmt);
    sqlite3_reset(stmt);
  }
  sqlite3_finalize(stmt);
  sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
}

}  // namespace toolchain::tools::bench
