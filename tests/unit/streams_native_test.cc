// The native stream contract (runtime/streams/native_stream.h): a program
// reads a ReadableStream made from a native ByteSource and writes a
// ReadableStream to a native ByteSink. The test checks the bytes and that no
// copy was made: the source wrote straight into the reader's buffer and the sink
// saw the program's own chunk memory.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "core/runtime.h"
#include "core/snapshot.h"
#include "engine.h"
#include "streams/native_stream.h"

namespace toolchain {
namespace {

// Serves `data` in pieces of at most `piece` bytes; remembers where it wrote.
class MemorySource : public ByteSource {
 public:
  MemorySource(std::string data, size_t piece) : data_(std::move(data)), piece_(piece) {}
  std::string_view name() const override { return "memorySource"; }
  size_t read(std::span<uint8_t> into) override {
    size_t n = std::min({into.size(), piece_, data_.size() - pos_});
    std::memcpy(into.data(), data_.data() + pos_, n);
    pos_ += n;
    std::lock_guard lock(mutex);
    targets.push_back(into.data());
    return n;
  }
  std::mutex mutex;
  std::vector<const void*> targets;

 private:
  std::string data_;
  size_t piece_;
  size_t pos_ = 0;
};

class MemorySink : public ByteSink {
 public:
  std::string_view name() const override { return "memorySink"; }
  void write(std::span<const uint8_t> chunk) override {
    std::lock_guard lock(mutex);
    bytes.append(reinterpret_cast<const char*>(chunk.data()), chunk.size());
    chunks.push_back(chunk.data());
  }
  void close() override { closed = true; }
  void abort(const std::string& reason) override { aborted = reason; }
  std::mutex mutex;
  std::string bytes;
  std::vector<const void*> chunks;
  bool closed = false;
  std::string aborted;
};

class NativeStreams : public ::testing::Test {
 protected:
  void SetUp() override {
    initialize_engine();
    dir_ = std::filesystem::temp_directory_path() / ("tc_native_streams_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Runs `program` with globalThis.nativeStreams (internals.streams) and the
  // given resources' ids in globalThis.rids; returns stdout; `inspect` runs
  // after the program with the runtime still alive.
  template <typename Inspect>
  std::string run(const std::string& program, std::vector<std::shared_ptr<Resource>> resources, Inspect inspect) {
    auto main = dir_ / "main.js";
    std::ofstream(main) << program;
    auto out = dir_ / "out.txt";
    FILE* out_file = std::fopen(out.c_str(), "w");
    RunOptions options;
    options.main_module = main.string();
    options.cwd = dir_.string();
    options.stdio.out = ::fileno(out_file);
    {
      Runtime rt(options, embedded_snapshot());
      v8::Isolate* isolate = rt.isolate();
      {
        v8::HandleScope scope(isolate);
        auto context = rt.context();
        auto str = [&](const char* s) { return v8::String::NewFromUtf8(isolate, s).ToLocalChecked(); };
        v8::Local<v8::Object> internals = v8::Local<v8::Object>::Cast(rt.core()->Get(context, str("internals")).ToLocalChecked());
        auto streams = internals->Get(context, str("streams")).ToLocalChecked();
        context->Global()->Set(context, str("nativeStreams"), streams).Check();
        auto rids = v8::Array::New(isolate);
        for (uint32_t i = 0; i < resources.size(); ++i) {
          rids->Set(context, i, v8::Number::New(isolate, rt.resources.add(resources[i]))).Check();
        }
        context->Global()->Set(context, str("rids"), rids).Check();
      }
      EXPECT_EQ(rt.run(), 0);
      v8::HandleScope scope(isolate);
      inspect(rt);
    }
    std::fclose(out_file);
    std::ifstream in(out);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  // The data pointer of the ArrayBufferView global `name`.
  static const void* view_data(Runtime& rt, const char* name) {
    auto context = rt.context();
    auto value = context->Global()
                     ->Get(context, v8::String::NewFromUtf8(rt.isolate(), name).ToLocalChecked())
                     .ToLocalChecked();
    if (!value->IsArrayBufferView()) return nullptr;
    auto view = value.As<v8::ArrayBufferView>();
    return static_cast<uint8_t*>(view->Buffer()->GetBackingStore()->Data()) + view->ByteOffset();
  }

  std::filesystem::path dir_;
};

TEST_F(NativeStreams, ByobReadsFillTheReadersOwnBuffer) {
  auto source = std::make_shared<MemorySource>("hello, native world", 5);
  std::string out = run(R"(
    const stream = nativeStreams.readableStreamForResource(rids[0]);
    const reader = stream.getReader({ mode: "byob" });
    let text = "";
    let buffer = new ArrayBuffer(16);
    for (;;) {
      const { value, done } = await reader.read(new Uint8Array(buffer, 2, 8));
      globalThis.lastView = value;
      if (done) break;
      text += String.fromCharCode(...value);
      buffer = value.buffer;
    }
    console.log(text, stream.locked);
  )", {source}, [&](Runtime& rt) {
    // Every read wrote at offset 2 of the one buffer the program passes around.
    ASSERT_FALSE(source->targets.empty());
    for (const void* target : source->targets) EXPECT_EQ(target, view_data(rt, "lastView"));
    EXPECT_EQ(rt.resources.size(), 0u);  // closed at the end of the data
  });
  EXPECT_EQ(out, "hello, native world true\n");
  EXPECT_EQ(source->targets.size(), 5u);  // 4 pieces of 5 bytes or less, then the end
}

TEST_F(NativeStreams, DefaultReadersAndCancel) {
  auto source = std::make_shared<MemorySource>(std::string(100, 'x'), 100);
  auto source2 = std::make_shared<MemorySource>("abc", 1);
  std::string out = run(R"(
    const chunks = [];
    for await (const chunk of nativeStreams.readableStreamForResource(rids[0], 32)) chunks.push(chunk.length);
    console.log(chunks.join(","));
    const stream = nativeStreams.readableStreamForResource(rids[1]);
    const reader = stream.getReader();
    console.log(String.fromCharCode(...(await reader.read()).value));
    await reader.cancel("enough");
    console.log((await reader.closed) === undefined);
  )", {source, source2}, [&](Runtime& rt) { EXPECT_EQ(rt.resources.size(), 0u); });
  EXPECT_EQ(out, "32,32,32,4\na\ntrue\n");
}

TEST_F(NativeStreams, ChunksReachTheSinkWithoutCopies) {
  auto sink = std::make_shared<MemorySink>();
  std::string out = run(R"(
    globalThis.first = new Uint8Array([104, 105, 32]);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(first);
        c.enqueue(new Uint8Array([116, 104, 101, 114, 101]));
        setTimeout(() => { c.enqueue(new Uint16Array([0x2121])); c.close(); }, 1);
      },
    });
    await nativeStreams.readableStreamToResource(stream, rids[0]);
    console.log(stream.locked);
  )", {sink}, [&](Runtime& rt) {
    ASSERT_EQ(sink->chunks.size(), 3u);
    EXPECT_EQ(sink->chunks[0], view_data(rt, "first"));
  });
  EXPECT_EQ(out, "false\n");
  EXPECT_EQ(sink->bytes, "hi there!!");
  EXPECT_TRUE(sink->closed);
}

