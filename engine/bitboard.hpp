#pragma once

#include <bit>
#include <cstdint>

namespace tiaoqi {

// A set of up to 128 bit positions. Used with two layouts: hole indices
// (rank order, 121 holes on the standard board) and the padded parity-class
// grids of geometry.hpp, where jump landings are constant shifts.
class Bitboard {
 public:
  using Bits = unsigned __int128;

  constexpr Bitboard() = default;
  constexpr explicit Bitboard(Bits bits) : bits_(bits) {}
  static constexpr Bitboard bit(int index) { return Bitboard(Bits{1} << index); }

  constexpr Bits raw() const { return bits_; }
  constexpr std::uint64_t low() const { return static_cast<std::uint64_t>(bits_); }
  constexpr std::uint64_t high() const { return static_cast<std::uint64_t>(bits_ >> 64); }

  constexpr bool any() const { return bits_ != 0; }
  constexpr bool none() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }
  constexpr bool test(int index) const { return (bits_ >> index) & 1; }
  constexpr int count() const { return std::popcount(low()) + std::popcount(high()); }

  // Index of the lowest / highest set bit; the board must not be empty.
  constexpr int lowest() const {
    return low() ? std::countr_zero(low()) : 64 + std::countr_zero(high());
  }
  constexpr int highest() const {
    return high() ? 127 - std::countl_zero(high()) : 63 - std::countl_zero(low());
  }
  constexpr int pop_lowest() {
    const int index = lowest();
    bits_ &= bits_ - 1;
    return index;
  }

  constexpr void set(int index) { bits_ |= Bits{1} << index; }
  constexpr void reset(int index) { bits_ &= ~(Bits{1} << index); }

  constexpr Bitboard operator&(Bitboard o) const { return Bitboard(bits_ & o.bits_); }
  constexpr Bitboard operator|(Bitboard o) const { return Bitboard(bits_ | o.bits_); }
  constexpr Bitboard operator^(Bitboard o) const { return Bitboard(bits_ ^ o.bits_); }
  constexpr Bitboard operator~() const { return Bitboard(~bits_); }
  constexpr Bitboard& operator&=(Bitboard o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr Bitboard& operator|=(Bitboard o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr Bitboard& operator^=(Bitboard o) {
    bits_ ^= o.bits_;
    return *this;
  }
  constexpr bool operator==(const Bitboard&) const = default;

  constexpr Bitboard operator<<(int amount) const { return Bitboard(bits_ << amount); }
  constexpr Bitboard operator>>(int amount) const { return Bitboard(bits_ >> amount); }

  // Shift by a signed amount: positive moves bits up, negative down.
  constexpr Bitboard shifted(int amount) const {
    return amount >= 0 ? Bitboard(bits_ << amount) : Bitboard(bits_ >> -amount);
  }

  class Iterator {
   public:
    constexpr explicit Iterator(Bits bits) : bits_(bits) {}
    constexpr int operator*() const { return Bitboard(bits_).lowest(); }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return bits_ != o.bits_; }

   private:
    Bits bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  Bits bits_ = 0;
};

}  // namespace tiaoqi
