#include "modules/module_loader.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "bridge/convert.h"
#include "core/runtime.h"
#include "core/v8_flags.h"
#include "engine.h"
#include "modules/import_map.h"
#include "modules/prefetch.h"
#include "modules/specifier.h"
#include "transpile/dynamic_imports.h"
#include "transpile/transpile.h"

namespace toolchain::modules {

using bridge::to_std_string;
using bridge::v8_str;

struct ModuleLoader::Record {
  std::string url;
  ModuleType type;
  std::string original;                          // as the author wrote it
  std::string local_path;                        // the file read; empty for data:
  std::optional<FileIdentity> file;              // a local file's identity (the warm cache's key)
  std::shared_ptr<const CachedModule> compiled;  // JS/TS: hash, code, code cache
  std::vector<Dependency> dependencies;
  // `cache`: dependencies past this index are literal dynamic imports, which
  // are fetched too but may fail (as in `deno cache`).
  size_t static_count = SIZE_MAX;
  v8::Global<v8::Module> module;
  v8::Global<v8::Value> json;                    // a JSON module's value
  std::map<std::string, std::string> resolved;   // import specifier -> URL (after redirects)
  std::vector<GraphDependency> described;        // `info`: the imports with their spans
  std::string error, error_kind;                 // `info`: why it could not be loaded
};

// A module's transpiled code compiled by V8 on a worker (a "streamed" compile
// handed the whole text at once); CompileModule finishes it on the loader's thread.
struct ModuleLoader::Streamed {
  class Text : public v8::ScriptCompiler::ExternalSourceStream {
   public:
    explicit Text(std::shared_ptr<const CachedModule> module) : module_(std::move(module)) {}
    size_t GetMoreData(const uint8_t** src) override {
      if (given_ || module_->code.empty()) return 0;
      given_ = true;
      auto* copy = new uint8_t[module_->code.size()];  // V8 takes it
      std::memcpy(copy, module_->code.data(), module_->code.size());
      *src = copy;
      return module_->code.size();
    }

   private:
    std::shared_ptr<const CachedModule> module_;
    bool given_ = false;
  };

  std::shared_ptr<const CachedModule> module;
  v8::ScriptCompiler::StreamedSource source;
  std::unique_ptr<v8::ScriptCompiler::ScriptStreamingTask> task;

