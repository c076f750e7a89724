#pragma once
// What the module loader asks of whatever keeps modules between runs: the
// daemon's warm memory (module_cache.h), the on-disk cache (cache/), or the
// first in front of the second. The loader never knows which; runtime/ never
// depends on cache/.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace toolchain::modules {

// A local file as the file system describes it, without reading it.
struct FileIdentity {
  std::string path;
  int64_t mtime_ns = 0;
  int64_t size = 0;
};

// What the loader derives from one module's source.
struct CachedModule {
  std::string hash;                      // source_hash() of `original`
  std::string original;                  // the author's text (error excerpts)
  std::string code;                      // what V8 compiles
  std::vector<uint8_t> code_cache;       // V8's code cache for `code`; may be empty
};

// One import of a module: its specifier and the `type` attribute ("" or "json").
struct Dependency {
  std::string specifier;
  std::string type;
  bool operator==(const Dependency&) const = default;
};

// A remote (http:, https:) module's source, fetched or found in the cache.
struct RemoteSource {
  std::string url;                       // after redirects
  std::string text;
  std::string content_type;              // the response's Content-Type header
  std::string local_path;                // where the cache keeps it; may be empty
};

// How a run wants remote modules: --reload[=prefixes], --cached-only.
struct FetchPolicy {
  bool reload_all = false;
  std::vector<std::string> reload_prefixes;
  bool cached_only = false;
  std::function<void(const std::string& url)> on_download;  // "Download URL" on the run's stderr; may be empty
  bool reloads(std::string_view url) const;
};

class ModuleStore {
 public:
  virtual ~ModuleStore() = default;

  // An unchanged local file's entry, without reading the file (warm memory only).
  virtual std::shared_ptr<const CachedModule> find_file(const FileIdentity&) { return nullptr; }
  // Transpiled code (and a code cache made with `v8_tag`) for a source of this
  // hash; `original` is left empty.
  virtual std::shared_ptr<const CachedModule> find_source(const std::string& hash, uint32_t v8_tag) = 0;
  // Keeps an entry; `fresh` if the loader has just transpiled it.
  virtual void store(const std::optional<FileIdentity>& file, std::shared_ptr<const CachedModule> entry,
                     bool fresh) = 0;
  virtual void add_code_cache(const std::optional<FileIdentity>& file, const CachedModule& entry, uint32_t v8_tag,
                              std::vector<uint8_t> code_cache) = 0;

  // The dependency analysis of a source of this hash.
  virtual std::optional<std::vector<Dependency>> find_dependencies(const std::string& hash) = 0;
  virtual void store_dependencies(const std::string& hash, std::vector<Dependency> deps) = 0;

  // An http(s) module's source. Throws LoadError with Deno's message.
  virtual RemoteSource fetch(const std::string& url, const FetchPolicy& policy) = 0;

  // The program has started running: write what this run learnt. Called on a
  // thread of its own, never on the start-up path.
  virtual void commit() {}

  // The workers that prepare modules have nothing to do for now (the isolate
  // is still being made): work commit() would do anyway can be done here.
  virtual void while_idle() {}

  virtual void count_transpile() {}
};

// A main module smaller than this is transpiled afresh, never looked up in or
// written to a store's databases (a one-file program should not open them).
constexpr size_t kSmallSourceBytes = 4096;

// A short stable hash of a module's text and type ("ts" or "js"), the key of
// everything derived from it.
std::string source_hash(std::string_view text, std::string_view type);

}  // namespace toolchain::modules

namespace toolchain::modules {

// Thrown when a run has no store that fetches remote modules.
[[noreturn]] void throw_no_remote(const std::string& url);

}  // namespace toolchain::modules
