#pragma once
// The classify stage: which operation a request to the mock API calls, on
// which uuid, and how it breaks the contract. Requests that cannot be served
// (unknown path, wrong method, and in strict mode or for an unusable body any
// violation) get their answer here and go no further than the journal.

#include <optional>

#include "contract/operations.h"
#include "contract/request_checks.h"
#include "model/entry.h"
#include "model/reply.h"

namespace drivemock::contract {

/// A request classified against the contract, before any answer is chosen.
struct Classified {
  const Operation* operation = nullptr;  ///< null for unknown paths
  CheckedRequest checked;                ///< the parsed body and its key's value
  Classification seen;                   ///< operation and violations: for the journal
  std::optional<Reply> early;            ///< 404, 405 or 400: nothing is decided

  /// The entity the request names (its key's value), unless it got an early
  /// answer or its operation names none.
  std::optional<std::string_view> uuid() const {
    if (early || (operation && !has_key(*operation))) return std::nullopt;
    return checked.uuid;
  }
};

/// Routes a request by its path among `operations` and checks it; early
/// answers are errors in the envelope's dialect.
Classified classify(const RequestView& request, const OperationSet& operations,
                    Strictness strictness, const Envelope& envelope);

}  // namespace drivemock::contract
