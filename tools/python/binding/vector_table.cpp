#include "tools/python/binding/vector_table.hpp"

#include <algorithm>
#include <string>

#include "engine/util/hash.hpp"

namespace tiaoqi::python {
namespace {

// Each env's draws start from the batch's seed and the env's index, so
// that env i of a batch replays whatever the batch's size.
std::uint64_t env_stream(std::uint64_t seed, int env, std::uint64_t salt) {
  std::uint64_t state = seed ^ salt;
  state += static_cast<std::uint64_t>(env) * 0x9e3779b97f4a7c15ULL;
  util::splitmix64_next(state);
  return state;
}

constexpr std::uint64_t kGameSalt = 0x67616d65ULL;
constexpr std::uint64_t kSamplerSalt = 0x73616d70ULL;

}  // namespace

Expected<std::unique_ptr<VectorTable>> VectorTable::make(std::shared_ptr<const Rules> rules,
                                                         VectorSetup setup) {
  if (setup.num_envs < 1)
    return fail("num_envs: expected 1 or more, got " + std::to_string(setup.num_envs));
  if (setup.max_moves && *setup.max_moves < 1)
    return fail("max_moves: expected 1 or more (or None), got " + std::to_string(*setup.max_moves));
  const int players = rules->player_count();
  if (!setup.engines.empty()) {
    if (static_cast<int>(setup.engines.size()) != players - 1)
      return fail("opponents: expected " + std::to_string(players - 1) +
                  " (one per other seat), got " + std::to_string(setup.engines.size()));
    if (setup.seat != kRandomSeat && (setup.seat < 0 || setup.seat >= players))
      return fail("seat: expected 'random' or a player from 0 to " + std::to_string(players - 1) +
                  ", got " + std::to_string(setup.seat));
  }
  if (!setup.dragons.empty()) {
    // The dragons are checked once, on a table of their own.
    GameTable trial(rules);
    if (auto set = trial.reset(setup.dragons, 0); !set) return Error{set.error()};
  }
  return std::unique_ptr<VectorTable>(new VectorTable(std::move(rules), std::move(setup)));
}

VectorTable::VectorTable(std::shared_ptr<const Rules> rules, VectorSetup setup)
    : setup_(std::move(setup)) {
  const auto count = static_cast<std::size_t>(setup_.num_envs);
  tables_.assign(count, GameTable(rules));
  observation_size_ = tables_.front().frame(0).observation_size();
  action_count_ = tables_.front().frame(0).action_count();
  game_draws_.assign(count, 0);
  sampler_draws_.assign(count, 0);
  for (int env = 0; env < setup_.num_envs; ++env) {
    game_draws_[static_cast<std::size_t>(env)] = env_stream(0, env, kGameSalt);
    sampler_draws_[static_cast<std::size_t>(env)] = env_stream(0, env, kSamplerSalt);
  }
  seats_.assign(count, 0);
  // Until reset(), a step starts each env's game (with draws from seed 0)
  // and the buffers are all 0.
  awaiting_reset_ = std::make_unique<bool[]>(count);
  std::fill_n(awaiting_reset_.get(), count, true);
  observations_.assign(count * static_cast<std::size_t>(observation_size_), 0);
  masks_.assign(count * static_cast<std::size_t>(action_count_), 0);
  mask_marks_.assign(count, {});
  rewards_.assign(count, 0.0);
  player_rewards_.assign(count * static_cast<std::size_t>(rules->player_count()), 0.0);
  terminations_ = std::make_unique<bool[]>(count);
  truncations_ = std::make_unique<bool[]>(count);
  to_move_.assign(count, 0);
  viewers_.assign(count, 0);
  moves_.assign(count, 0);
}

Status VectorTable::reset(std::uint64_t seed, const Interrupt& interrupted) {
  for (int env = 0; env < num_envs(); ++env) {
    game_draws_[static_cast<std::size_t>(env)] = env_stream(seed, env, kGameSalt);
    sampler_draws_[static_cast<std::size_t>(env)] = env_stream(seed, env, kSamplerSalt);
    if (auto started = start(env, interrupted); !started) return started;
  }
  return Done{};
}

Status VectorTable::start(int env, const Interrupt& interrupted) {
  const auto index = static_cast<std::size_t>(env);
  GameTable& table = tables_[index];
  std::uint64_t& draws = game_draws_[index];
  const std::uint64_t seat_draw = util::splitmix64_next(draws);
  if (auto set = table.reset(setup_.dragons, util::splitmix64_next(draws)); !set) return set;
  if (single_agent())
    seats_[index] = setup_.seat == kRandomSeat
                        ? static_cast<std::int32_t>(seat_draw % static_cast<unsigned>(players()))
                        : setup_.seat;
  moves_[index] = 0;
  rewards_[index] = 0.0;
  std::fill_n(player_rewards_.begin() + static_cast<std::ptrdiff_t>(index) * players(), players(),
              0.0);
  terminations_[index] = false;
  truncations_[index] = false;
  if (single_agent()) play_engines(env, interrupted);
  // A move limit below the seats before the agent's can end a game before
  // the agent moves: the next step starts another.
  awaiting_reset_[index] = single_agent() && table.to_move() != seats_[index];
  write_outputs(env, single_agent() ? seats_[index] : table.to_move());
  return Done{};
}

void VectorTable::count_move(int env) {
  const auto index = static_cast<std::size_t>(env);
  ++moves_[index];
  if (setup_.max_moves && moves_[index] >= *setup_.max_moves)
    truncations_[index] = !tables_[index].is_over();
}

void VectorTable::play_engines(int env, const Interrupt& interrupted) {
  const auto index = static_cast<std::size_t>(env);
  GameTable& table = tables_[index];
  const int seat = seats_[index];
  while (!truncations_[index] && !table.is_over() && table.to_move() != seat) {
    const int offset = (table.to_move() - seat - 1 + players()) % players();
    const SeatEngine& engine = setup_.engines[static_cast<std::size_t>(offset)];
    const auto found =
        engine.engine->search(table.view(table.to_move()), engine.limits, interrupted);
    // The table's mover is never over, so a search always finds a move.
    if (!found || !table.play(found->best)) std::abort();
    count_move(env);
  }
}

void VectorTable::write_outputs(int env, int viewer) {
  const auto index = static_cast<std::size_t>(env);
  const GameTable& table = tables_[index];
  to_move_[index] = table.to_move();
  viewers_[index] = viewer;
  table.write_observation(viewer, observations_.data() + index * observation_size_);
  table.update_mask(viewer, masks_.data() + index * action_count_, mask_marks_[index]);
}

Status VectorTable::step(const std::int64_t* actions, const Interrupt& interrupted) {
  std::vector<Move> moves(static_cast<std::size_t>(num_envs()));
  for (int env = 0; env < num_envs(); ++env) {
    const auto index = static_cast<std::size_t>(env);
    if (awaiting_reset_[index]) continue;
    const auto move = tables_[index].checked_action(actions[index]);
    if (!move) return fail("actions[" + std::to_string(env) + "]: " + move.error());
    moves[index] = *move;
  }
  for (int env = 0; env < num_envs(); ++env) {
    const auto index = static_cast<std::size_t>(env);
    if (awaiting_reset_[index]) {
      if (auto started = start(env, interrupted); !started) return started;
      continue;
    }
    GameTable& table = tables_[index];
    const int actor = table.to_move();
    if (!table.play(moves[index])) std::abort();
    count_move(env);
    if (single_agent()) play_engines(env, interrupted);
    const bool over = table.is_over();
    double* row = player_rewards_.data() + index * static_cast<std::size_t>(players());
    if (over) {
      const std::vector<double> rewards = table.rewards();
      std::copy(rewards.begin(), rewards.end(), row);
    }
    const int rewarded = single_agent() ? seats_[index] : actor;
    rewards_[index] = row[rewarded];
    terminations_[index] = over;
    awaiting_reset_[index] = over || truncations_[index];
    write_outputs(env, single_agent() ? seats_[index] : (over ? actor : table.to_move()));
  }
  return Done{};
}

void VectorTable::sample_legal(std::int64_t* out) {
  for (int env = 0; env < num_envs(); ++env) {
    const auto index = static_cast<std::size_t>(env);
    const GameTable& table = tables_[index];
    const MoveList& legal = table.legal_moves();
    if (awaiting_reset_[index] || legal.size() == 0) {
      out[index] = 0;
      continue;
    }
    const std::uint64_t draw = util::splitmix64_next(sampler_draws_[index]);
    const Move move = legal[static_cast<int>(draw % static_cast<std::uint64_t>(legal.size()))];
    out[index] = table.frame(table.to_move()).action(move);
  }
}

}  // namespace tiaoqi::python
