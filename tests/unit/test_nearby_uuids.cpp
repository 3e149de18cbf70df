#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "scenario/nearby_uuids.h"
#include "test_size.h"
#include "util/text.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

/// The textbook full-table edit distance, case ignored: what the banded one
/// must agree with.
int full_edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      int cost = ascii_lower(a[i - 1]) == ascii_lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j - 1] + cost, d[i - 1][j] + 1, d[i][j - 1] + 1});
    }
  }
  return d[a.size()][b.size()];
}

std::string random_text(std::mt19937& rng, size_t length, std::string_view alphabet) {
  std::string s;
  for (size_t i = 0; i < length; ++i) s += alphabet[rng() % alphabet.size()];
  return s;
}

std::string random_uuid(std::mt19937& rng) {
  const std::string_view hex = "0123456789abcdef";
  return random_text(rng, 8, hex) + "-" + random_text(rng, 4, hex) + "-" +
         random_text(rng, 4, hex) + "-" + random_text(rng, 4, hex) + "-" +
         random_text(rng, 12, hex);
}

/// `s` with `edits` random insertions, deletions and changes.
std::string mutate(std::mt19937& rng, std::string s, int edits) {
  const std::string_view alphabet = "0123456789abcdefXYZ-";
  for (int e = 0; e < edits; ++e) {
    size_t at = rng() % (s.size() + 1);
    char c = alphabet[rng() % alphabet.size()];
    switch (rng() % 3) {
      case 0: s.insert(s.begin() + at, c); break;
      case 1:
        if (at < s.size()) s.erase(at, 1);
        break;
      default:
        if (at < s.size()) s[at] = c;
    }
  }
  return s;
}

/// What closest() must give: the same rule, by looking at every uuid.
std::optional<std::string_view> closest_by_scan(const std::vector<std::string>& uuids,
                                                std::string_view query) {
  std::optional<std::string_view> best;
  int best_edits = NearbyUuids::kMaxEdits + 1;
  for (const auto& u : uuids) {
    if (u == query || u.empty()) continue;
    int allowed = std::min<int>(NearbyUuids::kMaxEdits, static_cast<int>((u.size() - 1) / 2));
    // The banded distance: the test above checks it against the full table,
    // which would make this scan too slow to run thousands of times.
    int edits = bounded_edit_distance(query, u, allowed);
    if (edits > allowed) continue;
    if (edits < best_edits || (edits == best_edits && std::string_view(u) < *best)) {
      best = u;
      best_edits = edits;
    }
  }
  return best;
}

NearbyUuids index_of(const std::vector<std::string>& uuids) {
  return NearbyUuids(std::vector<std::string_view>(uuids.begin(), uuids.end()));
}

}  // namespace

TEST_CASE("the banded edit distance counts insertions, deletions and changes, case ignored") {
  CHECK(bounded_edit_distance("kitten", "sitting", 3) == 3);
  CHECK(bounded_edit_distance("kitten", "sitting", 2) == 3);  // over the limit: limit + 1
  CHECK(bounded_edit_distance("ABC-def", "abc-DEF", 2) == 0);
  CHECK(bounded_edit_distance("abcdef", "abdef", 2) == 1);
  CHECK(bounded_edit_distance("abdef", "abcdef", 2) == 1);
  CHECK(bounded_edit_distance("", "ab", 2) == 2);
  CHECK(bounded_edit_distance("", "abc", 2) == 3);
  CHECK(bounded_edit_distance("abcdefgh", "bcdefghi", 2) == 2);  // one off at each end
  CHECK(bounded_edit_distance("abcd", "dcba", 0) == 1);
}

TEST_CASE("the banded edit distance agrees with the full table wherever it is within its limit") {
  std::mt19937 rng(7);
  for (int round = 0; round < 3000; ++round) {
    std::string a = random_text(rng, rng() % 9, "abAB");
    std::string b = mutate(rng, a, static_cast<int>(rng() % 5));
    int limit = static_cast<int>(rng() % 4);
    int full = full_edit_distance(a, b);
    INFO(a << " / " << b << " limit " << limit);
    REQUIRE(bounded_edit_distance(a, b, limit) == std::min(full, limit + 1));
  }
}

