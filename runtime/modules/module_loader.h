#pragma once
// The module graph of one runtime: reads, transpiles and compiles each module
// once, links static imports, serves dynamic import() and import.meta.
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

#include <v8.h>

#include "modules/source_loader.h"

namespace toolchain {

class Runtime;

namespace modules {

class ModuleCache;

// A module whose source does not parse, at a 1-based line and column.
struct CompileError {
  std::string message;  // "SyntaxError: Unexpected token ';'"
  std::string url;
  int line;
  int column;
};

class ModuleLoader {
 public:
  // `cache` (may be null) is shared with other runtimes of the same daemon.
  ModuleLoader(Runtime& rt, std::shared_ptr<ModuleCache> cache);
  ~ModuleLoader();

  // Loads and links the graph rooted at `url`. Throws LoadError (with the
  // importing location in what()) or CompileError.
  v8::Local<v8::Module> load_main(const std::string& url);

  // The source text of a module as its author wrote it (for error excerpts).
  const std::string* original_source(const std::string& url) const;

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

  Runtime& rt_;
  std::shared_ptr<ModuleCache> cache_;
  std::map<std::string, std::unique_ptr<Record>> by_url_;
  std::unordered_multimap<int, Record*> by_hash_;
};

}  // namespace modules

using modules::ModuleLoader;

}  // namespace toolchain
