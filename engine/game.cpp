#include "engine/game.hpp"

#include "engine/movegen.hpp"
#include "engine/notation.hpp"

namespace tiaoqi {

void settle(Position& position) {
  while (!position.is_over() && !has_legal_move(position)) position.eliminate_side_to_move();
}

Game::Game(GameSetup setup) : rules_(std::move(setup.rules)) {
  history_.push_back(setup.position);
  settle(history_.back());
}

Expected<Move> Game::play(std::string_view move_text) {
  auto move = parse_move(position(), move_text);
  if (move) play(*move);
  return move;
}

void Game::play(Move move) {
  Position next = position();
  next.play(move);
  settle(next);
  history_.push_back(next);
  moves_.push_back(move);
}

}  // namespace tiaoqi
