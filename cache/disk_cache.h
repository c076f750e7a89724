#pragma once
// The on-disk module cache (the ModuleStore of runtime/modules): remote module
// sources as files, and two SQLite databases — modules_v1.db: remote module
// metadata, and transpiled code and dependency analysis keyed by source hash;
// code_cache_v1.db: V8 code caches keyed by source hash and V8's version/flags
// tag.
//
// Reads happen as modules load. Writes are only queued then; commit() (called
// by the runtime once the program runs) writes them in one transaction per
// database. A database that cannot be used is set aside or skipped with one
// warning; an unwritable directory means running without the cache.
// Thread-safe: a daemon shares one with all its programs.
#include <atomic>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cache/http_client.h"
#include "cache/remote_files.h"
#include "cache/sqlite_db.h"
#include "modules/module_store.h"

namespace toolchain::cache {

// $TOOLCHAIN_DIR, else $XDG_CACHE_HOME/toolchain, else $HOME/.cache/toolchain;
// empty (no disk cache, remote modules kept in memory) without any of them.
std::string cache_dir(const std::map<std::string, std::string>& env);

class DiskCache : public modules::ModuleStore {
 public:
  struct Stats {
    uint64_t sqlite_reads = 0;   // queries run against the databases
    uint64_t downloads = 0;      // HTTP requests made
    uint64_t commits = 0;        // write transactions
  };

  DiskCache(std::string dir, std::shared_ptr<HttpClient> http, Warn warn);
  ~DiskCache() override;

  std::shared_ptr<const modules::CachedModule> find_source(const std::string& hash, uint32_t v8_tag) override;
  void store(const std::optional<modules::FileIdentity>& file, std::shared_ptr<const modules::CachedModule> entry,
             bool fresh) override;
  void add_code_cache(const std::optional<modules::FileIdentity>& file, const modules::CachedModule& entry,
                      uint32_t v8_tag, std::vector<uint8_t> code_cache) override;
  std::optional<std::vector<modules::Dependency>> find_dependencies(const std::string& hash) override;
  void store_dependencies(const std::string& hash, std::vector<modules::Dependency> deps) override;
  modules::RemoteSource fetch(const std::string& url, const modules::FetchPolicy& policy) override;
  void commit() override;
  void while_idle() override;

  Stats stats() const;
  const std::string& dir() const { return dir_; }

 private:
  enum Db { kModules, kCodeCache, kCount };
  struct Pending {
    std::vector<std::array<std::string, 4>> remote;        // url, path, content type, redirect
    std::vector<std::pair<std::string, std::string>> transpile;  // hash, code
    std::vector<std::pair<std::string, std::string>> deps;       // hash, JSON
    std::vector<std::tuple<std::string, uint32_t, std::vector<uint8_t>>> code_caches;
    bool empty() const { return remote.empty() && transpile.empty() && deps.empty() && code_caches.empty(); }
  };

  Database* reader(Db which);                 // with mutex_ held
  void create_ahead(std::initializer_list<Db> which);  // with mutex_ held
  void disable(const std::string& reason);    // with mutex_ held
  void write_file(const std::string& path, const RemoteFile& file);
  modules::RemoteSource download(const std::string& url, const modules::FetchPolicy& policy);
  std::optional<RemoteFile> cached_remote(const std::string& url);

  std::string dir_;
  std::shared_ptr<HttpClient> http_;
  Warn warn_;
  RemoteFiles files_;
  mutable std::mutex mutex_;
  std::unique_ptr<Database> dbs_[kCount];
  bool tried_[kCount] = {};
  bool disabled_ = false;        // the directory cannot be written: run without the cache
  Pending pending_;
  Stats stats_;
  // A run that will write to a database that does not exist yet (known at
  // the first miss) creates it when the prefetch workers idle, waiting for
  // the isolate (file creation is the slow part of a first commit), or else
  // in commit(). Not on a thread of its own: beside the isolate being made
  // and the modules being prepared it took turns with both on the two cores.
  std::mutex creation_;          // held while a database is created
  std::vector<Db> to_create_;    // with mutex_ held
  bool creating_[kCount] = {};
  std::unique_ptr<Database> created_[kCount];  // with mutex_ held
  void create_waiting();         // with creation_ held
};

}  // namespace toolchain::cache
