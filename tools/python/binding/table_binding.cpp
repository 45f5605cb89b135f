// tiaoqi._tiaoqi.GameTable: the environments' hot path. A step and an
// observation are one call each that writes straight into numpy arrays.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>

#include "engine/notation.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/board_image.hpp"
#include "tools/python/binding/game_record.hpp"
#include "tools/python/binding/searcher.hpp"
#include "tools/python/binding/table.hpp"

namespace tiaoqi::python {

std::string play_move(GameTable& table, const py::handle& move) {
  const int mover = table.to_move();
  if (mover < 0) throw py::value_error("the game is over: no move to play");
  const Game& view = table.view(mover);
  const std::string text = move_text_of(view, move);
  // A move copied from a game of the dragons variant may carry the
  // referee's marks; the referee marks it again.
  DragonMarks marks;
  const Move parsed = value_or_raise(parse_move(view.position(), strip_dragon_marks(text, marks)));
  raise_on_error(table.play(parsed));
  return move_ends_text(table.rules().geometry(), parsed);
}

namespace {

int checked_player(const GameTable& table, int player) {
  if (player < 0 || player >= table.players())
    throw py::value_error("player " + std::to_string(player) + " is not in this game (0 to " +
                          std::to_string(table.players() - 1) + ")");
  return player;
}

py::array_t<std::int8_t> observation(const GameTable& table, int viewer) {
  const Frame& frame = table.frame(checked_player(table, viewer));
  py::array_t<std::int8_t> planes({kPlaneCount, frame.side(), frame.side()});
  table.write_observation(viewer, planes.mutable_data());
  return planes;
}

py::array_t<std::int8_t> action_mask(const GameTable& table, int viewer) {
  const Frame& frame = table.frame(checked_player(table, viewer));
  py::array_t<std::int8_t> mask(frame.action_count());
  table.write_mask(viewer, mask.mutable_data());
  return mask;
}

std::unique_ptr<GameTable> table_of(const RuleOptions& rules) {
  auto made = Rules::make(rules);
  if (!made) throw py::value_error(made.error());
  return std::make_unique<GameTable>(std::make_shared<const Rules>(std::move(*made)));
}

// A hole index read back from a pickle; GameTable::restore checks it
// against the board.
Hole hole_of(int index) {
  if (index < 0 || index >= kMaxHoles)
    throw py::value_error("hole " + std::to_string(index) + " is not a hole of any board");
  return static_cast<Hole>(index);
}

// Making a table and what it is: players, the mover, the spaces' sizes.
void define_state(py::class_<GameTable>& table) {
  table.def(py::init(&table_of), py::arg("rules"))
      .def(
          "reset",
          [](GameTable& table, const std::string& dragons, std::uint64_t seed) {
            raise_on_error(table.reset(dragons, seed));
          },
          py::arg("dragons") = "", py::arg("seed") = 0,
          "A new game; dragons (\"m1 c11 l12\") or drawn from seed in the dragons variant.")
      .def_property_readonly("players", &GameTable::players)
      .def_property_readonly("to_move", &GameTable::to_move, "The player to move; -1 once over.")
      .def_property_readonly("moves_played", &GameTable::moves_played)
      .def_property_readonly("action_count",
                             [](const GameTable& table) { return table.frame(0).action_count(); })
      .def_property_readonly("hole_count",
                             [](const GameTable& table) { return table.frame(0).hole_count(); })
      .def_property_readonly("observation_shape", [](const GameTable& table) {
        const int side = table.frame(0).side();
        return py::make_tuple(kPlaneCount, side, side);
      });
}

// What each player observes and may do.
void define_observations(py::class_<GameTable>& table) {
  table.def("observation", &observation, py::arg("viewer"))
      .def("action_mask", &action_mask, py::arg("viewer"))
      .def(
          "observe",
          [](const GameTable& table, int viewer) {
            py::dict observed;
            observed["observation"] = observation(table, viewer);
            observed["action_mask"] = action_mask(table, viewer);
            return observed;
          },
          py::arg("viewer"), "{'observation': planes, 'action_mask': mask} of a player.")
      .def(
          "legal_actions",
          [](const GameTable& table) {
            const int mover = table.to_move();
            std::vector<long long> actions;
            if (mover >= 0)
              for (const Move& move : table.legal_moves())
                actions.push_back(table.frame(mover).action(move));
            std::sort(actions.begin(), actions.end());
            return py::array_t<long long>(static_cast<py::ssize_t>(actions.size()), actions.data());
          },
          "The legal actions of the player to move, ascending (none once over).");
}

// Playing: an action, an engine's move, and the result.
void define_play(py::class_<GameTable>& table) {
  table
      .def(
          "step", [](GameTable& table, long long action) { raise_on_error(table.step(action)); },
          py::arg("action"), "Plays an action of the player to move; refused with ValueError.")
      .def("play_move", &play_move, py::arg("move"),
           "Plays the mover's move, as Position.play takes it (text, a path of holes or an "
           "action); returns it as start and end.")
      .def(
          "play_engine",
          [](GameTable& table, Searcher& engine, std::optional<long long> nodes,
             std::optional<long long> movetime, std::optional<long long> depth) {
            const search::SearchLimits limits = search_limits(nodes, movetime, depth, false);
            const int mover = table.to_move();
            if (mover < 0) throw py::value_error("the game is over: no move to play");
            const Game view = table.view(mover);
            const Move move = search_or_raise(engine, view, limits).best;
            raise_on_error(table.play(move));
            return move_ends_text(table.rules().geometry(), move);
          },
          py::arg("engine"), py::kw_only(), py::arg("nodes") = py::none(),
          py::arg("movetime") = py::none(), py::arg("depth") = py::none(),
          "The engine searches the mover's view and plays its move (returned as text).")
      .def("rewards", &GameTable::rewards,
           "Per player, once over: 2 x placement score - 1 (1 first alone, -1 last alone).")
      .def_property_readonly("standings", &GameTable::standings);
}

// A player's view as a position, a move, text and an image.
void define_views(py::class_<GameTable>& table) {
  table
      .def(
          "position",
          [](const GameTable& table, int viewer) {
            return table.view(checked_player(table, viewer));
          },
          py::arg("viewer"), "A copy of what a player knows of the game, as a Position.")
      .def(
          "action_move",
          [](const GameTable& table, int viewer, long long action) {
            const Frame& frame = table.frame(checked_player(table, viewer));
            return move_ends_text(table.rules().geometry(),
                                  value_or_raise(frame.named_move(action)));
          },
          py::arg("viewer"), py::arg("action"),
          "The move (start and end) an action names for a player.")
      .def(
          "board_text",
          [](const GameTable& table, int viewer) {
            return board_text(table.view(checked_player(table, viewer)).position());
          },
          py::arg("viewer"), "What a player knows of the board, as the protocol's `d` draws it.")
      .def(
          "board_image",
          [](const GameTable& table, int viewer, int spacing) {
            return board_image(table.view(checked_player(table, viewer)).position(), spacing);
          },
          py::arg("viewer"), py::arg("spacing") = kDefaultImageSpacing,
          "What a player knows of the board as an RGB image (height, width, 3) of uint8.");
}

// The game as a record (game_record.hpp).
void define_record(py::class_<GameTable>& table) {
  table.def(
      "record",
      [](const GameTable& table, const std::vector<std::string>& seating, const std::string& event,
         int game, const std::string& unfinished) {
        if (table.rules().dragons() && !table.is_over())
          throw py::value_error(
              "record(): a game of the dragons variant is recorded once it is over: its record "
              "names every dragon, which no player may learn before");
        if (game < 1)
          throw py::value_error("game: expected 1 or more, got " + std::to_string(game));
        tools::GameRecord record = table.record();
        raise_on_error(set_seating(record, seating, table.players()));
        record.event = event;
        record.game = game;
        if (!table.is_over()) record.termination = unfinished;
        return record;
      },
      py::arg("seating"), py::kw_only(), py::arg("event"), py::arg("game") = 1,
      py::arg("unfinished") = "unfinished",
      "The game as a Record: seating names each player; unfinished is the termination of a "
      "game still running.");
}

// Pickling and copies.
void define_copies(py::class_<GameTable>& table) {
  table
      .def(py::pickle(
          [](const GameTable& table) {
            std::vector<int> dragons(table.start_dragons().begin(), table.start_dragons().end());
            std::vector<std::pair<int, int>> moves;
            for (const Move& move : table.moves()) moves.emplace_back(move.from, move.to);
            return py::make_tuple(facade::format_rule_options(table.rules().options()), dragons,
                                  moves);
          },
          [](const py::tuple& state) {
            if (state.size() != 3)
              throw py::value_error("a pickled GameTable has 3 fields, got " +
                                    std::to_string(state.size()));
            auto table =
                table_of(value_or_raise(facade::parse_rule_options(state[0].cast<std::string>())));
            std::vector<Hole> dragons;
            for (int hole : state[1].cast<std::vector<int>>()) dragons.push_back(hole_of(hole));
            std::vector<Move> moves;
            for (auto [from, to] : state[2].cast<std::vector<std::pair<int, int>>>())
              moves.push_back(Move{hole_of(from), hole_of(to)});
            raise_on_error(table->restore(dragons, moves));
            return table;
          }))
      .def("__copy__", [](const GameTable& table) { return GameTable(table); })
      .def(
          "__deepcopy__", [](const GameTable& table, const py::dict&) { return GameTable(table); },
          py::arg("memo"));
}
}  // namespace

void bind_table(py::module_& module) {
  py::class_<GameTable> table(module, "GameTable", R"doc(
One refereed game for the environments (tiaoqi.env, tiaoqi.single_agent_env):
observations, masks and steps in each player's frame. In the dragons
variant it holds every dragon and shows each player only its own view.
)doc");
  define_state(table);
  define_observations(table);
  define_play(table);
  define_views(table);
  define_record(table);
  define_copies(table);
}

}  // namespace tiaoqi::python
