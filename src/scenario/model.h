#pragma once
// The scenario model: what a scenario file says, as plain data. The loader
// builds it from YAML, the catalog indexes it, the engine answers from it.
// Answers are stored ready to send, as the Reply the HTTP layer writes.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contract/operations.h"
#include "model/reply.h"
#include "util/name.h"

namespace drivemock::scenario {

/// One body field a rule requires, with the JSON text it must equal.
struct FieldCondition {
  std::string field;
  std::string expected_json;
};

/// `when`: the state and body fields a rule needs; empty means always.
struct Condition {
  std::optional<std::string> state;
  std::vector<FieldCondition> fields;
};

/// One rule: when it applies, what it answers (a sequence when several, or
/// one of several by weight), and the state it leaves the directory in after
/// an answer that succeeded (2xx, no fault).
struct Rule {
  Condition when;
  std::vector<Reply> answers;  ///< ready to send: `body` as JSON, or the `raw` string
  /// `respond: {one_of: [...]}`: each call picks one answer, by these weights
  /// (one per answer, their sum above 0). Empty: the answers are a sequence.
  std::vector<double> weights;
  bool cycle = false;  ///< loop the sequence instead of repeating its last answer
  std::optional<std::string> then;
  Name file;       ///< the document it is written in, as the journal names it
  int line = 0;    ///< where it is written (1-based; 0: not from a document's text)
  int column = 0;  ///< (1-based, with line)
};

/// What one file says about one directory uuid.
struct DirectoryScript {
  std::optional<std::string> initial_state;
  std::map<std::string, std::vector<Rule>> operations;  ///< operation name → rules
};

/// One entry of `limits:`: at most `calls` calls answered in any window of
/// `per_ms` milliseconds, of one operation or all, on one uuid or all; the
/// calls of all uuids counted together, or each uuid's on its own.
struct Limit {
  enum class Per { all, uuid };
  int calls = 1;
  int per_ms = 1000;
  std::optional<std::string> operation;  ///< none: every operation
  std::optional<std::string> uuid;       ///< none: every uuid
  Per per = Per::all;
  int index = 0;  ///< its place in the file's list, from 1
};

/// Policy for uuids that no scenario names.
enum class UnknownUuids { accept, reject };

/// Where a set sits among those in force, lowest first. A set of a later
/// layer that scripts a uuid and operation (or a default) already scripted
/// by one of an earlier layer, or by an earlier push, shadows it while it is
/// in force; two files scripting the same are an error.
enum class Layer {
  dialect,  ///< built into the dialect (scenario/dialect_sets.h)
  file,     ///< a scenario file or inline text given at start
  pushed,   ///< POST /__admin/scenarios, newest last
};

/// One scenario file (or pushed document): a named set.
struct ScenarioSet {
  std::string name;
  std::string source;  ///< file path, "inline", "pushed" or the dialect's
  Layer layer = Layer::file;
  /// The document as it was loaded, for the dashboard's editor; none for a
  /// document over kBigDocumentBytes (a scripted 100,000 uuids would keep
  /// megabytes that nobody edits in a browser).
  std::shared_ptr<const std::string> text;
  size_t text_bytes = 0;  ///< the document's size, kept or not
  UnknownUuids unknown_uuids = UnknownUuids::accept;
  /// Operations of the API this set adds to the contract (`operations:`).
  std::vector<contract::Operation> operations;
  /// operation name → its `protocol:` rules: the client's own calls of the
  /// operation (the SDK's lock release and refresh), answered so unless a
  /// scenario rule's `when` names every field the protocol rule names.
  std::map<std::string, std::vector<Rule>> protocol;
  /// operation name → rules for any uuid that its script does not serve
  /// (one answer is one rule without conditions)
  std::map<std::string, std::vector<Rule>> defaults;
  std::map<std::string, DirectoryScript> directories;  ///< uuid → script
  std::vector<Limit> limits;                           ///< `limits:`, in file order
};

}  // namespace drivemock::scenario
