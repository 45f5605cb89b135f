#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/search/net/model.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::search::net {

// The model built into the binary (engine/search/net/default.tqnn, made
// into a source file at build time), read once.
const std::shared_ptr<const Model>& embedded_model();

// The name EvalFile gives the embedded model.
inline constexpr const char* kEmbeddedName = "embedded";

// The most bytes a model file of the widest layers takes, with room.
inline constexpr std::uintmax_t kMaxModelBytes = 16u << 20;

// A model file read and checked; the error names the file and what is
// wrong with it.
Expected<Model> read_model_file(const std::string& path);

}  // namespace tiaoqi::search::net
