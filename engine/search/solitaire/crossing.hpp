#pragma once

// Internal to the solitaire solver: what its searches share about one
// crossing, and the small helpers on sets of holes.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "engine/bitboard.hpp"
#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi::search::solitaire {

using Bits = Bitboard::Bits;

inline constexpr int kUnreachable = 1000;

inline std::uint64_t mix(std::uint64_t value) {
  value ^= value >> 31;
  value *= 0x7fb5d329728ea185ULL;
  value ^= value >> 27;
  value *= 0x81dadef4bc2dd44dULL;
  return value ^ (value >> 33);
}

inline std::uint64_t low_of(Bits bits) { return static_cast<std::uint64_t>(bits); }
inline std::uint64_t high_of(Bits bits) { return static_cast<std::uint64_t>(bits >> 64); }
inline Bits bits_of(std::uint64_t low, std::uint64_t high) { return (Bits{high} << 64) | low; }
inline std::uint64_t hash_of(Bits bits) { return mix(low_of(bits) ^ mix(high_of(bits) + 0x9e37)); }

inline Bits moved(Bits bits, Move move) {
  return bits ^ (Bits{1} << move.from) ^ (Bits{1} << move.to);
}
inline Move reversed(Move move) { return Move{move.to, move.from}; }

// What the searches need to know about a solitaire position's rules.
struct Crossing {
  const Rules* rules = nullptr;
  int army = 0;
  int pieces = 0;
  Bitboard target, stop_allowed;
  // Rank of each hole counted from the army's home tip (1) towards its target.
  std::array<std::uint8_t, kMaxHoles> progress{};
  // The left-right mirror along the army's axis, which maps every rule onto
  // itself (the identity if it did not).
  std::array<Hole, kMaxHoles> mirror{};
  // A symmetry of the board that swaps the army's home and target.
  std::array<Hole, kMaxHoles> turn{};
  // Moves can be undone (no goal lock), so a search backward from the
  // arrived army is a search forward from it.
  bool reversible = false;
  // A home deadline or move limit (0 = none): the same holes at another
  // move count are another state, so the table of lower bounds is not used.
  Bitboard home;
  int deadline = 0, move_limit = 0;
  bool timed() const { return deadline > 0 || move_limit > 0; }
  // The army loses with these holes after its move number `move_count`.
  bool lost(Bits bits, int move_count) const {
    if (arrived(bits)) return false;
    return (deadline > 0 && move_count >= deadline && (Bitboard(bits) & home).any()) ||
           (move_limit > 0 && move_count >= move_limit);
  }

  bool arrived(Bits bits) const { return (Bitboard(bits) & target) == target; }
  static Bits image(Bits bits, const std::array<Hole, kMaxHoles>& map) {
    Bits image = 0;
    for (int h : Bitboard(bits)) image |= Bits{1} << map[h];
    return image;
  }
  Bits mirrored(Bits bits) const { return image(bits, mirror); }
  // One key for a position and its mirror image: their distances are equal.
  Bits canonical(Bits bits) const { return std::min(bits, mirrored(bits)); }
  int progress_sum(Bits bits) const {
    int sum = 0;
    for (int h : Bitboard(bits)) sum += progress[h];
    return sum;
  }
  int gain(Move move) const { return progress[move.to] - progress[move.from]; }
};

// The rules of a solitaire root, or nullopt when it is not one: one player
// owning one army, the only pieces on the board, the game not over, and
// enough pieces to fill the target.
std::optional<Crossing> crossing_of(const Position& root);

// The position of the army on `bits` after `move_count` moves.
Position position_of(const Crossing& crossing, Bits bits, int move_count);

}  // namespace tiaoqi::search::solitaire
