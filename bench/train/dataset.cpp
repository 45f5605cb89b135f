#include "bench/train/dataset.hpp"

#include <fstream>
#include <unordered_map>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/search/net/frame.hpp"
#include "tools/common/json.hpp"

namespace tiaoqi::train {
namespace {

using tools::Json;
namespace net = search::net;

// What a game's header says that its positions need.
struct GameHeader {
  RuleOptions rules;
  std::uint64_t game = 0;
  int players = 0;
  // The result's shares of the win by seat; none for an unfinished game.
  std::optional<std::array<float, kMaxPlayers>> result;
};

Expected<GameHeader> read_header(const Json& line) {
  GameHeader header;
  auto rules = facade::parse_rule_options(line.at("rules").get<std::string>());
  if (!rules) return fail("its rules: " + rules.error());
  header.rules = *rules;
  header.game = line.at("game").get<std::uint64_t>();
  header.players = line.at("players").get<int>();
  if (!line.at("places").is_null()) {
    std::array<float, kMaxPlayers> shares{};
    int first = 0;
    for (int p = 0; p < header.players; ++p) first += line["places"][p].get<int>() == 0;
    for (int p = 0; p < header.players; ++p)
      if (line["places"][p].get<int>() == 0) shares[p] = 1.0f / static_cast<float>(first);
    header.result = shares;
  }
  return header;
}

Expected<Sample> read_position(const Json& line, const GameHeader& header,
                               const DataSettings& settings) {
  auto setup = parse_position_string(line.at("position").get<std::string>(), header.rules);
  if (!setup) return fail("its position: " + setup.error());
  const Position& position = setup->position;
  if (!net::reads(position.rules())) return fail("the model cannot read its rules");
  Sample sample;
  sample.game = header.game;
  sample.players = header.players;
  const net::Frame frame = net::frame_of(position);
  std::array<std::uint16_t, net::kMaxActive> active{};
  sample.active.assign(active.begin(),
                       active.begin() + net::active_inputs(position, frame, active));

  // The moves by their text, as the data writes them.
  MoveList legal;
  generate_moves(position, legal);
  std::unordered_map<std::string, Move> by_text;
  for (const Move& move : legal) by_text.emplace(move_ends_text(position.geometry(), move), move);
  const Json& moves = line.at("moves");
  const Json& visits = line.at("visits");
  if (moves.size() != visits.size() || moves.empty())
    return fail("its moves and visits differ in number, or are none");
  double total = 0;
  for (const Json& count : visits) total += count.get<double>();
  if (total <= 0) return fail("its visits add up to nothing");
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto found = by_text.find(moves[i].get<std::string>());
    if (found == by_text.end()) return fail("the move " + moves[i].dump() + " is not legal there");
    sample.from.push_back(static_cast<std::uint16_t>(net::from_output(frame, found->second)));
    sample.to.push_back(static_cast<std::uint16_t>(net::to_output(frame, found->second)));
    sample.policy.push_back(static_cast<float>(visits[i].get<double>() / total));
  }

  // The value's target: the search's values at the root (those of the
  // most visited move, the first) and the game's result.
  const Json& values = line.at("values");
  std::array<float, kMaxPlayers> searched{};
  const bool has_values = !values.empty();
  if (has_values)
    for (int p = 0; p < header.players; ++p) searched[p] = values[0][p].get<float>();
  if (!has_values && !header.result) return fail("it has neither values nor a result");
  const float share = !has_values      ? 0.0f
                      : !header.result ? 1.0f
                                       : static_cast<float>(settings.search_value_share);
  float sum = 0;
  for (int p = 0; p < header.players; ++p) {
    sample.corner[p] = static_cast<std::uint8_t>(frame.corner_of[p]);
    sample.in_game[p] = !position.is_eliminated(p);
    const float from_result = header.result ? (*header.result)[p] : 0.0f;
    sample.value[p] = sample.in_game[p] ? share * searched[p] + (1 - share) * from_result : 0.0f;
    sum += sample.value[p];
  }
  if (sum <= 0) return fail("its value target gives no player in the game a share");
  for (int p = 0; p < header.players; ++p) sample.value[p] /= sum;
  return sample;
}

}  // namespace

Expected<std::vector<Sample>> read_samples(const std::vector<std::string>& paths,
                                           const DataSettings& settings) {
  std::vector<Sample> samples;
  for (const std::string& path : paths) {
    std::ifstream file(path);
    if (!file) return fail("cannot read " + path);
    std::string text;
    std::optional<GameHeader> header;
    for (int number = 1; std::getline(file, text); ++number) {
      const std::string where = path + ":" + std::to_string(number) + ": ";
      auto line = tools::parse_json(text);
      if (!line || !line->is_object()) return fail(where + "not a JSON object");
      try {
        if (line->contains("game")) {
          auto read = read_header(*line);
          if (!read) return fail(where + read.error());
          header = *read;
          continue;
        }
        if (!header) return fail(where + "a position before its game's header");
        auto sample = read_position(*line, *header, settings);
        if (!sample) return fail(where + sample.error());
        samples.push_back(std::move(*sample));
      } catch (const Json::exception& error) {
        return fail(where + "a field is missing or of the wrong type (" + error.what() + ")");
      }
    }
  }
  return samples;
}

}  // namespace tiaoqi::train
