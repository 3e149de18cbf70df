#pragma once
// The scenario grammar's reader, shared by the files that read its parts
// (private to scenario/): a DocumentParser reads one document, one member
// function per construct, each reporting what it expected and where and
// returning nothing for a construct it could not read, so that a file's
// errors are reported together. Its parts live in files named for what
// they read:
//   parse_set.cpp         a set: name, policy, defaults, limits, directories (sliced, in parallel)
//   parse_rules.cpp       a directory's operations: rules, sequences, one_of
//   parse_conditions.cpp  `when`
//   parse_answers.cpp     an answer and its forms: body, raw, headers, delays, dribble, faults,
//   templates
// loader.cpp reads files and documents and puts the sets together.

#include <optional>
#include <string>
#include <vector>

#include "contract/operations.h"
#include "document/diagnostic.h"
#include "document/reader.h"
#include "document/tree.h"
#include "document/yaml_slices.h"
#include "scenario/answer_pool.h"
#include "scenario/loader.h"
#include "scenario/model.h"
#include "util/clock.h"

namespace drivemock::scenario {

using contract::Operation;
using contract::OperationSet;
using document::Keys;
using document::Node;

inline const Keys kSetKeys = {"name",     "unknown_uuids", "operations",
                              "defaults", "directories",   "limits"};
inline const Keys kLimitKeys = {"calls", "per_ms", "operation", "uuid", "per"};
inline constexpr int kMaxLimitCalls = 1000000000;
inline constexpr int kMaxLimitWindowMs = 86400000;  // a day
inline const Keys kRuleKeys = {"when", "respond", "then", "cycle"};
inline const Keys kAnswerKeys = {"http",     "body",    "raw",   "headers",
                                 "delay_ms", "dribble", "fault", "template"};
inline const Keys kWeightedAnswerKeys = {"http",    "body",  "raw",      "headers", "delay_ms",
                                         "dribble", "fault", "template", "weight"};
inline const Keys kDribbleKeys = {"chunks", "over_ms"};
inline constexpr int kMaxDribbleChunks = 100000;
inline const Keys kOneOfKeys = {"one_of"};
inline const Keys kRandomDelayKeys = {"uniform", "lognormal"};
inline const Keys kLognormalKeys = {"median", "sigma", "max"};
inline constexpr int kMaxDelayMs = 600000;
inline constexpr double kMaxWeight = 1e9;
inline constexpr double kMaxSigma = 10;
/// The largest contract drivemock reads: an OpenAPI document `operations:
/// FILE` names, or any scenario document written as JSON (a pact). Its tree
/// may hold six times its size (document/builder.h), so this keeps any of
/// them under about 200 MB; refused before it is read.
inline constexpr uintmax_t kMaxContractBytes = uintmax_t{32} << 20;

/// A slice that did not read as the entry it was cut for.
struct SliceMismatch {};

/// Adds the calling thread's CPU time in its scope to `time`, when given.
class TimedYaml {
 public:
  explicit TimedYaml(YamlTime* time) : time_(time), start_(time ? thread_cpu_ms() : 0) {}
  ~TimedYaml() {
    if (time_) time_->cpu_ms += thread_cpu_ms() - start_;
  }
  TimedYaml(const TimedYaml&) = delete;
  TimedYaml& operator=(const TimedYaml&) = delete;

 private:
  YamlTime* time_;
  double start_;
};

using Directories = decltype(ScenarioSet::directories);

/// What one part of a document's directories read to, side by side with
/// the others: merged in the list's order.
struct SlicePart {
  Diagnostics diagnostics;
  size_t errors = 0;  ///< listed or not
  Directories directories;
  bool mismatch = false;  ///< a slice did not read as the entry it was cut for
};

/// How a document's directories may be read: by how many threads, at which
/// priority; and where yaml-cpp's part of the time goes (when measured, on
/// one thread).
struct Spread {
  size_t workers = 1;
  Priority priority = Priority::normal;
  YamlTime* yaml_time = nullptr;
};

/// What a set is read from.
struct SetInput {
  Node root;
  const std::string& default_name;                 ///< its name unless it says
  std::vector<Operation> own;                      ///< the operations it adds, read before
  const OperationSet& known;                       ///< those its scripts may name besides its own
  const std::vector<YamlSlice>* slices = nullptr;  ///< its directories, cut apart
  Spread spread = {};
};

/// Whether a document may name other files (`operations: FILE`): a file's
/// may, relative to itself; a pushed or inline text may not, or an admin
/// call could have drivemock read any file it can.
enum class FileRefs { allowed, refused };

class DocumentParser {
 public:
  DocumentParser(const std::string& file, Dialect dialect, AnswerPool& bodies,
                 Diagnostics& diagnostics)
      : in_(file, diagnostics), dialect_(dialect), bodies_(bodies) {}

