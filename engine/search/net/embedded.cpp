#include "engine/search/net/embedded.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <vector>

namespace tiaoqi::search::net {

// The bytes of default.tqnn, from the source file the build generates
// (engine/CMakeLists.txt).
std::span<const std::uint8_t> embedded_model_bytes();

const std::shared_ptr<const Model>& embedded_model() {
  static const std::shared_ptr<const Model> kModel = [] {
    Expected<Model> model = Model::parse(embedded_model_bytes());
    // The build checks the file (tests/engine/search/net_test.cpp); a
    // binary with a broken one is a bug.
    if (!model) std::abort();
    return std::make_shared<const Model>(std::move(*model));
  }();
  return kModel;
}

Expected<Model> read_model_file(const std::string& path) {
  // Only a regular file of a model's size is read: a device or a pipe
  // (/dev/zero, a FIFO) named by mistake would never end.
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error))
    return fail("cannot read the model file " + path +
                (std::filesystem::exists(path, error) ? ": it is not a regular file" : ""));
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error || size > kMaxModelBytes)
    return fail("the model file " + path + " is too large: " + std::to_string(size) +
                " bytes, where a model has at most " + std::to_string(kMaxModelBytes));
  std::ifstream file(path, std::ios::binary);
  if (!file) return fail("cannot read the model file " + path);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                        std::istreambuf_iterator<char>());
  if (file.bad()) return fail("cannot read the model file " + path);
  Expected<Model> model = Model::parse(bytes);
  if (!model) return fail(path + ": " + model.error());
  return model;
}

}  // namespace tiaoqi::search::net
