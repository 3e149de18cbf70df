// Loading scenarios: the files of a directory, each document read (big ones
// in slices, side by side, at a priority that keeps the server answering),
// the operations they add made known to the others, and the sets returned
// with every diagnostic. The grammar itself is read by DocumentParser
// (scenario/document_parser.h), one file per construct.
#include "scenario/loader.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

#include "contract/operations.h"
#include "contract/operations_reader.h"
#include "document/tree.h"
#include "document/yaml_slices.h"
#include "scenario/answer_pool.h"
#include "scenario/dialect_sets.h"
#include "scenario/document_parser.h"
#include "scenario/pact_set.h"
#include "scenario/slice_trees.h"
#include "util/clock.h"
#include "util/file_text.h"
#include "util/parallel.h"

namespace drivemock::scenario {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const fs::path& path, Diagnostics& diagnostics) {
  auto text = read_file_text(path);
  if (!text) {
    diagnostics.push_back(
        {Severity::error, path.string(), 0, 0, "cannot read the file (missing or not readable)"});
  }
  return text;
}

/// Whether `text` opens as JSON does (an object), after any blank space.
bool looks_like_json(std::string_view text) {
  size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{';
}

std::vector<fs::path> scenario_files(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    auto ext = entry.path().extension();
    if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// One document of a load: where it comes from, and what each pass over it
/// found. Passes that run in parallel write only to their own document.
struct Document {
  std::string file;  ///< its path, or "inline-N"
  std::string default_name;
  FileRefs refs =
      FileRefs::refused;            ///< allowed for files, which name others relative to themselves
  std::optional<std::string> text;  ///< given for inline texts, else read from `file`
  std::optional<SlicedYaml> sliced;    ///< its directories, one slice each (views into `text`)
  std::optional<document::Tree> tree;  ///< all of it, or all but the sliced directories
  std::vector<Operation> added;
  std::optional<ScenarioSet> set;
  std::optional<PactSet> pact;          ///< what a pact reads as
  Diagnostics read, operations, parse;  ///< what each pass found
};

Document file_document(const fs::path& path) {
  Document doc;
  doc.file = path.string();
  doc.default_name = path.stem().string();
  doc.refs = FileRefs::allowed;
  return doc;
}

/// Over kBigDocumentBytes once read: sliced whatever its layout, its entries
/// read on every core, its text not kept.
bool is_big(const Document& doc) {
  return doc.text && doc.text->size() > kBigDocumentBytes;
}

/// Whether a load's one document, sliced, has its entries read on every
/// core: when big, or over kSpreadDocumentBytes outside a server's change.
bool spreads(const Document& doc, Priority allowed) {
  if (!doc.sliced || !doc.text) return false;
  return is_big(doc) || (allowed == Priority::normal && doc.text->size() > kSpreadDocumentBytes);
}

/// The bytes the documents hold (files by their size on disk).
uintmax_t document_bytes(const std::vector<Document>& documents) {
  uintmax_t bytes = 0;
  for (const auto& doc : documents) {
    std::error_code ec;
    uintmax_t size = doc.text ? doc.text->size() : fs::file_size(doc.file, ec);
    if (!ec) bytes += size;
  }
  return bytes;
}

/// `allowed` when the load is big (see kBigDocumentBytes), else normal.
Priority priority_for(uintmax_t bytes, Priority allowed) {
  return allowed == Priority::background && bytes > kBigDocumentBytes ? Priority::background
                                                                      : Priority::normal;
}

/// The documents of a load: files (a directory's in name order), then texts.
std::vector<Document> documents_of(const std::vector<std::string>& paths,
                                   const std::vector<std::string>& texts) {
  std::vector<Document> documents;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& file : scenario_files(p)) documents.push_back(file_document(file));
    } else {
      documents.push_back(file_document(p));
    }
  }
  for (size_t i = 0; i < texts.size(); ++i) {
    Document doc;
    doc.file = doc.default_name = "inline-" + std::to_string(i + 1);
    doc.text = texts[i];
    documents.push_back(std::move(doc));
  }
  return documents;
}

