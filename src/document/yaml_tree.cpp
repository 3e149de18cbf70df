// A YAML document into a Tree through yaml-cpp's event parser: no node tree
// of yaml-cpp's is built, and what util/yaml_shape.h refuses (aliases,
// nesting past the bound) is refused in the same pass.
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "document/builder.h"
#include "document/read.h"
#include "document/scalars.h"
#include "util/text_stream.h"
#include "util/yaml_flow_depth.h"
#include "util/yaml_shape.h"

namespace drivemock::document {
namespace {

/// Thrown out of the event parser at the first thing refused.
struct Refused {
  YAML::Mark mark;
  std::string message;
};

class YamlEvents : public YAML::EventHandler {
 public:
  explicit YamlEvents(Builder& builder) : builder_(builder) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override {
    builder_.scalar(builder_.at_key() ? Kind::string : Kind::null, {}, line(mark), column(mark));
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw Refused{mark, alias_refusal()};
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                const std::string& value) override {
    // A key is its text, typed or not: `200:` names a response, `010:` is not 10.
    bool plain = tag == "?" && !builder_.at_key();
    builder_.scalar(plain ? plain_kind(value) : Kind::string, value, line(mark), column(mark));
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    open(Kind::sequence, mark);
  }
  void OnSequenceEnd() override { builder_.close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    open(Kind::map, mark);
  }
  void OnMapEnd() override {
    if (auto twice = builder_.close()) {
      YAML::Mark at;
      at.line = twice->line - 1;
      at.column = twice->column - 1;
      throw Refused{at, std::move(twice->message)};
    }
  }

 private:
  static int line(const YAML::Mark& mark) { return mark.is_null() ? 1 : mark.line + 1; }
  static int column(const YAML::Mark& mark) { return mark.is_null() ? 1 : mark.column + 1; }

  void open(Kind kind, const YAML::Mark& mark) {
    if (builder_.at_key()) {
      throw Refused{mark, std::string("a key that is a ") +
                              (kind == Kind::map ? "mapping" : "list") + "; expected a scalar key"};
    }
    if (!builder_.open(kind, line(mark), column(mark))) throw Refused{mark, depth_refusal()};
  }

  Builder& builder_;
};

}  // namespace

Read read_yaml(std::string_view text) {
  // Before yaml-cpp's scanner, which holds a flow collection's tokens whole.
  if (auto deep = flow_too_deep(text, kMaxDepth)) {
    return Read::failed(deep->line, deep->column, depth_refusal(), Read::Why::refused);
  }
  Builder builder;
  YamlEvents events(builder);
  try {
    TextStream in(text);
    YAML::Parser parser(in);
    parser.HandleNextDocument(events);
  } catch (const Refused& refused) {
    return Read::failed(refused.mark.line + 1, refused.mark.column + 1, refused.message,
                        Read::Why::refused);
  } catch (const YAML::Exception& e) {
    int line = e.mark.is_null() ? 1 : e.mark.line + 1;
    int column = e.mark.is_null() ? 1 : e.mark.column + 1;
    return Read::failed(line, column, "invalid YAML: " + e.msg, Read::Why::invalid);
  }
  return Read{builder.finish(), {}};
}

}  // namespace drivemock::document
