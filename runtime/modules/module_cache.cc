#include "modules/module_cache.h"

namespace toolchain::modules {

std::shared_ptr<const CachedModule> ModuleCache::find(const std::string& path, int64_t mtime_ns, int64_t size) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(path);
  if (it == entries_.end() || it->second->mtime_ns != mtime_ns || it->second->size != size) {
    ++stats_.misses;
    return nullptr;
  }
  ++stats_.hits;
  return it->second;
}

void ModuleCache::store(const std::string& path, std::shared_ptr<const CachedModule> entry) {
  std::lock_guard lock(mutex_);
  entries_[path] = std::move(entry);
}

void ModuleCache::add_code_cache(const std::string& path, const CachedModule& entry, std::vector<uint8_t> code_cache) {
  auto updated = std::make_shared<CachedModule>(entry);
  updated->code_cache = std::move(code_cache);
  std::lock_guard lock(mutex_);
  auto it = entries_.find(path);
  // Only if the file has not changed meanwhile.
  if (it != entries_.end() && it->second->mtime_ns == entry.mtime_ns && it->second->size == entry.size)
    it->second = std::move(updated);
}

void ModuleCache::count_transpile() {
  std::lock_guard lock(mutex_);
  ++stats_.transpiles;
}

ModuleCache::Stats ModuleCache::stats() const {
  std::lock_guard lock(mutex_);
  Stats out = stats_;
  out.entries = entries_.size();
  return out;
}

}  // namespace toolchain::modules
