// The drivemock executable: everything is in the library and the CLI layer.
#include "cli/command_line.h"

int main(int argc, char** argv) {
  return drivemock::cli::run(argc, argv);
}
