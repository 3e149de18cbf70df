#include "admin/auth.h"

#include <openssl/crypto.h>
#include <openssl/sha.h>

namespace drivemock::admin {
namespace {

using Digest = unsigned char[SHA256_DIGEST_LENGTH];

void digest(const std::string& text, Digest out) {
  SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), out);
}

}  // namespace

bool bearer_matches(const std::string* authorization, const std::string& token) {
  // Comparing fixed-size digests with CRYPTO_memcmp leaks neither the
  // matching prefix nor the token's length.
  Digest wanted, given;
  digest("Bearer " + token, wanted);
  digest(authorization ? *authorization : std::string(), given);
  return authorization && CRYPTO_memcmp(wanted, given, sizeof wanted) == 0;
}

}  // namespace drivemock::admin
