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
# --version and --help are answered without a daemon, with the engine's own texts.
set(client_texts ${CMAKE_CURRENT_BINARY_DIR}/client_texts.h)
add_custom_command(OUTPUT ${client_texts}
  COMMAND ${CMAKE_COMMAND} -DENGINE=$<TARGET_FILE:toolchain-engine> -DOUTPUT=${client_texts}
          -P ${CMAKE_CURRENT_LIST_DIR}/client_texts.cmake
  DEPENDS toolchain-engine ${CMAKE_CURRENT_LIST_DIR}/client_texts.cmake
  COMMENT "Taking --version and --help from toolchain-engine")
target_sources(toolchain PRIVATE ${client_texts})
target_include_directories(toolchain PRIVATE ${CMAKE_CURRENT_BINARY_DIR})
target_compile_options(toolchain PRIVATE -Wall -Wextra)
target_link_libraries(toolchain PRIVATE Boost::headers)
# No libstdc++/libgcc_s to load and relocate at start-up.
target_link_options(toolchain PRIVATE -static-libstdc++ -static-libgcc)
# No RUNPATH: the client needs only libc, and a search path costs look-ups at start.
set_target_properties(toolchain PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR} SKIP_BUILD_RPATH ON)
# The client finds the engine beside itself: build them together (the
# custom command above already makes the client depend on the engine).
