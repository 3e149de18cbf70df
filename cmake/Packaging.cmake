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
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
