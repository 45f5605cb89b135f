// tiaoqi.Position: a game from its start or a position string, with its
// moves (so undo and the repetition rule work), as the engine plays it.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

#include "engine/eval.hpp"
#include "engine/facade/engine.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/position_string.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/board_image.hpp"
#include "tools/python/binding/frame.hpp"
#include "tools/python/binding/option_names.hpp"

namespace tiaoqi::python {
namespace {

RuleOptions rules_from(const py::object& rules, const py::kwargs& keywords) {
  py::object made =
      rules.is_none() ? py::type::of<RuleOptions>()(**keywords) : rules.attr("replace")(**keywords);
  return made.cast<RuleOptions>();
}

std::vector<std::string> texts_of(const py::object& moves) {
  std::vector<std::string> texts;
  if (moves.is_none()) return texts;
  if (py::isinstance<py::str>(moves))
    throw py::value_error("moves: expected a list of moves, got the str " +
                          py::repr(moves).cast<std::string>());
  for (py::handle move : moves) texts.push_back(py::str(move).cast<std::string>());
  return texts;
}

Game make_position(const std::optional<std::string>& position_string, const py::object& rules,
                   const std::optional<std::string>& dragon, const py::object& moves,
                   const py::kwargs& keywords) {
  facade::PositionRequest request{position_string, dragon, texts_of(moves)};
  return value_or_raise(facade::build_game(request, rules_from(rules, keywords)));
}

Frame frame_for(const Game& game, const std::optional<int>& viewer) {
  const int player = viewer.value_or(game.position().side_to_move());
  if (player < 0 || player >= game.rules().player_count())
    throw py::value_error("viewer " + std::to_string(player) +
                          " is not a player of this game (0 to " +
                          std::to_string(game.rules().player_count() - 1) + ")");
  return Frame(game.rules(), player);
}

}  // namespace

std::string move_text_of(const Game& game, const py::handle& move) {
  if (py::isinstance<py::str>(move)) return move.cast<std::string>();
  const Geometry& geometry = game.rules().geometry();
  const std::string expected = "move: expected text, a path of holes or an action, got ";
  if (py::isinstance<py::bool_>(move)) throw py::value_error(expected + "a bool");
  // An action: a Python or numpy integer (a path is iterable, a number not).
  if (!py::isinstance<py::iterable>(move)) {
    const auto index = py::reinterpret_steal<py::int_>(PyNumber_Index(move.ptr()));
    if (!index) {
      PyErr_Clear();
      throw py::value_error(expected + py::repr(move).cast<std::string>());
    }
    const Move named =
        value_or_raise(frame_for(game, std::nullopt).named_move(index.cast<long long>()));
    return move_ends_text(geometry, named);
  }
  std::string text;
  for (py::handle item : move) {
    const long long hole = item.cast<long long>();
    if (hole < 0 || hole >= geometry.hole_count())
      throw py::value_error("hole " + std::to_string(hole) + " is not a hole of this board (0 to " +
                            std::to_string(geometry.hole_count() - 1) + ")");
    text += geometry.name(static_cast<Hole>(hole));
  }
  return text;
}

namespace {

// The legal moves in the order `legal` prints them (ASCII order of their
// start-end text).
std::vector<std::pair<std::string, Move>> sorted_legal(const Position& position) {
  MoveList moves;
  generate_moves(position, moves);
  std::vector<std::pair<std::string, Move>> listed;
  for (const Move& move : moves)
    listed.emplace_back(move_ends_text(position.geometry(), move), move);
  std::sort(listed.begin(), listed.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return listed;
}

// Perft's depth as the protocol's `perft` takes it.
int checked_depth(int depth) {
  if (depth < 1 || depth > kMaxPerftDepth)
    throw py::value_error("perft depth must be 1 to " + std::to_string(kMaxPerftDepth) + ", got " +
                          std::to_string(depth));
  return depth;
}

// perft_divide on a worker thread with the GIL released, answering Ctrl-C
// as searches do: the stop flag ends it within milliseconds.
PerftDivide divide_or_raise(const Position& root, int depth, int threads) {
  std::atomic<bool> stop{false};
  bool raised = false;
  std::optional<PerftDivide> divide;
  {
    py::gil_scoped_release released;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread worker([&] {
      PerftDivide counted = perft_divide(root, depth, &stop, threads);
      std::lock_guard lock(mutex);
      divide.emplace(std::move(counted));
      done = true;
      finished.notify_all();
    });
    for (;;) {
      {
        std::unique_lock lock(mutex);
        if (finished.wait_for(lock, kInterruptPoll, [&] { return done; })) break;
      }
      if (!raised && python_interrupted()) {
        raised = true;
        stop = true;
      }
    }
    worker.join();
  }
  if (raised) throw py::error_already_set();
  return std::move(*divide);
}

// What a game is to pickle: its rules, its first position and its moves
// (with their marks), which replay it with its repetition count.
py::tuple game_state(const Game& game) {
  std::vector<std::string> moves;
  const Geometry& geometry = game.rules().geometry();
  for (std::size_t i = 0; i < game.moves().size(); ++i)
    moves.push_back(marked_move(move_ends_text(geometry, game.moves()[i]), game.marks()[i]));
  return py::make_tuple(facade::format_rule_options(game.rules().options()),
                        position_string(game.history().front()), moves);
}

// The game's state as one hashable value: the pickled state with the
// moves as a tuple.
py::tuple game_key(const Game& game) {
  const py::tuple state = game_state(game);
  return py::make_tuple(state[0], state[1], py::tuple(state[2]));
}

Game game_of_state(const py::tuple& state) {
  if (state.size() != 3)
    throw py::value_error("a pickled Position has 3 fields, got " + std::to_string(state.size()));
  const RuleOptions rules =
      value_or_raise(facade::parse_rule_options(state[0].cast<std::string>()));
  facade::PositionRequest request{state[1].cast<std::string>(), std::nullopt,
                                  state[2].cast<std::vector<std::string>>()};
  return value_or_raise(facade::build_game(request, rules));
}

py::dict evaluation(const Game& game) {
  const Position& position = game.position();
  const EvalTerms terms = evaluate_terms(position, position.side_to_move());
  py::dict result;
  result["score"] = terms.score;
  result["viewer"] = terms.viewer;
  result["opponent"] = terms.opponent < 0 ? py::object(py::none()) : py::int_(terms.opponent);
  py::list players;
  for (int player = 0; player < terms.players; ++player) {
    const PlayerTerms& own = terms.player[static_cast<std::size_t>(player)];
    py::dict features;
    for (int feature = 0; feature < kFeatureCount; ++feature)
      features[py::str(std::string(feature_name(static_cast<EvalFeature>(feature))))] =
          own.features[static_cast<std::size_t>(feature)];
    py::dict entry;
    entry["active"] = own.active;
    entry["cost"] = own.cost;
    entry["features"] = features;
    players.append(entry);
  }
  result["players"] = players;
  return result;
}

// Making a position, reading and writing it as text, and comparing.
void define_construction(py::class_<Game>& position) {
  position
      .def(py::init([](const py::object& rules, const std::optional<std::string>& dragon,
                       const py::object& moves, const py::kwargs& keywords) {
             return make_position(std::nullopt, rules, dragon, moves, keywords);
           }),
           py::arg("rules") = py::none(), py::kw_only(), py::arg("dragon") = py::none(),
           py::arg("moves") = py::none(),
           R"doc(The start of the rules (Rules, or rule options as keywords), then the moves.
dragon: in the dragons variant, the hole where this player's own dragon starts;
the position is then that player's view.)doc")
      .def_static(
          "from_string",
          [](const std::string& text, const py::object& rules, const py::object& moves,
             const py::kwargs& keywords) {
            return make_position(text, rules, std::nullopt, moves, keywords);
          },
          py::arg("text"), py::arg("rules") = py::none(), py::kw_only(),
          py::arg("moves") = py::none(),
          "A position string (docs/protocol.md), then the moves; the rules fix what the "
          "string does not.")
      .def(
          "to_string", [](const Game& game) { return position_string(game.position()); },
          "The position string of the current position.")
      .def("__str__", [](const Game& game) { return position_string(game.position()); })
      .def("__repr__",
           [](const Game& game) {
             return "tiaoqi.Position.from_string(" +
                    py::repr(py::str(position_string(game.position()))).cast<std::string>() + ")";
           })
      // A position is a value: the same rules, first position and moves
      // (what pickle keeps) make an equal game and an equal hash. Like any
      // key, it must not be played on while a set or a dict holds it.
      .def(
          "__eq__", [](const Game& a, const Game& b) { return game_key(a).equal(game_key(b)); },
          py::is_operator())
      .def("__hash__", [](const Game& game) { return py::hash(game_key(game)); });
}

// What the position is: rules, players, the state of the game, moves so far.
void define_state(py::class_<Game>& position) {
  position
      .def_property_readonly(
          "rules", [](const Game& game) { return rule_options_of(game.rules()); },
          "The rules this game plays under.")
      .def_property_readonly("players",
                             [](const Game& game) { return game.rules().player_count(); })
      .def_property_readonly(
          "side_to_move", [](const Game& game) { return game.position().side_to_move(); },
          "The player to move (from 0).")
      .def_property_readonly("move_count",
                             [](const Game& game) { return game.position().move_count(); })
      .def_property_readonly("is_over", [](const Game& game) { return game.position().is_over(); })
      .def_property_readonly(
          "eliminated",
          [](const Game& game) {
            std::vector<bool> out;
            for (int p = 0; p < game.rules().player_count(); ++p)
              out.push_back(game.position().is_eliminated(p));
            return out;
          },
          "Per player: out of the game (no legal move, home deadline, a lost dragon).")
      .def_property_readonly(
          "places",
          [](const Game& game) -> py::object {
            if (!game.position().is_over()) return py::none();
            py::list places;
            for (int p = 0; p < game.rules().player_count(); ++p)
              places.append(game.position().place_of(p));
            return places;
          },
          "With the game over, each player's place (0 = first; equal places share); else None.")
      .def_property_readonly(
          "standings",
          [](const Game& game) {
            return game.position().is_over() ? game.position().standings()
                                             : std::vector<std::vector<int>>{};
          },
          "With the game over, the players grouped by place, best first; else [].")
      .def_property_readonly(
          "moves",
          [](const Game& game) {
            std::vector<std::string> texts;
            const Geometry& geometry = game.rules().geometry();
            for (std::size_t i = 0; i < game.moves().size(); ++i)
              texts.push_back(
                  marked_move(move_ends_text(geometry, game.moves()[i]), game.marks()[i]));
            return texts;
          },
          "The moves played since the first position, as start and end (with marks).")
      .def_property_readonly(
          "dragons",
          [](const Game& game) {
            std::vector<std::string> names;
            const Position& position = game.position();
            for (int h : position.dragons() & position.occupied())
              names.push_back(position.geometry().name(static_cast<Hole>(h)));
            return names;
          },
          "The dragons this position knows (its own and the revealed ones, in a player's view).")
      .def_property_readonly("hash", [](const Game& game) { return game.position().hash(); });
}

// Legal moves, holes, and playing and taking back moves.
void define_moves(py::class_<Game>& position) {
  position
      .def(
          "legal_moves",
          [](const Game& game) {
            std::vector<std::string> texts;
            for (auto& [text, move] : sorted_legal(game.position())) texts.push_back(text);
            return texts;
          },
          "The legal moves as start and end, in the protocol's `legal` order.")
      .def(
          "legal_paths",
          [](const Game& game) {
            std::vector<std::vector<int>> paths;
            for (auto& [text, move] : sorted_legal(game.position())) {
              const std::vector<Hole> holes = shortest_path(game.position(), move);
              paths.emplace_back(holes.begin(), holes.end());
            }
            return paths;
          },
          "The legal moves as hole-index paths (a shortest chain), in legal_moves() order.")
      .def(
          "move_path",
          [](const Game& game, const py::object& move) {
            const Move parsed =
                value_or_raise(parse_move(game.position(), move_text_of(game, move)));
            const std::vector<Hole> holes = shortest_path(game.position(), parsed);
            return std::vector<int>(holes.begin(), holes.end());
          },
          py::arg("move"), "The hole-index path (a shortest chain) of a legal move.")
      .def(
          "hole_name",
          [](const Game& game, int hole) {
            if (hole < 0 || hole >= game.rules().geometry().hole_count())
              throw py::value_error("hole " + std::to_string(hole) +
                                    " is not a hole of this board");
            return game.rules().geometry().name(static_cast<Hole>(hole));
          },
          py::arg("hole"))
      .def(
          "hole",
          [](const Game& game, const std::string& name) {
            const auto hole = game.rules().geometry().parse_hole(name);
            if (!hole)
              throw py::value_error(py::repr(py::str(name)).cast<std::string>() +
                                    " is not a hole of this board");
            return static_cast<int>(*hole);
          },
          py::arg("name"), "The index of a hole name (\"m1\" is 0 on the standard board).")
      .def(
          "play",
          [](Game& game, const py::object& move) {
            value_or_raise(game.play(move_text_of(game, move)));
          },
          py::arg("move"), "Plays a legal move of the player to move.")
      .def(
          "undo",
          [](Game& game) {
            if (!game.undo())
              throw py::value_error("no move to take back: this is the first position");
          },
          "Takes back the last move.");
}

// perft and the static evaluation.
void define_counts(py::class_<Game>& position) {
  position
      .def(
          "perft",
          [](const Game& game, int depth, int threads) {
            checked_depth(depth);
            if (threads < facade::kThreadsRange.min || threads > facade::kThreadsRange.max)
              throw py::value_error("threads must be " + std::to_string(facade::kThreadsRange.min) +
                                    " to " + std::to_string(facade::kThreadsRange.max) + ", got " +
                                    std::to_string(threads));
            return divide_or_raise(game.position(), depth, threads).total;
          },
          py::arg("depth"), py::arg("threads") = 1,
          "The number of move sequences depth moves deep (docs/rules.md, \"Perft\").")
      .def(
          "perft_divide",
          [](const Game& game, int depth) {
            checked_depth(depth);
            const Position root = game.position();
            const PerftDivide divide = divide_or_raise(root, depth, 1);
            py::dict counts;
            for (const auto& [move, count] : divide.counts)
              counts[py::str(move_ends_text(root.geometry(), move))] = count;
            return counts;
          },
          py::arg("depth"), "perft of each legal move at depth - 1, by move.")
      .def("evaluate", &evaluation,
           "The static evaluation from the side to move: score (centi-steps), viewer, "
           "opponent, and per player active, cost and features.");
}

// The observation planes and the action space of the learning interfaces.
void define_actions(py::class_<Game>& position) {
  position
      .def(
          "observation",
          [](const Game& game, const std::optional<int>& viewer) {
            const Frame frame = frame_for(game, viewer);
            py::array_t<std::int8_t> planes({kPlaneCount, frame.side(), frame.side()});
            frame.write_observation(game.position(), planes.mutable_data());
            return planes;
          },
          py::arg("viewer") = py::none(),
          "The observation planes of a player (default: the one to move) in its frame.")
      .def(
          "action_mask",
          [](const Game& game) {
            const Frame frame = frame_for(game, std::nullopt);
            MoveList moves;
            generate_moves(game.position(), moves);
            py::array_t<std::int8_t> mask(frame.action_count());
            frame.write_mask(moves, mask.mutable_data());
            return mask;
          },
          "The legal actions of the player to move: int8 flags over the action space, 1 legal.")
      .def(
          "legal_actions",
          [](const Game& game) {
            const Frame frame = frame_for(game, std::nullopt);
            MoveList moves;
            generate_moves(game.position(), moves);
            std::vector<long long> actions;
            for (const Move& move : moves) actions.push_back(frame.action(move));
            std::sort(actions.begin(), actions.end());
            return py::array_t<long long>(static_cast<py::ssize_t>(actions.size()), actions.data());
          },
          "The legal actions of the player to move, ascending.")
      .def(
          "action",
          [](const Game& game, const py::object& move) {
            const Move parsed =
                value_or_raise(parse_move(game.position(), move_text_of(game, move)));
            return frame_for(game, std::nullopt).action(parsed);
          },
          py::arg("move"), "The action of a legal move of the player to move.")
      .def(
          "action_move",
          [](const Game& game, long long action) {
            const Move move = value_or_raise(frame_for(game, std::nullopt).named_move(action));
            return move_ends_text(game.rules().geometry(), move);
          },
          py::arg("action"), "The move (start and end) an action of the player to move names.");
}

// The board as text and as an image; pickling and copies.
void define_pictures(py::class_<Game>& position) {
  position
      .def(
          "board_text", [](const Game& game) { return board_text(game.position()); },
          "The board as the protocol's `d` draws it: a line per rank from the top, '.' an empty "
          "hole, an army letter a piece (upper case a known dragon).")
      .def(
          "board_image",
          [](const Game& game, int spacing) { return board_image(game.position(), spacing); },
          py::arg("spacing") = kDefaultImageSpacing,
          "The board as an RGB image, a uint8 array (height, width, 3): holes and pieces in "
          "their army's colour, north up; spacing is the pixels between neighbouring holes.")
      .def(py::pickle(&game_state, &game_of_state))
      .def("copy", [](const Game& game) { return game; })
      .def("__copy__", [](const Game& game) { return game; })
      .def(
          "__deepcopy__", [](const Game& game, const py::dict&) { return game; }, py::arg("memo"));
}
}  // namespace

void bind_position(py::module_& module) {
  py::class_<Game> position(module, "Position", R"doc(
A game as the engine plays it: a position with the moves that led to it.

Players are numbered from 0 in turn order (the protocol's player 1 is 0).
Moves are text, start and end ("k3g7") or a full path ("k3k5i7g7"), or a
path of hole indices; in the dragons variant a move may carry the
referee's marks ('*' a dragon revealed, '#' a dragon captured). Bad input
raises ValueError with the engine's message and changes nothing.
)doc");
  define_construction(position);
  define_state(position);
  define_moves(position);
  define_counts(position);
  define_actions(position);
  define_pictures(position);

  module.def(
      "hole_names",
      [](int board_size) {
        if (board_size < kMinArmSize || board_size > kMaxArmSize)
          throw py::value_error("board_size must be 2, 3 or 4, got " + std::to_string(board_size));
        const Geometry& geometry = Geometry::of(board_size);
        std::vector<std::string> names;
        for (int h = 0; h < geometry.hole_count(); ++h)
          names.push_back(geometry.name(static_cast<Hole>(h)));
        return names;
      },
      py::arg("board_size") = kMaxArmSize,
      "The hole names in index order (rank 1 first, files ascending), as frames number them too.");

  std::vector<std::string> planes;
  for (std::string_view name : plane_names()) planes.emplace_back(name);
  module.attr("OBSERVATION_PLANES") = py::tuple(py::cast(planes));
}

}  // namespace tiaoqi::python
