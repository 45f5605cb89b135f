# Writes OUTPUT, a C++ source whose embedded_network() (network.hpp)
# returns the bytes of INPUT: the weights file is part of the program, so
# the engine needs no file beside it. Run by engine/CMakeLists.txt at build
# time, again whenever INPUT changes.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n"
       bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp"
     "// Generated from engine/data/network.tqn by engine/nnue/embed.cmake.\n"
     "#include \"engine/nnue/network.hpp\"\n\n"
     "namespace tiaoqi::nnue {\n"
     "namespace {\n"
     "constexpr std::uint8_t kBytes[] = {\n${bytes}};\n"
     "}  // namespace\n\n"
     "std::span<const std::uint8_t> embedded_network() { return kBytes; }\n\n"
     "}  // namespace tiaoqi::nnue\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
