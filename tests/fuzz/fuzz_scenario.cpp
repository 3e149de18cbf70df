// Fuzz target: scenario loading (a pact too: a push may be one), the drift
// check that reads the same text as a recording and as a scenario (POST
// /__admin/scenarios/drift takes it from any caller), and the same text as
// the OpenAPI document a scenario file's `operations: FILE` names. Any text
// in; either a scenario set whose catalog says what the document says, or
// positioned errors out, never a crash; OpenAPI operations all under /v3/.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "contract/operations.h"
#include "document/tree.h"
#include "document/yaml_shape.h"
#include "document/yaml_slices.h"
#include "interchange/openapi_operations.h"
#include "record/drift.h"
#include "scenario/catalog.h"
#include "scenario/loader.h"

namespace {

/// The catalog of one set holds every uuid and operation the set scripts,
/// with the same rules, state and defaults, and the set's policy.
bool consistent(const drivemock::scenario::ScenarioSet& set,
                const drivemock::scenario::Catalog& catalog) {
  if (catalog.unknown_uuids != set.unknown_uuids) return false;
  if (catalog.directories.size() != set.directories.size()) return false;
  for (const auto& [uuid, script] : set.directories) {
    const auto* entry = catalog.find(uuid);
    if (!entry || entry->state() != script.initial_state.value_or(
                                        std::string(drivemock::contract::kInitialState)))
      return false;
    if (entry->operations.size() != script.operations.size()) return false;
    for (const auto& [operation, rules] : script.operations) {
      const auto* scripted = entry->find(operation);
      if (!scripted || scripted->set->name != set.name || scripted->rules->size() != rules.size())
        return false;
    }
  }
  for (const auto& [operation, rules] : set.defaults) {
    auto it = catalog.defaults.find(operation);
    if (it == catalog.defaults.end() || it->second.set->name != set.name ||
        it->second.rules->size() != rules.size())
      return false;
  }
  return true;
}

}  // namespace

/// The text as an OpenAPI document: its operations are served under /v3/,
/// named, keyed by a field they have; what is wrong says where.
void check_openapi(const std::string& text) {
  drivemock::Diagnostics found;
  const std::string file = "api.yaml";
  auto tree = drivemock::document::read_tree(text, file, found);
  if (!tree) return;
  drivemock::document::Reader reader(file, found);
  auto ops = drivemock::interchange::read_openapi_operations(tree->root(), reader,
                                                             *drivemock::contract::builtin_set());
  for (const auto& op : ops) {
    if (op.name.empty() || !drivemock::contract::is_operation_path(op.path)) std::abort();
    bool keyed =
        op.key.empty() || std::any_of(op.fields.begin(), op.fields.end(), [&](const auto& f) {
          return f.name == op.key && f.type == drivemock::contract::FieldType::string;
        });
    if (!keyed) std::abort();
  }
  for (const auto& d : found) {
    if (d.line < 1) std::abort();
  }
}

/// The text sliced from its lines (a big file's first try, whatever its
/// size here): no slice may hold an alias or nest past the limit, which the
/// event parser would have refused; the rest keeps every line break and the
/// slices follow one another in the text.
void check_line_slices(const std::string& text) {
  auto sliced = drivemock::slice_yaml_by_lines(text, "directories");
  if (!sliced) return;
  if (std::count(sliced->rest.begin(), sliced->rest.end(), '\n') !=
      std::count(text.begin(), text.end(), '\n')) {
    std::abort();
  }
  const char* next = nullptr;
  for (const auto& slice : sliced->entries) {
    auto piece = drivemock::document::read_yaml_piece(slice.text, 0, "slice.yaml");
    if (piece.error && (piece.error->message == drivemock::alias_refusal() ||
                        piece.error->message == drivemock::depth_refusal())) {
      std::abort();
    }
    if (next && slice.text.data() != next) std::abort();
    next = slice.text.data() + slice.text.size();
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  check_openapi(text);
  check_line_slices(text);
  // The same text on both sides: a finding points into it, or it says why not.
  auto drift = drivemock::record::check_drift(text, "rec.yaml", {{"s.yaml", text}});
  if (!drift && !drivemock::has_errors(drift.diagnostics)) std::abort();
  if (drift) {
    for (const auto& f : *drift) {
      if (f.file != "s.yaml" || f.line < 1 || f.column < 1) std::abort();
    }
  }
  auto [set, diagnostics] = drivemock::scenario::parse_scenario(text, "fuzz.yaml", "fuzz");
  if (!set) {
    // A refused document always says why, and where.
    if (!drivemock::has_errors(diagnostics)) std::abort();
    for (const auto& d : diagnostics) {
      if (d.severity == drivemock::Severity::error && d.line < 1) std::abort();
    }
    return 0;
  }
  // One set cannot conflict with itself: its catalog must build, and match.
  auto catalog = drivemock::scenario::build_catalog({*set});
  if (!catalog || !consistent(*set, **catalog)) std::abort();
  return 0;
}