TEST_F(NativeStreams, ErrorsAbortTheSinkAndRejectTheWrite) {
  auto sink = std::make_shared<MemorySink>();
  auto sink2 = std::make_shared<MemorySink>();
  std::string out = run(R"(
    const failing = new ReadableStream({
      start(c) { c.enqueue(new Uint8Array([1])); },
      pull(c) { c.error(new Error("source broke")); },
    });
    await nativeStreams.readableStreamToResource(failing, rids[0]).catch((e) => console.log(e.message));
    let cancelled;
    const strings = new ReadableStream({
      start(c) { c.enqueue("text"); },
      cancel(reason) { cancelled = reason.message; },
    });
    await nativeStreams.readableStreamToResource(strings, rids[1]).catch((e) => console.log(e.name, e.message));
    console.log(cancelled);
    const one = new ReadableStream({ start(c) { c.enqueue(new Uint8Array([1])); } });
    await nativeStreams.readableStreamToResource(one, 12345).catch((e) => console.log(e.name, e.message));
  )", {sink, sink2}, [&](Runtime& rt) { EXPECT_EQ(rt.resources.size(), 0u); });
  EXPECT_EQ(out,
            "source broke\nTypeError expected typed ArrayBufferView\nexpected typed ArrayBufferView\n"
            "BadResource Bad resource ID\n");
  EXPECT_EQ(sink->aborted, "Error: source broke");
  EXPECT_EQ(sink->bytes, "\x01");
  EXPECT_EQ(sink2->aborted, "TypeError: expected typed ArrayBufferView");
}

}  // namespace
}  // namespace toolchain
