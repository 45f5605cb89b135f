#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/search/limits.hpp"
#include "tools/python/binding/searcher.hpp"
#include "tools/python/binding/table.hpp"

namespace tiaoqi::python {

// An engine in one seat of the single-agent form, with the limits of its
// searches. The engine serves that seat in every game of the batch.
struct SeatEngine {
  Searcher* engine = nullptr;
  search::SearchLimits limits;
};

// What makes a batch of games (tiaoqi.vector_env).
struct VectorSetup {
  int num_envs = 1;
  // Moves of all players together after which a running game is
  // truncated; none for no limit.
  std::optional<int> max_moves;
  // The agent's seat in the single-agent form: a player, or kRandomSeat
  // for one drawn at each game's start. Ignored without engines.
  int seat = 0;
  // Empty: every seat is the agent's (the observation is the mover's).
  // Otherwise one engine per other seat, in turn order after the agent.
  std::vector<SeatEngine> engines;
  // The dragons variant's dragons ("m1 c11 l12"), or drawn when empty.
  std::string dragons;
};

inline constexpr int kRandomSeat = -1;

// N game tables stepped together for the batched environment. Every
// output has one preallocated buffer that each call overwrites, so that
// Python wraps the buffers in numpy arrays once and a step makes no
// Python objects.
//
// Autoreset is Gymnasium's next-step mode: the step that ends a game
// returns its last observation with its termination or truncation; the
// next step ignores that game's action and starts a new game, returning
// its first observation with reward 0 and neither flag.
class VectorTable {
 public:
  // The rules must make a valid game; the setup is checked: on error the
  // message says what is wrong. No game is played before reset() (the
  // engines would search): the buffers are all 0 and a first step starts
  // every game as reset(0) would.
  static Expected<std::unique_ptr<VectorTable>> make(std::shared_ptr<const Rules> rules,
                                                     VectorSetup setup);

  int num_envs() const { return setup_.num_envs; }
  int players() const { return tables_.front().players(); }
  bool single_agent() const { return !setup_.engines.empty(); }
  const GameTable& table(int env) const { return tables_[static_cast<std::size_t>(env)]; }
  int observation_size() const { return observation_size_; }
  int action_count() const { return action_count_; }

  // While the engines search, `interrupted` is asked every few
  // milliseconds (the module asks Python for Ctrl-C); once it says true,
  // each search still to come stops at once with its move so far.
  using Interrupt = std::function<bool()>;

  // New games for every env, their draws (seats, dragons, the sampler)
  // from `seed`.
  Status reset(std::uint64_t seed, const Interrupt& interrupted = {});
  // One action per env (num_envs of them). Every action is checked
  // before any is played: on error nothing changes and the message names
  // the env. Actions of envs awaiting their autoreset are ignored.
  Status step(const std::int64_t* actions, const Interrupt& interrupted = {});
  // One legal action per env, uniform among the legal ones of the player
  // to move, from each env's seeded sampler (0 where none is legal).
  void sample_legal(std::int64_t* out);

  // The buffers, one row per env. Only this class writes them: the masks
  // are rewritten where they changed (Python's views are read-only).
  std::int8_t* observations() { return observations_.data(); }
  std::int8_t* masks() { return masks_.data(); }
  // The reward of the player whose action the step played (single-agent
  // form: the agent's), 0 until the game's end.
  double* rewards() { return rewards_.data(); }
  // Every player's reward, players() per env.
  double* player_rewards() { return player_rewards_.data(); }
  bool* terminations() { return terminations_.get(); }
  bool* truncations() { return truncations_.get(); }
  // The player to move, -1 once the game is over.
  std::int32_t* to_move() { return to_move_.data(); }
  // The player whose view the observation is: the mover, or the last
  // mover once the game is over (single-agent form: the agent's seat).
  std::int32_t* viewers() { return viewers_.data(); }
  std::int32_t* moves() { return moves_.data(); }
  // The agent's seat in each env (single-agent form; else all 0).
  std::int32_t* seats() { return seats_.data(); }

 private:
  VectorTable(std::shared_ptr<const Rules> rules, VectorSetup setup);
  // A new game in env `env` from its own draws.
  Status start(int env, const Interrupt& interrupted);
  // The engines' moves until the agent is to move, the game ends or it
  // is truncated.
  void play_engines(int env, const Interrupt& interrupted);
  void count_move(int env);
  void write_outputs(int env, int viewer);

  VectorSetup setup_;
  std::vector<GameTable> tables_;
  int observation_size_ = 0;
  int action_count_ = 0;
  // Per env: draws for new games (seat, dragons) and for sample_legal().
  std::vector<std::uint64_t> game_draws_;
  std::vector<std::uint64_t> sampler_draws_;
  std::vector<std::int32_t> seats_;
  std::unique_ptr<bool[]> awaiting_reset_;
  std::vector<std::int8_t> observations_;
  std::vector<std::int8_t> masks_;
  // Per env, the actions its mask has at 1 (GameTable::update_mask).
  std::vector<std::vector<std::int32_t>> mask_marks_;
  std::vector<double> rewards_;
  std::vector<double> player_rewards_;
  std::unique_ptr<bool[]> terminations_;
  std::unique_ptr<bool[]> truncations_;
  std::vector<std::int32_t> to_move_;
  std::vector<std::int32_t> viewers_;
  std::vector<std::int32_t> moves_;
};

}  // namespace tiaoqi::python
