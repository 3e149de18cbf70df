#include "tls/local_ca.h"

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509v3.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>

#include "util/file_text.h"
#include "util/log.h"
#include "util/net_address.h"
#include "util/owned_path.h"
#include "util/private_file.h"

namespace drivemock::tls {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::system_clock;

/// A kept CA's key and certificate as read.
struct LocalCaFiles {
  KeyPtr key;
  CertPtr cert;
};

/// The last OpenSSL error as text, for messages.
std::string openssl_error() {
  unsigned long code = ERR_get_error();
  if (code == 0) return "unknown OpenSSL error";
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  ERR_clear_error();
  return text;
}

KeyPtr new_key() {
  return KeyPtr(EVP_EC_gen("P-256"));
}

Clock::time_point not_after(X509* cert) {
  std::tm tm{};
  ASN1_TIME_to_tm(X509_get0_notAfter(cert), &tm);
  return Clock::from_time_t(timegm(&tm));
}

bool add_extension(X509* cert, X509* issuer, int nid, const char* value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
  X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
  if (!ext) return false;
  bool added = X509_add_ext(cert, ext, -1) == 1;
  X509_EXTENSION_free(ext);
  return added;
}

/// A certificate for `subject_key`, valid from an hour ago for `validity`,
/// with a random serial and the common name `name`; signed by the caller.
CertPtr new_certificate(EVP_PKEY* subject_key, const std::string& name,
                        std::chrono::seconds validity) {
  CertPtr cert(X509_new());
  unsigned char serial[16];
  if (!cert || RAND_bytes(serial, sizeof serial) != 1) return nullptr;
  serial[0] &= 0x7f;  // a positive serial
  BIGNUM* bn = BN_bin2bn(serial, sizeof serial, nullptr);
  bool ok = bn && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
  BN_free(bn);
  ok = ok && X509_set_version(cert.get(), 2) == 1 &&
       X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600) &&
       X509_gmtime_adj(X509_getm_notAfter(cert.get()), static_cast<long>(validity.count())) &&
       X509_set_pubkey(cert.get(), subject_key) == 1 &&
       X509_NAME_add_entry_by_txt(X509_get_subject_name(cert.get()), "CN", MBSTRING_UTF8,
                                  reinterpret_cast<const unsigned char*>(name.c_str()), -1, -1,
                                  0) == 1;
  return ok ? std::move(cert) : nullptr;
}

Result<CertPtr> new_ca_certificate(EVP_PKEY* key, const TlsNames& names) {
  CertPtr cert = new_certificate(key, std::string(kCaName), kCaValidity);
  std::string constraints = name_constraints(names);
  bool ok =
      cert && X509_set_issuer_name(cert.get(), X509_get_subject_name(cert.get())) == 1 &&
      add_extension(cert.get(), cert.get(), NID_basic_constraints, "critical,CA:TRUE,pathlen:0") &&
      add_extension(cert.get(), cert.get(), NID_key_usage, "critical,keyCertSign,cRLSign") &&
      add_extension(cert.get(), cert.get(), NID_subject_key_identifier, "hash") &&
      add_extension(cert.get(), cert.get(), NID_name_constraints, constraints.c_str()) &&
      X509_sign(cert.get(), key, EVP_sha256()) > 0;
  if (!ok) return Error{"cannot make the CA certificate: " + openssl_error()};
  return cert;
}

template <typename Write>
std::string pem_of(Write write) {
  BioPtr bio(BIO_new(BIO_s_mem()));
  if (!bio || !write(bio.get())) return {};
  char* data = nullptr;
  long size = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<size_t>(size));
}

}  // namespace

std::string default_tls_dir() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/drivemock";
  const char* home = std::getenv("HOME");
  std::string base = home && home[0] == '/' ? home : "";
  if (base.empty()) {
    if (const passwd* pw = ::getpwuid(::getuid())) base = pw->pw_dir;
  }
  return base + "/.local/share/drivemock";
}

std::string name_constraints(const TlsNames& names) {
  std::string out = "critical";
  for (const auto& name : names.names()) {
    std::string entry;
    if (name.starts_with("*.")) {
      entry = "DNS:" + name.substr(2);  // the domain and every name under it
    } else if (!is_ip_literal(name)) {
      entry = "DNS:" + name;
    } else if (name.find(':') != std::string::npos) {
      entry = "IP:" + name + "/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff";
    } else {
      entry = "IP:" + name + "/255.255.255.255";
    }
    out += ",permitted;" + entry;
  }
  return out;
}

