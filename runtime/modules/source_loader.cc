#include "modules/source_loader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "modules/specifier.h"

namespace toolchain::modules {

namespace {

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

std::string decode_base64(std::string_view in) {
  std::string out;
  int bits = 0, acc = 0;
  for (char c : in) {
    int v = base64_value(c);
    if (v < 0) continue;  // '=' padding and whitespace
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xff);
    }
  }
  return out;
}

std::string percent_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    auto hex = [](char c) {
      return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    };
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

ModuleType type_from_media_type(std::string_view media) {
  if (media == "application/typescript" || media == "text/typescript" || media == "video/mp2t" ||
      media == "application/x-typescript")
    return ModuleType::TypeScript;
  if (media == "application/json" || media == "text/json") return ModuleType::Json;
  if (media.empty() || media == "text/javascript" || media == "application/javascript" ||
      media == "application/ecmascript" || media == "text/ecmascript" || media == "application/x-javascript")
    return ModuleType::JavaScript;
  return ModuleType::Unknown;
}

ModuleSource load_data_url(const std::string& url) {
  size_t comma = url.find(',');
  if (comma == std::string::npos) throw LoadError(fmt::format("Invalid data URL \"{}\".", url));
  std::string_view meta = std::string_view(url).substr(5, comma - 5);
  // The body ends at the fragment (a resolved URL's first '#' starts it).
  std::string_view body = std::string_view(url).substr(comma + 1);
  body = body.substr(0, body.find('#'));
  bool base64 = meta.ends_with(";base64");
  if (base64) meta.remove_suffix(7);
  std::string_view media = meta.substr(0, meta.find(';'));
  ModuleSource source;
  source.type = type_from_media_type(media);
  std::string decoded = percent_decode(body);
  source.text = base64 ? decode_base64(decoded) : decoded;
  return source;
}

}  // namespace

ModuleType type_from_path(std::string_view path) {
  auto ext = path.substr(std::min(path.size(), path.rfind('.') == std::string_view::npos ? path.size() : path.rfind('.')));
  if (ext == ".ts" || ext == ".mts" || ext == ".cts") return ModuleType::TypeScript;
  if (ext == ".js" || ext == ".mjs" || ext == ".cjs") return ModuleType::JavaScript;
  if (ext == ".json") return ModuleType::Json;
  if (ext == ".tsx" || ext == ".jsx") return ModuleType::Unknown;
  return ModuleType::JavaScript;  // Deno treats extensionless local files as JavaScript
}

ModuleSource load_source(const std::string& url) {
  if (url.starts_with("data:")) return load_data_url(url);
  auto path = file_url_to_path(url);
  if (!path) throw LoadError(fmt::format("Unsupported module URL \"{}\".", url));
  int fd = ::open(path->c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || ::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    int err = errno;
    if (fd >= 0) ::close(fd);
    if (fd >= 0 || err == ENOENT || err == ENOTDIR) throw LoadError(fmt::format("Module not found \"{}\".", url));
    throw LoadError(fmt::format("Unable to load \"{}\": {} (os error {})", url, std::strerror(err), err));
  }
  ModuleSource source;
  source.type = type_from_path(*path);
  source.text.resize(static_cast<size_t>(st.st_size));
  size_t done = 0;
  while (done < source.text.size()) {
    ssize_t n = ::read(fd, source.text.data() + done, source.text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  source.text.resize(done);
  ::close(fd);
  if (source.text.starts_with("\xEF\xBB\xBF")) source.text.erase(0, 3);  // BOM
  return source;
}

}  // namespace toolchain::modules
