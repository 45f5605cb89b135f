#include "engine/nnue/network.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace tiaoqi::nnue {
namespace {

constexpr std::array<std::uint8_t, 4> kMagic = {'T', 'Q', 'N', 'N'};
// The most pieces on the board that are inputs of one perspective (six
// armies of ten): the bound a file's weights must keep the int16
// accumulator inside.
constexpr int kMostActiveInputs = 60;

std::uint32_t fnv1a(std::span<const std::uint8_t> bytes) {
  std::uint32_t hash = 2166136261u;
  for (std::uint8_t byte : bytes) hash = (hash ^ byte) * 16777619u;
  return hash;
}

// Reads little-endian values in order; the caller has checked the size.
class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  std::uint32_t u32() {
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) value |= std::uint32_t{bytes_[at_++]} << (8 * i);
    return value;
  }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  std::int16_t i16() {
    const auto low = bytes_[at_++];
    const auto high = bytes_[at_++];
    return static_cast<std::int16_t>(static_cast<std::uint16_t>(low | high << 8));
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t at_ = 0;
};

}  // namespace

int cost_of(const Network& network, const Accumulator& accumulator) {
  const std::int16_t one = static_cast<std::int16_t>(network.activation_one);
  std::int32_t dot = 0;
  // int16 products summed in int32: the vector multiply-add (vpmaddwd).
  for (int j = 0; j < kHidden; ++j) {
    const std::int16_t clipped =
        std::clamp<std::int16_t>(accumulator.sums[j], std::int16_t{0}, one);
    dot += std::int32_t{clipped} * network.output_weights[j];
  }
  const std::int64_t total = std::int64_t{dot} + network.output_bias;
  const std::int64_t divisor = network.output_divisor;
  // Rounded to the nearest, halves away from zero, as the trainer does.
  const std::int64_t rounded =
      total >= 0 ? (total + divisor / 2) / divisor : -((-total + divisor / 2) / divisor);
  return static_cast<int>(rounded);
}

Expected<Network> parse_network(std::span<const std::uint8_t> bytes) {
  const std::string what = "network file: ";
  if (bytes.size() < 16 || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
    return fail(what + "expected the magic 'TQNN' at its start, got something else");
  Reader header(bytes.subspan(4));
  const std::uint32_t version = header.u32();
  const std::uint32_t inputs = header.u32();
  const std::uint32_t hidden = header.u32();
  if (version != kNetworkVersion)
    return fail(what + "expected version " + std::to_string(kNetworkVersion) + ", got " +
                std::to_string(version));
  if (inputs != kInputs || hidden != kHidden)
    return fail(what + "expected " + std::to_string(kInputs) + " inputs and " +
                std::to_string(kHidden) + " hidden, got " + std::to_string(inputs) + " and " +
                std::to_string(hidden));
  if (bytes.size() != kNetworkFileSize)
    return fail(what + "expected " + std::to_string(kNetworkFileSize) + " bytes, got " +
                std::to_string(bytes.size()));
  const std::uint32_t checksum = Reader(bytes.last(4)).u32();
  if (fnv1a(bytes.first(bytes.size() - 4)) != checksum)
    return fail(what + "the checksum does not match its contents (a damaged file)");

  Network network;
  Reader reader(bytes.subspan(16));
  network.activation_one = reader.i32();
  network.output_divisor = reader.i32();
  network.tempo = reader.i32();
  network.output_bias = reader.i32();
  for (Accumulator& column : network.input_weights)
    for (std::int16_t& weight : column.sums) weight = reader.i16();
  for (std::int16_t& bias : network.input_bias.sums) bias = reader.i16();
  for (std::int16_t& weight : network.output_weights) weight = reader.i16();

  if (network.activation_one < 1 || network.activation_one > 32767 || network.output_divisor < 1)
    return fail(what + "expected activation_one in 1..32767 and output_divisor >= 1, got " +
                std::to_string(network.activation_one) + " and " +
                std::to_string(network.output_divisor));
  // Every partial sum of an accumulator (bias and any kMostActiveInputs
  // columns) stays inside int16, so that the sums need no checks when
  // moves are added and taken away in any order.
  for (int j = 0; j < kHidden; ++j) {
    int most = 0;
    for (const Accumulator& column : network.input_weights)
      most = std::max(most, std::abs(int{column.sums[j]}));
    const int bound = std::abs(int{network.input_bias.sums[j]}) + kMostActiveInputs * most;
    if (bound > 32767)
      return fail(what + "hidden unit " + std::to_string(j) + " can reach " +
                  std::to_string(bound) + ", outside the int16 accumulator");
  }
  return network;
}

}  // namespace tiaoqi::nnue
