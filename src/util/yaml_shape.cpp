#include "util/yaml_shape.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "util/text_stream.h"
#include "util/yaml_flow_depth.h"

namespace drivemock {
namespace {

/// Thrown out of the event parser at the first thing refused.
struct Refused {
  YAML::Mark mark;
  std::string message;
};

class ShapeCheck : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw Refused{mark, alias_refusal()};
  }
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    open(mark);
  }
  void OnSequenceEnd() override { --depth_; }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    open(mark);
  }
  void OnMapEnd() override { --depth_; }

 private:
  int depth_ = 0;

  void open(const YAML::Mark& mark) {
    if (++depth_ > kMaxYamlDepth) {
      throw Refused{mark, depth_refusal()};
    }
  }
};

}  // namespace

std::string alias_refusal() {
  return "aliases (*name) are not supported in scenario files; write the value out where it "
         "is used";
}

std::string depth_refusal() {
  return "mappings and lists are nested deeper than " + std::to_string(kMaxYamlDepth) +
         " levels here; expected at most " + std::to_string(kMaxYamlDepth);
}

std::optional<Diagnostic> check_yaml_shape(std::string_view text, const std::string& file) {
  // Before yaml-cpp's scanner, which holds a flow collection's tokens whole.
  if (auto deep = flow_too_deep(text, kMaxYamlDepth)) {
    return Diagnostic{Severity::error, file, deep->line, deep->column, depth_refusal()};
  }
  ShapeCheck check;
  try {
    TextStream in(text);
    YAML::Parser parser(in);
    parser.HandleNextDocument(check);
  } catch (const Refused& refused) {
    return Diagnostic{Severity::error, file, refused.mark.line + 1, refused.mark.column + 1,
                      refused.message};
  } catch (const YAML::Exception&) {
    // The parse that follows reports it, with its position.
  }
  return std::nullopt;
}

}  // namespace drivemock
