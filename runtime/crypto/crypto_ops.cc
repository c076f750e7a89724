// Ops behind crypto.getRandomValues, crypto.randomUUID and crypto.subtle.digest,
// on OpenSSL's libcrypto (its CSPRNG and its SHA implementations).
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdio>

#include "bridge/op.h"
#include "core/ops_index.h"

namespace toolchain {

namespace {

void fill_random(uint8_t* data, size_t size) {
  while (size > 0) {
    int chunk = static_cast<int>(std::min<size_t>(size, 1 << 30));
    if (RAND_bytes(data, chunk) != 1) throw bridge::JsError{"Error", "The system's random number generator failed"};
    data += chunk;
    size -= static_cast<size_t>(chunk);
  }
}

// Fills the bytes of an integer typed array (crypto.js checks the type and the 65536-byte limit).
void op_crypto_get_random_values(Runtime&, bridge::ByteView view) { fill_random(view.data, view.size); }

// A version 4 UUID (RFC 9562 §5.4) from 16 random bytes.
std::string op_crypto_random_uuid(Runtime&) {
  uint8_t b[16];
  fill_random(b, sizeof b);
  b[6] = (b[6] & 0x0F) | 0x40;
  b[8] = (b[8] & 0x3F) | 0x80;
  char out[37];
  std::snprintf(out, sizeof out, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  return out;
}

// op_crypto_digest(algorithm, bytes) -> ArrayBuffer; algorithm is the
// normalised name ("SHA-1", "SHA-256", "SHA-384", "SHA-512").
void op_crypto_digest(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  try {
    std::string name = bridge::FromV8<std::string>::get(isolate, info[0]);
    auto bytes = bridge::FromV8<bridge::ByteView>::get(isolate, info[1]);
    const EVP_MD* md = name == "SHA-1"     ? EVP_sha1()
                       : name == "SHA-256" ? EVP_sha256()
                       : name == "SHA-384" ? EVP_sha384()
                       : name == "SHA-512" ? EVP_sha512()
                                           : nullptr;
    if (md == nullptr) throw bridge::JsError{"DOMException.NotSupportedError", "Algorithm '" + name + "' is not supported"};
    auto buffer = v8::ArrayBuffer::New(isolate, static_cast<size_t>(EVP_MD_get_size(md)));
    unsigned int length = 0;
    if (EVP_Digest(bytes.data, bytes.size, static_cast<unsigned char*>(buffer->Data()), &length, md, nullptr) != 1)
      throw bridge::JsError{"DOMException.OperationError", "The digest operation failed"};
    info.GetReturnValue().Set(buffer);
  } catch (const bridge::JsError& error) {
    bridge::throw_js_error(isolate, error);
  }
}

}  // namespace

void register_crypto_ops(bridge::OpRegistry& r) {
  r.sync<op_crypto_get_random_values>("op_crypto_get_random_values");
  r.sync<op_crypto_random_uuid>("op_crypto_random_uuid");
  r.raw("op_crypto_digest", op_crypto_digest);
}

}  // namespace toolchain
