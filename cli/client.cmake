# `toolchain`, the thin client (issue 3): no V8 and no engine code; it talks to
# `toolchain-engine daemon` over the socket or execs `toolchain-engine` for
# --no-daemon. Boost.JSON is compiled in header-only (client/json.cc), so the
# binary needs nothing beyond libc and libstdc++ and starts in about a millisecond.
add_executable(toolchain
  ${CMAKE_CURRENT_LIST_DIR}/client_main.cc
  ${CMAKE_CURRENT_LIST_DIR}/client/daemon.cc
  ${CMAKE_CURRENT_LIST_DIR}/client/json.cc
  ${CMAKE_CURRENT_LIST_DIR}/client/paths.cc
  ${CMAKE_CURRENT_LIST_DIR}/client/rpc.cc
  ${CMAKE_CURRENT_LIST_DIR}/client/run.cc)
target_include_directories(toolchain PRIVATE ${CMAKE_SOURCE_DIR})
target_compile_definitions(toolchain PRIVATE TOOLCHAIN_VERSION="${PROJECT_VERSION}")
target_compile_options(toolchain PRIVATE -Wall -Wextra)
target_link_libraries(toolchain PRIVATE Boost::headers)
# No libstdc++/libgcc_s to load and relocate at start-up.
target_link_options(toolchain PRIVATE -static-libstdc++ -static-libgcc)
set_target_properties(toolchain PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
# The client finds the engine beside itself: build them together.
add_dependencies(toolchain toolchain-engine)
