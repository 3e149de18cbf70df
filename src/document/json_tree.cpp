// A JSON document into a Tree through RapidJSON's iterative reader, which
// recurses on nothing. RapidJSON says where it is in bytes only; the line
// and column of each value are counted as the reader goes, once over the
// text, from where the last token ended to where this one starts (JSON has
// no line break inside a token).
#include <rapidjson/encodedstream.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include "document/builder.h"
#include "document/read.h"
#include "document/scalars.h"
#include "document/yaml_shape.h"

namespace drivemock::document {
namespace {

using Stream = rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream>;

class JsonEvents : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, JsonEvents> {
 public:
  JsonEvents(std::string_view text, const Stream& stream, Builder& builder)
      : text_(text), stream_(stream), builder_(builder) {}

  bool Null() { return value(Kind::null, {}); }
  // The value is the token's text (true or false), read where it starts.
  bool Bool(bool) { return value(Kind::boolean, text_[start()] == 't' ? "true" : "false"); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    std::string_view number(s, n);
    return value(plain_kind(number) == Kind::number ? Kind::number : Kind::string, number);
  }
  bool String(const char* s, rapidjson::SizeType n, bool) { return value(Kind::string, {s, n}); }
  bool Key(const char* s, rapidjson::SizeType n, bool) { return value(Kind::string, {s, n}); }
  bool StartObject() { return open(Kind::map); }
  bool StartArray() { return open(Kind::sequence); }
  bool EndObject(rapidjson::SizeType) { return close(); }
  bool EndArray(rapidjson::SizeType) { return close(); }

  /// Where nesting went too deep, if it did.
  std::optional<std::pair<int, int>> too_deep;
  /// Where the tree grew past what the text's size allows, if it did.
  std::optional<std::pair<int, int>> too_big;
  /// A key given twice in one object, if one was.
  std::optional<Repeated> repeated;

  /// The 1-based line and column of byte `offset`, counting on from the last.
  std::pair<int, int> position(size_t offset) {
    if (offset < counted_) counted_ = line_start_ = 0, line_ = 1;  // an error's, further back
    for (; counted_ < offset && counted_ < text_.size(); ++counted_) {
      if (text_[counted_] == '\n') {
        ++line_;
        line_start_ = counted_ + 1;
      }
    }
    return {line_, static_cast<int>(offset - line_start_) + 1};
  }

 private:
  /// Where the next token starts: past white space and delimiters.
  size_t start() const {
    size_t at = ended_;
    while (at < text_.size() &&
           std::string_view(" \t\r\n,:").find(text_[at]) != std::string_view::npos)
      ++at;
    return at;
  }

  bool value(Kind kind, std::string_view text) {
    auto [line, column] = position(start());
    builder_.scalar(kind, text, line, column);
    ended_ = stream_.Tell();
    return fits(line, column);
  }

  bool open(Kind kind) {
    size_t at = start();  // the bracket, which the reader has not taken yet
    auto [line, column] = position(at);
    if (!builder_.open(kind, line, column)) {
      too_deep = std::make_pair(line, column);
      return false;
    }
    ended_ = at + 1;
    return fits(line, column);
  }

  bool fits(int line, int column) {
    if (!builder_.full()) return true;
    too_big = std::make_pair(line, column);
    return false;
  }

  bool close() {
    if (auto twice = builder_.close()) {
      repeated = std::move(twice);
      return false;
    }
    size_t at = start();  // the closing bracket
    ended_ = at < text_.size() ? at + 1 : at;
    return true;
  }

  std::string_view text_;
  const Stream& stream_;
  Builder& builder_;
  size_t ended_ = 0;  ///< where the last token ended
  size_t counted_ = 0;
  size_t line_start_ = 0;
  int line_ = 1;
};

}  // namespace

Read read_json(std::string_view text) {
  Builder builder(text.size());
  rapidjson::MemoryStream bytes(text.data(), text.size());
  Stream stream(bytes);
  JsonEvents events(text, stream, builder);
  if (auto nul = text.find('\0'); nul != std::string_view::npos) {
    auto [line, column] = events.position(nul);
    return Read::failed(line, column, "a NUL byte; expected text", Read::Why::refused);
  }
  rapidjson::Reader reader;
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag |
                              rapidjson::kParseValidateEncodingFlag |
                              rapidjson::kParseNumbersAsStringsFlag;
  reader.Parse<kFlags>(stream, events);
  if (events.repeated) {
    return Read::failed(events.repeated->line, events.repeated->column, events.repeated->message,
                        Read::Why::refused);
  }
  if (events.too_big) {
    return Read::failed(events.too_big->first, events.too_big->second, size_refusal(text.size()),
                        Read::Why::refused);
  }
  if (events.too_deep) {
    return Read::failed(events.too_deep->first, events.too_deep->second, depth_refusal(),
                        Read::Why::refused);
  }
  if (reader.HasParseError()) {
    auto [line, column] = events.position(reader.GetErrorOffset());
    // Bytes that are not UTF-8 are no YAML either: not read again as YAML.
    auto code = reader.GetParseErrorCode();
    // A text that ends before its JSON does (a pact cut off at its last
    // byte) is not YAML flow either, whose collections close as JSON's do.
    bool cut = text.find_first_not_of(" \t\r\n", reader.GetErrorOffset()) == std::string::npos;
    Read::Why why = code == rapidjson::kParseErrorStringInvalidEncoding ? Read::Why::refused
                    : cut                                               ? Read::Why::cut
                                                                        : Read::Why::invalid;
    return Read::failed(line, column,
                        std::string("invalid JSON: ") + rapidjson::GetParseError_En(code), why);
  }
  return Read{builder.finish(), {}};
}

}  // namespace drivemock::document
