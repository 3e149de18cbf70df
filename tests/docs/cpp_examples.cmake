# docs/cpp.md's C++ examples as one Catch2 test, written at configure time
# into the build tree and built into e2e_tests: a page whose examples no
# longer compile fails the build, and one that no longer does what it shows
# fails the test. The blocks run in one scope, in page order (a block uses
# what the one before it declared); their #include lines go to the top.
function(drivemock_cpp_doc_examples doc out)
  file(READ ${doc} text)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${doc})
  # CMake lists split at ';' and brackets hold them together: escaped first.
  string(REPLACE ";" "@SEMI@" text "${text}")
  string(REPLACE "[" "@OPEN@" text "${text}")
  string(REPLACE "]" "@CLOSE@" text "${text}")
  string(REGEX MATCHALL "```cpp\n[^`]*```" blocks "${text}")
  set(includes "")
  set(body "")
  foreach(block IN LISTS blocks)
    string(REGEX REPLACE "^```cpp\n" "" block "${block}")
    string(REGEX REPLACE "```$" "" block "${block}")
    string(REGEX MATCHALL "#include [^\n]*\n" found "${block}")
    foreach(line IN LISTS found)
      string(APPEND includes "${line}")
    endforeach()
    string(REGEX REPLACE "#include [^\n]*\n" "" block "${block}")
    string(APPEND body "  {  // a block of the page\n${block}  }\n")
  endforeach()
  # Each block in a scope of its own, the ones after it inside it.
  string(REPLACE "  }\n  {  // a block of the page\n" "  // the next block of the page\n" body "${body}")
  get_filename_component(page "${doc}" NAME)
  set(source "// Written by tests/docs/cpp_examples.cmake from docs/${page}: do not edit.\n")
  string(APPEND source "#include <catch2/catch.hpp>\n${includes}\n")
  string(APPEND source "TEST_CASE(\"docs/cpp.md: its examples compile and do what they show\") {\n")
  string(APPEND source "${body}}\n")
  string(REPLACE "@SEMI@" ";" source "${source}")
  string(REPLACE "@OPEN@" "[" source "${source}")
  string(REPLACE "@CLOSE@" "]" source "${source}")
  file(CONFIGURE OUTPUT ${out} CONTENT "${source}" @ONLY)
endfunction()
