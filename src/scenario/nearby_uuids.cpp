#include "scenario/nearby_uuids.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <utility>

#include "util/text.h"

namespace drivemock::scenario {
namespace {

constexpr int kPieces = NearbyUuids::kMaxEdits + 1;
/// The bucket directory's size is capped: 2^22 buckets (16 MiB) already
/// serve 4 million pieces, more than any scenario file gives.
constexpr int kMaxBucketBits = 22;

/// Where piece `p` of a uuid of `length` characters starts and ends.
std::pair<size_t, size_t> piece_bounds(size_t length, int p) {
  return {length * p / kPieces, length * (p + 1) / kPieces};
}

/// FNV-1a over the length, the piece number and the lower-cased text, then
/// a finalizer so that the top bits (the bucket) are as mixed as the rest.
uint64_t piece_key(size_t length, int p, std::string_view text) {
  uint64_t h = 14695981039346656037ull;
  auto add = [&h](uint64_t byte) {
    h ^= byte;
    h *= 1099511628211ull;
  };
  for (int shift = 0; shift < 64; shift += 8) add((length >> shift) & 0xff);
  add(static_cast<uint64_t>(p));
  for (char c : text) add(static_cast<unsigned char>(ascii_lower(c)));
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

/// Case-insensitive order, shorter first on a common prefix: sorted so, the
/// uuids below a prefix form one range, and those that end there lead it.
bool before(std::string_view a, std::string_view b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return ascii_lower(x) < ascii_lower(y);
  });
}

/// A depth-first walk of sorted uuids as a trie, keeping per depth the row
/// of the edit-distance table of the query against the path's prefix, only
/// within `limit` of the diagonal (the rest is over the limit anyway). A
/// subtree is left when every cell of its row is over the limit.
class TrieWalk {
 public:
  TrieWalk(const std::vector<std::string_view>& uuids, const std::vector<uint32_t>& sorted,
           std::string_view query, int limit)
      : uuids_(uuids), sorted_(sorted), query_(query), limit_(limit) {
    // Rows for 40 characters at first: uuids have 36.
    rows_.reserve((query.size() + 1) * 40);
    rows_.resize(query.size() + 1);
    for (size_t j = 0; j <= query.size(); ++j) rows_[j] = std::min<int>(j, limit + 1);
  }

  /// What the visits found within the limit: indexes into the uuids.
  std::vector<uint32_t> found() && { return std::move(found_); }

  /// Visits sorted_[lo, hi), the uuids that share the path's first `depth`
  /// characters; row(depth) is that prefix's row.
  void visit(size_t lo, size_t hi, size_t depth) {
    size_t ended = lo;  // the uuids that are the prefix itself lead the range
    while (ended < hi && length(ended) == depth) ++ended;
    if (row(depth)[query_.size()] <= limit_) {
      found_.insert(found_.end(), sorted_.begin() + lo, sorted_.begin() + ended);
    }
    lo = ended;
    while (lo < hi) {
      char c = at(lo, depth);
      size_t next = hi;
      // All of the range has c here when its last one has (sorted).
      if (at(hi - 1, depth) != c) {
        next = lo;
        for (size_t step = hi - lo; step > 0;) {  // the first after lo without c
          size_t half = step / 2;
          if (at(next + half, depth) <= c) {
            next += half + 1;
            step -= half + 1;
          } else {
            step = half;
          }
        }
      }
      if (extend(depth, c)) visit(lo, next, depth + 1);
      lo = next;
    }
  }

 private:
  /// The row of depth `depth` (outside its band: over the limit).
  int* row(size_t depth) { return rows_.data() + depth * (query_.size() + 1); }
  size_t length(size_t i) const { return uuids_[sorted_[i]].size(); }
  char at(size_t i, size_t depth) const { return ascii_lower(uuids_[sorted_[i]][depth]); }

