#include "modules/module_store.h"

// SHA256_Init & co. are deprecated in OpenSSL 3 in favour of EVP, whose
// provider fetch is what this file avoids.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include <fmt/format.h>

#include "modules/specifier.h"

namespace toolchain::modules {

bool FetchPolicy::reloads(std::string_view url) const {
  if (reload_all) return true;
  for (const auto& prefix : reload_prefixes)
    if (url.starts_with(prefix)) return true;
  return false;
}

std::string source_hash(std::string_view text, std::string_view type) {
  // SHA-256 through OpenSSL's low-level interface: hardware-accelerated, and
  // unlike EVP it needs no provider set-up, which costs ~1.5 ms on a start-up
  // that hashes a single small module.
  SHA256_CTX ctx;
  SHA256_Init(&ctx);
  SHA256_Update(&ctx, type.data(), type.size());
  SHA256_Update(&ctx, "\0", 1);
  SHA256_Update(&ctx, text.data(), text.size());
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256_Final(digest, &ctx);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(32, '0');
  for (unsigned i = 0; i < 16; ++i) {
    out[2 * i] = kHex[digest[i] >> 4];
    out[2 * i + 1] = kHex[digest[i] & 15];
  }
  return out;
}

void throw_no_remote(const std::string& url) {
  throw LoadError(fmt::format("Unable to load \"{}\": remote modules need the module cache.", url));
}

}  // namespace toolchain::modules
