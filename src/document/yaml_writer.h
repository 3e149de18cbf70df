// YAML written: where src/ writes YAML through yaml-cpp's emitter (the
// OpenAPI document `drivemock contract --openapi` writes, the recordings),
// beside the readers of document/. A thin writer over the emitter, so that
// only document/ includes yaml-cpp: the callers say what they write.
#pragma once

#include <rapidjson/document.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace YAML {
class Emitter;
}

namespace drivemock::document {

/// `value` as a block-style YAML document indented by 2 (no trailing
/// newline): numbers as JSON writes them, null as `~`, and a string quoted
/// (double) where `needs_quotes` says a plain scalar would read back as
/// something else (`true`, `1.5`).
std::string json_as_yaml(const rapidjson::Value& value, bool (*needs_quotes)(std::string_view));

/// A YAML document written in order: collections opened and closed, keys
/// and values between. Each call returns the writer, to chain.
class YamlWriter {
 public:
  enum class Style { block, flow };
  enum class Quote { plain, single, twice };

  YamlWriter();
  ~YamlWriter();
  YamlWriter(const YamlWriter&) = delete;
  YamlWriter& operator=(const YamlWriter&) = delete;

  YamlWriter& begin_map(Style style = Style::block);
  YamlWriter& end_map();
  YamlWriter& begin_seq(Style style = Style::block);
  YamlWriter& end_seq();
  YamlWriter& key(std::string_view name, Quote quote = Quote::plain);
  YamlWriter& value(std::string_view text, Quote quote = Quote::plain);
  YamlWriter& value(std::int64_t number);
  YamlWriter& null();
  /// A comment (`# text`), after what is on the line.
  YamlWriter& comment(const std::string& text);
  /// A line break: what follows starts a line of its own.
  YamlWriter& newline();
  /// A JSON value: objects and arrays in flow style, a string quoted where
  /// `needs_quotes` says, numbers as yaml-cpp writes them.
  YamlWriter& json(const rapidjson::Value& value, bool (*needs_quotes)(std::string_view));

  /// The text written so far.
  std::string text() const;

 private:
  std::unique_ptr<YAML::Emitter> out_;
};

}  // namespace drivemock::document
