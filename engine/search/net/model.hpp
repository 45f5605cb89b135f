#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/search/net/frame.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::search::net {

// The learned knowledge of MCTS: one small network for every table size,
// that reads a position in its frame (frame.hpp) and gives
//   - a policy: a score a move, its start hole's output plus its end
//     hole's, whose softmax over the legal moves is the search's prior;
//   - a value: a log-share of the win for each corner, whose softmax over
//     the players still in the game is each player's share.
//
//   inputs (sparse, kInputs) -> hidden: ReLU(W1 x + b1), `hidden` units
//   hidden -> policy: Wp h + bp (kPolicyOutputs)
//   hidden -> ReLU(W2 h + b2), `value_hidden` units -> Wv . + bv (kCorners)
//
// The weights are plain floats, the same in the file, in the trainer and
// here; the engine embeds its default (embedded.hpp) and reads others
// from a file (EvalFile).
struct Shape {
  int hidden = 0;
  int value_hidden = 0;
  // Bit i: the model was trained at kTableSizes[i] players.
  std::uint32_t tables = 0;
  bool operator==(const Shape&) const = default;
};

// The widths the engine's inference handles: multiples of kLanes.
inline constexpr int kLanes = 8;
inline constexpr int kMaxHidden = 512;
// Whether a layer of `width` units is one the inference handles.
inline constexpr bool good_width(long long width) {
  return width >= kLanes && width <= kMaxHidden && width % kLanes == 0;
}

class Model {
 public:
  // A model of `shape` with every weight 0.
  explicit Model(Shape shape);

  // Reads a model file's bytes; the error names what is wrong (the magic,
  // the version, a width, a truncated or overlong file, a weight that is
  // not finite).
  static Expected<Model> parse(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> serialize() const;
  // FNV-1a of the serialized bytes, for records and `d`.
  std::uint64_t fingerprint() const { return fingerprint_; }
  void refresh_fingerprint();

  const Shape& shape() const { return shape_; }
  bool covers(int players) const;

  // The hidden units of a position (its active inputs, frame.hpp).
  void hidden(const std::uint16_t* active, int count, float* out) const;
  // Each player's log-share of the win, by seat (0 for seats not played).
  std::array<float, kMaxPlayers> value(const float* hidden, const Frame& frame, int players) const;
  // A policy score for each move of `moves`, in their order.
  void policy(const float* hidden, const Frame& frame, const Move* moves, int count,
              float* scores) const;

  // The weights, each block laid out as its comment says; the trainer
  // reads and writes them in place.
  std::vector<float> w1;  // [kInputs][hidden]
  std::vector<float> b1;  // [hidden]
  std::vector<float> wp;  // [kPolicyOutputs][hidden]
  std::vector<float> bp;  // [kPolicyOutputs]
  std::vector<float> w2;  // [value_hidden][hidden]
  std::vector<float> b2;  // [value_hidden]
  std::vector<float> wv;  // [kCorners][value_hidden]
  std::vector<float> bv;  // [kCorners]

  // The blocks in file order, for reading, writing and training alike.
  std::array<std::vector<float>*, 8> blocks();
  std::array<const std::vector<float>*, 8> blocks() const;

 private:
  Shape shape_;
  std::uint64_t fingerprint_ = 0;
};

// What one position gives the search: every player's share of the win, or
// the prior over its moves. The scratch room is the caller's, so that a
// search thread reads the model without allocating.
struct Reading {
  std::array<std::uint16_t, kMaxActive> active{};
  alignas(32) std::array<float, kMaxHidden> hidden{};
};

// Each player's log-share of the win that the value gives `position` (not
// over, read by the model), by seat.
std::array<double, kMaxPlayers> log_shares(const Model& model, const Position& position,
                                           Reading& scratch);

// The prior over `moves` of the side to move: the softmax of their policy
// scores, in their order.
void prior(const Model& model, const Position& position, const Move* moves, int count,
           Reading& scratch, float* probabilities);

}  // namespace tiaoqi::search::net
