#pragma once
// The dashboard's files (src/admin/ui/), built into the binary at compile
// time: drivemock serves them itself, with nothing to install and no request
// to any other host.

#include <string_view>
#include <vector>

namespace drivemock::admin {

struct UiFile {
  std::string_view name;  ///< as in src/admin/ui/, e.g. "index.html"
  std::string_view content;
};

/// Every file of the dashboard, by name.
const std::vector<UiFile>& ui_files();

}  // namespace drivemock::admin
