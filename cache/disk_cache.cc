#include "cache/disk_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "modules/specifier.h"

namespace toolchain::cache {

using modules::LoadError;

namespace {

constexpr int kSchemaVersion = 1;

struct DbSpec {
  const char* file;
  const char* schema;
};

// Two databases, each with its own schema version: what is known of each
// module (its remote source's metadata, transpiled code, imports: small rows,
// one file, one transaction per run) and the V8 code caches (large blobs,
// written in a later run). A cold run creates one file (and its WAL and
// shared-memory files) instead of one per kind of entry: on ext4 creating
// an inode is most of a new database's cost.
const DbSpec kDbs[] = {
    {"modules_v1.db",
     "CREATE TABLE IF NOT EXISTS remote (url TEXT PRIMARY KEY, path TEXT NOT NULL, content_type TEXT NOT NULL, "
     "redirect TEXT NOT NULL); "
     "CREATE TABLE IF NOT EXISTS transpiled (hash TEXT PRIMARY KEY, code TEXT NOT NULL); "
     "CREATE TABLE IF NOT EXISTS dependencies (hash TEXT PRIMARY KEY, deps TEXT NOT NULL);"},
    {"code_cache_v1.db", "CREATE TABLE IF NOT EXISTS code_cache (hash TEXT NOT NULL, v8_tag INTEGER NOT NULL, "
                         "data BLOB NOT NULL, PRIMARY KEY (hash, v8_tag));"},
};

std::string deps_to_json(const std::vector<modules::Dependency>& deps) {
  boost::json::array out;
  for (const auto& dep : deps) out.push_back(boost::json::array{dep.specifier.c_str(), dep.type.c_str()});
  return boost::json::serialize(out);
}

std::optional<std::vector<modules::Dependency>> deps_from_json(const std::string& text) {
  boost::system::error_code ec;
  auto value = boost::json::parse(text, ec);
  if (ec || !value.is_array()) return std::nullopt;
  std::vector<modules::Dependency> out;
  for (const auto& item : value.get_array()) {
    if (!item.is_array() || item.get_array().size() != 2) return std::nullopt;
    const auto& pair = item.get_array();
    if (!pair[0].is_string() || !pair[1].is_string()) return std::nullopt;
    out.push_back({std::string(pair[0].get_string()), std::string(pair[1].get_string())});
  }
  return out;
}

// A Location header against the URL that sent it.
std::string resolve_location(const std::string& location, const std::string& base) {
  if (!modules::scheme_of(location).empty() || location.starts_with("//") || location.starts_with('/') ||
      location.starts_with("./") || location.starts_with("../"))
    return modules::resolve(location, base);
  return modules::resolve("./" + location, base);
}

// The cache directory and its parents ($XDG_CACHE_HOME itself may not exist
// on a fresh machine); a failure shows when the databases cannot be opened.
void make_cache_dir(const std::string& dir) {
  std::error_code ignored;
  std::filesystem::create_directories(dir, ignored);
}

}  // namespace

std::string cache_dir(const std::map<std::string, std::string>& env) {
  auto get = [&](const char* name) {
    auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
  };
  if (auto dir = get("TOOLCHAIN_DIR"); !dir.empty()) return dir;
  if (auto xdg = get("XDG_CACHE_HOME"); !xdg.empty()) return xdg + "/toolchain";
  if (auto home = get("HOME"); !home.empty()) return home + "/.cache/toolchain";
  return {};  // no home: run without a disk cache
}

DiskCache::DiskCache(std::string dir, std::shared_ptr<HttpClient> http, Warn warn)
    : dir_(std::move(dir)), http_(std::move(http)), warn_(std::move(warn)), files_(dir_), disabled_(dir_.empty()) {}

DiskCache::~DiskCache() = default;

Database* DiskCache::reader(Db which) {
  if (!tried_[which] && !disabled_) {
    tried_[which] = true;
    dbs_[which] = Database::open_existing(dir_ + "/" + kDbs[which].file, kSchemaVersion, warn_);
  }
  return dbs_[which].get();
}

void DiskCache::create_ahead(std::initializer_list<Db> which) {
  for (Db db : which) {
    if (creating_[db] || dbs_[db] || disabled_) continue;
    creating_[db] = true;
    if (::access((dir_ + "/" + kDbs[db].file).c_str(), F_OK) != 0) to_create_.push_back(db);
  }
}

void DiskCache::while_idle() {
  std::unique_lock creation(creation_, std::try_to_lock);
  if (creation.owns_lock()) create_waiting();  // else commit() is on it
}

void DiskCache::create_waiting() {
  std::unique_lock lock(mutex_);
  if (to_create_.empty() || disabled_) return;
  lock.unlock();
  make_cache_dir(dir_);
  lock.lock();
  while (!to_create_.empty()) {
    Db db = to_create_.front();
    to_create_.erase(to_create_.begin());
    lock.unlock();
    std::string failure;  // commit() tries again and reports it
    auto created =
        Database::open_or_create(dir_ + "/" + kDbs[db].file, kSchemaVersion, kDbs[db].schema, warn_, &failure);
    lock.lock();
    if (created && !dbs_[db]) created_[db] = std::move(created);
  }
}

void DiskCache::disable(const std::string& reason) {
  if (disabled_) return;
  disabled_ = true;
  for (auto& db : dbs_) db.reset();
  warn_(fmt::format("Warning: the module cache at {} cannot be written ({}); running without it.", dir_, reason));
}

std::shared_ptr<const modules::CachedModule> DiskCache::find_source(const std::string& hash, uint32_t v8_tag) {
  std::lock_guard lock(mutex_);
  Database* db = reader(kModules);
  if (!db) {
    // A miss is transpiled and written: the databases it needs are created
    // now, while the isolate is made, rather than beside the compiles.
    create_ahead({kModules});
    return nullptr;
  }
  ++stats_.sqlite_reads;
  auto entry = std::make_shared<modules::CachedModule>();
  int rc;
  {
    auto query = db->statement("SELECT code FROM transpiled WHERE hash = ?");
    if (!query->ok()) return nullptr;
    query->bind(1, hash);
    rc = query->step();
    if (rc == SQLITE_ROW) entry->code = query->text(0);
  }
  if (rc != SQLITE_ROW) {
    if (Database::is_corruption(rc)) {
      std::string path = db->path();
      dbs_[kModules].reset();
      Database::set_aside(path, "is corrupt", warn_);
    }
    return nullptr;
  }
  entry->hash = hash;
  if (Database* caches = reader(kCodeCache)) {
    ++stats_.sqlite_reads;
    auto code_cache = caches->statement("SELECT data FROM code_cache WHERE hash = ? AND v8_tag = ?");
    if (code_cache->ok()) {
      code_cache->bind(1, hash).bind(2, int64_t(v8_tag));
      if (code_cache->step() == SQLITE_ROW) {
        std::string data = code_cache->blob(0);
        entry->code_cache.assign(data.begin(), data.end());
      }
    }
  }
  return entry;
}

void DiskCache::store(const std::optional<modules::FileIdentity>&, std::shared_ptr<const modules::CachedModule> entry,
                      bool fresh) {
  if (!fresh) return;
  std::lock_guard lock(mutex_);
  if (disabled_) return;
  pending_.transpile.emplace_back(entry->hash, entry->code);
  create_ahead({kModules});
}

void DiskCache::add_code_cache(const std::optional<modules::FileIdentity>&, const modules::CachedModule& entry,
                               uint32_t v8_tag, std::vector<uint8_t> code_cache) {
  std::lock_guard lock(mutex_);
  if (!disabled_) pending_.code_caches.emplace_back(entry.hash, v8_tag, std::move(code_cache));
}

std::optional<std::vector<modules::Dependency>> DiskCache::find_dependencies(const std::string& hash) {
  std::lock_guard lock(mutex_);
  for (const auto& [pending_hash, json] : pending_.deps)
    if (pending_hash == hash) return deps_from_json(json);
  Database* db = reader(kModules);
  if (!db) return std::nullopt;
  ++stats_.sqlite_reads;
  auto query = db->statement("SELECT deps FROM dependencies WHERE hash = ?");
  if (!query->ok()) return std::nullopt;
  query->bind(1, hash);
  if (query->step() != SQLITE_ROW) return std::nullopt;
  return deps_from_json(query->text(0));
}

void DiskCache::store_dependencies(const std::string& hash, std::vector<modules::Dependency> deps) {
  std::lock_guard lock(mutex_);
  if (!disabled_) pending_.deps.emplace_back(hash, deps_to_json(deps));
}

std::optional<RemoteFile> DiskCache::cached_remote(const std::string& url) {
  std::string path;
  {
    std::lock_guard lock(mutex_);
    if (Database* db = reader(kModules)) {
      ++stats_.sqlite_reads;
      auto query = db->statement("SELECT path, content_type, redirect FROM remote WHERE url = ?");
      if (query->ok()) {
        query->bind(1, url);
        if (query->step() == SQLITE_ROW) {
          if (auto redirect = query->text(2); !redirect.empty()) return RemoteFile{url, "", redirect, ""};
          path = query->text(0);
        }
      }
    }
  }
  bool indexed = !path.empty();
  if (!indexed) path = files_.path_of(url);
  auto file = files_.read(path);
  if (!file || file->url != url) return std::nullopt;
  if (!indexed) {
    // The databases were deleted but the sources kept: index them again.
    std::lock_guard lock(mutex_);
    if (!disabled_) pending_.remote.push_back({url, path, file->content_type, file->redirect});
    create_ahead({kModules});
  }
  return file;
}

void DiskCache::write_file(const std::string& path, const RemoteFile& file) {
  {
    std::lock_guard lock(mutex_);
    if (disabled_) return;
  }
  try {
    files_.write(path, file);
    std::lock_guard lock(mutex_);
    pending_.remote.push_back({file.url, path, file.content_type, file.redirect});
    create_ahead({kModules});
  } catch (const std::runtime_error& error) {
    std::lock_guard lock(mutex_);
    disable(error.what());
  }
}

modules::RemoteSource DiskCache::fetch(const std::string& requested, const modules::FetchPolicy& policy) {
  std::string url = requested;
  for (int hops = 0; hops <= 10; ++hops) {
    std::optional<RemoteFile> file = policy.reloads(url) ? std::nullopt : cached_remote(url);
    if (!file) {
      if (policy.cached_only)
        throw LoadError(fmt::format("Specifier not found in cache: \"{}\", --cached-only is specified.", url));
      if (policy.on_download) policy.on_download(url);
      HttpResponse response;
      try {
        response = http_->get(url);
      } catch (const std::runtime_error& error) {
        throw LoadError(fmt::format("Import '{}' failed.\n    0: {}", url, error.what()));
      }
      {
        std::lock_guard lock(mutex_);
        ++stats_.downloads;
      }
      file = RemoteFile{url, "", "", ""};
      if (response.status >= 300 && response.status < 400 && !response.header("location").empty()) {
        file->redirect = resolve_location(response.header("location"), url);
      } else if (response.status == 404) {
        throw LoadError(fmt::format("Module not found \"{}\".", url));
      } else if (response.status != 200) {
        throw LoadError(fmt::format("Import '{}' failed: {} {}", url, response.status, response.reason));
      } else {
        file->content_type = response.header("content-type");
        file->body = std::move(response.body);
      }
      write_file(files_.path_of(url), *file);
    }
    if (!file->redirect.empty()) {
      url = file->redirect;
      continue;
    }
    modules::RemoteSource source;
    source.url = url;
    source.text = std::move(file->body);
    source.content_type = std::move(file->content_type);
    source.local_path = files_.path_of(url);
    return source;
  }
  throw LoadError(fmt::format("Import '{}' failed: too many redirects.", requested));
}

void DiskCache::commit() {
  std::lock_guard creation(creation_);  // waits for a creation under way
  create_waiting();
  std::lock_guard lock(mutex_);
  if (disabled_ || pending_.empty()) return;
  Pending batch;
  std::swap(batch, pending_);
  make_cache_dir(dir_);
  auto write = [&](Db which, auto&& insert_all) {
    if (!dbs_[which] && created_[which]) dbs_[which] = std::move(created_[which]);
    for (int attempt = 0; attempt < 2 && !disabled_; ++attempt) {
      if (!dbs_[which]) {
        std::string failure;
        dbs_[which] = Database::open_or_create(dir_ + "/" + kDbs[which].file, kSchemaVersion, kDbs[which].schema,
                                               warn_, &failure);
        tried_[which] = true;
        if (!dbs_[which]) {
          if (!failure.empty()) disable(failure);
          return;  // empty: busy for now; this batch is skipped
        }
      }
      sqlite3* db = dbs_[which]->handle();
      int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
      if (rc == SQLITE_OK) rc = insert_all(db);
      if (rc == SQLITE_OK) rc = sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
      if (rc == SQLITE_OK) {
        ++stats_.commits;
        return;
      }
      std::string message = sqlite3_errmsg(db);
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      if ((rc & 0xff) == SQLITE_BUSY) return;  // another process holds it too long: skip this batch
      if (Database::is_corruption(rc)) {
        std::string path = dbs_[which]->path();
        dbs_[which].reset();
        Database::set_aside(path, "is corrupt", warn_);
        continue;
      }
      return disable(message);  // full disk, read-only file system
    }
  };
  auto run = [](Statement& statement) {
    int rc = statement.step();
    statement.reset();
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
  };
  if (!batch.remote.empty() || !batch.transpile.empty() || !batch.deps.empty())
    write(kModules, [&](sqlite3* db) {
      Statement remote(db, "INSERT OR REPLACE INTO remote VALUES (?, ?, ?, ?)");
      for (const auto& row : batch.remote) {
        remote.bind(1, row[0]).bind(2, row[1]).bind(3, row[2]).bind(4, row[3]);
        if (int rc = run(remote); rc != SQLITE_OK) return rc;
      }
      Statement transpiled(db, "INSERT OR REPLACE INTO transpiled VALUES (?, ?)");
      for (const auto& [hash, code] : batch.transpile) {
        transpiled.bind(1, hash).bind(2, code);
        if (int rc = run(transpiled); rc != SQLITE_OK) return rc;
      }
      Statement dependencies(db, "INSERT OR REPLACE INTO dependencies VALUES (?, ?)");
      for (const auto& [hash, json] : batch.deps) {
        dependencies.bind(1, hash).bind(2, json);
        if (int rc = run(dependencies); rc != SQLITE_OK) return rc;
      }
      return SQLITE_OK;
    });
  if (!batch.code_caches.empty())
    write(kCodeCache, [&](sqlite3* db) {
      Statement insert(db, "INSERT OR REPLACE INTO code_cache VALUES (?, ?, ?)");
      for (const auto& [hash, tag, data] : batch.code_caches) {
        insert.bind(1, hash).bind(2, int64_t(tag)).bind_blob(3, data.data(), data.size());
        if (int rc = run(insert); rc != SQLITE_OK) return rc;
      }
      return SQLITE_OK;
    });
}

DiskCache::Stats DiskCache::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace toolchain::cache
