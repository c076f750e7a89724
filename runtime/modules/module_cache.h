#pragma once
// The daemon's warm cache: every module a daemon's programs have loaded, kept
// in memory and shared by them all, in front of an optional next store (the
// on-disk cache). A local file is found by path while its mtime and size are
// unchanged, so re-running an unchanged program reads, parses and transpiles
// nothing, and asks the next store nothing. Thread-safe.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "modules/module_store.h"

namespace toolchain::modules {

class ModuleCache : public ModuleStore {
 public:
  struct Stats {
    uint64_t entries = 0;
    uint64_t hits = 0;
    uint64_t misses = 0;
    uint64_t transpiles = 0;
  };

  explicit ModuleCache(std::shared_ptr<ModuleStore> next = nullptr) : next_(std::move(next)) {}

  std::shared_ptr<const CachedModule> find_file(const FileIdentity& file) override;
  std::shared_ptr<const CachedModule> find_source(const std::string& hash, uint32_t v8_tag) override;
  void store(const std::optional<FileIdentity>& file, std::shared_ptr<const CachedModule> entry, bool fresh) override;
  void add_code_cache(const std::optional<FileIdentity>& file, const CachedModule& entry, uint32_t v8_tag,
                      std::vector<uint8_t> code_cache) override;
  std::optional<std::vector<Dependency>> find_dependencies(const std::string& hash) override;
  void store_dependencies(const std::string& hash, std::vector<Dependency> deps) override;
  RemoteSource fetch(const std::string& url, const FetchPolicy& policy) override;
  void commit() override;
  void while_idle() override;
  void count_transpile() override;

  Stats stats() const;

 private:
  struct FileEntry {
    FileIdentity file;
    std::shared_ptr<const CachedModule> module;
  };

  std::shared_ptr<ModuleStore> next_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, FileEntry> by_path_;
  std::unordered_map<std::string, std::shared_ptr<const CachedModule>> by_hash_;
  std::unordered_map<std::string, std::vector<Dependency>> deps_;
  std::unordered_map<std::string, RemoteSource> remote_;  // by the URL asked for
  uint32_t v8_tag_ = 0;                                    // of the code caches kept
  Stats stats_;
};

}  // namespace toolchain::modules
