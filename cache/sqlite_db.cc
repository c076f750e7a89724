#include "cache/sqlite_db.h"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace toolchain::cache {

Statement::Statement(sqlite3* db, const char* sql) {
  if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) stmt_ = nullptr;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, std::string_view text) {
  sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind_blob(int index, const void* data, size_t size) {
  sqlite3_bind_blob(stmt_, index, data, static_cast<int>(size), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind(int index, int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

int Statement::step() { return sqlite3_step(stmt_); }

std::string Statement::text(int column) const {
  auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
}

std::string Statement::blob(int column) const {
  auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
  return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

namespace {

// The connection settings every database of the cache gets. Commits in WAL
// mode with synchronous=NORMAL do not fsync; only checkpoints do.
int configure(sqlite3* db) {
  sqlite3_busy_timeout(db, 5000);
  // Keep the WAL when the last connection closes: a checkpoint there would fsync.
  sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  return sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", nullptr, nullptr, nullptr);
}

// A new file: switching it to WAL goes through a rollback journal, which
// syncs four times, and the new WAL syncs its header and folder. A cache can
// be rebuilt, so creation does not sync (a file cut short by a power loss is
// set aside next time) and writes the WAL header without a journal file
// (journal_mode=OFF for that one write: ~12 system calls fewer per file);
// the commits after it are ordinary WAL commits.
int configure_new(sqlite3* db) {
  sqlite3_busy_timeout(db, 5000);
  sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  return sqlite3_exec(db, "PRAGMA synchronous=OFF; PRAGMA journal_mode=OFF; PRAGMA journal_mode=WAL;", nullptr,
                      nullptr, nullptr);
}

// user_version, or -1 with the error in *rc.
int schema_version(sqlite3* db, int* rc) {
  Statement statement(db, "PRAGMA user_version");
  if (!statement.ok()) {
    *rc = sqlite3_extended_errcode(db);
    return -1;
  }
  *rc = statement.step();
  if (*rc != SQLITE_ROW) return -1;
  return std::stoi(statement.text(0));
}

bool has_tables(sqlite3* db) {
  Statement statement(db, "SELECT count(*) FROM sqlite_master");
  return statement.ok() && statement.step() == SQLITE_ROW && statement.text(0) != "0";
}

}  // namespace

void Database::set_aside(const std::string& path, const std::string& reason, const Warn& warn) {
  std::string aside = path + ".bad";
  std::rename(path.c_str(), aside.c_str());
  for (const char* suffix : {"-wal", "-shm"}) {
    std::rename((path + suffix).c_str(), (aside + suffix).c_str());
  }
  warn(fmt::format("Warning: the cache database {} {}; set it aside as {} and rebuilding it.", path, reason, aside));
}

std::unique_ptr<Database> Database::open_existing(const std::string& path, int version, const Warn& warn) {
  if (::access(path.c_str(), F_OK) != 0) return nullptr;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return nullptr;  // unreadable: the writer will say so if it cannot create it either
  }
  int rc = configure(db);
  int found = rc == SQLITE_OK ? schema_version(db, &rc) : -1;
  if (found == version) return std::unique_ptr<Database>(new Database(db, path));
  bool fresh = found == 0 && !has_tables(db);
  sqlite3_close(db);
  if (fresh) return nullptr;  // made by a process that has not written its schema yet
  if (found < 0 && !is_corruption(rc)) return nullptr;  // busy, locked: just not this time
  set_aside(path, found < 0 ? "is corrupt" : fmt::format("has schema version {}, not {}", found, version), warn);
  return nullptr;
}

std::unique_ptr<Database> Database::open_or_create(const std::string& path, int version, const char* schema,
                                                   const Warn& warn, std::string* failure) {
  bool set_aside_once = false;
  for (int attempt = 0; attempt < 8; ++attempt) {
    sqlite3* db = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                             nullptr);
    bool is_new = rc == SQLITE_OK && !has_tables(db);
    if (rc == SQLITE_OK) rc = is_new ? configure_new(db) : configure(db);
    int found = rc == SQLITE_OK ? schema_version(db, &rc) : -1;
    if (found == version) return std::unique_ptr<Database>(new Database(db, path));
    if (found == 0 && !has_tables(db)) {
      std::string sql = fmt::format("BEGIN IMMEDIATE; {} PRAGMA user_version={}; COMMIT; PRAGMA synchronous=NORMAL;",
                                    schema, version);
      rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
      if (rc == SQLITE_OK) return std::unique_ptr<Database>(new Database(db, path));
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      int ignored;
      if (schema_version(db, &ignored) == version) return std::unique_ptr<Database>(new Database(db, path));  // a racer made it
    }
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    // Another process is creating or switching the same file to WAL right now:
    // a moment later it is ready.
    if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED) {
      ::usleep(10000 * (attempt + 1));
      continue;
    }
    if (!set_aside_once && (found > 0 || is_corruption(rc))) {
      set_aside(path, found > 0 ? fmt::format("has schema version {}, not {}", found, version) : "is corrupt", warn);
      set_aside_once = true;
      continue;
    }
    *failure = message;
    return nullptr;
  }
  return nullptr;  // still busy: not this time (failure left empty)
}

Database::Reused Database::statement(const char* sql) {
  for (auto& [text, statement] : statements_)
    if (text == sql) return Reused(*statement);
  statements_.emplace_back(sql, std::make_unique<Statement>(db_, sql));
  return Reused(*statements_.back().second);
}

Database::~Database() {
  statements_.clear();
  sqlite3_close(db_);
}

}  // namespace toolchain::cache
