#include "protocol/board_text.hpp"

#include <algorithm>
#include <thread>

#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/search/levels.hpp"
#include "protocol/format.hpp"
#include "protocol/options.hpp"

namespace tiaoqi::protocol {
namespace {

std::string ordinal(int place) {
  static const char* const kOrdinals[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
  return kOrdinals[std::clamp(place, 0, 5)];
}

std::string state_text(const Position& position, int first_player) {
  const int players = position.rules().player_count();
  std::string text;
  if (position.is_over()) {
    text = "over:";
    int place = 0;
    for (const auto& group : position.standings()) {
      text += " " + ordinal(place) + " player";
      for (std::size_t i = 0; i < group.size(); ++i)
        text += (i ? " = " : " ") + std::to_string(group[i] + first_player);
      text += ";";
      place += static_cast<int>(group.size());
    }
    text.pop_back();
    if (position.standings().front().size() == 1)
      text += " (won by player " +
              std::to_string(position.standings().front().front() + first_player) + ")";
    else
      text += " (first place shared)";
  } else {
    text = "running";
  }
  std::string eliminated;
  for (int p = 0; p < players; ++p)
    if (position.is_eliminated(p))
      eliminated += (eliminated.empty() ? "" : ", ") + std::to_string(p + first_player);
  if (!eliminated.empty()) text += "; eliminated: player " + eliminated;
  return text;
}

// Every rule option, or every engine option, with its value; the search
// also says what it plays on this game when that is another algorithm.
std::string options_text(const facade::Options& options, bool rules, int player_count) {
  std::string text;
  for (const facade::OptionSpec& spec : facade::option_specs()) {
    if (spec.is_rule != rules || spec.is_parameter) continue;
    text += (text.empty() ? "" : ", ") + std::string(spec.name) + " " + spec.get(options);
    if (spec.name == "UCI_Elo" && options.engine.limit_strength)
      text += " (" + std::string(search::level_at_elo(options.engine.elo).name) + ")";
    if (spec.name != "Search") continue;
    const std::string_view played = facade::played_search_name(options, player_count);
    if (!played.empty()) text += " (plays " + std::string(played) + ")";
  }
  return text;
}

// Every parameter of the searches with its value, and with what `auto`
// plays on this game.
std::string parameters_text(const facade::Options& options, int player_count) {
  std::string text;
  for (const facade::OptionSpec& spec : facade::option_specs()) {
    if (!spec.is_parameter) continue;
    const std::string value = spec.get(options);
    text += (text.empty() ? "" : ", ") + std::string(spec.name) + " " + value;
    if (value == "auto")
      text += " (" + facade::played_parameter_value(options, spec, player_count) + ")";
  }
  return text;
}

}  // namespace

std::vector<std::string> board_picture(const Position& position, bool hole_numbers) {
  const Geometry& geometry = position.geometry();
  int min_column = 1000, max_column = -1000;
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const Cube c = geometry.cube(static_cast<Hole>(h));
    min_column = std::min(min_column, 2 * c.x + c.y);
    max_column = std::max(max_column, 2 * c.x + c.y);
  }
  std::vector<std::string> lines;
  for (int rank = geometry.rank_count(); rank >= 1; --rank) {
    std::string row(static_cast<std::size_t>(max_column - min_column + 1), ' ');
    const Hole first = geometry.rank_first(rank);
    const int length = geometry.rank_length(rank);
    for (int file = 0; file < length; ++file) {
      const Hole h = static_cast<Hole>(first + file);
      const Cube c = geometry.cube(h);
      const int army = position.army_at(h);
      char symbol = '.';
      if (army >= 0) {
        symbol = army_letter(army);
        if (position.dragons().test(h)) symbol = static_cast<char>(symbol - 'a' + 'A');
      }
      row[static_cast<std::size_t>(2 * c.x + c.y - min_column)] = symbol;
    }
    const Hole last = static_cast<Hole>(first + length - 1);
    std::string holes;
    if (!hole_numbers)
      holes = geometry.name(first).substr(0, 1) + "-" + geometry.name(last).substr(0, 1);
    else if (length == 1)
      holes = std::to_string(first);
    else
      holes = std::to_string(first) + "-" + std::to_string(last);
    std::string label = std::to_string(rank);
    if (label.size() < 2) label = " " + label;
    lines.push_back(label + "  " + row + "   " + holes);
  }
  return lines;
}

std::vector<std::string> describe(const facade::Engine& engine, const BoardStyle& style) {
  const Game& game = engine.game();
  const Position& position = game.position();
  const Rules& rules = position.rules();
  const int first = style.first_player;
  std::vector<std::string> lines = board_picture(position, style.hole_numbers);
  lines.push_back("");
  lines.push_back("Position: " + (style.position_text ? style.position_text(position)
                                                      : position_string(position)));
  if (position.is_over())
    lines.push_back("To move: nobody, the game is over");
  else
    lines.push_back("To move: player " + std::to_string(position.side_to_move() + first) + " (" +
                    armies_text(rules, position.side_to_move()) + ")");
  std::string seating;
  for (int p = 0; p < rules.player_count(); ++p)
    seating += (p ? ", " : "") + std::string("player ") + std::to_string(p + first) + " " +
               armies_text(rules, p);
  lines.push_back("Seating: " + seating);
  lines.push_back("State: " + state_text(position, first));
  std::string last = "Moves: " + std::to_string(position.move_count()) + " played";
  if (!game.moves().empty()) {
    const Position& before = game.history()[game.history().size() - 2];
    last += ", last " + move_text(before, game.moves().back());
  }
  lines.push_back(last);

  facade::Options in_force = engine.options();
  in_force.rules = game.rules().options();
  in_force.rules.board_size = position.geometry().arm_size();
  const int players = rules.player_count();
  lines.push_back("Rules: " + options_text(in_force, true, players));
  lines.push_back("Engine: " + options_text(in_force, false, players));
  lines.push_back("Parameters: " + parameters_text(in_force, players));
  const int asked = in_force.engine.threads;
  const int running = facade::running_threads(asked, std::thread::hardware_concurrency());
  if (running < asked)
    lines.push_back("Threads: " + std::to_string(asked) + " set, " + std::to_string(running) +
                    " run: the machine runs " + std::to_string(running) + " threads at once");
  if (engine.options().rules != engine.game_rules())
    lines.push_back(
        "Pending: rule options changed since this game was set up; they apply at the next "
        "position or go");
  return lines;
}

}  // namespace tiaoqi::protocol
