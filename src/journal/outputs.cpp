#include "journal/outputs.h"

#include "util/log.h"

namespace drivemock::journal {

void Outputs::entry(const Entry& entry) const {
  if (file) file->append(entry);
  if (log != LogFormat::none) log::info(request_line(entry, log));
  if (on_request) on_request(entry);
}

void Outputs::change(std::string_view change) const {
  if (log != LogFormat::none) log::info(admin_line(change, log));
}

}  // namespace drivemock::journal
