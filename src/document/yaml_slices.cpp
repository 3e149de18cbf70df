#include "document/yaml_slices.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "document/yaml_flow_depth.h"
#include "document/yaml_shape.h"
#include "util/text_stream.h"

namespace drivemock {
namespace {

/// Thrown out of the event parser to stop it once slicing is ruled out.
struct Unsliceable {};

/// Finds the entries of the block mapping under the root's `key` from
/// yaml-cpp's events: the mark of each entry's key, and where the mapping
/// ends (the mark of whatever follows it in the root mapping, or the end).
class EntryFinder : public YAML::EventHandler {
 public:
  /// yaml-cpp's scanner holds some bytes for each block collection (see
  /// kScannerBytesPerBlock): past `most_scanner_bytes` of them the text is
  /// left to the whole read, which refuses it for that.
  EntryFinder(std::string_view key, size_t most_scanner_bytes)
      : key_(key), most_scanner_bytes_(most_scanner_bytes) {}

  struct Entry {
    YAML::Mark mark;
    std::string key;
  };
  std::vector<Entry> entries;
  std::optional<YAML::Mark> end;  ///< none: the mapping runs to the end of the text
  bool found = false;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    node(mark, anchor, "", nullptr);
    value_done();
  }
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override { throw Unsliceable{}; }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    node(mark, anchor, tag, &value);
    value_done();
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    node(mark, anchor, tag, nullptr);
    open({false, false, false, style != YAML::EmitterStyle::Flow});
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    bool target = frames_.size() == 1 && frames_[0].map && !frames_[0].at_key && root_key_ == key_;
    node(mark, anchor, tag, nullptr);
    if (target) {
      if (style != YAML::EmitterStyle::Block || found) throw Unsliceable{};
      found = true;
    }
    open({true, true, target, style != YAML::EmitterStyle::Flow});
  }
  void OnMapEnd() override {
    bool target = frames_.back().target;
    close();
    if (target) ending_ = true;
  }

 private:
  struct Frame {
    bool map;
    bool at_key;  ///< in a mapping: the next node is a key
    bool target;  ///< the mapping being sliced
    bool block;   ///< not in flow style
  };
  std::string_view key_;
  size_t most_scanner_bytes_;
  size_t scanner_bytes_ = 0;
  std::vector<Frame> frames_;
  std::string root_key_;
  bool ending_ = false;  ///< the target has closed; the next root node marks its end

  static bool untagged(const std::string& tag) { return tag.empty() || tag == "?" || tag == "!"; }

  void node(const YAML::Mark& mark, YAML::anchor_t anchor, const std::string& tag,
            const std::string* scalar) {
    if (anchor != YAML::NullAnchor || !untagged(tag)) throw Unsliceable{};
    if (ending_) {
      end = mark;
      ending_ = false;
    }
    if (frames_.empty()) return;
    Frame& frame = frames_.back();
    if (frame.block && !frame.map) held(kScannerBytesPerBlock);  // an item of a block list
    if (frame.map && frame.at_key) {
      if (frames_.size() == 1) root_key_ = scalar ? *scalar : "";
      if (frame.target) {
        if (!scalar) throw Unsliceable{};  // a key that is null or a collection
        entries.push_back({mark, *scalar});
      }
    }
  }

  /// Too deep a document is read whole, whose check says where (document/yaml_shape.h).
  void open(Frame frame) {
    if (frames_.size() >= static_cast<size_t>(kMaxYamlDepth)) throw Unsliceable{};
    if (frame.block) held(kScannerBytesPerBlock);
    frames_.push_back(frame);
  }

  void held(size_t bytes) {
    scanner_bytes_ += bytes;
    if (scanner_bytes_ > most_scanner_bytes_) throw Unsliceable{};
  }

  /// A scalar or null is complete: the mapping it is in moves on.
  void value_done() {
    if (!frames_.empty() && frames_.back().map) frames_.back().at_key = !frames_.back().at_key;
  }

  void close() {
    frames_.pop_back();
    value_done();
  }
};

/// Where the line holding `pos` starts; nothing when anything but spaces
/// comes before `pos` on it (a key that does not open its line).
std::optional<size_t> line_start(std::string_view text, size_t pos) {
  size_t start = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  start = (start == std::string_view::npos || pos == 0) ? 0 : start + 1;
  if (text.substr(start, pos - start).find_first_not_of(' ') != std::string_view::npos) {
    return std::nullopt;
  }
  return start;
}

}  // namespace

std::optional<SlicedYaml> slice_yaml(std::string_view text, std::string_view key) {
  if (auto by_lines = slice_yaml_by_lines(text, key)) return by_lines;
  // A text that never names the key has no mapping under it: no event pass.
  if (text.find(key) == std::string_view::npos) return std::nullopt;
  return slice_yaml_by_events(text, key);
}

std::string text_without(std::string_view text, size_t from, size_t to) {
  std::string_view cut = text.substr(from, to - from);
  std::string rest;
  rest.reserve(text.size() - cut.size());
  rest.append(text.substr(0, from));
  rest.append(static_cast<size_t>(std::count(cut.begin(), cut.end(), '\n')), '\n');
  rest.append(text.substr(to));
  return rest;
}

std::optional<SlicedYaml> slice_yaml_by_events(std::string_view text, std::string_view key) {
  // yaml-cpp's scanner holds a flow collection's tokens whole: too deep a
  // one is left to the whole read's check, which refuses it unscanned.
  if (flow_too_deep(text, kMaxYamlDepth)) return std::nullopt;
  // A scenario set's scanner holds well under its size (0.4 times for the
  // 100,000-uuid file bench/generate-scenarios writes); a text whose
  // scanner would hold more than half is read whole, whose bound refuses it
  // (document/builder.h). What the scanner held stays in the heap.
  EntryFinder finder(key, (size_t{1} << 20) + text.size() / 2);
  try {
    TextStream in(text);
    YAML::Parser parser(in);
    parser.HandleNextDocument(finder);
  } catch (const YAML::Exception&) {
    return std::nullopt;  // the whole parse reports it, with its position
  } catch (const Unsliceable&) {
    return std::nullopt;
  }
  if (!finder.found || finder.entries.empty()) return std::nullopt;
  // Marks count characters as yaml-cpp's stream reads them; they are bytes
  // of the text for UTF-8 without a byte order mark, and each entry's key must
  // be found where its mark says.
  if (text.starts_with("\xEF\xBB\xBF")) return std::nullopt;

  std::vector<size_t> starts;
  for (const auto& entry : finder.entries) {
    auto pos = static_cast<size_t>(entry.mark.pos);
    if (pos >= text.size() || (text[pos] != '"' && text[pos] != '\'' &&
                               text.compare(pos, entry.key.size(), entry.key) != 0)) {
      return std::nullopt;
    }
    auto start = line_start(text, pos);
    if (!start) return std::nullopt;
    starts.push_back(*start);
  }
  size_t end = text.size();
  if (finder.end) {
    auto start = line_start(text, static_cast<size_t>(finder.end->pos));
    if (!start) return std::nullopt;
    end = *start;
  }

  SlicedYaml sliced;
  sliced.entries.reserve(starts.size());
  for (size_t i = 0; i < starts.size(); ++i) {
    size_t stop = i + 1 < starts.size() ? starts[i + 1] : end;
    sliced.entries.push_back({text.substr(starts[i], stop - starts[i]), finder.entries[i].mark.line,
                              std::move(finder.entries[i].key)});
  }
  sliced.rest = text_without(text, starts.front(), end);
  return sliced;
}

}  // namespace drivemock
