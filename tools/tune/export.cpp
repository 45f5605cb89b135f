#include "tools/tune/export.hpp"

#include <bit>
#include <cstring>
#include <fstream>
#include <map>

#include "engine/nnue/accumulators.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::tune {
namespace {

void put_u32(std::string& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(value >> (8 * i) & 0xff));
}

void put_seat(std::string& out, const Position& position, int player, const Contender* contender) {
  const Rules& rules = position.rules();
  out.push_back(static_cast<char>(contender != nullptr));
  out.push_back(static_cast<char>(contender && contender->to_move));
  out.append(2, '\0');
  int cost = 0;
  if (contender)
    for (int f = 0; f < kFeatureCount; ++f)
      cost += kEvalWeights.feature[f] * contender->features[f];
  put_u32(out, static_cast<std::uint32_t>(cost));
  const float share = contender ? static_cast<float>(contender->share) : 0.0f;
  put_u32(out, std::bit_cast<std::uint32_t>(share));
  std::string inputs(kExportSlots, static_cast<char>(0xff));
  int slot = 0;
  const int army = std::countr_zero(unsigned{rules.armies_of(player)});
  for (unsigned armies = rules.seated_armies(); armies; armies &= armies - 1) {
    const int piece_army = std::countr_zero(armies);
    for (int hole : position.army(piece_army))
      if (slot < kExportSlots)
        inputs[static_cast<std::size_t>(slot++)] =
            static_cast<char>(nnue::input_index(rules, army, piece_army, static_cast<Hole>(hole)));
  }
  out += inputs;
}

}  // namespace

Expected<ExportStats> export_samples(const std::vector<std::string>& paths,
                                     const SamplingOptions& options, const std::string& out) {
  std::string bytes = "TQSX";
  put_u32(bytes, 1);
  const std::size_t players_at = bytes.size();
  put_u32(bytes, 0);
  put_u32(bytes, kExportSlots);
  ExportStats stats;
  int players = 0;
  int groups = 0;
  for (const std::string& path : paths) {
    const std::string file = util::quote_input(path, 200);
    auto records = tools::read_record_file(path);
    if (!records) return Error{records.error()};
    std::map<int, int> group_of_opening;
    for (const auto& record : *records) {
      const auto group = group_of_opening.try_emplace(record.opening_index, groups);
      if (group.second) ++groups;
      Status refused = Done{};
      auto seated =
          visit_game_samples(record, options, [&](const Position& position, const Sample& sample) {
            const Rules& rules = position.rules();
            if (!nnue::applies(rules)) {
              refused = fail(file + ": game " + std::to_string(record.game) +
                             " has rules the network does not read (one army of ten pieces "
                             "a player, the standard variant and board)");
              return;
            }
            if (players == 0) players = rules.player_count();
            if (rules.player_count() != players) {
              refused = fail(file + ": game " + std::to_string(record.game) + " has " +
                             util::plural(rules.player_count(), "player") +
                             ", the games before it " + std::to_string(players));
              return;
            }
            put_u32(bytes, static_cast<std::uint32_t>(group.first->second));
            int next = 0;
            for (int p = 0; p < rules.player_count(); ++p) {
              // The contenders are the players in the game, in seat order.
              const bool in = !position.is_eliminated(p);
              put_seat(bytes, position, p, in ? &sample.contenders[next] : nullptr);
              next += in;
            }
            ++stats.samples;
          });
      if (!seated) return fail(file + ": " + seated.error());
      if (!refused) return Error{refused.error()};
      if (*seated > 0) ++stats.games;
    }
  }
  for (int i = 0; i < 4; ++i)
    bytes[players_at + static_cast<std::size_t>(i)] = static_cast<char>(players >> (8 * i) & 0xff);
  std::ofstream stream(out, std::ios::binary);
  stream.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!stream) return fail("cannot write " + util::quote_input(out, 200));
  return stats;
}

}  // namespace tiaoqi::tune