TEST_CASE("a uuid differing in case, or by up to two characters, finds the scripted one") {
  std::vector<std::string> uuids = {"6f1c7e0a-0000-4000-8000-000000000001",
                                    "6f1c7e0a-0000-4000-8000-000000000002",
                                    "0b5d9c3e-1111-4222-8333-444455556666"};
  auto index = index_of(uuids);
  // Case only: the best suggestion, whatever else is near.
  CHECK(index.closest("6F1C7E0A-0000-4000-8000-000000000001") == uuids[0]);
  // A character changed, one dropped, one added, two of them.
  CHECK(index.closest("0b5d9c3e-1111-4222-8333-444455556667") == uuids[2]);
  CHECK(index.closest("0b5d9c3e-1111-4222-8333-44445555666") == uuids[2]);
  CHECK(index.closest("0b5d9c3e-11111-4222-8333-444455556666") == uuids[2]);
  CHECK(index.closest("0b5d9c3e-1111-4222-8333-4444555566") == uuids[2]);
  // Three edits: nothing.
  CHECK_FALSE(index.closest("0b5d9c3e-1111-4222-8333-444455556"));
  CHECK_FALSE(index.closest("ffffffff-ffff-4fff-8fff-ffffffffffff"));
  // Both ...01 and ...02 are one edit from ...03: the first in byte order.
  CHECK(index.closest("6f1c7e0a-0000-4000-8000-000000000003") == uuids[0]);
  // Fewer edits beat byte order.
  CHECK(index.closest("6f1c7e0a-0000-4000-8000-00000000002") == uuids[1]);
}

TEST_CASE("a short name is suggested only when fewer than half of its characters differ") {
  std::vector<std::string> uuids = {"d9", "lock", "alpha"};
  auto index = index_of(uuids);
  CHECK(index.closest("D9") == "d9");
  CHECK_FALSE(index.closest("d1"));           // 1 edit of 2 characters
  CHECK(index.closest("lokk") == "lock");     // 1 of 4
  CHECK_FALSE(index.closest("loxx"));         // 2 of 4
  CHECK(index.closest("alphxx") == "alpha");  // 2 of 5
  CHECK_FALSE(index.closest("d9"));           // itself: a request for it would have been found
}

TEST_CASE("an empty index suggests nothing") {
  NearbyUuids index({});
  CHECK_FALSE(index.closest("6f1c7e0a-0000-4000-8000-000000000001"));
  CHECK_FALSE(index.closest(""));
}

TEST_CASE("the index finds what a scan of every uuid finds, for any two edits") {
  // The pigeonhole must miss no uuid: a piece looked up at one shift too few
  // would make this fail.
  std::mt19937 rng(42);
  std::vector<std::string> uuids;
  for (int i = 0; i < 2000; ++i) uuids.push_back(random_uuid(rng));
  // Neighbours close to one another, so that the closest is not the only one.
  for (int i = 0; i < 200; ++i) uuids.push_back(mutate(rng, uuids[rng() % 2000], 2));
  auto index = index_of(uuids);
  for (int round = 0; round < test::sized(800); ++round) {
    std::string query = mutate(rng, uuids[rng() % uuids.size()], static_cast<int>(rng() % 4));
    if (rng() % 4 == 0) {
      for (char& c : query) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    INFO(query);
    REQUIRE(index.closest(query) == closest_by_scan(uuids, query));
  }
}

TEST_CASE("numbered uuids sharing all but their tail are searched as fully as random ones") {
  // Their shared middle piece lists every uuid, so the search walks them
  // instead: a walk that missed a branch would make this fail.
  std::mt19937 rng(9);
  std::vector<std::string> uuids;
  char name[64];
  for (int i = 1; i <= 1000; ++i) {
    std::snprintf(name, sizeof name, "6f1c7e0a-0000-4000-8000-%012d", i);
    uuids.push_back(name);
  }
  for (int i = 0; i < 100; ++i) uuids.push_back(mutate(rng, uuids[rng() % 1000], 2));
  uuids.push_back("6F1C7E0A-0000-4000-8000-000000000001");  // the same but for case
  auto index = index_of(uuids);
  CHECK(index.closest("6f1c7e0a-0000-4000-8000-00000000001") ==
        "6F1C7E0A-0000-4000-8000-000000000001");  // byte order: upper case first
  for (int round = 0; round < test::sized(400); ++round) {
    std::string query = mutate(rng, uuids[rng() % uuids.size()], static_cast<int>(rng() % 4));
    INFO(query);
    REQUIRE(index.closest(query) == closest_by_scan(uuids, query));
  }
}

TEST_CASE("names too long to be uuids are not indexed, and a long query finds nothing") {
  std::vector<std::string> uuids = {std::string(300, 'a'), "6f1c7e0a"};
  auto index = index_of(uuids);
  CHECK(index.size() == 1);
  CHECK_FALSE(index.closest(std::string(299, 'a')));
  CHECK_FALSE(index.closest(std::string(100000, 'x')));
  CHECK(index.closest("6F1C7E0A") == "6f1c7e0a");
}
