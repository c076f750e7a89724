#include "coverage/precise_coverage.h"

#include <filesystem>
#include <fstream>
#include <random>

#include <boost/json.hpp>
#include <fmt/format.h>
// libnode108 installs the inspector header with V8's sources, not beside v8.h.
#include <nodejs/deps/v8/include/v8-inspector.h>

namespace toolchain::coverage {

namespace {

std::string to_utf8(const v8_inspector::StringView& view) {
  std::string out;
  auto put = [&](uint32_t c) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  };
  for (size_t i = 0; i < view.length(); ++i) {
    if (view.is8Bit()) {
      put(view.characters8()[i]);
      continue;
    }
    uint32_t c = view.characters16()[i];
    if (c >= 0xD800 && c < 0xDC00 && i + 1 < view.length()) {
      uint32_t low = view.characters16()[i + 1];
      if (low >= 0xDC00 && low < 0xE000) {
        c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
        ++i;
      }
    }
    put(c);
  }
  return out;
}

v8_inspector::StringView view(std::string_view ascii) {
  return {reinterpret_cast<const uint8_t*>(ascii.data()), ascii.size()};
}

}  // namespace

struct PreciseCoverage::Impl : v8_inspector::V8InspectorClient, v8_inspector::V8Inspector::Channel {
  std::unique_ptr<v8_inspector::V8Inspector> inspector;
  std::unique_ptr<v8_inspector::V8InspectorSession> session;
  std::string last_response;

  void sendResponse(int, std::unique_ptr<v8_inspector::StringBuffer> message) override {
    last_response = to_utf8(message->string());
  }
  void sendNotification(std::unique_ptr<v8_inspector::StringBuffer>) override {}
  void flushProtocolNotifications() override {}

  std::string call(std::string_view message) {
    last_response.clear();
    session->dispatchProtocolMessage(view(message));
    return last_response;
  }
};

PreciseCoverage::PreciseCoverage(v8::Isolate* isolate, v8::Local<v8::Context> context) : impl_(new Impl) {
  impl_->inspector = v8_inspector::V8Inspector::create(isolate, impl_.get());
  impl_->inspector->contextCreated(v8_inspector::V8ContextInfo(context, 1, view("toolchain")));
  impl_->session = impl_->inspector->connect(1, impl_.get(), v8_inspector::StringView());
  impl_->call(R"({"id":1,"method":"Profiler.enable"})");
  impl_->call(R"({"id":2,"method":"Profiler.startPreciseCoverage","params":{"callCount":true,"detailed":true}})");
}

PreciseCoverage::~PreciseCoverage() {
  if (impl_->session) impl_->session.reset();
}

std::string PreciseCoverage::write(const std::string& dir) {
  std::string response = impl_->call(R"({"id":3,"method":"Profiler.takePreciseCoverage"})");
  impl_->call(R"({"id":4,"method":"Profiler.stopPreciseCoverage"})");
  if (response.empty()) return "the inspector returned no coverage";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return fmt::format("cannot create {}: {}", dir, ec.message());
  // One file per script, as Deno writes them (a ScriptCoverage: scriptId,
  // url, functions), so either tool reads the other's directory. Only the
  // program's own files: the built-ins have no file: URL.
  boost::json::value doc;
  try {
    doc = boost::json::parse(response);
    std::random_device random;
    for (const auto& script : doc.at("result").at("result").as_array()) {
      if (!script.at("url").as_string().starts_with("file://")) continue;
      std::string path = fmt::format("{}/{:08x}-{:04x}-{:04x}-{:04x}-{:04x}{:08x}.json", dir, random(),
                                     random() & 0xffff, (random() & 0x0fff) | 0x4000, (random() & 0x3fff) | 0x8000,
                                     random() & 0xffff, random());
      std::ofstream out(path, std::ios::binary);
      out << boost::json::serialize(script);
      if (!out) return "cannot write " + path;
    }
  } catch (const std::exception& e) {
    return fmt::format("the inspector's coverage could not be read: {}", e.what());
  }
  return {};
}

}  // namespace toolchain::coverage
