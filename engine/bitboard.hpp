#pragma once

#include <bit>
#include <cassert>
#include <cstdint>

namespace tiaoqi {

// A set of bit positions in one machine word or two.
//
// Two layouts use it: Bitboard, 128 bits over hole indices (rank order, 121
// holes on the standard board), and GridBitboard, 64 bits over one parity
// class's grid (geometry.hpp), where a jump is a constant shift.
template <class Word>
class BasicBitboard {
 public:
  using Bits = Word;
  static constexpr bool kWide = sizeof(Word) > sizeof(std::uint64_t);

  constexpr BasicBitboard() = default;
  constexpr explicit BasicBitboard(Bits bits) : bits_(bits) {}
  static constexpr BasicBitboard bit(int index) {
    assert(index >= 0 && index < static_cast<int>(8 * sizeof(Word)));
    return BasicBitboard(Bits{1} << index);
  }

  constexpr Bits raw() const { return bits_; }
  constexpr std::uint64_t low() const { return static_cast<std::uint64_t>(bits_); }
  constexpr std::uint64_t high() const {
    if constexpr (kWide) {
      return static_cast<std::uint64_t>(bits_ >> 64);
    } else {
      return 0;
    }
  }

  constexpr bool any() const { return bits_ != 0; }
  constexpr bool none() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }
  constexpr bool test(int index) const { return (bits_ >> index) & 1; }
  constexpr int count() const {
    if constexpr (kWide) {
      return std::popcount(low()) + std::popcount(high());
    } else {
      return std::popcount(low());
    }
  }

  // Index of the lowest / highest set bit; the board must not be empty.
  constexpr int lowest() const {
    assert(bits_ != 0);
    if constexpr (kWide) {
      return low() ? std::countr_zero(low()) : 64 + std::countr_zero(high());
    } else {
      return std::countr_zero(low());
    }
  }
  constexpr int highest() const {
    assert(bits_ != 0);
    if constexpr (kWide) {
      return high() ? 127 - std::countl_zero(high()) : 63 - std::countl_zero(low());
    } else {
      return 63 - std::countl_zero(low());
    }
  }
  constexpr int pop_lowest() {
    const int index = lowest();
    bits_ &= bits_ - 1;
    return index;
  }
  // The lowest set bit alone (empty when the board is).
  constexpr BasicBitboard lowest_bit() const { return BasicBitboard(bits_ & (Bits{0} - bits_)); }

  constexpr void set(int index) { bits_ |= Bits{1} << index; }
  constexpr void reset(int index) { bits_ &= ~(Bits{1} << index); }

  constexpr BasicBitboard operator&(BasicBitboard o) const {
    return BasicBitboard(bits_ & o.bits_);
  }
  constexpr BasicBitboard operator|(BasicBitboard o) const {
    return BasicBitboard(bits_ | o.bits_);
  }
  constexpr BasicBitboard operator^(BasicBitboard o) const {
    return BasicBitboard(bits_ ^ o.bits_);
  }
  constexpr BasicBitboard operator~() const { return BasicBitboard(~bits_); }
  constexpr BasicBitboard& operator&=(BasicBitboard o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr BasicBitboard& operator|=(BasicBitboard o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr BasicBitboard& operator^=(BasicBitboard o) {
    bits_ ^= o.bits_;
    return *this;
  }
  constexpr bool operator==(const BasicBitboard&) const = default;

  constexpr BasicBitboard operator<<(int amount) const { return BasicBitboard(bits_ << amount); }
  constexpr BasicBitboard operator>>(int amount) const { return BasicBitboard(bits_ >> amount); }

  // Shift by a signed amount: positive moves bits up, negative down.
  constexpr BasicBitboard shifted(int amount) const {
    return amount >= 0 ? BasicBitboard(bits_ << amount) : BasicBitboard(bits_ >> -amount);
  }
  // The same with the amount known at compile time.
  template <int kAmount>
  constexpr BasicBitboard shifted() const {
    if constexpr (kAmount >= 0) {
      return BasicBitboard(bits_ << kAmount);
    } else {
      return BasicBitboard(bits_ >> -kAmount);
    }
  }

  class Iterator {
   public:
    constexpr explicit Iterator(Bits bits) : bits_(bits) {}
    constexpr int operator*() const { return BasicBitboard(bits_).lowest(); }
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

using Bitboard = BasicBitboard<unsigned __int128>;
using GridBitboard = BasicBitboard<std::uint64_t>;

}  // namespace tiaoqi
