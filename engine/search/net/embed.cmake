# Makes the model file INPUT into the C++ source OUTPUT: its bytes as an
# array that embedded.cpp reads (the binary carries its default model, as
# a chess engine carries its net).
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR byte_count "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUTPUT}.tmp"
  "// Generated from engine/search/net/default.tqnn by embed.cmake: do not edit.\n"
  "#include <cstdint>\n#include <span>\n\n"
  "namespace tiaoqi::search::net {\nnamespace {\n"
  "alignas(16) const std::uint8_t kBytes[${byte_count}] = {${bytes}};\n"
  "}  // namespace\n\n"
  "std::span<const std::uint8_t> embedded_model_bytes() { return kBytes; }\n\n"
  "}  // namespace tiaoqi::search::net\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
