// `toolchain-engine`: the engine binary. `toolchain-engine run …` runs a
// program in this process (what `toolchain --no-daemon` execs);
// `toolchain-engine daemon` serves the daemon socket (docs/protocol.md).
#include <unistd.h>

#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "daemon.h"
#include "engine_identity.h"
#include "methods/run_method.h"
#include "driver/command.h"
#include "cache/disk_cache.h"
#include "modules/module_cache.h"

extern char** environ;

namespace {

int serve() {
  using namespace toolchain;
  toolchain::initialize_engine();
  // One warm cache for every program this daemon runs, in front of the disk
  // cache (whose warnings go to the daemon's log).
  std::map<std::string, std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    if (size_t eq = entry.find('='); eq != std::string::npos) env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
  }
  auto disk = std::make_shared<cache::DiskCache>(cache::cache_dir(env), cache::make_http_client(),
                                                 [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); });
  auto cache = std::make_shared<modules::ModuleCache>(disk);
  daemon::DaemonOptions options;
  const char* override_version = std::getenv("TOOLCHAIN_VERSION_OVERRIDE");  // tests of version replacement
  options.version =
      override_version ? override_version : toolchain::cli::engine_identity(driver::kVersion, "/proc/self/exe");
  // And an isolate made ahead for the next run (two thirds of a small program's cost).
  auto spare = std::make_shared<SpareIsolate>();
  options.register_methods = [cache, spare](daemon::MethodRegistry& registry) {
    daemon::register_run_method(registry, {.prepare = [cache, spare](driver::Invocation& inv) {
                                  inv.module_store = cache;
                                  inv.spare_isolate = spare;
                                }});
  };
  options.extra_status = [cache, disk] {
    auto stats = cache->stats();
    auto disk_stats = disk->stats();
    boost::json::object status;
    status["moduleCache"] = {{"entries", stats.entries},
                             {"hits", stats.hits},
                             {"misses", stats.misses},
                             {"transpiles", stats.transpiles}};
    status["diskCache"] = {{"sqliteReads", disk_stats.sqlite_reads},
                           {"downloads", disk_stats.downloads},
                           {"commits", disk_stats.commits}};
    return status;
  };
  return daemon::serve_daemon(options);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string_view(argv[1]) == "daemon") return serve();
  // As Deno: a closed pipe is an EPIPE error (BrokenPipe), not the end of the
  // process, so `toolchain run x.ts | head -1` ends as it does through the daemon.
  ::signal(SIGPIPE, SIG_IGN);
  toolchain::driver::Invocation invocation;
  invocation.owns_process = true;  // this process is the program's
  char cwd[PATH_MAX];
  if (::getcwd(cwd, sizeof cwd) == nullptr) {
    std::fprintf(stderr, "error: the current directory is not accessible\n");
    return 1;
  }
  invocation.cwd = cwd;
  invocation.argv.assign(argv + 1, argv + argc);
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    size_t eq = entry.find('=');
    if (eq != std::string::npos) invocation.env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
  }
  // The program is over and its output written (ops write unbuffered): skip
  // tearing down V8 and libnode's static state, which costs milliseconds.
  invocation.control = std::make_shared<toolchain::RunControl>();
  invocation.control->on_finished([](int code) {
    std::fflush(stdout);
    ::_exit(code);
  });
  int code = toolchain::driver::run_command(invocation);
  std::fflush(stdout);
  ::_exit(code);
}
