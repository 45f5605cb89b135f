#include "tools/python/binding/table.hpp"

#include <algorithm>
#include <string>

#include "engine/dragons.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "tools/match/stats.hpp"
#include "tools/python/binding/game_record.hpp"

namespace tiaoqi::python {

GameTable::GameTable(std::shared_ptr<const Rules> rules) : rules_(std::move(rules)) {
  for (int player = 0; player < rules_->player_count(); ++player)
    frames_.emplace_back(*rules_, player);
  reset("", 0);
}

Status GameTable::reset(std::string_view dragons, std::uint64_t seed) {
  const Position position = Position::start(*rules_);
  if (!rules_->dragons()) {
    if (!dragons.empty()) return fail("dragons are chosen only in Variant dragons");
    start(position, {});
    return Done{};
  }
  if (dragons.empty()) {
    start(position, draw_dragons(position, seed));
    return Done{};
  }
  auto parsed = parse_dragons(position, dragons);
  if (!parsed) return Error{parsed.error()};
  start(position, *parsed);
  return Done{};
}

Status GameTable::restore(const std::vector<Hole>& dragons, const std::vector<Move>& moves) {
  if (dragons.size() != (rules_->dragons() ? static_cast<std::size_t>(players()) : 0))
    return fail("a game of these rules starts with " +
                std::to_string(rules_->dragons() ? players() : 0) + " dragons, got " +
                std::to_string(dragons.size()));
  GameTable replayed(rules_);
  if (!dragons.empty()) {
    std::string text;
    for (Hole hole : dragons) {
      if (hole >= rules_->geometry().hole_count())
        return fail("dragon " + std::to_string(hole) + " is not a hole of this board");
      text += (text.empty() ? "" : " ") + rules_->geometry().name(hole);
    }
    if (auto set = replayed.reset(text, 0); !set) return set;
  }
  for (const Move& move : moves)
    if (auto played = replayed.play(move); !played) return played;
  *this = std::move(replayed);
  return Done{};
}

void GameTable::start(const Position& position, const std::vector<Hole>& dragons) {
  dragons_ = dragons;
  views_.clear();
  revealed_ = 0;
  if (dragons.empty()) {
    truth_.emplace(GameSetup{rules_, position});
  } else {
    Position with_dragons = position;
    place_dragons(with_dragons, dragons);
    truth_.emplace(GameSetup{rules_, with_dragons});
    for (int player = 0; player < players(); ++player)
      views_.emplace_back(GameSetup{rules_, view_for(with_dragons, player, revealed_)});
  }
  refresh_legal();
}

const Game& GameTable::view(int player) const {
  return views_.empty() ? *truth_ : views_[static_cast<std::size_t>(player)];
}

void GameTable::refresh_legal() { generate_moves(truth_->position(), legal_); }

Expected<Move> GameTable::checked_action(long long action) const {
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
  return move;
}

Status GameTable::step(long long action) {
  const auto move = checked_action(action);
  if (!move) return Error{move.error()};
  play_checked(*move);
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
    const DragonMarks marks = referee_marks(truth_->position(), move);
    revealed_ = revealed_after(revealed_, truth_->position().side_to_move(), marks);
    truth_->play(move, marks);
    for (Game& view : views_) view.play(move, marks);
  }
  refresh_legal();
}

tools::GameRecord GameTable::record() const {
  return record_of_game(*truth_, position_string(Position::start(*rules_)), dragons_);
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

void GameTable::update_mask(int viewer, std::int8_t* out, std::vector<std::int32_t>& marked) const {
  for (std::int32_t action : marked) out[action] = 0;
  marked.clear();
  if (to_move() != viewer) return;
  const Frame& frame = frames_[static_cast<std::size_t>(viewer)];
  for (const Move& move : legal_) {
    const int action = frame.action(move);
    out[action] = 1;
    marked.push_back(action);
  }
}

}  // namespace tiaoqi::python