/// Reads the document's text (unless given) and parses it: a big one's
/// directories slice by slice when it lends itself to that, else whole.
void read_document(Document& doc, YamlTime* yaml_time) {
  if (!doc.text) doc.text = read_file(doc.file, doc.read);
  if (!doc.text) return;
  if (doc.text->size() > kMaxContractBytes && looks_like_json(*doc.text)) {
    doc.read.push_back(
        {Severity::error, doc.file, 1, 1,
         "a JSON document (a pact, or a set written as JSON) of " +
             std::to_string(doc.text->size() >> 20) + " MiB; drivemock reads at most " +
             std::to_string(kMaxContractBytes >> 20) +
             " MiB of one (its parse holds tens of times a document's size): "
             "split it (a pact per consumer and provider) or write the set as YAML"});
    doc.text.reset();
    return;
  }
  TimedYaml timed(yaml_time);
  // Sliced from its lines at any size: then no event pass runs over the
  // directories. yaml-cpp's event slicer, itself a pass, pays only where a
  // whole tree would be too big. JSON (a pact, or a set) is read whole.
  if (!looks_like_json(*doc.text)) {
    doc.sliced = is_big(doc) ? slice_yaml(*doc.text, "directories")
                             : slice_yaml_by_lines(*doc.text, "directories");
  }
  size_t reported = doc.read.size();
  doc.tree = document::read_tree(doc.sliced ? std::string_view(doc.sliced->rest) : *doc.text,
                                 doc.file, doc.read);
  // Slices found from the lines hold only if the rest reads as they assumed:
  // else the text is read whole, as if never sliced.
  bool from_lines = doc.sliced && doc.sliced->key_line;
  if (from_lines && (!doc.tree || !rest_holds_key(doc.tree->root(), *doc.sliced, "directories"))) {
    doc.read.erase(doc.read.begin() + static_cast<std::ptrdiff_t>(reported), doc.read.end());
    doc.sliced.reset();
    doc.tree = document::read_tree(*doc.text, doc.file, doc.read);
  }
}

/// A pact is read as the set it gives (scenario/pact_set.h).
void read_pact(Document& doc, const OperationSet& known, Dialect dialect) {
  if (!doc.tree || !looks_like_pact(doc.tree->root())) return;
  document::Reader reader(doc.file, doc.read);
  size_t errors_before = reader.error_count();
  AnswerPool bodies;
  doc.pact = pact_set(doc.tree->root(), reader, known, {bodies, dialect});
  if (reader.error_count() > errors_before) doc.pact.reset();
  doc.tree.reset();
  doc.sliced.reset();
}

/// The set a pact read as, with the operations it adds.
ScenarioSet pact_set_of(Document& doc) {
  ScenarioSet set;
  set.source = doc.file;
  set.name = doc.default_name;
  set.operations = std::move(doc.added);
  set.defaults = std::move(doc.pact->defaults);
  set.directories = std::move(doc.pact->directories);
  doc.pact.reset();
  return set;
}

/// The document's set, from its root and slices, with the operations read
/// before. Should a slice not read as its entry, the text is read whole.
/// How the sets of a load are read: in which dialect, keeping bodies where,
/// naming which operations, spread how.
struct SetReading {
  Dialect dialect;
  AnswerPool& bodies;
  const OperationSet& usable;
  Spread spread;
};

void read_set(Document& doc, const SetReading& how) {
  YamlTime* yaml_time = how.spread.yaml_time;
  if (doc.pact) doc.set = pact_set_of(doc);
  if (!doc.tree && !doc.set) return;
  if (doc.sliced) {
    try {
      doc.set = DocumentParser(doc.file, how.dialect, how.bodies, doc.parse)
                    .parse({doc.tree->root(), doc.default_name, doc.added, how.usable,
                            &doc.sliced->entries, how.spread});
    } catch (const SliceMismatch&) {
      doc.parse.clear();
      doc.sliced.reset();
      TimedYaml timed(yaml_time);
      doc.tree = document::read_tree(*doc.text, doc.file, doc.parse);
    }
  }
  if (!doc.sliced && doc.tree) {
    doc.set = DocumentParser(doc.file, how.dialect, how.bodies, doc.parse)
                  .parse({doc.tree->root(), doc.default_name, std::move(doc.added), how.usable});
  }
  TimedYaml timed(yaml_time);
  doc.tree.reset();
  doc.sliced.reset();
  if (doc.set && doc.text) {
    doc.set->text_bytes = doc.text->size();
    if (!is_big(doc)) {
      doc.set->text = std::make_shared<const std::string>(std::move(*doc.text));
    }
  }
  doc.text.reset();
}

/// Adds to `usable` those of `added` it has no operation of that name for;
/// one that defines a dialect's operation again replaces it.
void add_new(OperationSet& usable, const std::vector<Operation>& added) {
  if (added.empty()) return;
  auto& list = usable.list;
  std::set<std::string, std::less<>> replaced;
  for (const auto& op : added) replaced.insert(op.name);
  std::erase_if(list,
                [&](const Operation& o) { return from_dialect(o) && replaced.contains(o.name); });
  // Names in a set: a lookup per operation would be quadratic in 10,000.
  std::set<std::string, std::less<>> names;
  for (const auto& op : list) names.insert(op.name);
  for (const auto& op : added) {
    if (names.insert(op.name).second) list.push_back(op);
  }
}

/// Each document's operations (`operations:`, a pact's), in document
/// order: what the sets may use, the known ones and those the documents add.
OperationSet read_operations(std::vector<Document>& documents, const OperationSet& known,
                             Dialect dialect) {
  AnswerPool operation_bodies;
  OperationSet usable = known;
  for (auto& doc : documents) {
    if (doc.pact) doc.added = std::move(doc.pact->operations);
    if (doc.tree) {
      doc.added = DocumentParser(doc.file, dialect, operation_bodies, doc.operations)
                      .parse_operations(doc.tree->root(), doc.refs);
    }
    add_new(usable, doc.added);
  }
  return usable;
}

