#include "engine/search/net/embedded.hpp"

#include <cstdlib>
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
