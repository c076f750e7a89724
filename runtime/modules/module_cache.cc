#include "modules/module_cache.h"

#include "modules/specifier.h"

namespace toolchain::modules {

std::shared_ptr<const CachedModule> ModuleCache::find_file(const FileIdentity& file) {
  std::lock_guard lock(mutex_);
  auto it = by_path_.find(file.path);
  if (it == by_path_.end() || it->second.file.mtime_ns != file.mtime_ns || it->second.file.size != file.size) {
    ++stats_.misses;
    return nullptr;
  }
  ++stats_.hits;
  return it->second.module;
}

std::shared_ptr<const CachedModule> ModuleCache::find_source(const std::string& hash, uint32_t v8_tag) {
  {
    std::lock_guard lock(mutex_);
    v8_tag_ = v8_tag;
    if (auto it = by_hash_.find(hash); it != by_hash_.end()) {
      ++stats_.hits;
      return it->second;
    }
    ++stats_.misses;
  }
  return next_ ? next_->find_source(hash, v8_tag) : nullptr;
}

void ModuleCache::store(const std::optional<FileIdentity>& file, std::shared_ptr<const CachedModule> entry,
                        bool fresh) {
  if (next_ && fresh) next_->store(file, entry, fresh);
  std::lock_guard lock(mutex_);
  if (file) by_path_[file->path] = {*file, entry};
  by_hash_[entry->hash] = std::move(entry);
}

void ModuleCache::add_code_cache(const std::optional<FileIdentity>& file, const CachedModule& entry, uint32_t v8_tag,
                                 std::vector<uint8_t> code_cache) {
  if (next_) next_->add_code_cache(file, entry, v8_tag, code_cache);
  auto updated = std::make_shared<CachedModule>(entry);
  updated->code_cache = std::move(code_cache);
  std::lock_guard lock(mutex_);
  // Only if the source has not changed meanwhile.
  if (auto it = by_hash_.find(entry.hash); it != by_hash_.end()) it->second = updated;
  if (file) {
    auto it = by_path_.find(file->path);
    if (it != by_path_.end() && it->second.module->hash == entry.hash) it->second.module = updated;
  }
}

std::optional<std::vector<Dependency>> ModuleCache::find_dependencies(const std::string& hash) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = deps_.find(hash); it != deps_.end()) return it->second;
  }
  auto found = next_ ? next_->find_dependencies(hash) : std::nullopt;
  if (found) {
    std::lock_guard lock(mutex_);
    deps_[hash] = *found;
  }
  return found;
}

void ModuleCache::store_dependencies(const std::string& hash, std::vector<Dependency> deps) {
  if (next_) next_->store_dependencies(hash, deps);
  std::lock_guard lock(mutex_);
  deps_[hash] = std::move(deps);
}

RemoteSource ModuleCache::fetch(const std::string& url, const FetchPolicy& policy) {
  if (!policy.reloads(url)) {
    std::lock_guard lock(mutex_);
    if (auto it = remote_.find(url); it != remote_.end()) return it->second;
  }
  if (!next_) throw_no_remote(url);
  RemoteSource source = next_->fetch(url, policy);
  std::lock_guard lock(mutex_);
  remote_[url] = source;
  return source;
}

void ModuleCache::while_idle() {
  if (next_) next_->while_idle();
}

void ModuleCache::commit() {
  if (next_) next_->commit();
}

void ModuleCache::count_transpile() {
  std::lock_guard lock(mutex_);
  ++stats_.transpiles;
}

ModuleCache::Stats ModuleCache::stats() const {
  std::lock_guard lock(mutex_);
  Stats out = stats_;
  out.entries = by_path_.size() + remote_.size();
  return out;
}

}  // namespace toolchain::modules