  explicit Streamed(std::shared_ptr<const CachedModule> m)
      : module(m), source(std::make_unique<Text>(m), v8::ScriptCompiler::StreamedSource::UTF8) {}
};

ModuleLoader::ModuleLoader(Runtime& rt, std::shared_ptr<ModuleStore> store, FetchPolicy policy,
                           std::shared_ptr<const ImportMap> import_map)
    : rt_(rt),
      store_(std::move(store)),
      policy_(std::move(policy)),
      import_map_(std::move(import_map)),
      v8_tag_(v8::ScriptCompiler::CachedDataVersionTag()),
      prefetch_(std::make_unique<Prefetcher>(
          store_, policy_, [this](std::string_view specifier, std::string_view referrer) {
            return resolve_import(specifier, referrer);
          },
          v8_tag_)) {}

void ModuleLoader::install(v8::Isolate* isolate) {
  isolate->SetHostImportModuleDynamicallyCallback(dynamic_import);
  isolate->SetHostInitializeImportMetaObjectCallback(init_import_meta);
}

void ModuleLoader::prefetch_main(const std::string& url) {
  if (prefetch_) prefetch_->start(url, false);  // a small main module is not looked up
}

ModuleLoader::~ModuleLoader() = default;

const std::string* ModuleLoader::original_source(const std::string& url) const {
  auto it = by_url_.find(url);
  if (it == by_url_.end()) {
    auto redirect = redirects_.find(url);
    if (redirect != redirects_.end()) it = by_url_.find(redirect->second);
  }
  return it == by_url_.end() ? nullptr : &it->second->original;
}

std::string ModuleLoader::resolve_import(std::string_view specifier, std::string_view referrer) const {
  if (import_map_) {
    if (auto mapped = import_map_->resolve(specifier, referrer)) return resolve(*mapped, referrer);
  }
  return resolve(specifier, referrer);
}

namespace {

// A first-seen module under this size is compiled eagerly ahead (see
// compile_ahead); seed 002's are ~2.3 KB.
constexpr size_t kEagerStreamingBytes = 16 * 1024;

bool streams_whole(bool fresh, const CachedModule& module) { return fresh && module.code.size() < kEagerStreamingBytes; }

const char kJsonWithoutAttribute[] =
    "Expected a JavaScript or TypeScript module, but identified a Json module. Consider importing Json modules "
    "with an import attribute with the type of \"json\".\n  Specifier: {}\n  docs: https://docs.deno.com/examples/importing_json/";

// The `type` import attribute ("json") of a static import, or JavaScript.
ModuleType requested_type(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::FixedArray> attrs,
                          int stride) {
  for (int i = 0; i + 1 < attrs->Length(); i += stride) {
    auto key = attrs->Get(context, i).As<v8::Value>();
    auto value = attrs->Get(context, i + 1).As<v8::Value>();
    if (to_std_string(isolate, key) == "type") {
      auto type = to_std_string(isolate, value);
      return type == "json" ? ModuleType::Json : ModuleType::Unknown;
    }
  }
  return ModuleType::JavaScript;
}

ModuleType type_of_attribute(const std::string& type) {
  return type.empty() ? ModuleType::JavaScript : type == "json" ? ModuleType::Json : ModuleType::Unknown;
}

std::string location(v8::Local<v8::Module> module, int offset, const std::string& url) {
  auto loc = module->SourceOffsetToLocation(offset);
  return fmt::format("\n    at {}:{}:{}", url, loc.GetLineNumber() + 1, loc.GetColumnNumber() + 1);
}

std::vector<Dependency> dependencies_of(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                        v8::Local<v8::Module> module) {
  std::vector<Dependency> out;
  auto requests = module->GetModuleRequests();
  for (int i = 0; i < requests->Length(); ++i) {
    auto request = requests->Get(context, i).As<v8::ModuleRequest>();
    ModuleType type = requested_type(isolate, context, request->GetImportAssertions(), 3);
    out.push_back({to_std_string(isolate, request->GetSpecifier()),
                   type == ModuleType::Json ? "json" : type == ModuleType::Unknown ? "?" : ""});
  }
  return out;
}

// The 0-based line and UTF-16 column of byte `at` of `text`.
std::pair<int, int> position_of(std::string_view text, size_t at) {
  int line = 0, column = 0;
  for (size_t i = 0; i < at && i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++line, column = 0;
    } else if ((c & 0xC0) != 0x80) {
      column += c >= 0xF0 ? 2 : 1;  // a 4-byte sequence is a surrogate pair
    }
  }
  return {line, column};
}

// The byte offset of 0-based `line` and UTF-16 `column` in `text`.
size_t offset_of(std::string_view text, int line, int column) {
  size_t i = 0;
  for (int l = 0; l < line && i < text.size(); ++i)
    if (text[i] == '\n') ++l;
  for (int c = 0; c < column && i < text.size();) {
    unsigned char b = static_cast<unsigned char>(text[i]);
    size_t length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
    c += length == 4 ? 2 : 1;
    i += length;
  }
  return i;
}

// One past the string literal starting at byte `at` (its closing quote).
size_t literal_end(std::string_view text, size_t at) {
  if (at >= text.size()) return at;
  char quote = text[at];
  size_t i = at + 1;
  while (i < text.size() && text[i] != quote && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
  return std::min(i + 1, text.size());
}

// How `toolchain info` names a module that could not be loaded, as Deno does.
const char* failure_kind(const std::string& message) {
  if (message.starts_with("Requires import access")) return "not capable, requires --allow-import";
  if (message.starts_with("Module not found")) return "missing";
  if (message.starts_with("Expected a JavaScript or TypeScript module") || message.starts_with("Unsupported module"))
    return "unsupported";
  if (message.starts_with("Expected a Json module") || message.starts_with("Invalid import attribute"))
    return "invalid import attribute";
  return "loading error";
}

}  // namespace

ModuleLoader::Record& ModuleLoader::load(const std::string& requested, ModuleType expected) {
  if (auto it = redirects_.find(requested); it != redirects_.end()) return load(it->second, expected);
  if (auto it = by_url_.find(requested); it != by_url_.end()) return *it->second;
  return load_remote_or_file(requested, expected);
}

ModuleLoader::Record& ModuleLoader::load_remote_or_file(const std::string& requested, ModuleType expected) {
  auto* isolate = rt_.isolate();
  auto context = rt_.context();
  if (is_remote_url(requested)) {
    if (!store_) throw_no_remote(requested);
    // Deno 2: remote imports need --allow-import (some well-known hosts are allowed by default).
    size_t host_start = requested.find("://") + 3;
    std::string host = requested.substr(host_start, requested.find_first_of("/?#", host_start) - host_start);
    if (host.find(':', host.rfind(']') == std::string::npos ? 0 : host.rfind(']')) == std::string::npos)
      host += requested.starts_with("https:") ? ":443" : ":80";
    if (auto denied = rt_.permissions.check(permissions::Kind::Import, host)) throw LoadError(denied->message);
  }
  // A small main module is transpiled afresh: a one-file program should not
  // open a database. Everything it imports is looked up.
  bool main = by_url_.empty();
  compile_ahead(isolate);
  std::optional<PreparedModule> taken = prefetch_ ? prefetch_->take(requested) : std::nullopt;
  PreparedModule prepared =
      taken ? std::move(*taken) : prepare_module(requested, store_.get(), policy_, !main, v8_tag_);
  std::string url = prepared.url;
  if (url != requested) {
    redirects_[requested] = url;
    if (auto it = by_url_.find(url); it != by_url_.end()) return *it->second;
  }
  ModuleType type = prepared.source.type;
  if (expected == ModuleType::Json && type != ModuleType::Json)
    throw LoadError(fmt::format("Expected a Json module, but identified a {} module.\n  Specifier: {}",
                                type == ModuleType::TypeScript ? "TypeScript" : "JavaScript", url));
  if (expected == ModuleType::Unknown) throw LoadError(fmt::format("Invalid import attribute type for \"{}\".", url));
  if (expected != ModuleType::Json && type == ModuleType::Json)
    throw LoadError(fmt::vformat(kJsonWithoutAttribute, fmt::make_format_args(url)));
  if (type == ModuleType::Unknown)
    throw LoadError(fmt::format("Unsupported module type \"{}\": JSX and TSX are not supported yet.", url));

  auto record = std::make_unique<Record>();
  record->url = url;
  record->type = type;
  record->local_path = std::move(prepared.local_path);
  record->file = std::move(prepared.file);
  v8::Local<v8::Module> module;
  if (type == ModuleType::Json) {
    v8::TryCatch try_catch(isolate);
    v8::Local<v8::Value> value;
    record->original = std::move(prepared.source.text);
    if (!v8::JSON::Parse(context, v8_str(isolate, record->original)).ToLocal(&value)) {
      auto message = to_std_string(isolate, try_catch.Message()->Get());
      throw LoadError(fmt::format("Unable to parse JSON module \"{}\": {}", url, message));
    }
    record->json.Reset(isolate, value);
    module = v8::Module::CreateSyntheticModule(isolate, v8_str(isolate, url), {v8_str(isolate, "default")},
                                               evaluate_json);
  } else {
    if (!prepared.errors.empty()) {
      const auto& d = prepared.errors.front();
      record->original = std::move(prepared.source.text);
      by_url_.emplace(url, std::move(record));  // keep the source for the excerpt
      throw CompileError{"SyntaxError: " + d.message, url, d.line, d.column};
    }
    std::shared_ptr<const CachedModule> cached = std::move(prepared.cached);
    bool small = cached->original.size() < kSmallSourceBytes;
    // Only what the disk does not know yet is fresh to it (a small main
    // module is never looked up there, so it is not written either).
    bool fresh = prepared.fresh && !(main && small);
    // Kept once V8 has compiled it (transpile_fast may pass invalid code on).
    auto keep = [&] {
      if (store_) store_->store(record->file, cached, fresh);
    };
    record->compiled = cached;
    record->original = cached->original;
    // Analysing a graph needs no compiling once the store knows a source's imports.
    if (graph_only_ && store_ && !describe_) {
      if (auto deps = store_->find_dependencies(cached->hash)) {
        keep();
        record->dependencies = std::move(*deps);
        add_dynamic_imports(*record);
        Record& ref = *record;
        by_url_.emplace(url, std::move(record));
        load_order_.push_back(url);
        load_dependencies(ref, {});
        return ref;
      }
    }
    v8::ScriptOrigin origin(isolate, v8_str(isolate, url), 0, 0, false, -1, {}, false, false, true);
    auto* code_cache = cached->code_cache.empty() || graph_only_
                           ? nullptr
                           : new v8::ScriptCompiler::CachedData(cached->code_cache.data(),
                                                                static_cast<int>(cached->code_cache.size()));
    auto code = v8_str(isolate, cached->code);
    v8::ScriptCompiler::Source compile_source(code, origin, code_cache);
    v8::TryCatch try_catch(isolate);
    auto options = code_cache ? v8::ScriptCompiler::kConsumeCodeCache : v8::ScriptCompiler::kNoCompileOptions;
    std::unique_ptr<Streamed> streamed;
    if (auto it = streamed_.find(requested); it != streamed_.end()) {
      streamed = std::move(it->second);
      streamed_.erase(it);
    }
    bool compiled;
    if (streamed && prepared.compiled_ahead && streamed->module == cached && !code_cache) {
      compiled = v8::ScriptCompiler::CompileModule(context, &streamed->source, code, origin).ToLocal(&module);
    } else {
      // A module compile_ahead streams whole, compiled here because its job
      // had not started, is compiled whole here too: lazily, the functions it
      // calls would be compiled again, one by one, while it evaluates.
      std::optional<EagerCompiles> whole;
      if (!code_cache && !graph_only_ && streams_whole(prepared.fresh, *cached)) whole.emplace(EagerCompiles::kHere);
      compiled = v8::ScriptCompiler::CompileModule(isolate, &compile_source, options).ToLocal(&module);
    }
    if (!compiled) {
      // transpile_fast passes invalid TypeScript on; the full parse says what is wrong, as a run
      // without the scanner would.
      if (type == ModuleType::TypeScript) {
        auto checked = transpile::transpile(record->original, transpile::Dialect::TypeScript);
        if (!checked.errors.empty()) {
          const auto& d = checked.errors.front();
          CompileError error{"SyntaxError: " + d.message, url, d.line, d.column};
          by_url_.emplace(url, std::move(record));
          throw error;
        }
      }
      auto message = try_catch.Message();
      std::string text = to_std_string(isolate, message->Get());
      if (text.starts_with("Uncaught ")) text.erase(0, 9);
      CompileError error{text, url, message->GetLineNumber(context).FromMaybe(1),
                         message->GetStartColumn(context).FromMaybe(0) + 1};
      by_url_.emplace(url, std::move(record));
      throw error;
    }
    keep();
    // A V8 code cache is made the second time a module's code is used, as
    // browsers do: a module run once does not pay for serialising its code
    // (a fresh transpile is a first use). Small imported modules get one too:
    // reading 100 of them back costs less than compiling them.
    if (store_ && !prepared.fresh && !graph_only_ && (!code_cache || compile_source.GetCachedData()->rejected))
      need_code_cache_.push_back(record.get());
    record->dependencies = dependencies_of(isolate, context, module);
    // New to the store: a fresh transpile, or a graph analysis that did not find it.
    if (store_ && (fresh || (graph_only_ && !describe_)))
      store_->store_dependencies(cached->hash, record->dependencies);
    if (describe_) describe_imports(*record, module);
    else if (graph_only_) add_dynamic_imports(*record);
  }
  if (module.IsEmpty() == false) {
    record->module.Reset(isolate, module);
    by_hash_.emplace(module->GetIdentityHash(), record.get());
  }
  Record& ref = *record;
  by_url_.emplace(url, std::move(record));
  load_order_.push_back(url);
  load_dependencies(ref, module);
  return ref;
}

void ModuleLoader::compile_ahead(v8::Isolate* isolate) {
  if (!prefetch_ || graph_only_) return;
  auto ready = prefetch_->compilable();
  if (ready.empty()) return;
  // A source seen for the first time gets no code cache this run (they are
  // made on second use), so the functions it calls would be compiled lazily
  // on the program's thread: a small one has them all compiled on the
  // worker. Not a large one: a library's unused functions would cost more.
  auto eager = [](const Prefetcher::Compilable& c) { return streams_whole(c.fresh, *c.module); };
  std::vector<std::unique_ptr<Streamed>> streams(ready.size());
  auto start = [&](size_t i) {
    streams[i] = std::make_unique<Streamed>(ready[i].module);
    streams[i]->task.reset(v8::ScriptCompiler::StartStreaming(isolate, &streams[i]->source, v8::ScriptType::kModule));
  };
  if (std::any_of(ready.begin(), ready.end(), eager)) {
    EagerCompiles all_functions(EagerCompiles::kStreaming);
    for (size_t i = 0; i < ready.size(); ++i)
      if (eager(ready[i])) start(i);
  }
  for (size_t i = 0; i < ready.size(); ++i)
    if (!eager(ready[i])) start(i);
  // Queued in the prefetcher's order, which is the order the loader needs them.
  for (size_t i = 0; i < ready.size(); ++i) {
    if (!streams[i]->task) return;  // V8 runs without --script-streaming
    auto* task = streams[i]->task.get();
    streamed_[ready[i].url] = std::move(streams[i]);
    prefetch_->run_ahead(ready[i].url, [task] { task->Run(); });
  }
}

void ModuleLoader::load_dependencies(Record& record, v8::Local<v8::Module> module) {
  auto requests = module.IsEmpty() ? v8::Local<v8::FixedArray>() : module->GetModuleRequests();
  // Workers prepare the siblings (and what they import) while the first is loaded here.
  if (prefetch_ && record.dependencies.size() > 0)
    for (const auto& dep : record.dependencies) {
      try {
        prefetch_->start(resolve_import(dep.specifier, record.url));
      } catch (const LoadError&) {
        // reported below, in order
      }
    }
  for (size_t i = 0; i < record.dependencies.size(); ++i) {
    const Dependency dep = record.dependencies[i];
    std::string child_url;
    try {
      child_url = resolve_import(dep.specifier, record.url);
      Record& child = load(child_url, type_of_attribute(dep.type));
      record.resolved[dep.specifier] = child.url;
    } catch (const LoadError& error) {
      if (i >= record.static_count) continue;  // a dynamic import `cache` could not fetch
      if (describe_ && !child_url.empty()) {
        record_failure(child_url, error.what(), failure_kind(error.what()));
        record.resolved[dep.specifier] = child_url;
        continue;
      }
      if (error.located) throw;
      if (requests.IsEmpty() || static_cast<int>(i) >= requests->Length())
        throw LoadError(error.what() + fmt::format("\n    at {}", record.url), true);
      auto request = requests->Get(rt_.context(), static_cast<int>(i)).As<v8::ModuleRequest>();
      throw LoadError(error.what() + location(module, request->GetSourceOffset(), record.url), true);
    } catch (const CompileError& error) {
      if (i >= record.static_count) continue;
      if (!describe_ || child_url.empty()) throw;
      record_failure(child_url, fmt::format("{}\n    at {}:{}:{}", error.message, error.url, error.line, error.column),
                     "parsing error");
      record.resolved[dep.specifier] = child_url;
    }
  }
}

void ModuleLoader::add_dynamic_imports(Record& record) {
  record.static_count = record.dependencies.size();
  for (auto& found : transpile::find_dynamic_imports(record.compiled->code)) {
    Dependency dep{found.specifier, found.type};
    if (std::find(record.dependencies.begin(), record.dependencies.end(), dep) == record.dependencies.end())
      record.dependencies.push_back(std::move(dep));
  }
}

void ModuleLoader::describe_imports(Record& record, v8::Local<v8::Module> module) {
  auto context = rt_.context();
  const std::string& code = record.compiled->code;
  auto requests = module->GetModuleRequests();
  auto known = [&](const std::string& specifier) {
    for (const auto& d : record.described)
      if (d.specifier == specifier) return true;
    return false;
  };
  for (int i = 0; i < requests->Length() && i < static_cast<int>(record.dependencies.size()); ++i) {
    const Dependency& dep = record.dependencies[i];
    if (known(dep.specifier)) continue;
    auto request = requests->Get(context, i).As<v8::ModuleRequest>();
    auto where = module->SourceOffsetToLocation(request->GetSourceOffset());
    size_t start = offset_of(code, where.GetLineNumber(), where.GetColumnNumber());
    auto [end_line, end_character] = position_of(code, literal_end(code, start));
    record.described.push_back({dep.specifier, "", dep.type, false, where.GetLineNumber(), where.GetColumnNumber(),
                                end_line, end_character});
  }
  for (auto& found : transpile::find_dynamic_imports(code)) {
    if (known(found.specifier)) continue;
    auto [line, character] = position_of(code, found.start);
    auto [end_line, end_character] = position_of(code, found.end);
    record.described.push_back({found.specifier, "", found.type, true, line, character, end_line, end_character});
    record.dependencies.push_back({found.specifier, found.type});
  }
  // Deno lists static and dynamic imports together, in the order they are written.
  std::stable_sort(record.described.begin(), record.described.end(), [](const auto& a, const auto& b) {
    return a.line != b.line ? a.line < b.line : a.character < b.character;
  });
}

void ModuleLoader::record_failure(const std::string& url, const std::string& message, const char* kind) {
  auto& failed = by_url_[url];
  if (!failed) failed = std::make_unique<Record>();
  if (!failed->error.empty()) return;
  failed->url = url;
  failed->error = message;
  // Deno's graph errors have no docs link (its run errors do).
  if (auto docs = failed->error.find("\n  docs: "); docs != std::string::npos) failed->error.resize(docs);
  failed->error_kind = kind;
  if (std::find(load_order_.begin(), load_order_.end(), url) == load_order_.end()) load_order_.push_back(url);
}

void ModuleLoader::main_evaluated() {
  if (!store_) return;
  auto* isolate = rt_.isolate();
  v8::HandleScope scope(isolate);
  const uint32_t v8_tag = v8::ScriptCompiler::CachedDataVersionTag();
  for (Record* record : need_code_cache_) {
    auto module = record->module.Get(isolate);
    if (module.IsEmpty() || module->GetStatus() == v8::Module::kErrored) continue;
    std::unique_ptr<v8::ScriptCompiler::CachedData> data(
        v8::ScriptCompiler::CreateCodeCache(module->GetUnboundModuleScript()));
    if (data)
      store_->add_code_cache(record->file, *record->compiled, v8_tag,
                             std::vector<uint8_t>(data->data, data->data + data->length));
  }
  need_code_cache_.clear();
}

void ModuleLoader::describe(ModuleGraph& graph) const {
  graph.redirects = redirects_;
  for (const auto& url : load_order_) {
    const Record& record = *by_url_.at(url);
    GraphModule out;
    out.url = record.url;
    if (!record.error.empty()) {
      out.error = record.error;
      out.error_kind = record.error_kind;
      graph.modules.push_back(std::move(out));
      continue;
    }
    out.local_path = record.local_path;
    out.type = record.type == ModuleType::TypeScript ? "TypeScript"
               : record.type == ModuleType::Json     ? "JSON"
                                                     : "JavaScript";
    out.size = record.original.size();
    if (describe_) {
      out.dependencies = record.described;
    } else {
      for (const auto& dep : record.dependencies) out.dependencies.push_back({dep.specifier, "", dep.type});
    }
    for (auto& dep : out.dependencies) {
      // The URL the specifier resolves to, before any redirect (the tree follows them).
      if (!record.resolved.contains(dep.specifier)) continue;
      try {
        dep.url = resolve_import(dep.specifier, record.url);
      } catch (const LoadError&) {
        dep.url = record.resolved.at(dep.specifier);
      }
    }
    std::erase_if(out.dependencies, [](const GraphDependency& dep) { return dep.url.empty(); });
    graph.modules.push_back(std::move(out));
  }
}

ModuleLoader::Record* ModuleLoader::find(v8::Local<v8::Module> module) {
  auto [begin, end] = by_hash_.equal_range(module->GetIdentityHash());
  for (auto it = begin; it != end; ++it)
    if (it->second->module.Get(rt_.isolate()) == module) return it->second;
  return nullptr;
}

void ModuleLoader::instantiate(Record& record) {
  auto module = record.module.Get(rt_.isolate());
  if (module->GetStatus() != v8::Module::kUninstantiated) return;
  module->InstantiateModule(rt_.context(), resolve_callback).IsNothing();  // errors stay in the caller's TryCatch
}

v8::Local<v8::Module> ModuleLoader::load_main(const std::string& url) {
  Record& record = load(url, ModuleType::JavaScript);
  if (graph_only_) return {};
  v8::TryCatch try_catch(rt_.isolate());
  instantiate(record);
  auto module = record.module.Get(rt_.isolate());
  if (try_catch.HasTerminated()) {
    // Ended from outside while linking (another serve worker failed, Ctrl-C):
    // no message to report; the caller sees the empty module.
    try_catch.ReThrow();
    return {};
  }
  if (try_catch.HasCaught()) {
    // A link error (an import of a name the module does not export).
    auto message = try_catch.Message();
    auto context = rt_.context();
    std::string text = to_std_string(rt_.isolate(), message->Get());
    if (text.starts_with("Uncaught ")) text.erase(0, 9);
    std::string where = to_std_string(rt_.isolate(), message->GetScriptResourceName());
    throw CompileError{text, where, message->GetLineNumber(context).FromMaybe(1),
                       message->GetStartColumn(context).FromMaybe(0) + 1};
  }
  return module;
}

v8::MaybeLocal<v8::Module> ModuleLoader::resolve_callback(v8::Local<v8::Context> context,
                                                          v8::Local<v8::String> specifier,
                                                          v8::Local<v8::FixedArray>,
                                                          v8::Local<v8::Module> referrer) {
  auto* isolate = context->GetIsolate();
  auto& self = Runtime::from(isolate).modules();
  Record* from = self.find(referrer);
  if (from) {
    auto it = from->resolved.find(to_std_string(isolate, specifier));
    if (it != from->resolved.end()) {
      auto target = self.by_url_.find(it->second);
      if (target != self.by_url_.end()) return target->second->module.Get(isolate);
    }
  }
  isolate->ThrowException(v8::Exception::TypeError(
      v8_str(isolate, fmt::format("Module not found \"{}\".", to_std_string(isolate, specifier)))));
  return {};
}

v8::MaybeLocal<v8::Value> ModuleLoader::evaluate_json(v8::Local<v8::Context> context, v8::Local<v8::Module> module) {
  auto* isolate = context->GetIsolate();
  Record* record = Runtime::from(isolate).modules().find(module);
  auto value = record ? record->json.Get(isolate) : v8::Local<v8::Value>(v8::Undefined(isolate));
  if (module->SetSyntheticModuleExport(isolate, v8_str(isolate, "default"), value).IsNothing()) return {};
  v8::Local<v8::Promise::Resolver> resolver;
  if (!v8::Promise::Resolver::New(context).ToLocal(&resolver)) return {};  // terminating
  resolver->Resolve(context, v8::Undefined(isolate)).FromMaybe(false);
  return resolver->GetPromise();
}

namespace {

// Settles a dynamic import's promise once the module's evaluation settles.
void settle_import(const v8::FunctionCallbackInfo<v8::Value>& info, bool fulfilled) {
  auto* isolate = info.GetIsolate();
  auto context = isolate->GetCurrentContext();
  auto data = info.Data().As<v8::Array>();
  v8::Local<v8::Value> resolver_value, module;
  if (!data->Get(context, 0).ToLocal(&resolver_value) || !data->Get(context, 1).ToLocal(&module)) return;  // terminating
  auto resolver = resolver_value.As<v8::Promise::Resolver>();
  if (fulfilled) {
    resolver->Resolve(context, module).FromMaybe(false);
  } else {
    resolver->Reject(context, info[0]).FromMaybe(false);
  }
}

}  // namespace

v8::MaybeLocal<v8::Promise> ModuleLoader::dynamic_import(v8::Local<v8::Context> context, v8::Local<v8::Data>,
                                                         v8::Local<v8::Value> resource_name,
                                                         v8::Local<v8::String> specifier,
                                                         v8::Local<v8::FixedArray> assertions) {
  auto* isolate = context->GetIsolate();
  auto& self = Runtime::from(isolate).modules();
  v8::Local<v8::Promise::Resolver> resolver;
  if (!v8::Promise::Resolver::New(context).ToLocal(&resolver)) return {};  // terminating
  auto promise = resolver->GetPromise();
  std::string referrer = to_std_string(isolate, resource_name);
  if (referrer.empty() || referrer.starts_with("ext:")) referrer = Runtime::from(isolate).main_module_url;
  try {
    std::string url = self.resolve_import(to_std_string(isolate, specifier), referrer);
    // Dynamic import() passes the attributes as key/value pairs (stride 2).
    Record& record = self.load(url, requested_type(isolate, context, assertions, 2));
    v8::TryCatch try_catch(isolate);
    self.instantiate(record);
    auto module = record.module.Get(isolate);
    if (try_catch.HasCaught()) {
      resolver->Reject(context, try_catch.Exception()).FromMaybe(false);
      return promise;
    }
    if (module->GetStatus() == v8::Module::kErrored) {
      resolver->Reject(context, module->GetException()).FromMaybe(false);
      return promise;
    }
    // The program is ending: the promise stays pending (see Runtime::ending).
    if (Runtime::from(isolate).ending()) return promise;
    v8::Local<v8::Value> evaluation;
    if (!module->Evaluate(context).ToLocal(&evaluation)) {
      resolver->Reject(context, try_catch.Exception()).FromMaybe(false);
      return promise;
    }
    // Evaluation ran JavaScript: from here on, V8 calls fail if that ended in
    // a termination (the program is ending), and the promise is left pending.
    auto data = v8::Array::New(isolate, 2);
    v8::Local<v8::Function> on_ok, on_err;
    if (data->Set(context, 0, resolver).IsNothing() ||
        data->Set(context, 1, module->GetModuleNamespace()).IsNothing() ||
        !v8::Function::New(context, [](const v8::FunctionCallbackInfo<v8::Value>& i) { settle_import(i, true); }, data)
             .ToLocal(&on_ok) ||
        !v8::Function::New(context, [](const v8::FunctionCallbackInfo<v8::Value>& i) { settle_import(i, false); }, data)
             .ToLocal(&on_err))
      return promise;
    evaluation.As<v8::Promise>()->Then(context, on_ok, on_err).IsEmpty();
  } catch (const LoadError& error) {
    std::string message = error.what();
    if (auto at = message.find("\n    at "); at != std::string::npos) message.resize(at);
    resolver->Reject(context, v8::Exception::TypeError(v8_str(isolate, message))).FromMaybe(false);
  } catch (const CompileError& error) {
    std::string message = error.message.starts_with("SyntaxError: ") ? error.message.substr(13) : error.message;
    message += fmt::format(" at {}:{}:{}", error.url, error.line, error.column);
    resolver->Reject(context, v8::Exception::SyntaxError(v8_str(isolate, message))).FromMaybe(false);
  }
  return promise;
}

void ModuleLoader::import_meta_resolve(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  std::string base = to_std_string(isolate, info.Data());
  try {
    // A value with no string form (a Symbol, an object whose toString() throws)
    // is refused in Deno's words.
    v8::Local<v8::String> text;
    {
      v8::TryCatch try_catch(isolate);
      if (!info[0]->ToString(isolate->GetCurrentContext()).ToLocal(&text)) {
        if (try_catch.HasTerminated()) {
          try_catch.ReThrow();
          return;
        }
        throw LoadError("Invalid arguments");
      }
    }
    std::string specifier = to_std_string(isolate, text);
    auto& self = Runtime::from(isolate).modules();
    std::string mapped = specifier;
    if (self.import_map_)
      if (auto m = self.import_map_->resolve(specifier, base)) mapped = *m;
    auto url = resolve_url(mapped, base);
    if (!url) throw LoadError(fmt::format("Import \"{}\" not a dependency", specifier));
    info.GetReturnValue().Set(v8_str(isolate, *url));
  } catch (const LoadError& error) {
    isolate->ThrowException(v8::Exception::TypeError(v8_str(isolate, error.what())));
  }
}

void ModuleLoader::init_import_meta(v8::Local<v8::Context> context, v8::Local<v8::Module> module,
                                    v8::Local<v8::Object> meta) {
  auto* isolate = context->GetIsolate();
  Runtime& rt = Runtime::from(isolate);
  Record* record = rt.modules().find(module);
  if (!record) return;
  auto url = v8_str(isolate, record->url);
  meta->Set(context, v8_str(isolate, "url"), url).Check();
  meta->Set(context, v8_str(isolate, "main"), v8::Boolean::New(isolate, record->url == rt.main_module_url)).Check();
  if (auto path = file_url_to_path(record->url)) {
    meta->Set(context, v8_str(isolate, "filename"), v8_str(isolate, *path)).Check();
    meta->Set(context, v8_str(isolate, "dirname"), v8_str(isolate, path->substr(0, std::max<size_t>(1, path->rfind('/')))))
        .Check();
  }
  auto resolve_fn = v8::Function::New(context, import_meta_resolve, url, 1).ToLocalChecked();
  resolve_fn->SetName(v8_str(isolate, "resolve"));
  meta->Set(context, v8_str(isolate, "resolve"), resolve_fn).Check();
}

}  // namespace toolchain::modules