namespace {

/// The kept CA's key and certificate, when both read and belong together
/// (none when there is no key yet, or they do not); an error when what is
/// there may not be used (anyone else's, or loose).
Result<std::optional<LocalCaFiles>> read_kept(const std::string& key_path,
                                              const std::string& cert_path) {
  using Kept = std::optional<LocalCaFiles>;
  struct stat st {};
  if (::lstat(key_path.c_str(), &st) != 0) return Kept();  // none yet
  auto key_pem = read_private_file(key_path, Owner::me);
  if (!key_pem) {
    std::string message = key_pem.error().message;
    // Loose: say how to mend it, or start over.
    if (message.find("can be read by others") != std::string::npos) {
      message += ", or delete it and ca.pem for a new CA";
    }
    return Error{message};
  }
  if (::lstat(cert_path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    return Error{cert_path + " is a symbolic link; expected the file itself"};
  }
  std::string cert_pem = read_file_text(cert_path).value_or("");
  BioPtr key_bio(BIO_new_mem_buf(key_pem->data(), static_cast<int>(key_pem->size())));
  BioPtr cert_bio(BIO_new_mem_buf(cert_pem.data(), static_cast<int>(cert_pem.size())));
  LocalCaFiles files;
  files.key.reset(PEM_read_bio_PrivateKey(key_bio.get(), nullptr, nullptr, nullptr));
  files.cert.reset(PEM_read_bio_X509(cert_bio.get(), nullptr, nullptr, nullptr));
  ERR_clear_error();
  bool usable =
      files.key && files.cert && X509_check_private_key(files.cert.get(), files.key.get()) == 1;
  return usable ? Kept(std::move(files)) : Kept();
}

/// A name of `names` the kept CA may not sign for (its constraints leave it
/// out), or empty: each is tried with a leaf, as a client would check it.
std::string first_uncovered(LocalCa& ca, const TlsNames& names) {
  for (const auto& name : names.names()) {
    std::string sample = name.starts_with("*.") ? "drivemock-check" + name.substr(1) : name;
    auto leaf = ca.leaf_for(name);
    if (!leaf || !verify_leaf(ca.cert(), (*leaf)->cert.get(), sample)) return name;
  }
  return {};
}

}  // namespace

Result<std::shared_ptr<LocalCa>> LocalCa::open(const std::string& dir, const TlsNames& names,
                                               Renew renew) {
  std::shared_ptr<LocalCa> ca(new LocalCa());
  fs::path base(dir);
  ca->cert_path_ = (base / "ca.pem").string();
  ca->key_path_ = (base / "ca-key.pem").string();
  // Another user's directory (or a link of theirs on the way) would be
  // theirs to read the key from or to swap the CA in, which root trusts.
  if (auto made = make_private_dir(dir); !made) return made.error();
  auto kept = read_kept(ca->key_path_, ca->cert_path_);
  if (!kept) return kept.error();
  if (*kept && renew == Renew::when_needed &&
      not_after((*kept)->cert.get()) > Clock::now() + kCaRenewBefore) {
    ca->key_ = std::move((*kept)->key);
    ca->cert_ = std::move((*kept)->cert);
    if (!ca->constrained()) {
      log::warning("drivemock: the local CA " + ca->cert_path_ +
                   " has no name constraints (made by an older drivemock): its key could sign "
                   "for any site. Make a constrained one with `drivemock ca --new` and trust it "
                   "instead");
      return ca;
    }
    if (std::string missing = first_uncovered(*ca, names); !missing.empty()) {
      return Error{"the local CA " + ca->cert_path_ +
                   " was made for other names and may not sign "
                   "for '" +
                   missing + "'; make a new one with `drivemock ca --new --tls-dir " + dir +
                   "` and the --tls-name options you use, then trust it again"};
    }
    return ca;
  }
  // None yet, unreadable, about to expire, or asked for: a new one.
  ca->key_ = new_key();
  if (!ca->key_) return Error{"cannot make the CA key: " + openssl_error()};
  auto cert = new_ca_certificate(ca->key_.get(), names);
  if (!cert) return cert.error();
  ca->cert_ = std::move(cert).value();
  std::string key_pem = pem_of([&](BIO* b) {
    return PEM_write_bio_PrivateKey(b, ca->key_.get(), nullptr, nullptr, 0, nullptr, nullptr) == 1;
  });
  if (auto written = write_file_atomically(ca->key_path_, key_pem, 0600); !written)
    return written.error();
  if (auto written = write_file_atomically(ca->cert_path_, ca->pem(), 0644); !written)
    return written.error();
  return ca;
}

bool LocalCa::constrained() const {
  return X509_get_ext_by_NID(cert_.get(), NID_name_constraints, -1) >= 0;
}

size_t LocalCa::leaves_kept() const {
  std::lock_guard lock(mutex_);
  return leaves_.size();
}

std::string LocalCa::pem() const {
  return pem_of([&](BIO* b) { return PEM_write_bio_X509(b, cert_.get()) == 1; });
}

Result<std::shared_ptr<const Leaf>> LocalCa::leaf_for(const std::string& name) {
  std::lock_guard lock(mutex_);
  if (auto found = by_name_.find(name); found != by_name_.end()) {
    if (found->second->second->not_after > Clock::now() + std::chrono::hours(1)) {
      leaves_.splice(leaves_.begin(), leaves_, found->second);  // most recently used
      return found->second->second;
    }
    leaves_.erase(found->second);
    by_name_.erase(found);
  }
  auto leaf = issue(name);
  if (!leaf) return leaf;
  leaves_.emplace_front(name, *leaf);
  by_name_[name] = leaves_.begin();
  if (leaves_.size() > kMaxLeaves) {
    by_name_.erase(leaves_.back().first);
    leaves_.pop_back();
  }
  return leaf;
}

Result<std::shared_ptr<const Leaf>> LocalCa::issue(const std::string& name) {
  if (!leaf_key_) {
    leaf_key_ = std::shared_ptr<EVP_PKEY>(new_key().release(), EVP_PKEY_free);
    if (!leaf_key_) return Error{"cannot make a leaf key: " + openssl_error()};
  }
  auto leaf = std::make_shared<Leaf>();
  leaf->key = leaf_key_;
  bool ip = is_ip_literal(name);
  // An IP leaf's common name is no host name: a verifier would else check
  // it against the CA's DNS constraints (a CN is read as a name when a
  // certificate has no DNS subjectAltName).
  leaf->cert = new_certificate(leaf_key_.get(), ip ? "drivemock " + name : name, kLeafValidity);
  std::string san = ip ? "IP:" + name : "DNS:" + name;
  if (name == "localhost") san += ",IP:127.0.0.1,IP:::1";
  bool ok =
      leaf->cert &&
      X509_set_issuer_name(leaf->cert.get(), X509_get_subject_name(cert_.get())) == 1 &&
      add_extension(leaf->cert.get(), cert_.get(), NID_basic_constraints, "critical,CA:FALSE") &&
      add_extension(leaf->cert.get(), cert_.get(), NID_key_usage, "critical,digitalSignature") &&
      add_extension(leaf->cert.get(), cert_.get(), NID_ext_key_usage, "serverAuth") &&
      add_extension(leaf->cert.get(), cert_.get(), NID_subject_alt_name, san.c_str()) &&
      add_extension(leaf->cert.get(), cert_.get(), NID_authority_key_identifier, "keyid:always") &&
      X509_sign(leaf->cert.get(), key_.get(), EVP_sha256()) > 0;
  if (!ok) return Error{"cannot issue a certificate for " + name + ": " + openssl_error()};
  leaf->not_after = not_after(leaf->cert.get());
  return std::shared_ptr<const Leaf>(std::move(leaf));
}

Status verify_leaf(X509* ca, X509* cert, const std::string& name) {
  std::unique_ptr<X509_STORE, OpensslFree> store(X509_STORE_new());
  std::unique_ptr<X509_STORE_CTX, OpensslFree> ctx(X509_STORE_CTX_new());
  if (!store || !ctx || X509_STORE_add_cert(store.get(), ca) != 1 ||
      X509_STORE_CTX_init(ctx.get(), store.get(), cert, nullptr) != 1) {
    return Error{"cannot verify: " + openssl_error()};
  }
  X509_VERIFY_PARAM* param = X509_STORE_CTX_get0_param(ctx.get());
  X509_VERIFY_PARAM_set_purpose(param, X509_PURPOSE_SSL_SERVER);
  bool named = is_ip_literal(name) ? X509_VERIFY_PARAM_set1_ip_asc(param, name.c_str()) == 1
                                   : X509_VERIFY_PARAM_set1_host(param, name.c_str(), 0) == 1;
  if (!named) return Error{"cannot verify for " + name + ": " + openssl_error()};
  if (X509_verify_cert(ctx.get()) == 1) return done();
  return Error{X509_verify_cert_error_string(X509_STORE_CTX_get_error(ctx.get()))};
}

}  // namespace drivemock::tls