/// Parses documents in three passes. Reading and YAML parsing, one document
/// per core; then every document's `operations:`, so that a script may use
/// an operation another file of the same load adds; then the sets, one
/// document per core again. Diagnostics come out in document order within
/// each pass, as a one-thread load would give them. Two definitions of one
/// operation are left to the catalog, which reports them at the second.
Checked<std::vector<ScenarioSet>> parse_documents(std::vector<Document>& documents, Dialect dialect,
                                                  const OperationSet& known, Priority allowed) {
  const Priority priority = priority_for(document_bytes(documents), allowed);
  parallel_for(
      documents.size(), [&](size_t i, size_t) { read_document(documents[i], nullptr); }, priority);
  for (auto& doc : documents) read_pact(doc, known, dialect);
  OperationSet usable = read_operations(documents, known, dialect);
  // A big document alone has its directories read by every core (each
  // keeping its own copy of a body); a small one on one thread, all its
  // identical bodies stored once (see kSpreadDocumentBytes).
  Spread spread{1, priority, nullptr};
  if (documents.size() == 1 && spreads(documents[0], allowed)) {
    spread.workers = worker_count(documents[0].sliced->entries.size());
  }
  // One pool per thread: identical bodies are shared within a thread's
  // files, and no lock is taken per answer.
  std::vector<AnswerPool> bodies(worker_count(documents.size()));
  parallel_for(
      documents.size(),
      [&](size_t i, size_t worker) {
        read_set(documents[i], {dialect, bodies[worker], usable, spread});
      },
      priority);
  Checked<std::vector<ScenarioSet>> parsed{std::vector<ScenarioSet>{}, {}};
  for (const auto& doc : documents) append(parsed.diagnostics, doc.read);
  for (auto& doc : documents) append(parsed.diagnostics, doc.operations);
  for (auto& doc : documents) {
    append(parsed.diagnostics, doc.parse);
    if (doc.set) parsed->push_back(std::move(*doc.set));
  }
  return parsed;
}

const OperationSet& usable_operations(const LoadOptions& options) {
  return options.known ? *options.known : dialect_operations(options.dialect);
}

}  // namespace

Checked<ScenarioSet> parse_scenario(std::string_view text, const std::string& file,
                                    const std::string& default_name, const LoadOptions& options) {
  std::vector<Document> documents(1);
  documents[0].file = file;
  documents[0].default_name = default_name;
  documents[0].text = std::string(text);
  auto sets =
      parse_documents(documents, options.dialect, usable_operations(options), options.priority);
  Checked<ScenarioSet> parsed{std::nullopt, std::move(sets.diagnostics)};
  if (!sets->empty()) parsed.value = std::move(sets->front());
  return parsed;
}

Checked<ScenarioSet> parse_scenario_measured(std::string_view text, const std::string& file,
                                             const std::string& default_name, YamlTime& yaml_time) {
  Document doc;
  doc.file = file;
  doc.default_name = default_name;
  doc.text = std::string(text);
  read_document(doc, &yaml_time);
  AnswerPool bodies;
  const OperationSet& builtin = *contract::builtin_set();
  OperationSet usable = builtin;
  if (doc.tree) {
    doc.added = DocumentParser(doc.file, Dialect::document, bodies, doc.operations)
                    .parse_operations(doc.tree->root());
    add_new(usable, doc.added);
  }
  read_set(doc, {Dialect::document, bodies, usable, {1, Priority::normal, &yaml_time}});
  Checked<ScenarioSet> parsed{std::move(doc.set), std::move(doc.read)};
  append(parsed.diagnostics, doc.operations);
  append(parsed.diagnostics, doc.parse);
  return parsed;
}

Checked<std::vector<ScenarioSet>> load_scenario_paths(const std::vector<std::string>& paths,
                                                      const LoadOptions& options) {
  return load_scenarios(paths, {}, options);
}

Checked<std::vector<ScenarioSet>> load_scenarios(const std::vector<std::string>& paths,
                                                 const std::vector<std::string>& texts,
                                                 const LoadOptions& options) {
  std::vector<Document> documents = documents_of(paths, texts);
  size_t files = documents.size() - texts.size();
  auto sets =
      parse_documents(documents, options.dialect, usable_operations(options), options.priority);
  // Sets with errors are left out, so tell inline ones by their source.
  for (auto& set : *sets) {
    bool from_file = std::any_of(documents.begin(), documents.begin() + static_cast<long>(files),
                                 [&](const Document& d) { return d.file == set.source; });
    if (!from_file) set.source = "inline";
  }
  return sets;
}

Priority load_priority(const std::vector<std::string>& paths, const std::vector<std::string>& texts,
                       Priority allowed) {
  uintmax_t bytes = document_bytes(documents_of(paths, {}));
  for (const auto& text : texts) bytes += text.size();
  return priority_for(bytes, allowed);
}

Priority load_priority(std::string_view text, Priority allowed) {
  return priority_for(text.size(), allowed);
}

}  // namespace drivemock::scenario
