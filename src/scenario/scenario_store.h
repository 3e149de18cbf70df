#pragma once
// The scenario sets in force and where they came from: files (re-readable
// with reload), inline texts given at start, and sets pushed through the admin
// API. Every change builds a whole new catalog first and swaps it into the
// engine only if it has no errors, so a bad change never leaves the server
// half-loaded. Directories a change touches start over from their initial
// state.

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/diagnostic.h"
#include "scenario/catalog.h"
#include "scenario/engine.h"
#include "scenario/model.h"
#include "util/parallel.h"

namespace drivemock::scenario {

/// One script that a pushed set shadows, or that shadows this set's.
struct ShadowSummary {
  std::string uuid;  ///< empty: `defaults:`
  std::string operation;
  std::string set;  ///< the other set
  std::string source;
};

/// One set as GET /__admin/scenarios lists it.
struct SetSummary {
  std::string name;
  std::string source;  ///< file path, "inline" or "pushed"
  size_t directories = 0;
  size_t rules = 0;
  std::shared_ptr<const std::string> text;  ///< as loaded; none over kBigDocumentBytes
  size_t text_bytes = 0;
  std::vector<ShadowSummary> shadows;      ///< the earlier scripts this push hides
  std::vector<ShadowSummary> shadowed_by;  ///< this set's scripts that pushes hide
  Layer layer = Layer::file;
};

/// A set read from a file that a pushed set hides while it is in force:
/// whole (the push has its name) or some of its scripts (shadows).
struct HiddenFileSet {
  std::string name;    ///< the file's set
  std::string source;  ///< its file
  std::string by;      ///< the pushed set
  size_t scripts = 0;  ///< scripts hidden; 0: the whole set, replaced by name
};

/// Whether a push takes effect or only says what it would do.
enum class Apply { now, dry_run };

class ScenarioStore {
 public:
  /// Told of every change that took effect, with the sets then in force and
  /// the catalog built of them, under the store's lock (so in order).
  using Listener =
      std::function<void(const std::vector<SharedSet>& sets, std::shared_ptr<const Catalog>)>;

  /// Sets are read and built in the envelope's dialect.
  ScenarioStore(std::vector<std::string> paths, std::vector<std::string> texts, Engine& engine,
                Envelope envelope = Envelope());

  /// Reads files and inline texts, on every core; on errors nothing is loaded.
  Diagnostics load();
  /// Re-reads the files; on errors the loaded sets stay as they were. A big
  /// reload or push (over kBigDocumentBytes) runs at background priority as
  /// a whole, so that it yields to requests (see Priority in util/parallel.h).
  Diagnostics reload();
  /// Adds a set, or replaces the set of the same name (file or pushed); the
  /// set's name when it is in force. A dry run builds the whole catalog the
  /// push would make, so it finds every error the push would, and then
  /// drops it. `name` names a document that names itself nothing; one that
  /// names itself otherwise is an error.
  Checked<std::string> push(std::string_view text, Apply apply = Apply::now,
                            const std::optional<std::string>& name = std::nullopt);
  /// Removes the named set (a file's set comes back on reload); false if
  /// unknown. No value, errors, and nothing removed when another set scripts
  /// an operation that this one adds.
  Checked<bool> remove(const std::string& name);
  /// Drops every pushed set and brings back removed file sets.
  void drop_pushed();
  /// The sets in force, in load order.
  std::vector<SetSummary> list() const;
  /// The files' sets that pushed sets hide, by file set and push.
  std::vector<HiddenFileSet> hidden_file_sets() const;
  /// The set in force of that name, if any (counting only its own rules).
  std::optional<SetSummary> find(const std::string& name) const;
  /// Sets the listener (before any change).
  void set_listener(Listener listener) { listener_ = std::move(listener); }
  /// Makes `base` the sets under this store's own, as if loaded from files
  /// (a session's store takes the baseline's sets in force), `built` their
  /// catalog: in force as it is while nothing is pushed. The pushed sets
  /// stay on top, and the states stay as they are: a session's are its own,
  /// whatever changes the baseline. On errors nothing changes.
  Diagnostics rebase(std::vector<SharedSet> base, std::shared_ptr<const Catalog> built);
  /// The names of the sets pushed into this store and in force, in push order (not those of the
  /// base, pushed or not).
  std::vector<std::string> pushed_names() const;
  /// The sets pushed into this store and in force, in push order.
  std::vector<SharedSet> pushed_sets() const;
  /// The bytes of the pushed sets' texts, all together.
  size_t pushed_text_bytes() const;
  /// The files and directories that reload reads.
  const std::vector<std::string>& paths() const { return paths_; }

 private:
  Checked<std::vector<ScenarioSet>> read_sources(Priority priority) const;
  Diagnostics load_sources(Priority priority);
  Checked<std::string> push_now(std::string_view text, Apply apply,
                                const std::optional<std::string>& name);
  /// The catalog of these sets: over the base's catalog where it can be.
  Checked<std::shared_ptr<const Catalog>> build(const std::vector<SharedSet>& base,
                                                const std::vector<SharedSet>& pushed,
                                                const std::vector<std::string>& removed) const;
  /// Builds and swaps in a catalog from these sets; on errors changes nothing.
  Diagnostics commit(std::vector<SharedSet> base, std::vector<SharedSet> pushed,
                     std::vector<std::string> removed, Restart restart = Restart::named);

  const std::vector<std::string> paths_;
  const std::vector<std::string> texts_;
  Engine& engine_;
  const Envelope envelope_;
  mutable std::mutex mutex_;
  std::vector<SharedSet> base_;       ///< from files and inline texts
  std::vector<SharedSet> pushed_;     ///< through the admin API, in push order
  std::vector<std::string> removed_;  ///< base set names removed until reload
  int pushed_count_ = 0;
  Listener listener_;
  std::shared_ptr<const Catalog> base_catalog_;           ///< the catalog of base_ alone, if given
  std::shared_ptr<const Catalog> previous_base_catalog_;  ///< during a rebase
};

}  // namespace drivemock::scenario
