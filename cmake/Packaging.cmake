# make deb: a Debian package of the drivemock executable (/usr/bin/drivemock),
# made by CPack from the `runtime` install component; its runtime
# dependencies are read off the binary by dpkg-shlibdeps (dpkg-dev). The
# library and headers (component `development`) stay with make install.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME drivemock)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "drivemock maintainers <drivemock@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Contract-testing fake of a file service's directory API (HTTP API v3)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
if(CMAKE_CROSSCOMPILING)
  # make deb-arm64: dpkg-shlibdeps looks libraries up in dpkg's database,
  # which holds no arm64 package here; the Makefile passes the Depends that
  # scripts/deb-depends reads off the binary and the sysroot's shlibs files.
  # Only drivemock is built for it (a cross tree builds no more than asked).
  set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE arm64)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
  set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
else()
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()
set(CPACK_STRIP_FILES ON)
include(CPack)
