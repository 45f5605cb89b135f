#include "engine/search/net/model.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace tiaoqi::search::net {
namespace {

static_assert(std::endian::native == std::endian::little, "model files are little-endian");

constexpr char kMagic[4] = {'T', 'Q', 'N', 'N'};
constexpr std::uint32_t kVersion = 1;
// magic, version, hidden, value_hidden, tables, inputs, policy outputs, corners.
constexpr std::size_t kHeaderWords = 7;
constexpr std::size_t kHeaderBytes = 4 + kHeaderWords * 4;

// Eight floats at a time: GCC's and Clang's vector extension, which the
// compiler maps to the widest registers the build targets (two SSE
// registers without AVX), with unaligned loads.
using Lanes = float __attribute__((vector_size(32)));
static_assert(sizeof(Lanes) == kLanes * sizeof(float));

Lanes load_lanes(const float* from) {
  Lanes lanes;
  std::memcpy(&lanes, from, sizeof lanes);
  return lanes;
}
void store_lanes(float* to, Lanes lanes) { std::memcpy(to, &lanes, sizeof lanes); }

// a . b over `width` floats, a multiple of kLanes.
float dot(const float* a, const float* b, int width) {
  Lanes sum{};
  for (int i = 0; i < width; i += kLanes) sum += load_lanes(a + i) * load_lanes(b + i);
  float total = 0;
  for (int i = 0; i < kLanes; ++i) total += sum[i];
  return total;
}

std::size_t block_size(const Shape& shape, int block) {
  const std::size_t h = static_cast<std::size_t>(shape.hidden);
  const std::size_t v = static_cast<std::size_t>(shape.value_hidden);
  switch (block) {
    case 0:
      return kInputs * h;
    case 1:
      return h;
    case 2:
      return kPolicyOutputs * h;
    case 3:
      return kPolicyOutputs;
    case 4:
      return v * h;
    case 5:
      return v;
    case 6:
      return kCorners * v;
    default:
      return kCorners;
  }
}

std::uint64_t fnv1a(const std::vector<std::uint8_t>& bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (std::uint8_t byte : bytes) hash = (hash ^ byte) * 0x100000001b3ULL;
  return hash;
}

}  // namespace

Model::Model(Shape shape) : shape_(shape) {
  for (int i = 0; i < 8; ++i)
    blocks()[static_cast<std::size_t>(i)]->assign(block_size(shape, i), 0);
  refresh_fingerprint();
}

std::array<std::vector<float>*, 8> Model::blocks() {
  return {&w1, &b1, &wp, &bp, &w2, &b2, &wv, &bv};
}
std::array<const std::vector<float>*, 8> Model::blocks() const {
  return {&w1, &b1, &wp, &bp, &w2, &b2, &wv, &bv};
}

bool Model::covers(int players) const {
  const int index = table_index(players);
  return index >= 0 && (shape_.tables >> index & 1);
}

void Model::refresh_fingerprint() { fingerprint_ = fnv1a(serialize()); }

std::vector<std::uint8_t> Model::serialize() const {
  const std::uint32_t header[kHeaderWords] = {kVersion,
                                              static_cast<std::uint32_t>(shape_.hidden),
                                              static_cast<std::uint32_t>(shape_.value_hidden),
                                              shape_.tables,
                                              kInputs,
                                              kPolicyOutputs,
                                              kCorners};
  std::size_t size = kHeaderBytes;
  for (const std::vector<float>* block : blocks()) size += block->size() * sizeof(float);
  // One buffer of the final size, filled in place.
  std::vector<std::uint8_t> bytes(size);
  std::memcpy(bytes.data(), kMagic, 4);
  std::memcpy(bytes.data() + 4, header, sizeof header);
  std::size_t at = kHeaderBytes;
  for (const std::vector<float>* block : blocks()) {
    std::memcpy(bytes.data() + at, block->data(), block->size() * sizeof(float));
    at += block->size() * sizeof(float);
  }
  return bytes;
}

