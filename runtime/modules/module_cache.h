#pragma once
// Transpiled sources and V8 code caches of local modules, shared by every
// program a daemon runs. Keyed by path; an entry is valid while the file's
// mtime and size are unchanged, so re-running an unchanged program reads,
// parses and transpiles nothing. Thread-safe.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace toolchain::modules {

struct CachedModule {
  int64_t mtime_ns = 0;
  int64_t size = 0;
  std::string original;                  // the author's text (error excerpts)
  std::string code;                      // what V8 compiles
  std::vector<uint8_t> code_cache;       // V8's code cache for `code`; may be empty
};

class ModuleCache {
 public:
  struct Stats {
    uint64_t entries = 0;
    uint64_t hits = 0;
    uint64_t misses = 0;
    uint64_t transpiles = 0;
  };

  // The entry for `path` if the file still has this mtime and size.
  std::shared_ptr<const CachedModule> find(const std::string& path, int64_t mtime_ns, int64_t size);
  void store(const std::string& path, std::shared_ptr<const CachedModule> entry);
  // Adds a V8 code cache to an entry made without one.
  void add_code_cache(const std::string& path, const CachedModule& entry, std::vector<uint8_t> code_cache);
  void count_transpile();
  Stats stats() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const CachedModule>> entries_;
  Stats stats_;
};

}  // namespace toolchain::modules
