// toolchain-snapshot OUT: evaluates every built-in and writes V8's startup
// snapshot to OUT. Run by the build; the engine embeds the file.
#include <cstdio>
#include <fstream>

#include "core/snapshot.h"
#include "engine.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: toolchain-snapshot OUT\n");
    return 2;
  }
  toolchain::initialize_engine();
  v8::SnapshotCreator creator(toolchain::external_references());
  v8::Isolate* isolate = creator.GetIsolate();
  {
    v8::HandleScope scope(isolate);
    auto context = v8::Context::New(isolate);
    auto core = toolchain::bootstrap_context(isolate, context);
    creator.SetDefaultContext(context);
    creator.AddData(context, core);
  }
  v8::StartupData blob = creator.CreateBlob(v8::SnapshotCreator::FunctionCodeHandling::kKeep);
  if (blob.data == nullptr) {
    std::fprintf(stderr, "toolchain-snapshot: V8 could not create the snapshot\n");
    return 1;
  }
  std::ofstream out(argv[1], std::ios::binary);
  out.write(blob.data, blob.raw_size);
  delete[] blob.data;
  return out ? 0 : 1;
}
