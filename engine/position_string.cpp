#include "engine/position_string.hpp"

#include <vector>

#include "engine/util/text.hpp"

namespace tiaoqi {
namespace {

// A decimal number without sign or leading zeros, at most `limit`.
std::optional<long> parse_count(std::string_view text, long limit) {
  if (text.empty() || text[0] == '-' || (text.size() > 1 && text[0] == '0')) return std::nullopt;
  const auto value = util::to_integer(text);
  if (!value || *value > limit) return std::nullopt;
  return static_cast<long>(*value);
}

}  // namespace

Expected<GameSetup> start_setup(const RuleOptions& options) {
  auto rules = Rules::make(options);
  if (!rules) return Error{rules.error()};
  auto shared = std::make_shared<const Rules>(std::move(*rules));
  return GameSetup{shared, Position::start(*shared)};
}

Expected<GameSetup> parse_position_string(std::string_view text, const RuleOptions& options) {
  const auto fields = util::tokenize(text);
  if (fields.size() != 4)
    return fail(
        "position string needs 4 fields (board, player to move, seating, move count), got " +
        std::to_string(fields.size()));

  // Field 3 first: the seating decides which armies may be on the board.
  std::vector<bool> eliminated;
  std::string plain_seating;
  for (std::string_view group : util::split(fields[2], '/')) {
    const bool out = !group.empty() && group.back() == '-';
    if (out) group.remove_suffix(1);
    if (group.find('-') != std::string_view::npos)
      return fail("seating field " + util::quote_input(fields[2]) +
                  ": '-' may only follow the last army letter of a player");
    if (!plain_seating.empty() || !eliminated.empty()) plain_seating += '/';
    plain_seating += group;
    eliminated.push_back(out);
  }
  auto parsed_seating = Seating::parse(plain_seating);
  if (!parsed_seating) return fail("seating field: " + parsed_seating.error());
  const Seating seating = *parsed_seating;

  const auto ranks = util::split(fields[0], '/');
  const int rank_count = static_cast<int>(ranks.size());
  if (rank_count != 9 && rank_count != 13 && rank_count != 17)
    return fail("board field has " + std::to_string(rank_count) +
                " ranks; expected 9, 13 or 17 (BoardSize 2, 3 or 4)");
  const int arm_size = (rank_count - 1) / 4;
  auto rules_made = Rules::make(options, seating, arm_size);
  if (!rules_made) return fail("position string does not fit the options: " + rules_made.error());
  auto rules = std::make_shared<const Rules>(std::move(*rules_made));
  const Geometry& geometry = rules->geometry();

  Position position = Position::empty(*rules);
  std::array<int, kArmies> counts{};
  for (int i = 0; i < rank_count; ++i) {
    const int rank = rank_count - i;
    const std::string_view row = ranks[i];
    const int length = geometry.rank_length(rank);
    int file = 0;
    std::size_t k = 0;
    while (k < row.size()) {
      const char c = row[k];
      if (c >= '0' && c <= '9') {
        std::size_t end = k;
        while (end < row.size() && row[end] >= '0' && row[end] <= '9') ++end;
        const auto run = parse_count(row.substr(k, end - k), 99);
        if (!run || *run == 0)
          return fail("board field, rank " + std::to_string(rank) + ": bad run of empty holes " +
                      util::quote_input(row.substr(k, end - k)));
        file += static_cast<int>(*run);
        k = end;
        continue;
      }
      const bool dragon = c >= 'A' && c <= 'F';
      if (!dragon && (c < 'a' || c > 'f'))
        return fail("board field, rank " + std::to_string(rank) +
                    ": expected an army letter a-f or a number, got " +
                    util::quote_input(std::string(1, c)));
      const int army = dragon ? c - 'A' : c - 'a';
      if (rules->player_of(army) == kNoPlayer)
        return fail(std::string("board field: army '") + army_letter(army) +
                    "' has pieces but is not in the seating " + util::quote_input(fields[2]));
      if (dragon && options.variant != Variant::kDragons)
        return fail(std::string("board field: upper-case '") + c +
                    "' marks a dragon, which exists only in the dragons variant");
      if (file < length) {
        const Hole h = static_cast<Hole>(geometry.rank_first(rank) + file);
        position.put_piece(army, h);
        if (dragon) position.set_dragon(h, true);
        ++counts[army];
      }
      ++file;
      ++k;
    }
    if (file != length)
      return fail("board field, rank " + std::to_string(rank) + " describes " +
                  std::to_string(file) + " holes; that rank has " + std::to_string(length));
  }
  for (int army = 0; army < kArmies; ++army) {
    if ((position.army(army) & position.dragons()).count() > 1)
      return fail(std::string("board field: army '") + army_letter(army) +
                  "' has more than one dragon (upper-case '" + static_cast<char>('A' + army) +
                  "')");
    if (counts[army] > rules->home_size())
      return fail(std::string("board field: army '") + army_letter(army) + "' has " +
                  std::to_string(counts[army]) + " pieces; its home holds " +
                  std::to_string(rules->home_size()));
  }

  const auto side = parse_count(fields[1], kMaxPlayers);
  if (!side || *side < 1 || *side > rules->player_count())
    return fail("player-to-move field " + util::quote_input(fields[1]) +
                ": expected a number from 1 to " + std::to_string(rules->player_count()));
  for (int p = 0; p < rules->player_count(); ++p)
    if (eliminated[p]) position.set_eliminated(p);
  if (position.is_eliminated(static_cast<int>(*side) - 1))
    return fail("player-to-move field: player " + std::to_string(*side) + " is eliminated");
  position.set_side_to_move(static_cast<int>(*side) - 1);

  const auto moves = parse_count(fields[3], 1000000000L);
  if (!moves)
    return fail("move-count field " + util::quote_input(fields[3]) +
                ": expected a number from 0 to 1000000000");
  position.set_move_count(static_cast<int>(*moves));
  position.conclude_setup();
  return GameSetup{rules, position};
}

std::string position_string(const Position& position) {
  const Geometry& geometry = position.geometry();
  std::string text;
  for (int rank = geometry.rank_count(); rank >= 1; --rank) {
    int empty_run = 0;
    for (int file = 0; file < geometry.rank_length(rank); ++file) {
      const Hole h = static_cast<Hole>(geometry.rank_first(rank) + file);
      const int army = position.army_at(h);
      if (army < 0) {
        ++empty_run;
        continue;
      }
      if (empty_run) text += std::to_string(empty_run);
      empty_run = 0;
      const char letter = army_letter(army);
      text += position.dragons().test(h) ? static_cast<char>(letter - 'a' + 'A') : letter;
    }
    if (empty_run) text += std::to_string(empty_run);
    if (rank > 1) text += '/';
  }
  text += ' ' + std::to_string(position.side_to_move() + 1) + ' ';
  const Seating& seating = position.rules().seating();
  for (int p = 0; p < seating.player_count(); ++p) {
    if (p) text += '/';
    for (int army : seating.armies[p]) text += army_letter(army);
    if (position.is_eliminated(p)) text += '-';
  }
  text += ' ' + std::to_string(position.move_count());
  return text;
}

}  // namespace tiaoqi