  /// row(depth + 1) for the path extended by c; whether any cell is
  /// within the limit. Cells just outside the band are set over it, so the
  /// next row reads no stale value.
  bool extend(size_t depth, char c) {
    const size_t m = query_.size(), d = depth + 1, band = static_cast<size_t>(limit_);
    size_t lo = d > band ? d - band : 0, hi = std::min(m, d + band);
    if (lo > hi) return false;
    if (rows_.size() < (d + 1) * (m + 1)) rows_.resize((d + 1) * (m + 1), limit_ + 1);
    const int* above = row(depth);
    int* next = row(d);
    const int over = limit_ + 1;
    if (lo > 0) next[lo - 1] = over;
    if (hi < m) next[hi + 1] = over;
    int lowest = over;
    for (size_t j = lo; j <= hi; ++j) {
      int best = above[j] + 1;
      if (j == 0) {
        best = std::min<int>(best, d);
      } else {
        int cost = ascii_lower(query_[j - 1]) == c ? 0 : 1;
        best = std::min({best, above[j - 1] + cost, next[j - 1] + 1});
      }
      next[j] = std::min(best, over);
      lowest = std::min(lowest, next[j]);
    }
    return lowest <= limit_;
  }

  const std::vector<std::string_view>& uuids_;
  const std::vector<uint32_t>& sorted_;
  std::string_view query_;
  int limit_;
  std::vector<uint32_t> found_;
  std::vector<int> rows_;  ///< one row per depth reached, one after another
};

}  // namespace

int bounded_edit_distance(std::string_view a, std::string_view b, int limit) {
  const int over = limit + 1;
  const size_t n = a.size(), m = b.size();
  if ((n > m ? n - m : m - n) > static_cast<size_t>(limit)) return over;
  // Two rows on the stack for uuid-sized text: this runs for every candidate
  // of every request for an unknown uuid, and an allocation would cost more
  // than the rows' few cells.
  constexpr size_t kOnStack = 64;
  std::array<int, kOnStack> stack_rows[2];
  std::vector<int> heap_rows[2];
  int* previous = stack_rows[0].data();
  int* current = stack_rows[1].data();
  if (m + 1 > kOnStack) {
    heap_rows[0].resize(m + 1);
    heap_rows[1].resize(m + 1);
    previous = heap_rows[0].data();
    current = heap_rows[1].data();
  }
  // Ukkonen's band: only cells within `limit` of the diagonal can stay within
  // `limit`; the cell just outside the band on either side is kept at `over`
  // so the next row reads no stale value.
  for (size_t j = 0; j <= m; ++j) previous[j] = static_cast<int>(std::min<size_t>(j, over));
  for (size_t i = 1; i <= n; ++i) {
    size_t lo = i > static_cast<size_t>(limit) ? i - limit : 1;
    size_t hi = std::min(m, i + limit);
    current[lo - 1] = lo == 1 ? static_cast<int>(std::min<size_t>(i, over)) : over;
    int row_min = current[lo - 1];
    for (size_t j = lo; j <= hi; ++j) {
      int cost = ascii_lower(a[i - 1]) == ascii_lower(b[j - 1]) ? 0 : 1;
      int best = std::min({previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1});
      current[j] = std::min(best, over);
      row_min = std::min(row_min, current[j]);
    }
    if (hi < m) current[hi + 1] = over;
    if (row_min > limit) return over;
    std::swap(previous, current);
  }
  return std::min(previous[m], over);
}

NearbyUuids::NearbyUuids(std::vector<std::string_view> uuids) : uuids_(std::move(uuids)) {
  std::erase_if(uuids_, [](std::string_view uuid) { return uuid.size() > kMaxLength; });
  sorted_.resize(uuids_.size());
  for (uint32_t i = 0; i < sorted_.size(); ++i) sorted_[i] = i;
  std::sort(sorted_.begin(), sorted_.end(),
            [this](uint32_t a, uint32_t b) { return before(uuids_[a], uuids_[b]); });
  pieces_.reserve(uuids_.size() * kPieces);
  for (uint32_t i = 0; i < uuids_.size(); ++i) {
    std::string_view uuid = uuids_[i];
    for (int p = 0; p < kPieces; ++p) {
      auto [from, to] = piece_bounds(uuid.size(), p);
      pieces_.push_back({piece_key(uuid.size(), p, uuid.substr(from, to - from)), i});
    }
    lengths_.push_back(uuid.size());
  }
  std::sort(lengths_.begin(), lengths_.end());
  lengths_.erase(std::unique(lengths_.begin(), lengths_.end()), lengths_.end());
  std::sort(pieces_.begin(), pieces_.end(),
            [](const Piece& x, const Piece& y) { return x.key < y.key; });
  // About one piece per bucket.
  bucket_bits_ = std::clamp(static_cast<int>(std::bit_width(pieces_.size())), 1, kMaxBucketBits);
  buckets_.assign((size_t{1} << bucket_bits_) + 1, 0);
  for (const auto& piece : pieces_) ++buckets_[(piece.key >> (64 - bucket_bits_)) + 1];
  for (size_t t = 1; t < buckets_.size(); ++t) buckets_[t] += buckets_[t - 1];
}

