#include "document/yaml_writer.h"

#include <yaml-cpp/yaml.h>

#include "util/json.h"

namespace drivemock::document {
namespace {

/// How a JSON value is written: the OpenAPI document's block style (keys
/// quoted like values, numbers as JSON writes them), or a recording's flow
/// style (keys plain, numbers as yaml-cpp writes them).
enum class Layout { block, flow };

/// Recursive: the values written here are drivemock's own documents around
/// answers read from scenario text or a recorded body, whose nesting every
/// reader bounds (json::kMaxDepth, kMaxYamlDepth: 64).
void emit(YAML::Emitter& out, const rapidjson::Value& v, Layout layout,
          bool (*needs_quotes)(std::string_view)) {
  if (v.IsObject()) {
    if (layout == Layout::flow) out << YAML::Flow;
    out << YAML::BeginMap;
    for (const auto& m : v.GetObject()) {
      out << YAML::Key;
      if (layout == Layout::flow) {
        out << m.name.GetString();
      } else {
        emit(out, m.name, layout, needs_quotes);
      }
      out << YAML::Value;
      emit(out, m.value, layout, needs_quotes);
    }
    out << YAML::EndMap;
  } else if (v.IsArray()) {
    if (layout == Layout::flow) out << YAML::Flow;
    out << YAML::BeginSeq;
    for (const auto& item : v.GetArray()) emit(out, item, layout, needs_quotes);
    out << YAML::EndSeq;
  } else if (v.IsString()) {
    std::string s(v.GetString(), v.GetStringLength());
    if (needs_quotes(s)) out << YAML::DoubleQuoted;
    out << s;
  } else if (v.IsBool()) {
    out << v.GetBool();
  } else if (v.IsNull()) {
    out << YAML::Null;
  } else if (layout == Layout::block) {
    out << json::to_string(v);  // numbers as JSON writes them
  } else if (v.IsInt64()) {
    out << v.GetInt64();
  } else if (v.IsUint64()) {
    out << v.GetUint64();
  } else {
    out << v.GetDouble();
  }
}

void quote(YAML::Emitter& out, YamlWriter::Quote q) {
  if (q == YamlWriter::Quote::single) out << YAML::SingleQuoted;
  if (q == YamlWriter::Quote::twice) out << YAML::DoubleQuoted;
}

}  // namespace

std::string json_as_yaml(const rapidjson::Value& value, bool (*needs_quotes)(std::string_view)) {
  YAML::Emitter out;
  out.SetIndent(2);
  emit(out, value, Layout::block, needs_quotes);
  return out.c_str();
}

YamlWriter::YamlWriter() : out_(std::make_unique<YAML::Emitter>()) {}
YamlWriter::~YamlWriter() = default;

YamlWriter& YamlWriter::begin_map(Style style) {
  if (style == Style::flow) *out_ << YAML::Flow;
  *out_ << YAML::BeginMap;
  return *this;
}

YamlWriter& YamlWriter::end_map() {
  *out_ << YAML::EndMap;
  return *this;
}

YamlWriter& YamlWriter::begin_seq(Style style) {
  *out_ << (style == Style::flow ? YAML::Flow : YAML::Block) << YAML::BeginSeq;
  return *this;
}

YamlWriter& YamlWriter::end_seq() {
  *out_ << YAML::EndSeq;
  return *this;
}

YamlWriter& YamlWriter::key(std::string_view name, Quote q) {
  *out_ << YAML::Key;
  quote(*out_, q);
  *out_ << std::string(name) << YAML::Value;
  return *this;
}

YamlWriter& YamlWriter::value(std::string_view text, Quote q) {
  quote(*out_, q);
  *out_ << std::string(text);
  return *this;
}

YamlWriter& YamlWriter::value(std::int64_t number) {
  *out_ << number;
  return *this;
}

YamlWriter& YamlWriter::null() {
  *out_ << YAML::Null;
  return *this;
}

YamlWriter& YamlWriter::comment(const std::string& text) {
  *out_ << YAML::Comment(text);
  return *this;
}

YamlWriter& YamlWriter::newline() {
  *out_ << YAML::Newline;
  return *this;
}

YamlWriter& YamlWriter::json(const rapidjson::Value& value,
                             bool (*needs_quotes)(std::string_view)) {
  emit(*out_, value, Layout::flow, needs_quotes);
  return *this;
}

std::string YamlWriter::text() const {
  return out_->c_str();
}

}  // namespace drivemock::document
