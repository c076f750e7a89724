#pragma once
// `toolchain info`: a module graph printed as `deno info` prints it.
#include <string>

#include "engine.h"

namespace toolchain::driver {

// The text form: local path, type, dependency count, total size, then the
// tree with each module's size and `*` for one already shown.
std::string format_info(const ModuleGraph& graph);
// The --json form: Deno's version 1 layout, pretty-printed as Deno does.
std::string format_info_json(const ModuleGraph& graph);
// Deno's human_size: 1024-based, up to two decimals ("1.21KB").
std::string human_size(double bytes);

}  // namespace toolchain::driver
