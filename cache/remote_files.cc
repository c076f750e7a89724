#include "cache/remote_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "modules/module_store.h"

namespace toolchain::cache {

namespace {

std::string read_all(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  std::string out;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

void make_dirs(const std::string& path) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      std::string prefix = path.substr(0, i);
      if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
        throw std::runtime_error(fmt::format("cannot create {}: {}", prefix, std::strerror(errno)));
    }
  }
}

}  // namespace

std::string RemoteFiles::path_of(const std::string& url) const {
  size_t scheme_end = url.find("://");
  std::string scheme = url.substr(0, scheme_end);
  size_t host_start = scheme_end + 3;
  std::string host = url.substr(host_start, url.find_first_of("/?#", host_start) - host_start);
  for (auto& c : host)
    if (c == ':') c = '_';
  return fmt::format("{}/remote/{}/{}/{}", dir_, scheme, host, modules::source_hash(url, "url"));
}

std::optional<RemoteFile> RemoteFiles::read(const std::string& path) const {
  std::string text = read_all(path);
  size_t newline = text.find('\n');
  if (newline == std::string::npos) return std::nullopt;
  boost::system::error_code ec;
  auto meta = boost::json::parse(std::string_view(text).substr(0, newline), ec);
  if (ec || !meta.is_object()) return std::nullopt;
  RemoteFile file;
  const auto& object = meta.get_object();
  auto string_of = [&](const char* key) {
    auto* v = object.if_contains(key);
    return v && v->is_string() ? std::string(v->get_string()) : std::string();
  };
  file.url = string_of("url");
  file.content_type = string_of("contentType");
  file.redirect = string_of("redirect");
  auto* size = object.if_contains("size");
  file.body = text.substr(newline + 1);
  // A file cut short (a full disk before the rename was made durable) is not used.
  if (!size || !size->is_int64() || static_cast<size_t>(size->get_int64()) != file.body.size()) return std::nullopt;
  return file;
}

void RemoteFiles::write(const std::string& path, const RemoteFile& file) const {
  make_dirs(path.substr(0, path.rfind('/')));
  boost::json::object meta{{"url", file.url}, {"size", file.body.size()}};
  if (!file.content_type.empty()) meta["contentType"] = file.content_type;
  if (!file.redirect.empty()) meta["redirect"] = file.redirect;
  std::string text = boost::json::serialize(meta) + "\n" + file.body;
  std::string temp = fmt::format("{}.{}.tmp", path, ::getpid());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(fmt::format("cannot write {}: {}", temp, std::strerror(errno)));
  std::string_view rest = text;
  while (!rest.empty()) {
    ssize_t n = ::write(fd, rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = errno;
      ::close(fd);
      ::unlink(temp.c_str());
      throw std::runtime_error(fmt::format("cannot write {}: {}", temp, std::strerror(err)));
    }
    rest.remove_prefix(static_cast<size_t>(n));
  }
  if (::close(fd) != 0 || ::rename(temp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    throw std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(err)));
  }
}

}  // namespace toolchain::cache