  /// The operations the document adds (`operations:`), each with its
  /// built-in answer. Names and paths of the contract's own are taken.
  /// `operations: FILE` names an OpenAPI document instead (interchange/openapi_operations.h).
  std::vector<Operation> parse_operations(Node root, FileRefs refs = FileRefs::refused);

  /// The set. With `slices`, the directories are read from those (the
  /// root's `directories` has no value then); a slice that does not read as
  /// its entry throws SliceMismatch, and the caller reads the text whole.
  std::optional<ScenarioSet> parse(SetInput input);

 private:
  document::Reader in_;
  Dialect dialect_;
  AnswerPool& bodies_;
  const std::vector<Operation>* own_ = nullptr;
  const OperationSet* known_ = nullptr;

  /// The operation of that name: the document's own first, then those in force.
  const Operation* find_operation(const std::string& name) const;

  /// The operations of the OpenAPI document that `operations: FILE` names.
  std::vector<Operation> openapi_operations(Node name, FileRefs refs);

  std::string operation_names() const;

  const Operation* operation(Node key, const std::string& where);

  void parse_policy(Node node, ScenarioSet& set);

  void parse_defaults(Node node, ScenarioSet& set);

  /// The `protocol:` of each operation the set defines: rules, each naming
  /// the calls it answers with `when:` fields.
  void parse_protocols(Node root, ScenarioSet& set);

  void parse_limits(Node node, ScenarioSet& set);

  std::optional<Limit> parse_limit(Node node);

  void parse_directories(Node node, ScenarioSet& set);

  /// The slices' directories, in parts of the list read side by side when
  /// `spread` has several workers; diagnostics in the list's order.
  void parse_directory_slices(const std::vector<YamlSlice>& slices, Directories& directories,
                              Spread spread);

  /// One part of the slices, read by a parser of its own (on a worker).
  SlicePart parse_part(const YamlSlice* begin, const YamlSlice* end, AnswerPool& bodies) const;
  void parse_slice_range(const YamlSlice* begin, const YamlSlice* end, Directories& directories,
                         YamlTime* yaml_time);

  /// An error at every uuid of `slices` given again, where it is.
  void check_repeated_uuids(const std::vector<YamlSlice>& slices);
  void parse_directory_entry(Node key, Node value, Directories& directories);

  std::optional<DirectoryScript> parse_directory(const std::string& uuid, Node node);

  /// An operation's value: one answer, one rule, or a list of rules.
  std::vector<Rule> parse_operation(const Operation& op, Node node);
  /// A list of rules (refused whole, with the rewrite, when its items are answers).
  std::vector<Rule> parse_rule_list(const Operation& op, Node node);

  std::optional<Rule> parse_rule(const Operation& op, Node node);
  /// A rule without `respond`: the misspelt key named, else what a rule needs.
  void report_missing_respond(Node node);
  /// A rule's `then`, warned about when none of its answers is a success.
  void parse_then(Node then, Rule& rule);

  /// An answer, a sequence of answers, or `{one_of: [...]}` (then `weights`
  /// gets one weight per answer).
  std::vector<Reply> parse_respond(const Operation& op, Node node, std::vector<double>& weights);

  std::vector<Reply> parse_one_of(const Operation& op, Node node, std::vector<double>& weights);

  Condition parse_when(const Operation& op, Node node);

  /// An answer; with `weight`, an answer of a one_of, which may have one.
  std::optional<Reply> parse_answer(const Operation& op, Node node, double* weight = nullptr);

  /// `delay_ms`: milliseconds, `{uniform: [MIN, MAX]}` or
  /// `{lognormal: {median: M, sigma: S, max: CAP}}` (CAP defaults to the
  /// longest delay, 600000).
  void parse_delay(Node node, Reply& answer);
  std::optional<DelayDistribution> parse_uniform_delay(Node uniform);
  std::optional<DelayDistribution> parse_lognormal_delay(Node lognormal);

  /// `dribble: {chunks: N, over_ms: T}`: both needed.
  void parse_dribble(Node node, Reply& answer);

  /// Load errors for the placeholders of every string a template fills in.
  void check_templates(const Operation& op, Node body, Node raw, Node headers);

  void check_template_strings(const Operation& op, Node node);

  void parse_fault(Node node, Reply& answer);

  void parse_headers(Node node, Reply& answer);

  void parse_body(const Operation& op, Node body, Node raw, Reply& answer);

  void warn_on_answer_body(const Operation& op, Node at,
                           const std::shared_ptr<const std::string>& json);
};

}  // namespace drivemock::scenario
