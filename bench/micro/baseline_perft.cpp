#include "bench/micro/baseline_perft.hpp"

#include <cstdlib>
#include <string>

namespace tiaoqi::bench {
namespace {

constexpr int kArm = 4;
constexpr int kDx[6] = {1, 0, -1, -1, 0, 1};
constexpr int kDy[6] = {0, 1, 1, 0, -1, -1};

bool on_board(int x, int y) {
  const int z = -x - y;
  return (x >= -kArm && y >= -kArm && z >= -kArm) || (x <= kArm && y <= kArm && z <= kArm);
}

// The arm (0 = a, south, ... 5 = f) of a hole outside the centre, or -1.
int arm_of(int x, int y) {
  const int z = -x - y;
  if (y < -kArm) return 0;
  if (z > kArm) return 1;
  if (x < -kArm) return 2;
  if (y > kArm) return 3;
  if (z < -kArm) return 4;
  if (x > kArm) return 5;
  return -1;
}

}  // namespace

std::optional<BaselinePerft> BaselinePerft::from(std::string_view text) {
  BaselinePerft baseline;
  // Holes in rank order, with their coordinates.
  std::array<int, kCells> xs{}, ys{};
  int cells = 0;
  for (int y = -2 * kArm; y <= 2 * kArm; ++y)
    for (int x = -2 * kArm; x <= 2 * kArm; ++x)
      if (on_board(x, y)) {
        xs[cells] = x;
        ys[cells] = y;
        ++cells;
      }
  auto index = [&](int x, int y) {
    for (int i = 0; i < kCells; ++i)
      if (xs[i] == x && ys[i] == y) return i;
    return static_cast<int>(kNone);
  };
  for (int i = 0; i < kCells; ++i)
    for (int d = 0; d < 6; ++d) {
      baseline.neighbour_[i][d] =
          on_board(xs[i] + kDx[d], ys[i] + kDy[d]) ? index(xs[i] + kDx[d], ys[i] + kDy[d]) : kNone;
      baseline.landing_[i][d] = on_board(xs[i] + 2 * kDx[d], ys[i] + 2 * kDy[d])
                                    ? index(xs[i] + 2 * kDx[d], ys[i] + 2 * kDy[d])
                                    : kNone;
    }

  // Fields: board ranks from the top, player to move, seating, move count.
  std::vector<std::string> fields;
  std::string field;
  for (char c : text) {
    if (c == ' ') {
      if (!field.empty()) fields.push_back(field);
      field.clear();
    } else {
      field += c;
    }
  }
  if (!field.empty()) fields.push_back(field);
  if (fields.size() != 4) return std::nullopt;
  std::vector<int> army_player(6, kNone);
  int players = 0;
  for (char c : fields[2]) {
    if (c == '/') continue;
    if (c < 'a' || c > 'f') return std::nullopt;
    army_player[c - 'a'] = players++;
  }
  if (players < 2 || fields[2].size() != static_cast<std::size_t>(2 * players - 1))
    return std::nullopt;
  baseline.pieces_.assign(static_cast<std::size_t>(players), {});
  baseline.to_move_ = std::atoi(fields[1].c_str()) - 1;
  if (baseline.to_move_ < 0 || baseline.to_move_ >= players) return std::nullopt;
  for (int army = 0; army < 6; ++army) {
    const int player = army_player[army];
    if (player == kNone) continue;
    for (int i = 0; i < kCells; ++i) {
      const int arm = arm_of(xs[i], ys[i]);
      baseline.may_stop_[player][i] = arm == -1 || arm == army || arm == (army + 3) % 6;
    }
  }

  baseline.owner_.fill(kNone);
  // Ranks are written from the top; a rank's holes run up the files.
  std::vector<std::string> ranks;
  std::string rank;
  for (char c : fields[0]) {
    if (c == '/') {
      ranks.push_back(rank);
      rank.clear();
    } else {
      rank += c;
    }
  }
  ranks.push_back(rank);
  if (ranks.size() != 17) return std::nullopt;
  int hole = kCells;
  for (const std::string& row : ranks) {
    // Count the row's holes, then fill them in order.
    std::vector<int> row_owners;
    for (std::size_t k = 0; k < row.size(); ++k) {
      if (row[k] >= '0' && row[k] <= '9') {
        int run = 0;
        while (k < row.size() && row[k] >= '0' && row[k] <= '9') run = 10 * run + (row[k++] - '0');
        --k;
        row_owners.insert(row_owners.end(), static_cast<std::size_t>(run), kNone);
      } else if (row[k] >= 'a' && row[k] <= 'f' && army_player[row[k] - 'a'] != kNone) {
        row_owners.push_back(army_player[row[k] - 'a']);
      } else {
        return std::nullopt;
      }
    }
    hole -= static_cast<int>(row_owners.size());
    if (hole < 0) return std::nullopt;
    for (std::size_t k = 0; k < row_owners.size(); ++k) {
      const int cell = hole + static_cast<int>(k);
      baseline.owner_[cell] = row_owners[k];
      if (row_owners[k] != kNone) baseline.pieces_[row_owners[k]].push_back(cell);
    }
  }
  if (hole != 0) return std::nullopt;
  return baseline;
}

int BaselinePerft::destinations(int from, int player, std::array<std::uint8_t, kCells>& targets) {
  int count = 0;
  ++stamp_;
  seen_[from] = stamp_;
  for (int d = 0; d < 6; ++d) {
    const int step = neighbour_[from][d];
    if (step != kNone && owner_[step] == kNone && may_stop_[player][step]) {
      targets[count++] = static_cast<std::uint8_t>(step);
    }
  }
  // Jump chains: the piece is lifted, so its own hole counts as empty.
  owner_[from] = kNone;
  int stack[kCells];
  int depth = 0;
  stack[depth++] = from;
  while (depth > 0) {
    const int at = stack[--depth];
    for (int d = 0; d < 6; ++d) {
      const int over = neighbour_[at][d];
      const int land = landing_[at][d];
      if (land == kNone || owner_[over] == kNone || owner_[land] != kNone || seen_[land] == stamp_)
        continue;
      seen_[land] = stamp_;
      stack[depth++] = land;
      if (may_stop_[player][land]) targets[count++] = static_cast<std::uint8_t>(land);
    }
  }
  owner_[from] = player;
  return count;
}

std::uint64_t BaselinePerft::perft(int depth) {
  const int player = to_move_;
  const int next = (player + 1) % static_cast<int>(pieces_.size());
  std::uint64_t leaves = 0;
  std::array<std::uint8_t, kCells> targets{};
  std::vector<int>& own = pieces_[player];
  for (std::size_t p = 0; p < own.size(); ++p) {
    const int from = own[p];
    const int count = destinations(from, player, targets);
    if (depth == 1) {
      leaves += static_cast<std::uint64_t>(count);
      continue;
    }
    for (int k = 0; k < count; ++k) {
      const int to = targets[k];
      owner_[from] = kNone;
      owner_[to] = player;
      own[p] = to;
      to_move_ = next;
      leaves += perft(depth - 1);
      to_move_ = player;
      own[p] = from;
      owner_[to] = kNone;
      owner_[from] = player;
    }
  }
  return leaves;
}

}  // namespace tiaoqi::bench
