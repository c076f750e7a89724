#pragma once
// One SQLite database of the cache: WAL, synchronous=NORMAL, a busy timeout,
// and a schema version (PRAGMA user_version). A file that is not a database,
// is corrupt, or has another schema version is set aside (renamed to
// NAME.bad) and rebuilt, with one warning; it never stops a run.
#include <sqlite3.h>

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace toolchain::cache {

using Warn = std::function<void(const std::string&)>;

// A prepared statement; finalised when it goes.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }
  Statement& bind(int index, std::string_view text);
  Statement& bind_blob(int index, const void* data, size_t size);
  Statement& bind(int index, int64_t value);
  int step();  // SQLITE_ROW, SQLITE_DONE or an error
  std::string text(int column) const;
  std::string blob(int column) const;
  void reset();

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

class Database {
 public:
  // Opens `path` for reading if it exists and has `version`; sets aside a
  // foreign or broken file. Null if there is no usable file (yet).
  static std::unique_ptr<Database> open_existing(const std::string& path, int version, const Warn& warn);
  // Opens or creates `path` with `schema`. Null with *failure set if the
  // directory cannot hold it; null with *failure empty if other processes kept
  // it busy through every retry (try again on a later run).
  static std::unique_ptr<Database> open_or_create(const std::string& path, int version, const char* schema,
                                                  const Warn& warn, std::string* failure);
  ~Database();

  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }

  // A statement prepared once for this connection (a warm run looks up a
  // hundred modules with the same two queries), reset when the handle goes.
  class Reused {
   public:
    explicit Reused(Statement& s) : s_(s) {}
    ~Reused() { s_.reset(); }
    Reused(const Reused&) = delete;
    Reused& operator=(const Reused&) = delete;
    Statement* operator->() { return &s_; }

   private:
    Statement& s_;
  };
  Reused statement(const char* sql);

  // Renames the file (and its -wal and -shm) out of the way with a warning.
  static void set_aside(const std::string& path, const std::string& reason, const Warn& warn);
  static bool is_corruption(int rc) { return (rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB; }

 private:
  Database(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  sqlite3* db_;
  std::string path_;
  std::vector<std::pair<std::string, std::unique_ptr<Statement>>> statements_;  // finalised before the close
};

}  // namespace toolchain::cache
