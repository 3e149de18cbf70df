// Reading a set: its name, unknown-uuid policy, defaults, rate limits and
// directories, those of a big document in slices read side by side.
#include <algorithm>
#include <filesystem>
#include <unordered_map>

#include "contract/operations_reader.h"
#include "interchange/openapi_operations.h"
#include "scenario/dialect_sets.h"
#include "scenario/document_parser.h"
#include "scenario/slice_trees.h"
#include "scenario/uuid_form.h"
#include "util/file_text.h"
#include "util/parallel.h"

namespace drivemock::scenario {

namespace {

/// An `operations:` mapping's definitions by name, found in one scan (a
/// lookup per operation would be quadratic in a file of 10,000). Every key
/// is named as read_definitions names its operation (a `null:` key as ""),
/// so that each operation it gives has its definition here.
std::unordered_map<std::string_view, Node> definitions_by_name(Node operations) {
  std::unordered_map<std::string_view, Node> out;
  for (auto kv : document::members(operations)) out.emplace(kv.first.text(), kv.second);
  return out;
}

}  // namespace

/// The operations the document adds (`operations:`), each with its
/// built-in answer. Names and paths of the contract's own are taken.
std::vector<Operation> DocumentParser::parse_operations(Node root, FileRefs refs) {
  if (!root.is_map()) return {};
  auto node = root.member("operations");
  if (!node) return {};
  if (node.is_scalar()) return openapi_operations(node, refs);
  auto added = contract::read_definitions(node, in_, contract::AnswerForm::read_by_caller,
                                          contract::builtin_set().get());
  // Anything but a mapping is reported by read_definitions; its "members"
  // are no pairs (yaml-cpp throws reading a list's items as keys).
  if (!node.is_map()) return added;
  auto definitions = definitions_by_name(node);
  for (auto& op : added) {
    auto answer = definitions.at(op.name).member("answer");
    if (!answer) {
      op.builtin_message = "Success.";
      op.builtin_code = "success";
    } else if (auto reply = parse_answer(op, answer)) {
      op.builtin_answer = std::move(*reply);
    }
  }
  return added;
}

std::vector<Operation> DocumentParser::openapi_operations(Node name, FileRefs refs) {
  if (refs == FileRefs::refused) {
    in_.error(name, "operations: names a file ('" + std::string(name.text()) +
                        "'), which only a scenario file may do, relative to itself; a pushed or "
                        "inline set gives its operations' definitions instead");
    return {};
  }
  namespace fs = std::filesystem;
  const std::string path = (fs::path(in_.file()).parent_path() / std::string(name.text())).string();
  std::error_code ec;
  auto size = fs::file_size(path, ec);
  if (ec || size > kMaxContractBytes) {
    in_.error(name, ec ? "cannot read the OpenAPI document " + path + " (" + ec.message() + ")"
                       : "the OpenAPI document " + path + " is over " +
                             std::to_string(kMaxContractBytes >> 20) + " MiB");
    return {};
  }
  auto text = read_file_text(path);
  Diagnostics found;
  auto tree = text ? document::read_tree(*text, path, found) : std::nullopt;
  if (!text) in_.error(name, "cannot read the OpenAPI document " + path);
  std::vector<Operation> out;
  if (tree) {
    document::Reader reader(path, found);
    out = interchange::read_openapi_operations(tree->root(), reader, dialect_operations(dialect_));
  }
  in_.adopt(found);
  return out;
}

/// The set, with its operations read before; `known` are the operations
/// its scripts may name besides its own.
/// With `slices`, the directories are read from those (the root's
/// `directories` has no value then); a slice that does not read as its
/// entry throws SliceMismatch, and the caller reads the text whole.
std::optional<ScenarioSet> DocumentParser::parse(SetInput input) {
  Node root = input.root;
  size_t errors_before = in_.error_count();
  if (!in_.expect(root, document::Kind::map, "a mapping with `directories` (a scenario set)")) {
    return std::nullopt;
  }
  auto members = in_.fields(root, kSetKeys, "a scenario set");
  ScenarioSet set;
  set.source = in_.file();
  set.name = input.default_name;
  set.operations = std::move(input.own);
  own_ = &set.operations;
  known_ = &input.known;
  if (const auto& name = members["name"]) {
    if (auto s = in_.scalar(name, "a set name (string)")) set.name = *s;
  }
  if (const auto& policy = members["unknown_uuids"]) parse_policy(policy, set);
  if (const auto& defaults = members["defaults"]) parse_defaults(defaults, set);
  parse_protocols(root, set);
  if (const auto& limits = members["limits"]) parse_limits(limits, set);
  if (input.slices) {
    parse_directory_slices(*input.slices, set.directories, input.spread);
  } else if (const auto& directories = members["directories"]) {
    parse_directories(directories, set);
  }
  if (in_.error_count() != errors_before) return std::nullopt;
  return set;
}

void DocumentParser::parse_protocols(Node root, ScenarioSet& set) {
  auto operations = root.member("operations");
  if (!operations || !operations.is_map()) return;
  auto definitions = definitions_by_name(operations);
  for (const auto& op : set.operations) {
    auto definition = definitions.find(op.name);
    if (definition == definitions.end()) continue;  // an OpenAPI document's, or a pact's
    auto node = definition->second.member("protocol");
    if (!node) continue;
    if (!in_.expect(node, document::Kind::sequence,
                    "protocol: a list of rules, each naming its calls with when: fields")) {
      continue;
    }
    std::vector<Rule> rules = parse_operation(op, node);
    if (rules.size() != node.size()) continue;  // a rule with errors, reported
    size_t i = 0;
    for (Node item : document::items(node)) {
      // Without a field, a protocol rule would take every call from the
      // scenarios: it could never be scripted over.
      if (rules[i++].when.fields.empty()) {
        in_.error(item,
                  "a protocol rule names the calls it answers with when: fields (such as "
                  "when: {type: release}); expected at least one field");
      }
    }
    set.protocol[op.name] = std::move(rules);
  }
}

/// The operation of that name: the document's own first, then those in force.
const Operation* DocumentParser::find_operation(const std::string& name) const {
  for (const auto& op : *own_) {
    if (op.name == name) return &op;
  }
  return known_->by_name(name);
}

std::string DocumentParser::operation_names() const {
  std::string out = known_->names();
  for (const auto& op : *own_) {
    if (!known_->by_name(op.name)) out += (out.empty() ? "" : ", ") + op.name;
  }
  return out;
}

const Operation* DocumentParser::operation(Node key, const std::string& where) {
  const std::string name(key.text());
  const Operation* op = find_operation(name);
  if (!op) {
    in_.error(key, "unknown operation '" + name + "' in " + where +
                       "; expected one of: " + operation_names());
  }
  return op;
}

void DocumentParser::parse_policy(Node node, ScenarioSet& set) {
  auto text = in_.scalar(node, "accept or reject");
  if (!text) return;
  if (*text == "accept" || *text == "reject") {
    set.unknown_uuids = *text == "accept" ? UnknownUuids::accept : UnknownUuids::reject;
  } else {
    in_.error(node, "unknown_uuids is '" + *text + "'; expected accept or reject");
  }
}

void DocumentParser::parse_defaults(Node node, ScenarioSet& set) {
  if (!in_.expect(node, document::Kind::map, "a mapping of operation to answer or rules")) return;
  for (auto kv : document::members(node)) {
    const Operation* op = operation(kv.first, "defaults");
    if (!op) continue;
    set.defaults[op->name] = parse_operation(*op, kv.second);
  }
}

void DocumentParser::parse_limits(Node node, ScenarioSet& set) {
  if (!in_.expect(node, document::Kind::sequence,
                  "a list of rate limits ({calls: N, per_ms: T, ...})")) {
    return;
  }
  int index = 0;
  for (Node item : document::items(node)) {
    ++index;
    if (auto limit = parse_limit(item)) {
      limit->index = index;
      // The one way left for a document to break the SDK's lock by accident:
      // a limit of every operation refuses its release too, which the SDK
      // drops, and its next write takes no lock.
      if (!limit->operation && !limit->uuid && dialect_ == Dialect::service) {
        in_.warning(item, "limit " + std::to_string(index) +
                              " counts the calls of every operation and uuid, the SDK's lock "
                              "calls among them: a release refused 429 is dropped by the SDK, "
                              "and its next write takes no lock; give operation: to limit one "
                              "operation");
      }
      set.limits.push_back(std::move(*limit));
    }
  }
}

std::optional<Limit> DocumentParser::parse_limit(Node node) {
  if (!in_.expect(node, document::Kind::map, "a rate limit ({calls: N, per_ms: T, ...})")) {
    return std::nullopt;
  }
  size_t errors_before = in_.error_count();
  auto members = in_.fields(node, kLimitKeys, "a rate limit");
  Limit limit;
  const auto& calls = members["calls"];
  const auto& per_ms = members["per_ms"];
  if (!calls || !per_ms) {
    in_.error(node, "a rate limit needs calls (how many) and per_ms (in what window, ms)");
    return std::nullopt;
  }
  limit.calls = in_.integer(calls, "calls", 1, kMaxLimitCalls).value_or(1);
  limit.per_ms = in_.integer(per_ms, "per_ms", 1, kMaxLimitWindowMs).value_or(1);
  if (const auto& op = members["operation"]) {
    if (const Operation* known = operation(op, "a rate limit")) limit.operation = known->name;
  }
  if (const auto& uuid = members["uuid"]) {
    limit.uuid = in_.scalar(uuid, "a uuid (string)");
    if (auto problem = limit.uuid ? uuid_form_problem(*limit.uuid, dialect_) : std::nullopt)
      in_.error(uuid, *problem);
  }
  if (const auto& per = members["per"]) {
    auto text = in_.scalar(per, "uuid or all");
    if (text == "uuid" || text == "all") {
      limit.per = *text == "uuid" ? Limit::Per::uuid : Limit::Per::all;
    } else if (text) {
      in_.error(per, "per is '" + *text +
                         "'; expected uuid (each uuid counted on its own) or "
                         "all (every call together)");
    }
  }
  if (in_.error_count() != errors_before) return std::nullopt;
  return limit;
}

void DocumentParser::parse_directories(Node node, ScenarioSet& set) {
  if (!in_.expect(node, document::Kind::map, "a mapping of directory uuid to its script")) return;
  for (auto kv : document::members(node))
    parse_directory_entry(kv.first, kv.second, set.directories);
}

/// The slices' directories, in parts of the list read side by side when
/// `spread` has several workers; diagnostics in the list's order. Many more
/// parts than workers, each taken by the next free worker: entries differ
/// in cost, and so do threads (a worker's heap is not the main thread's), so
/// equal halves left one core idle for a sixth of a 100,000-uuid load.
void DocumentParser::parse_directory_slices(const std::vector<YamlSlice>& slices,
                                            Directories& directories, Spread spread) {
  check_repeated_uuids(slices);
  constexpr size_t kPartsPerWorker = 32;
  size_t parts = std::min(spread.workers * kPartsPerWorker, slices.size());
  if (spread.workers <= 1 || parts <= 1) {
    parse_slice_range(slices.data(), slices.data() + slices.size(), directories, spread.yaml_time);
    return;
  }
  std::vector<SlicePart> out(parts);
  // A copy of each body per worker, and no lock per answer.
  std::vector<AnswerPool> bodies(worker_count(parts));
  parallel_for(
      parts,
      [&](size_t i, size_t worker) {
        const YamlSlice* first = slices.data();
        out[i] = parse_part(first + i * slices.size() / parts,
                            first + (i + 1) * slices.size() / parts, bodies[worker]);
      },
      spread.priority);
  for (auto& part : out) {
    if (part.mismatch) throw SliceMismatch{};
  }
  for (auto& part : out) {
    in_.adopt(part.diagnostics, part.errors);
    // A uuid named twice is an error (check_repeated_uuids); the set is
    // refused, and what is merged here is never served.
    while (!part.directories.empty()) {
      auto node = part.directories.extract(part.directories.begin());
      auto placed = directories.insert(std::move(node));
      if (!placed.inserted) placed.position->second = std::move(placed.node.mapped());
    }
  }
}

SlicePart DocumentParser::parse_part(const YamlSlice* begin, const YamlSlice* end,
                                     AnswerPool& bodies) const {
  SlicePart out;
  DocumentParser part(in_.file(), dialect_, bodies, out.diagnostics);
  part.own_ = own_;
  part.known_ = known_;
  try {
    part.parse_slice_range(begin, end, out.directories, nullptr);
  } catch (const SliceMismatch&) {
    out.mismatch = true;
  }
  out.errors = part.in_.error_count();
  return out;
}

void DocumentParser::parse_slice_range(const YamlSlice* begin, const YamlSlice* end,
                                       Directories& directories, YamlTime* yaml_time) {
  for (const YamlSlice* slice = begin; slice != end; ++slice) {
    auto piece = [&] {
      TimedYaml timed(yaml_time);
      return read_slice(*slice, in_.file());
    }();
    if (piece.error) {
      in_.adopt(Diagnostics{std::move(*piece.error)});
      continue;
    }
    if (!piece.tree) throw SliceMismatch{};
    Node entry = piece.tree->root();
    parse_directory_entry(entry.key(0), entry[0], directories);
    TimedYaml timed(yaml_time);  // freeing the entry's tree
    piece.tree.reset();
  }
}

void DocumentParser::check_repeated_uuids(const std::vector<YamlSlice>& slices) {
  std::unordered_map<std::string_view, const YamlSlice*> seen;
  seen.reserve(slices.size());
  for (const auto& slice : slices) {
    auto [at, fresh] = seen.try_emplace(slice.key, &slice);
    if (fresh) continue;
    in_.error_at(slice.first_line + 1, key_column(slice),
                 document::repeated_key_message(slice.key, at->second->first_line + 1,
                                                key_column(*at->second)));
  }
}

void DocumentParser::parse_directory_entry(Node key, Node value, Directories& directories) {
  auto uuid = in_.scalar(key, "a directory uuid (string)");
  if (!uuid) return;
  if (auto problem = uuid_form_problem(*uuid, dialect_)) {
    in_.error(key, *problem);
    return;
  }
  // Moved, not copied; generated and recorded files list uuids in order,
  // so the end is the right hint.
  if (auto script = parse_directory(*uuid, value)) {
    directories.insert_or_assign(directories.end(), *uuid, std::move(*script));
  }
}

}  // namespace drivemock::scenario
