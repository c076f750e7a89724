#pragma once
// Downloaded remote modules as files under DIR/remote/<scheme>/<host>/<hash of
// the URL>: one line of JSON (the URL, its headers or redirect) then the body.
// Written to a temporary file and renamed, so a half-written download is never
// seen. Self-describing, so the files alone survive deleting the databases.
#include <map>
#include <optional>
#include <string>

namespace toolchain::cache {

struct RemoteFile {
  std::string url;
  std::string content_type;
  std::string redirect;   // the Location of a redirect, resolved; empty otherwise
  std::string body;
};

class RemoteFiles {
 public:
  explicit RemoteFiles(std::string dir) : dir_(std::move(dir)) {}
  std::string path_of(const std::string& url) const;
  std::optional<RemoteFile> read(const std::string& path) const;
  // Throws std::runtime_error with the reason if it cannot be written.
  void write(const std::string& path, const RemoteFile& file) const;

 private:
  std::string dir_;
};

}  // namespace toolchain::cache
