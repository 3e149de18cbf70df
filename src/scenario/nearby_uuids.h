#pragma once
// "Did you mean": among the uuids a catalog scripts, the one a request's
// unknown uuid was probably meant to be (a typo, a truncated copy, a uuid
// upper-cased by some layer of the client). Asked on every request for an
// unknown uuid, so the answer must not cost a scan of 100,000 scripted uuids:
//
// Pigeonhole. Each scripted uuid is cut into kMaxEdits + 1 pieces. A query at
// most kMaxEdits edits away leaves at least one piece untouched, and that
// piece occurs in the query shifted by at most kMaxEdits places. So the index
// maps (length, piece number, piece text) to uuids, a query looks up each
// piece position at each shift, and only the uuids found (a handful) have
// their edit distance computed, inside a band of kMaxEdits.
//
// That fails where uuids share pieces: generated or hand-numbered uuids
// ("6f1c7e0a-0000-4000-8000-000000000001", ...) all have the same middle,
// and its lookup lists every one of them. When the lookups list more than a
// few hundred, the search walks the uuids instead, sorted, as a trie: each
// shared prefix is one path, so patterned uuids cost little there, and a
// branch is left as soon as it is more than kMaxEdits edits off.
//
// Case is ignored throughout: a case-only difference is distance 0. So are
// the braces around a uuid ({6F1C…}, as .NET and registry tools print it).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace drivemock::scenario {

/// Edits (a character inserted, deleted or changed, case ignored) from `a` to
/// `b` when at most `limit`, else limit + 1.
int bounded_edit_distance(std::string_view a, std::string_view b, int limit);

class NearbyUuids {
 public:
  /// At most this many edits apart.
  static constexpr int kMaxEdits = 2;
  /// Longer names are not indexed (a uuid has 36 characters): the walk's
  /// table grows with the square of the length.
  static constexpr size_t kMaxLength = 256;
  /// Up to this many candidates from the pieces are checked one by one;
  /// past it, walking the trie costs less.
  static constexpr size_t kMaxCandidates = 256;

  /// Indexes `uuids` (those of at most kMaxLength characters), which must
  /// outlive the index (a catalog's own keys).
  explicit NearbyUuids(std::vector<std::string_view> uuids);

  /// The indexed uuid closest to `uuid` (fewest edits; on a tie, the first in
  /// byte order), when one is at most kMaxEdits edits away and those edits
  /// change fewer than half of its characters (a 4-character name is not
  /// "meant" by every other 4-character name). An indexed uuid equal to
  /// `uuid` byte for byte is never suggested: that one would have been found.
  std::optional<std::string_view> closest(std::string_view uuid) const;

  size_t size() const { return uuids_.size(); }

 private:
  /// One piece of one uuid: a hash of its length, position and (lower-cased)
  /// text, and which uuid. Sorted by key; a hash collision only adds a
  /// candidate that the distance check then turns away.
  struct Piece {
    uint64_t key;
    uint32_t uuid;
  };

  /// The pieces whose key is `key`.
  std::pair<const Piece*, const Piece*> lookup(uint64_t key) const;
  /// The uuids whose pieces occur in `uuid` where they could, when there are
  /// at most kMaxCandidates of them; nullopt when there are more.
  std::optional<std::vector<uint32_t>> candidates(std::string_view uuid) const;
  /// The uuids at most `limit` edits from `uuid`, found by walking sorted_
  /// as a trie.
  std::vector<uint32_t> walk(std::string_view uuid, int limit) const;
  /// The closest of `candidates` to `query` by the rule of closest(),
  /// never `asked` itself.
  std::optional<std::string_view> best_of(std::vector<uint32_t> candidates, std::string_view query,
                                          std::string_view asked) const;
  /// closest() of `query`, which is `asked` without braces, if it had any.
  std::optional<std::string_view> closest_to(std::string_view query, std::string_view asked) const;

  std::vector<std::string_view> uuids_;
  /// uuids_'s indexes in case-insensitive order: the trie that walk() reads.
  std::vector<uint32_t> sorted_;
  std::vector<Piece> pieces_;
  /// The pieces' keys by their top bits: the pieces with top bits t are
  /// pieces_[buckets_[t] .. buckets_[t + 1]), so a lookup reads one bucket
  /// and a few pieces instead of binary-searching the whole list.
  std::vector<uint32_t> buckets_;
  int bucket_bits_ = 0;
  /// The lengths of the indexed uuids (all 36 in practice), to look only at
  /// those within kMaxEdits of a query's.
  std::vector<size_t> lengths_;
};

}  // namespace drivemock::scenario
