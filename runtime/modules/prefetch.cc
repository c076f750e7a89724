#include "modules/prefetch.h"

#include <pthread.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "modules/import_scan.h"
#include "modules/specifier.h"

namespace toolchain::modules {

ModuleType type_of_remote(const RemoteSource& remote) {
  std::string media = remote.content_type.substr(0, remote.content_type.find(';'));
  while (!media.empty() && media.back() == ' ') media.pop_back();
  for (auto& c : media) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string path = remote.url.substr(0, remote.url.find_first_of("?#"));
  if (media.empty() || media == "text/plain" || media == "application/octet-stream") return type_from_path(path);
  if (media == "application/typescript" || media == "text/typescript" || media == "video/vnd.dlna.mpeg-tts" ||
      media == "video/mp2t" || media == "application/x-typescript")
    return ModuleType::TypeScript;
  if (media == "application/json" || media == "text/json") return ModuleType::Json;
  if (media == "text/javascript" || media == "application/javascript" || media == "application/ecmascript" ||
      media == "text/ecmascript" || media == "application/x-javascript" || media == "application/node")
    return type_from_path(path) == ModuleType::TypeScript ? ModuleType::TypeScript : ModuleType::JavaScript;
  return ModuleType::Unknown;
}

PreparedModule prepare_module(const std::string& url, ModuleStore* store, const FetchPolicy& policy, bool look_up_small,
                              uint32_t v8_tag) {
  PreparedModule out;
  out.url = url;
  bool have_source = false;
  if (is_remote_url(url)) {
    if (!store) throw_no_remote(url);
    RemoteSource remote = store->fetch(url, policy);
    out.url = remote.url;
    out.source.type = type_of_remote(remote);
    out.source.text = std::move(remote.text);
    out.local_path = std::move(remote.local_path);
    have_source = true;
  } else if (auto path = file_url_to_path(url)) {
    out.local_path = *path;
    struct stat st;
    if (store && ::stat(path->c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      // A daemon's warm cache: an unchanged local file is neither read nor transpiled.
      out.file = FileIdentity{*path, int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec, st.st_size};
      if ((out.cached = store->find_file(*out.file))) {
        out.source.type = type_from_path(*path);
        return out;
      }
    }
  }
  if (!have_source) out.source = load_source(url);
  if (out.source.type != ModuleType::JavaScript && out.source.type != ModuleType::TypeScript) return out;

  // Keyed by URL as well as text: V8 keeps the script's name in its code
  // cache, so a cache made for one file must not serve an equal file elsewhere.
  bool typescript = out.source.type == ModuleType::TypeScript;
  std::string hash = source_hash(out.source.text, (typescript ? "ts " : "js ") + out.url);
  if (store && (look_up_small || out.source.text.size() >= kSmallSourceBytes)) {
    if (auto hit = store->find_source(hash, v8_tag)) {
      auto entry = std::make_shared<CachedModule>(*hit);
      entry->original = std::move(out.source.text);
      out.cached = std::move(entry);
      return out;
    }
  }
  auto result = transpile::transpile_fast(out.source.text,
                                     typescript ? transpile::Dialect::TypeScript : transpile::Dialect::JavaScript);
  if (store) store->count_transpile();
  if (!result.errors.empty()) {
    out.errors = std::move(result.errors);
    return out;
  }
  auto entry = std::make_shared<CachedModule>();
  entry->hash = std::move(hash);
  entry->original = std::move(out.source.text);
  entry->code = std::move(result.code);
  out.cached = std::move(entry);
  out.fresh = true;
  return out;
}

Prefetcher::Prefetcher(std::shared_ptr<ModuleStore> store, const FetchPolicy& policy, Resolve resolve,
                       uint32_t v8_tag)
    : store_(std::move(store)), policy_(policy), resolve_(std::move(resolve)), v8_tag_(v8_tag) {
  // Workers read what is cached; a download stays with the loader, which
  // checks permissions and reports it.
  policy_.cached_only = true;
  policy_.on_download = nullptr;
}

Prefetcher::~Prefetcher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  for (auto& worker : workers_) worker.join();
}

void Prefetcher::start(const std::string& url, bool look_up_small) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || !slots_.try_emplace(url).second) return;
    slots_[url].look_up_small = look_up_small;
    queue_.push_back(url);
    // Threads start with the first module to prefetch: a one-file program has none.
    if (workers_.empty()) {
      unsigned cores = std::max(1u, std::thread::hardware_concurrency());
      unsigned count = std::clamp(cores - 1, 1u, 3u);
      for (unsigned i = 0; i < count; ++i) workers_.emplace_back([this] { work(); });
    }
  }
  changed_.notify_one();
}

