#pragma once

#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/util/expected.hpp"
#include "tools/common/record.hpp"

namespace tiaoqi::python {

// A game of the engine library as a record of tools/common, the format
// tiaoqi-match --record writes and tiaoqi-render and tiaoqi-match --replay
// read: the rules, `opening` (the position string the game starts from,
// without dragons), the dragons at the start (the whole truth; empty
// outside the dragons variant), every move as a full path with the
// referee's marks, and the result and termination once the game is over
// ("*" and none before). The header's other tags are the caller's.
tools::GameRecord record_of_game(const Game& game, const std::string& opening,
                                 const std::vector<Hole>& dragons);

// Names a record's tags can hold: not empty, without ';' (the tags'
// separator), line breaks or spaces around them; an error names the
// first that is not so.
Status check_names(const std::vector<std::string>& names);

// The tags of a record's players: `seating` names each player's engine or
// agent in turn order (checked by check_names), and the Engines tag the
// names once each, in the order they first sit.
Status set_seating(tools::GameRecord& record, const std::vector<std::string>& seating, int players);

// The game after each line of a record, the opening's first, replayed and
// checked by the match runner's replay (tools/common/replay.hpp): a bad
// record is refused with its message. In the dragons variant the games
// know every dragon, as the record does. A referee's elimination (a fault
// in tiaoqi-match) is no move of a game: the games after it start from the
// position it left.
Expected<std::vector<Game>> record_games(const tools::GameRecord& record);

}  // namespace tiaoqi::python
