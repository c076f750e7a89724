#include "modules/module_store.h"

#include <openssl/evp.h>

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
  // SHA-256 (OpenSSL, hardware-accelerated): fast, and no collisions to fear.
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
  EVP_DigestUpdate(ctx, type.data(), type.size());
  EVP_DigestUpdate(ctx, "\0", 1);
  EVP_DigestUpdate(ctx, text.data(), text.size());
  EVP_DigestFinal_ex(ctx, digest, &length);
  EVP_MD_CTX_free(ctx);
  std::string out;
  for (unsigned i = 0; i < 16 && i < length; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

void throw_no_remote(const std::string& url) {
  throw LoadError(fmt::format("Unable to load \"{}\": remote modules need the module cache.", url));
}

}  // namespace toolchain::modules