Expected<Model> Model::parse(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes)
    return fail("the model file is truncated: " + std::to_string(bytes.size()) +
                " bytes, shorter than its header (" + std::to_string(kHeaderBytes) + ")");
  if (std::memcmp(bytes.data(), kMagic, 4) != 0)
    return fail("not a Tiaoqi model file: it does not start with TQNN");
  std::uint32_t header[kHeaderWords];
  std::memcpy(header, bytes.data() + 4, sizeof header);
  if (header[0] != kVersion)
    return fail("the model file has version " + std::to_string(header[0]) +
                "; this engine reads version " + std::to_string(kVersion));
  if (header[4] != kInputs || header[5] != kPolicyOutputs || header[6] != kCorners)
    return fail("the model file has the wrong shape: " + std::to_string(header[4]) + " inputs, " +
                std::to_string(header[5]) + " policy outputs and " + std::to_string(header[6]) +
                " value outputs, where this engine reads " + std::to_string(kInputs) + ", " +
                std::to_string(kPolicyOutputs) + " and " + std::to_string(kCorners));
  if (!good_width(header[1]) || !good_width(header[2]))
    return fail("the model file has the wrong shape: layers of " + std::to_string(header[1]) +
                " and " + std::to_string(header[2]) +
                " units, where this engine reads multiples of " + std::to_string(kLanes) +
                " up to " + std::to_string(kMaxHidden));
  if (header[3] == 0 || header[3] >> kTableInputs)
    return fail("the model file names no table size it was trained at (mask " +
                std::to_string(header[3]) + ")");
  Model model(Shape{static_cast<int>(header[1]), static_cast<int>(header[2]), header[3]});
  std::size_t expected = kHeaderBytes;
  for (const std::vector<float>* block : model.blocks()) expected += block->size() * sizeof(float);
  if (bytes.size() != expected)
    return fail(std::string("the model file is ") +
                (bytes.size() < expected ? "truncated" : "too long") + ": " +
                std::to_string(bytes.size()) + " bytes where its shape needs " +
                std::to_string(expected));
  std::size_t at = kHeaderBytes;
  for (std::vector<float>* block : model.blocks()) {
    std::memcpy(block->data(), bytes.data() + at, block->size() * sizeof(float));
    at += block->size() * sizeof(float);
    if (!std::all_of(block->begin(), block->end(), [](float w) { return std::isfinite(w); }))
      return fail("the model file holds a weight that is not a finite number");
  }
  model.refresh_fingerprint();
  return model;
}

void Model::hidden(const std::uint16_t* active, int count, float* out) const {
  const int width = shape_.hidden;
  std::memcpy(out, b1.data(), static_cast<std::size_t>(width) * sizeof(float));
  for (int i = 0; i < count; ++i) {
    const float* column = w1.data() + static_cast<std::size_t>(active[i]) * width;
    for (int j = 0; j < width; j += kLanes)
      store_lanes(out + j, load_lanes(out + j) + load_lanes(column + j));
  }
  const Lanes zero{};
  for (int j = 0; j < width; j += kLanes) {
    const Lanes lanes = load_lanes(out + j);
    store_lanes(out + j, lanes > zero ? lanes : zero);
  }
}

std::array<float, kMaxPlayers> Model::value(const float* hidden, const Frame& frame,
                                            int players) const {
  const int width = shape_.hidden, inner = shape_.value_hidden;
  alignas(32) std::array<float, kMaxHidden> middle{};
  for (int j = 0; j < inner; ++j)
    middle[static_cast<std::size_t>(j)] =
        std::max(0.0f, b2[static_cast<std::size_t>(j)] +
                           dot(hidden, w2.data() + static_cast<std::size_t>(j) * width, width));
  std::array<float, kCorners> corners{};
  for (int c = 0; c < kCorners; ++c)
    corners[static_cast<std::size_t>(c)] =
        bv[static_cast<std::size_t>(c)] +
        dot(middle.data(), wv.data() + static_cast<std::size_t>(c) * inner, inner);
  std::array<float, kMaxPlayers> seats{};
  for (int p = 0; p < players; ++p)
    seats[static_cast<std::size_t>(p)] =
        corners[static_cast<std::size_t>(frame.corner_of[static_cast<std::size_t>(p)])];
  return seats;
}

void Model::policy(const float* hidden, const Frame& frame, const Move* moves, int count,
                   float* scores) const {
  // Each output once: a position's moves share a few start holes and
  // repeat many end holes.
  std::array<float, kPolicyOutputs> outputs;
  std::array<bool, kPolicyOutputs> found{};
  const int width = shape_.hidden;
  auto output = [&](int index) {
    const auto i = static_cast<std::size_t>(index);
    if (!found[i]) {
      found[i] = true;
      outputs[i] = bp[i] + dot(hidden, wp.data() + i * static_cast<std::size_t>(width), width);
    }
    return outputs[i];
  };
  for (int m = 0; m < count; ++m)
    scores[m] = output(from_output(frame, moves[m])) + output(to_output(frame, moves[m]));
}

std::array<double, kMaxPlayers> log_shares(const Model& model, const Position& position,
                                           Reading& scratch) {
  const Frame frame = frame_of(position);
  const int count = active_inputs(position, frame, scratch.active);
  model.hidden(scratch.active.data(), count, scratch.hidden.data());
  const int players = position.rules().player_count();
  const std::array<float, kMaxPlayers> seats = model.value(scratch.hidden.data(), frame, players);
  std::array<double, kMaxPlayers> shares{};
  for (int p = 0; p < players; ++p)
    shares[static_cast<std::size_t>(p)] = seats[static_cast<std::size_t>(p)];
  return shares;
}

void prior(const Model& model, const Position& position, const Move* moves, int count,
           Reading& scratch, float* probabilities) {
  const Frame frame = frame_of(position);
  const int active = active_inputs(position, frame, scratch.active);
  model.hidden(scratch.active.data(), active, scratch.hidden.data());
  model.policy(scratch.hidden.data(), frame, moves, count, probabilities);
  if (count == 0) return;
  const float top = *std::max_element(probabilities, probabilities + count);
  float sum = 0;
  for (int m = 0; m < count; ++m) sum += probabilities[m] = std::exp(probabilities[m] - top);
  for (int m = 0; m < count; ++m) probabilities[m] /= sum;
}

}  // namespace tiaoqi::search::net
