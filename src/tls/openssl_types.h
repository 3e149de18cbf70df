#pragma once
// OpenSSL objects owned by unique_ptr: freed however a function returns.

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <memory>

namespace drivemock::tls {

struct OpensslFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(X509* p) const { X509_free(p); }
  void operator()(BIO* p) const { BIO_free(p); }
  void operator()(SSL_CTX* p) const { SSL_CTX_free(p); }
  void operator()(SSL* p) const { SSL_free(p); }
  void operator()(X509_STORE* p) const { X509_STORE_free(p); }
  void operator()(X509_STORE_CTX* p) const { X509_STORE_CTX_free(p); }
};

using KeyPtr = std::unique_ptr<EVP_PKEY, OpensslFree>;
using CertPtr = std::unique_ptr<X509, OpensslFree>;
using BioPtr = std::unique_ptr<BIO, OpensslFree>;
using SslCtxPtr = std::unique_ptr<SSL_CTX, OpensslFree>;
using SslPtr = std::unique_ptr<SSL, OpensslFree>;

}  // namespace drivemock::tls