std::pair<const NearbyUuids::Piece*, const NearbyUuids::Piece*> NearbyUuids::lookup(
    uint64_t key) const {
  size_t bucket = key >> (64 - bucket_bits_);
  const Piece* first = pieces_.data() + buckets_[bucket];
  const Piece* last = pieces_.data() + buckets_[bucket + 1];
  return std::equal_range(first, last, Piece{key, 0},
                          [](const Piece& x, const Piece& y) { return x.key < y.key; });
}

std::optional<std::vector<uint32_t>> NearbyUuids::candidates(std::string_view uuid) const {
  std::vector<uint32_t> found;
  for (size_t length : lengths_) {
    if (length + kMaxEdits < uuid.size() || uuid.size() + kMaxEdits < length) continue;
    for (int p = 0; p < kPieces; ++p) {
      auto [from, to] = piece_bounds(length, p);
      for (int shift = -kMaxEdits; shift <= kMaxEdits; ++shift) {
        if (shift < 0 && from < static_cast<size_t>(-shift)) continue;
        size_t start = from + shift;
        if (start + (to - from) > uuid.size()) continue;
        auto [first, last] = lookup(piece_key(length, p, uuid.substr(start, to - from)));
        if (found.size() + (last - first) > kMaxCandidates) return std::nullopt;
        for (const Piece* piece = first; piece != last; ++piece) found.push_back(piece->uuid);
      }
    }
  }
  return found;
}

std::vector<uint32_t> NearbyUuids::walk(std::string_view uuid, int limit) const {
  TrieWalk walk(uuids_, sorted_, uuid, limit);
  walk.visit(0, sorted_.size(), 0);
  return std::move(walk).found();
}

std::optional<std::string_view> NearbyUuids::best_of(std::vector<uint32_t> candidates,
                                                     std::string_view query,
                                                     std::string_view asked) const {
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  std::optional<std::string_view> best;
  int best_edits = kMaxEdits + 1;
  for (uint32_t i : candidates) {
    std::string_view candidate = uuids_[i];
    if (candidate == asked || candidate.empty()) continue;
    // Fewer than half of its characters: edits * 2 < length.
    int allowed = std::min<int>(kMaxEdits, static_cast<int>((candidate.size() - 1) / 2));
    int edits = bounded_edit_distance(query, candidate, allowed);
    if (edits > allowed) continue;
    if (edits < best_edits || (edits == best_edits && candidate < *best)) {
      best = candidate;
      best_edits = edits;
    }
  }
  return best;
}

std::optional<std::string_view> NearbyUuids::closest(std::string_view uuid) const {
  bool braced = uuid.size() > 2 && uuid.front() == '{' && uuid.back() == '}';
  if (braced) {
    if (auto inside = closest_to(uuid.substr(1, uuid.size() - 2), uuid)) return inside;
  }
  return closest_to(uuid, uuid);
}

std::optional<std::string_view> NearbyUuids::closest_to(std::string_view query,
                                                        std::string_view asked) const {
  // No indexed length is near: nothing is (and the walk's table stays small).
  bool near = std::any_of(lengths_.begin(), lengths_.end(), [&](size_t length) {
    return length + kMaxEdits >= query.size() && query.size() + kMaxEdits >= length;
  });
  if (!near) return std::nullopt;
  if (auto listed = candidates(query)) return best_of(std::move(*listed), query, asked);
  // Fewest edits first: most typos are one, and a walk within one edit
  // leaves far more branches at once than a walk within two.
  for (int limit = 0; limit <= kMaxEdits; ++limit) {
    if (auto best = best_of(walk(query, limit), query, asked)) return best;
  }
  return std::nullopt;
}

}  // namespace drivemock::scenario
