// The recorder's kept-alive upstream clients (record/client_pool): taken per
// target, given back for the next call, never reused once idle too long.
#include <httplib.h>

#include <catch2/catch.hpp>

#include "record/client_pool.h"

using drivemock::record::ClientPool;

namespace {

std::unique_ptr<httplib::Client> pool_client() {
  return std::make_unique<httplib::Client>("http://127.0.0.1:9");
}

}  // namespace

TEST_CASE("a client given back is the one the next call to its target takes") {
  ClientPool pool;
  const auto now = ClientPool::Clock::now();
  CHECK(pool.take("a", now) == nullptr);
  auto client = pool_client();
  auto* raw = client.get();
  pool.give_back("a", std::move(client), now);
  CHECK(pool.take("b", now) == nullptr);  // another target's
  auto taken = pool.take("a", now + std::chrono::milliseconds(10));
  CHECK(taken.get() == raw);
  CHECK(pool.idle() == 0);
}

TEST_CASE("a client idle longer than kMaxIdle is closed, not reused") {
  ClientPool pool;
  const auto then = ClientPool::Clock::now();
  pool.give_back("a", pool_client(), then);
  CHECK(pool.take("a", then + ClientPool::kMaxIdle + std::chrono::milliseconds(1)) == nullptr);
  CHECK(pool.idle() == 0);
}

TEST_CASE("the pool keeps at most kMaxIdlePerTarget idle clients a target") {
  ClientPool pool;
  const auto now = ClientPool::Clock::now();
  for (size_t i = 0; i < ClientPool::kMaxIdlePerTarget + 5; ++i)
    pool.give_back("a", pool_client(), now);
  pool.give_back("b", pool_client(), now);
  CHECK(pool.idle() == ClientPool::kMaxIdlePerTarget + 1);
}