std::optional<PreparedModule> Prefetcher::take(const std::string& url) {
  std::unique_lock lock(mutex_);
  auto it = slots_.find(url);
  if (it == slots_.end()) return std::nullopt;
  Slot& slot = it->second;
  if (slot.state == State::Queued) {
    // Quicker done here than waited for.
    std::erase(queue_, url);
    slot.state = State::Taken;
    return std::nullopt;
  }
  // While a worker is on it, prepare what else is queued rather than wait idle.
  while (slot.state == State::Running || slot.job_state == Job::Running) {
    if (queue_.empty())
      changed_.wait(lock, [&] {
        return (slot.state != State::Running && slot.job_state != Job::Running) || !queue_.empty();
      });
    else
      prepare_next(lock);
  }
  if (slot.job_state == Job::Queued) std::erase(jobs_, url);
  slot.job = nullptr;
  if (slot.state != State::Done) return std::nullopt;
  slot.state = State::Taken;
  std::optional<PreparedModule> out = std::exchange(slot.prepared, std::nullopt);
  out->compiled_ahead = slot.job_state == Job::Done;
  return out;
}

std::vector<Prefetcher::Compilable> Prefetcher::compilable() {
  std::vector<Compilable> out;
  std::lock_guard lock(mutex_);
  for (auto& url : done_) {
    Slot& slot = slots_[url];
    if (slot.state != State::Done || slot.offered) continue;
    slot.offered = true;
    const auto& cached = slot.prepared->cached;
    if (cached && cached->code_cache.empty()) out.push_back({url, cached, slot.prepared->fresh});
  }
  done_.clear();
  return out;
}

void Prefetcher::run_ahead(const std::string& url, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    Slot& slot = slots_[url];
    if (stopping_ || slot.state != State::Done || slot.job_state != Job::None) return;
    slot.job_state = Job::Queued;
    slot.job = std::move(job);
    jobs_.push_back(url);
  }
  changed_.notify_one();
}

void Prefetcher::work() {
  pthread_setname_np(pthread_self(), "tc-prefetch");
  std::unique_lock lock(mutex_);
  for (;;) {
    if (!stopping_ && queue_.empty() && jobs_.empty() && store_) {
      lock.unlock();
      store_->while_idle();
      lock.lock();
    }
    changed_.wait(lock, [&] { return stopping_ || !queue_.empty() || !jobs_.empty(); });
    if (stopping_) return;
    // Preparing first: it finds what the graph imports next.
    if (!queue_.empty())
      prepare_next(lock);
    else
      run_next(lock);
  }
}

void Prefetcher::prepare_next(std::unique_lock<std::mutex>& lock) {
  {
    std::string url = std::move(queue_.front());
    queue_.pop_front();
    slots_[url].state = State::Running;
    bool look_up_small = slots_[url].look_up_small;
    lock.unlock();
    std::optional<PreparedModule> prepared;
    std::vector<std::string> children;
    try {
      prepared = prepare_module(url, store_.get(), policy_, look_up_small, v8_tag_);
      if (prepared->cached)
        for (const auto& specifier : scan_static_imports(prepared->cached->code)) {
          try {
            children.push_back(resolve_(specifier, prepared->url));
          } catch (const std::exception&) {
            // the loader reports it
          }
        }
    } catch (const std::exception&) {
      prepared.reset();  // the loader redoes it and reports the error
    }
    lock.lock();
    Slot& slot = slots_[url];
    slot.state = prepared ? State::Done : State::Failed;
    slot.prepared = std::move(prepared);
    if (slot.prepared) done_.push_back(url);
    changed_.notify_all();
    for (auto& child : children)
      if (!stopping_ && slots_.try_emplace(child).second) queue_.push_back(std::move(child));
    if (!children.empty()) changed_.notify_all();
  }
}

void Prefetcher::run_next(std::unique_lock<std::mutex>& lock) {
  // Newest first: the loader takes modules roughly in the order they were
  // found, so it and the workers meet in the middle instead of racing.
  std::string url = std::move(jobs_.back());
  jobs_.pop_back();
  Slot& slot = slots_[url];  // std::map: stays put while unlocked
  slot.job_state = Job::Running;
  std::function<void()> job = std::move(slot.job);
  lock.unlock();
  job();
  lock.lock();
  slot.job_state = Job::Done;
  changed_.notify_all();
}

}  // namespace toolchain::modules
