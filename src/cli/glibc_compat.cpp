// Linked into drivemock-portable only (cmake/PortableBinary.cmake): what keeps
// the npm binary running on glibc 2.34 (RHEL 9 and its rebuilds, Amazon Linux
// 2023, Ubuntu 22.04) rather than only on the 2.36 of the Debian 12 it is
// built on. Two functions that the static runtime calls when the glibc it was
// built against has them, defined here from older glibc calls, so the linker
// binds to these and the binary imports nothing newer than 2.34 (which every
// binary linked on a glibc of 2.34 or later needs for __libc_start_main).
// tests/cli/portable_binary.sh fails when an import newer than 2.34 appears.
#include <dlfcn.h>
#include <link.h>
#include <sys/random.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>

// GCC 12's static libstdc++ draws std::random_device's bytes from arc4random
// (glibc 2.36); getrandom(2) is glibc 2.25.
extern "C" std::uint32_t arc4random() noexcept {
  std::uint32_t value = 0;
  for (;;) {
    // Reads of up to 256 bytes are never short; a signal may interrupt the
    // wait for the kernel's pool to be seeded at boot, which asks again.
    const ssize_t got = getrandom(&value, sizeof value, 0);
    if (got == static_cast<ssize_t>(sizeof value)) return value;
    if (got < 0 && errno == EINTR) continue;
    std::abort();  // no getrandom (a kernel before 3.17): no safe answer to give
  }
}

namespace {

struct Search {
  std::uintptr_t address;
  dl_find_object* result;
  bool found;
};

int find_in(dl_phdr_info* info, size_t /*size*/, void* data) {
  auto& search = *static_cast<Search*>(data);
  std::uintptr_t start = UINTPTR_MAX, end = 0;
  bool contains = false;
  const ElfW(Phdr)* eh_frame = nullptr;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[i];
    const std::uintptr_t from = info->dlpi_addr + segment.p_vaddr;
    if (segment.p_type == PT_GNU_EH_FRAME) eh_frame = &segment;
    if (segment.p_type != PT_LOAD) continue;
    if (from < start) start = from;
    if (from + segment.p_memsz > end) end = from + segment.p_memsz;
    if (search.address >= from && search.address < from + segment.p_memsz) contains = true;
  }
  if (!contains) return 0;
  *search.result = {};
  search.result->dlfo_map_start = reinterpret_cast<void*>(start);
  search.result->dlfo_map_end = reinterpret_cast<void*>(end);
  if (eh_frame != nullptr)
    search.result->dlfo_eh_frame = reinterpret_cast<void*>(info->dlpi_addr + eh_frame->p_vaddr);
  search.found = true;
  return 1;
}

}  // namespace

// GCC 12's static unwinder (libgcc_eh) finds a frame's unwind tables with
// _dl_find_object (glibc 2.35) and has no other way once built against it;
// before 2.35 it walked the loaded objects with dl_iterate_phdr (2.2.5), as
// this does. Every C++ exception, yaml-cpp's parse errors among them, unwinds
// through it.
extern "C" int _dl_find_object(void* address, dl_find_object* result) noexcept {
  Search search{reinterpret_cast<std::uintptr_t>(address), result, false};
  dl_iterate_phdr(find_in, &search);
  return search.found ? 0 : -1;
}
