#pragma once
// Pact in: a Pact v2/v3/v4 file read as a scenario set (its interactions
// read by interchange/pact_interactions.h), as pact-stub-server
// serves one. Each HTTP interaction's request answers with its response:
// under its key's value (the uuid) as a rule whose `when` is the request's
// other body fields and its provider state; paths drivemock has no
// operation for become operations as data. The set is built straight from
// the pact's tree (document/tree.h), read once: its answers are checked as
// the scenario grammar checks a script's (answer_checks.h), and
// what is wrong is said where it is in the pact.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "contract/operations.h"
#include "document/reader.h"
#include "document/tree.h"
#include "scenario/answer_pool.h"
#include "scenario/model.h"

namespace drivemock::scenario {

/// True for a document that is a pact: `interactions` and no `directories`.
bool looks_like_pact(document::Node root);

/// What a pact reads as: the operations it adds and its scripts.
struct PactSet {
  std::vector<contract::Operation> operations;
  std::map<std::string, std::vector<Rule>> defaults;
  std::map<std::string, DirectoryScript> directories;
};

/// How a pact's answers are kept and checked: pooled in `bodies`, their
/// bodies against the envelope of `dialect`.
struct PactAnswers {
  AnswerPool& bodies;
  Dialect dialect;
};

/// The set of the pact `root`, read by `in` (warnings: what drivemock serves
/// otherwise than the pact says, and what it leaves out; errors: answers it
/// cannot send). Paths of `known` operations are theirs; others under /v3/
/// become operations. Nothing when the pact cannot be read at all.
std::optional<PactSet> pact_set(document::Node root, document::Reader& in,
                                const contract::OperationSet& known, PactAnswers answers);

}  // namespace drivemock::scenario
