#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/util/expected.hpp"

namespace tiaoqi::nnue {

// A learned cost of one player, in the centi-steps of the hand-made
// evaluation (eval.hpp), so that it takes the hand cost's place in the
// win shares (win_shares.hpp) at the same scale:
//     cost = v . clamp(W x + b, 0, 1) + c
// x the sparse binary inputs of the player's army in its own frame
// (frame_sixths, accumulators.hpp), W one column of kHidden weights an
// input, one hidden layer clipped to [0, 1]. The integers below are the trained floats quantised
// (tools/nnue/train): W and b times activation_one, v times
// output_divisor / activation_one, c times output_divisor.
inline constexpr int kFrameHoles = 121;
// The holes of the player's own pieces, then those of everyone else's.
inline constexpr int kInputs = 2 * kFrameHoles;
inline constexpr int kHidden = 32;

// One perspective's hidden layer before the clip. 32-byte aligned for the
// vector loops.
struct alignas(32) Accumulator {
  std::array<std::int16_t, kHidden> sums{};
  bool operator==(const Accumulator&) const = default;
};

struct Network {
  // The accumulator value that stands for 1.0, where the clip saturates.
  std::int32_t activation_one = 0;
  // The dot product of the clipped layer with the output weights, plus
  // the output bias, is the cost times this.
  std::int32_t output_divisor = 1;
  // Centi-steps off the cost of the side to move (the hand evaluation's
  // tempo, learned).
  std::int32_t tempo = 0;
  std::int32_t output_bias = 0;
  Accumulator input_bias;
  std::array<Accumulator, kInputs> input_weights{};
  alignas(32) std::array<std::int16_t, kHidden> output_weights{};
};

// The cost, in centi-steps, of one perspective's accumulator (rounded to
// the nearest).
int cost_of(const Network& network, const Accumulator& accumulator);

// Adds or takes away one input's column: fixed-size int16 loops that the
// compiler turns into vector instructions (-O3).
inline void add_column(const Network& network, int input, Accumulator& accumulator) {
  const auto& column = network.input_weights[static_cast<std::size_t>(input)].sums;
  for (int j = 0; j < kHidden; ++j)
    accumulator.sums[j] = static_cast<std::int16_t>(accumulator.sums[j] + column[j]);
}
inline void remove_column(const Network& network, int input, Accumulator& accumulator) {
  const auto& column = network.input_weights[static_cast<std::size_t>(input)].sums;
  for (int j = 0; j < kHidden; ++j)
    accumulator.sums[j] = static_cast<std::int16_t>(accumulator.sums[j] - column[j]);
}

// The weights file (.tqn), little-endian, as tools/nnue/train writes it:
//   "TQNN", u32 version 1, u32 inputs (kInputs), u32 hidden (kHidden),
//   i32 activation_one, i32 output_divisor, i32 tempo, i32 output_bias,
//   i16 input_weights[inputs][hidden], i16 input_bias[hidden],
//   i16 output_weights[hidden],
//   u32 FNV-1a (32-bit) of every byte before it.
inline constexpr std::uint32_t kNetworkVersion = 1;
inline constexpr std::size_t kNetworkFileSize =
    4 + 3 * 4 + 4 * 4 + 2 * (kInputs * kHidden + 2 * kHidden) + 4;

// Reads a weights file; the error says what was expected and what
// arrived, and refuses a network whose accumulators could overflow.
Expected<Network> parse_network(std::span<const std::uint8_t> bytes);

// The network built into the program (engine/data/network.tqn), as bytes.
std::span<const std::uint8_t> embedded_network();

}  // namespace tiaoqi::nnue
