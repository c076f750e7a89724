#pragma once
// Native resources a program holds (a zlib stream, later a socket or an HTTP
// body), named in JavaScript by a small integer id, as Deno's resource table.
// Lives on the runtime's thread; a resource in use by work on the blocking pool
// is kept alive by the shared_ptr the work holds, even if JavaScript closes it.
#include <cstdint>
#include <memory>
#include <string_view>
#include <unordered_map>

#include "bridge/js_error.h"

namespace toolchain {

class Resource {
 public:
  virtual ~Resource() = default;
  // Deno's resource name ("compression", "readableStream", …).
  virtual std::string_view name() const = 0;
};

class ResourceTable {
 public:
  uint32_t add(std::shared_ptr<Resource> resource) {
    uint32_t id = next_++;
    table_.emplace(id, std::move(resource));
    return id;
  }

  // The resource `id` as a T; BadResource if there is none or it is another kind.
  template <typename T>
  std::shared_ptr<T> get(uint32_t id) const {
    auto it = table_.find(id);
    if (it != table_.end()) {
      if (auto typed = std::dynamic_pointer_cast<T>(it->second)) return typed;
    }
    throw bridge::JsError{"BadResource", "Bad resource ID"};
  }

  // Removes `id` (its destructor runs when the last user lets go); false if absent.
  bool close(uint32_t id) { return table_.erase(id) > 0; }

  size_t size() const { return table_.size(); }

  // Calls f(id, name) for each resource, in no particular order.
  template <typename F>
  void for_each(F&& f) const {
    for (const auto& [id, resource] : table_) f(id, resource->name());
  }

  // Drops every resource (the runtime's end, while its loop and isolate still exist).
  void clear() { table_.clear(); }

 private:
  std::unordered_map<uint32_t, std::shared_ptr<Resource>> table_;
  uint32_t next_ = 3;  // 0, 1 and 2 are stdio in Deno
};

}  // namespace toolchain
