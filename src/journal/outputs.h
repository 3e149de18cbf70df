#pragma once
// Where each journaled entry goes besides the journal itself, all on the
// request's own thread and before its answer is written: the journal file
// (--journal-file), a log line (--log) and the in-process on_request hook.
// Admin changes get a log line too.

#include <functional>
#include <string_view>

#include "journal/journal_file.h"
#include "journal/request_log.h"
#include "model/entry.h"

namespace drivemock::journal {

struct Outputs {
  JournalFile* file = nullptr;  ///< null without --journal-file
  LogFormat log = LogFormat::none;
  std::function<void(const Entry&)> on_request;

  /// The journal's listener: hands `entry` to each output that is set.
  void entry(const Entry& entry) const;
  /// Logs one change made through the admin API (or a watched file).
  void change(std::string_view change) const;
};

}  // namespace drivemock::journal
