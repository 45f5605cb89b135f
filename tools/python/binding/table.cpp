#include "tools/python/binding/table.hpp"

#include <algorithm>
#include <string>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "tools/common/dragons.hpp"
#include "tools/match/stats.hpp"

namespace tiaoqi::python {

GameTable::GameTable(std::shared_ptr<const Rules> rules) : rules_(std::move(rules)) {
  for (int player = 0; player < rules_->player_count(); ++player)
    frames_.emplace_back(*rules_, player);
  reset("", 0);
}

Status GameTable::reset(std::string_view dragons, std::uint64_t seed) {
  Position start = Position::start(*rules_);
  if (!rules_->dragons()) {
    if (!dragons.empty()) return fail("dragons are chosen only in Variant dragons");
    truth_.emplace(GameSetup{rules_, start});
    views_.clear();
    refresh_legal();
    return Done{};
  }
  std::vector<Hole> chosen;
  if (dragons.empty()) {
    chosen = tools::draw_dragons(start, seed);
  } else {
    auto parsed = tools::parse_dragons(start, dragons);
    if (!parsed) return Error{parsed.error()};
    chosen = *parsed;
  }
  tools::place_dragons(start, chosen);
  truth_.emplace(GameSetup{rules_, start});
  revealed_ = 0;
  views_.clear();
  for (int player = 0; player < players(); ++player)
    views_.emplace_back(GameSetup{rules_, tools::view_for(start, player, revealed_)});
  refresh_legal();
  return Done{};
}

const Game& GameTable::view(int player) const {
  return views_.empty() ? *truth_ : views_[static_cast<std::size_t>(player)];
}

void GameTable::refresh_legal() { generate_moves(truth_->position(), legal_); }

Status GameTable::step(long long action) {
  if (is_over()) return fail("the game is over: no action is legal");
  const int mover = truth_->position().side_to_move();
  const auto checked = frames_[static_cast<std::size_t>(mover)].checked_move(action);
  if (!checked) return Error{checked.error()};
  const Move move = *checked;
  if (!legal_.contains(move))
    return fail("action " + std::to_string(action) + " (" +
                move_ends_text(rules_->geometry(), move) +
                " on the board) is no legal move of player " + std::to_string(mover + 1) +
                "; the action mask shows the legal ones");
  play_checked(move);
  return Done{};
}

Status GameTable::play(Move move) {
  if (is_over()) return fail("the game is over: no move is legal");
  if (!legal_.contains(move))
    return fail("move " + move_ends_text(rules_->geometry(), move) +
                " is no legal move of player " +
                std::to_string(truth_->position().side_to_move() + 1));
  play_checked(move);
  return Done{};
}

void GameTable::play_checked(Move move) {
  if (views_.empty()) {
    truth_->play(move);
  } else {
    // The referee marks the move from the truth; each view learns only
    // what the marks say.
    const DragonMarks marks = tools::referee_marks(truth_->position(), move);
    revealed_ = tools::revealed_after(revealed_, truth_->position().side_to_move(), marks);
    truth_->play(move, marks);
    for (Game& view : views_) view.play(move, marks);
  }
  refresh_legal();
}

std::vector<double> GameTable::rewards() const {
  std::vector<double> rewards(static_cast<std::size_t>(players()), 0.0);
  if (!is_over()) return rewards;
  const auto places = truth_->position().standings();
  for (int player = 0; player < players(); ++player)
    rewards[static_cast<std::size_t>(player)] = 2 * match::placement_score(places, player) - 1;
  return rewards;
}

std::vector<std::vector<int>> GameTable::standings() const {
  if (!is_over()) return {};
  return truth_->position().standings();
}

void GameTable::write_observation(int viewer, std::int8_t* out) const {
  frames_[static_cast<std::size_t>(viewer)].write_observation(view(viewer).position(), out);
}

void GameTable::write_mask(int viewer, std::int8_t* out) const {
  const Frame& frame = frames_[static_cast<std::size_t>(viewer)];
  if (to_move() != viewer) {
    std::fill(out, out + frame.action_count(), 0);
    return;
  }
  frame.write_mask(legal_, out);
}

}  // namespace tiaoqi::python
