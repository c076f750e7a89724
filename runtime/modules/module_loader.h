#pragma once
// The module graph of one runtime: reads, transpiles and compiles each module
// once, links static imports, serves dynamic import() and import.meta.
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

#include <v8.h>

#include "modules/module_store.h"
#include "modules/source_loader.h"

namespace toolchain {

class Runtime;
struct ModuleGraph;

namespace modules {

class ImportMap;
class Prefetcher;

// A module whose source does not parse, at a 1-based line and column.
struct CompileError {
  std::string message;  // "SyntaxError: Unexpected token ';'"
  std::string url;
  int line;
  int column;
};

class ModuleLoader {
 public:
  // `store` (may be null) keeps modules between runs and fetches remote ones.
  ModuleLoader(Runtime& rt, std::shared_ptr<ModuleStore> store, FetchPolicy policy,
               std::shared_ptr<const ImportMap> import_map);
  ~ModuleLoader();

  // Sets the isolate's module callbacks (the loader may be made before the isolate).
  static void install(v8::Isolate* isolate);

  // Starts preparing the main module and what it imports on worker threads,
  // before the isolate that will compile them exists.
  void prefetch_main(const std::string& url);

  // Starts V8's compile of the modules the workers prepared since last asked,
  // on the workers. `isolate` may have no context yet.
  void compile_ahead(v8::Isolate* isolate);

  // Analyse the graph and never evaluate it (`toolchain info`, `toolchain
  // cache`); without `describe`, nothing the store already analysed is
  // compiled. `describe` (`info`): every module is compiled for the spans of
  // its imports, dynamic imports are followed, and a module that cannot be
  // loaded is recorded as such instead of failing the graph.
  void set_graph_only(bool describe) {
    graph_only_ = true;
    describe_ = describe;
  }

  // Loads and links the graph rooted at `url`. Throws LoadError (with the
  // importing location in what()) or CompileError; an empty module if the
  // isolate was terminated while linking.
  v8::Local<v8::Module> load_main(const std::string& url);

  // The source text of a module as its author wrote it (for error excerpts).
  const std::string* original_source(const std::string& url) const;

  // The main module has been evaluated: makes the V8 code caches of the
  // modules compiled without one (now holding what evaluation compiled) and
  // hands them to the store.
  void main_evaluated();

  // What was loaded, for `toolchain info`.
  void describe(ModuleGraph& graph) const;

  // Resolves an import through the import map, then as a URL.
  std::string resolve_import(std::string_view specifier, std::string_view referrer) const;

 private:
  struct Record;

  // Loads `url` and, recursively, everything it imports statically.
  Record& load(const std::string& url, ModuleType expected);
  Record* find(v8::Local<v8::Module> module);
  void instantiate(Record& record);

  static v8::MaybeLocal<v8::Module> resolve_callback(v8::Local<v8::Context> context, v8::Local<v8::String> specifier,
                                                     v8::Local<v8::FixedArray> assertions,
                                                     v8::Local<v8::Module> referrer);
  static v8::MaybeLocal<v8::Promise> dynamic_import(v8::Local<v8::Context> context, v8::Local<v8::Data> options,
                                                    v8::Local<v8::Value> resource_name,
                                                    v8::Local<v8::String> specifier,
                                                    v8::Local<v8::FixedArray> assertions);
  static void init_import_meta(v8::Local<v8::Context> context, v8::Local<v8::Module> module,
                               v8::Local<v8::Object> meta);
  static v8::MaybeLocal<v8::Value> evaluate_json(v8::Local<v8::Context> context, v8::Local<v8::Module> module);
  static void import_meta_resolve(const v8::FunctionCallbackInfo<v8::Value>& info);

  Record& load_remote_or_file(const std::string& url, ModuleType expected);
  void load_dependencies(Record& record, v8::Local<v8::Module> module);
  // `cache` (graph only, not described): also follow the literal dynamic imports.
  void add_dynamic_imports(Record& record);
  void describe_imports(Record& record, v8::Local<v8::Module> module);
  void record_failure(const std::string& url, const std::string& message, const char* kind);

  Runtime& rt_;
  std::shared_ptr<ModuleStore> store_;
  FetchPolicy policy_;
  std::shared_ptr<const ImportMap> import_map_;
  bool graph_only_ = false;
  bool describe_ = false;
  std::vector<std::string> load_order_;
  std::map<std::string, std::string> redirects_;   // requested URL -> final URL
  std::vector<Record*> need_code_cache_;
  std::map<std::string, std::unique_ptr<Record>> by_url_;
  std::unordered_multimap<int, Record*> by_hash_;
  uint32_t v8_tag_;
  struct Streamed;
  std::map<std::string, std::unique_ptr<Streamed>> streamed_;  // requested URL -> its compile ahead
  std::unique_ptr<Prefetcher> prefetch_;  // last: its workers call resolve_import
};

}  // namespace modules

using modules::ModuleLoader;

}  // namespace toolchain
