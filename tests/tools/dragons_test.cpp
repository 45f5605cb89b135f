// The match runner as the referee of the dragons variant: each engine is
// told only its own dragon, every move carries the marks the dragons give,
// the results are the rules core's, the record keeps the whole truth and
// replays, and the renderer draws the dragons a player knew. Games are
// played at fixed depths and node counts, never against a clock.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tests/tools/tool_runs.hpp"
#include "tools/common/json.hpp"
#include "tools/common/record.hpp"
#include "tools/common/replay.hpp"
#include "tools/match/match.hpp"

namespace tiaoqi::match {
namespace {

using tools::double_command;
using tools::temp_path;

MatchConfig dragons_config(std::vector<EngineSpec> engines, int openings) {
  MatchConfig config;
  config.engines = std::move(engines);
  config.referee.rules.players = 3;
  config.referee.rules.variant = Variant::kDragons;
  config.referee.rules.max_plies = 600;
  for (const auto& e : config.engines) config.referee.engine_names.push_back(e.name);
  config.referee.time.depth = 1;
  config.referee.time.hang_ms = kHangGuardMs;
  config.referee.dragon_seed = 5;
  config.schedule.engine_count = static_cast<int>(config.engines.size());
  config.schedule.rules = config.referee.rules;
  config.schedule.openings.count = openings;
  config.schedule.openings.random_plies = 3;
  config.schedule.openings.seed = 5;
  config.startup_ms = kHangGuardMs;
  return config;
}

// The position lines the double with this mark file was sent in its n-th
// game (its first ucinewgame is the check before the first game in a
// match run from the command line, but run_match starts no such check).
std::vector<std::string> positions_of_game(const std::string& marks, int game) {
  std::ifstream in(marks);
  std::vector<std::string> lines;
  int games = 0;
  for (std::string line; std::getline(in, line);) {
    if (line == "newgame") ++games;
    if (games == game && line.starts_with("position ")) lines.push_back(line);
  }
  return lines;
}

// The upper-case letters (known dragons) of a position string's board.
std::string dragon_letters(const std::string& position_line) {
  const auto fields = util::tokenize(position_line);
  std::string letters;
  if (fields.size() > 2)
    for (char c : fields[2])
      if (std::isupper(static_cast<unsigned char>(c))) letters += c;
  return letters;
}

// How many moves of the game carry a mark ('*' or '#').
int marked_moves(const tools::GameRecord& record, char mark) {
  int count = 0;
  for (const auto& event : record.events)
    count +=
        event.kind == tools::RecordEvent::Kind::kMove && event.text.find(mark) != std::string::npos;
  return count;
}

void expect_replays_to_its_result(const tools::GameRecord& record, const GameSummary& game) {
  auto replay = tools::replay_record(record);
  ASSERT_TRUE(replay.ok()) << replay.error() << "\n" << tools::format_record(record);
  const Position& last = replay->frames.back().position;
  EXPECT_TRUE(last.is_over()) << tools::format_record(record);
  EXPECT_EQ(tools::format_standings(last.standings()), record.result);
  EXPECT_EQ(game.standings, last.standings());
  // Every player out lost its dragon to a capture marked '#', or was taken
  // out by the referee (an "x" line). A dragon of a player already out may
  // be captured too: the mark still says what the piece was.
  int lost = 0, taken_out = 0, lost_by_capture = 0;
  for (int p = 0; p < 3; ++p) lost += last.is_eliminated(p);
  for (std::size_t i = 0; i < record.events.size(); ++i) {
    const auto& event = record.events[i];
    taken_out += event.kind == tools::RecordEvent::Kind::kElimination;
    if (!event.text.ends_with("#")) continue;
    const Position& before = replay->frames[i].position;
    const Hole captured = replay->frames[i + 1].captured;
    ASSERT_NE(captured, kNoHole) << event.text;
    EXPECT_TRUE(before.dragons().test(captured)) << event.text;
    lost_by_capture += !before.is_eliminated(before.rules().player_of(before.army_at(captured)));
  }
  EXPECT_EQ(lost_by_capture, lost - taken_out) << tools::format_record(record);
}

// Two tiaoqi engines and the test double: no fault, every engine told its
// own dragon only, every result the one the replay gives.
TEST(DragonsMatch, TwoEnginesAndTheDoubleRefereedByTheRules) {
  const std::string binary = tools::real_engine();
  if (binary.empty()) GTEST_SKIP() << "the tiaoqi engine has not been built";
  const std::string marks = temp_path("real_marks");
  std::filesystem::remove(marks);
  MatchConfig config =
      dragons_config({{"alpha", binary, "", {}, "", {{"nodes", "100"}}},
                      {"random", binary, "", {{"Search", "random"}}, "", {}},
                      {"double", double_command("--mark " + marks), "", {}, "", {}}},
                     1);
  // The tiaoqi engines search 100 nodes a move, the others depth 1.
  TimeControl nodes = config.referee.time;
  nodes.depth = 0;
  nodes.nodes = 100;
  config.referee.engine_times = {nodes, config.referee.time, config.referee.time};
  std::vector<std::string> logged;
  config.log = [&](const std::string& message) { logged.push_back(message); };
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 3u);
  EXPECT_TRUE(logged.empty()) << logged.front();
  for (std::size_t g = 0; g < run->records.size(); ++g) {
    const tools::GameRecord& record = run->records[g];
    SCOPED_TRACE("game " + std::to_string(record.game));
    const auto dragons = util::tokenize(record.dragons);
    ASSERT_EQ(dragons.size(), 3u) << record.dragons;
    // The same dragons in every rotation of the opening.
    EXPECT_EQ(record.dragons, run->records[0].dragons);
    expect_replays_to_its_result(record, run->games[g]);
    for (const auto& event : record.events) {
      EXPECT_EQ(event.kind, tools::RecordEvent::Kind::kMove) << event.text;
    }
    // The double heard of its own dragon, by name, and of no other.
    const auto seat = static_cast<std::size_t>(
        std::find(record.seating.begin(), record.seating.end(), "double") - record.seating.begin());
    ASSERT_LT(seat, 3u);
    const auto lines = positions_of_game(marks, static_cast<int>(g) + 1);
    ASSERT_FALSE(lines.empty());
    for (const auto& line : lines) {
      EXPECT_TRUE(line.starts_with("position startpos dragon " + std::string(dragons[seat]) + " "))
          << line;
      for (std::size_t other = 0; other < 3; ++other) {
        if (other == seat) continue;
        EXPECT_EQ(line.find(" dragon " + std::string(dragons[other])), std::string::npos) << line;
      }
    }
  }
  std::filesystem::remove(marks);
}

// Three doubles: captures are marked and lose their owners the game; a
// player taken out for a fault leaves its pieces, the game goes on, and
// the others are then told the position with their own dragon (and the
// revealed ones) in upper case only.
TEST(DragonsMatch, MarksFaultsAndWhatEachEngineIsTold) {
  const std::string marks = temp_path("fault_marks");
  std::filesystem::remove(marks);
  MatchConfig config =
      dragons_config({{"faulty", double_command("--mode illegal --after 5"), "", {}, "", {}},
                      {"one", double_command("--mark " + marks), "", {{"Seed", "1"}}, "", {}},
                      {"two", double_command(), "", {{"Seed", "2"}}, "", {}}},
                     2);
  config.log = [](const std::string&) {};
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 6u);
  int captures = 0;
  for (std::size_t g = 0; g < run->records.size(); ++g) {
    const tools::GameRecord& record = run->records[g];
    SCOPED_TRACE("game " + std::to_string(record.game));
    expect_replays_to_its_result(record, run->games[g]);
    captures += marked_moves(record, '#');
    // The faulty player is out after its sixth search, and the others
    // played on.
    const auto out = std::find_if(record.events.begin(), record.events.end(), [](const auto& e) {
      return e.kind == tools::RecordEvent::Kind::kElimination;
    });
    ASSERT_NE(out, record.events.end());
    EXPECT_EQ(record.seating[static_cast<std::size_t>(out->player - 1)], "faulty");
    EXPECT_LT(out - record.events.begin() + 2, static_cast<long>(record.events.size()));
    // The players revealed before the elimination: their armies' letters
    // may show in upper case, besides one's own.
    std::string known;
    for (auto e = record.events.begin(); e != out; ++e)
      if (e->text.find('*') != std::string::npos)
        known += static_cast<char>('A' + 2 * (e->player - 1));
    const int seat = static_cast<int>(
        std::find(record.seating.begin(), record.seating.end(), "one") - record.seating.begin());
    known += static_cast<char>('A' + 2 * seat);
    int fens = 0;
    for (const auto& line : positions_of_game(marks, static_cast<int>(g) + 1)) {
      if (!line.starts_with("position fen ")) continue;
      ++fens;
      const std::string letters = dragon_letters(line);
      EXPECT_NE(letters.find(static_cast<char>('A' + 2 * seat)), std::string::npos) << line;
      for (char c : letters) EXPECT_NE(known.find(c), std::string::npos) << line;
    }
    // Told of the elimination, since the game went on.
    EXPECT_GT(fens, 0);
  }
  // Random movers take pieces, dragons among them.
  EXPECT_GT(captures, 0);
  std::filesystem::remove(marks);
}

// With --dragons choose each engine chooses its player's dragon (go
// choose); one that answers with a hole outside its home is taken out at
// its first turn, and the game goes on.
TEST(DragonsMatch, EnginesChooseTheirDragons) {
  std::vector<EngineSpec> engines = {{"choosy", double_command(), "", {{"Seed", "4"}}, "", {}},
                                     {"wrong", double_command("--mode illegal"), "", {}, "", {}},
                                     {"other", double_command(), "", {{"Seed", "2"}}, "", {}}};
  const std::string binary = tools::real_engine();
  // The engine's own choice where it has been built.
  if (!binary.empty()) engines[0] = {"tiaoqi", binary, "", {{"Search", "random"}}, "", {}};
  MatchConfig config = dragons_config(engines, 1);
  config.referee.dragons = std::string(kChooseDragons);
  std::vector<std::string> logged;
  config.log = [&](const std::string& message) { logged.push_back(message); };
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 3u);
  // Only the wrong chooser's faults, once a game.
  EXPECT_EQ(logged.size(), 3u);
  for (std::size_t g = 0; g < run->records.size(); ++g) {
    const tools::GameRecord& record = run->records[g];
    SCOPED_TRACE("game " + std::to_string(record.game));
    expect_replays_to_its_result(record, run->games[g]);
    const auto wrong = static_cast<int>(
        std::find(record.seating.begin(), record.seating.end(), "wrong") - record.seating.begin());
    // Its first turn after the opening is its exit.
    const auto first = std::find_if(record.events.begin(), record.events.end(), [&](const auto& e) {
      return e.player == wrong + 1 && !e.is_book();
    });
    ASSERT_NE(first, record.events.end());
    EXPECT_EQ(first->kind, tools::RecordEvent::Kind::kElimination);
    EXPECT_TRUE(first->text.starts_with("illegal dragon: bestmove '")) << first->text;
    EXPECT_TRUE(first->text.ends_with("' is no hole of its home")) << first->text;
  }
}

// A record's marks must be the ones its dragons give, and a game of the
// variant must name its dragons.
TEST(DragonsRecord, ReplayChecksTheTruth) {
  MatchConfig config = dragons_config({{"a", double_command(), "", {}, "", {}},
                                       {"b", double_command(), "", {{"Seed", "1"}}, "", {}},
                                       {"c", double_command(), "", {{"Seed", "2"}}, "", {}}},
                                      1);
  config.log = [](const std::string&) {};
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  const auto marked = std::find_if(run->records.begin(), run->records.end(),
                                   [](const auto& r) { return marked_moves(r, '#') > 0; });
  ASSERT_NE(marked, run->records.end());
  tools::GameRecord record = *marked;
  ASSERT_TRUE(tools::replay_record(record).ok());
  // Without its '#', the capture of a dragon is refused.
  for (auto& event : record.events)
    if (event.text.ends_with("#")) {
      event.text.pop_back();
      break;
    }
  auto unmarked = tools::replay_record(record);
  ASSERT_FALSE(unmarked.ok());
  EXPECT_NE(unmarked.error().find("the dragons give '"), std::string::npos) << unmarked.error();
  // Without the truth, no replay.
  record = *marked;
  record.dragons.clear();
  EXPECT_EQ(tools::replay_record(record).error(),
            "Dragons tag: a game of the dragons variant names every dragon, and this one has no "
            "such tag");
  // The tag survives the record's text.
  auto parsed = tools::parse_records(tools::format_record(*marked));
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->front(), *marked);
}

}  // namespace
}  // namespace tiaoqi::match

namespace tiaoqi::tools {
namespace {

std::vector<std::string> three_doubles(std::vector<std::string> more) {
  std::vector<std::string> arguments = {"--players",
                                        "3",
                                        "-engine",
                                        "cmd=" + double_command(),
                                        "name=a",
                                        "-engine",
                                        "cmd=" + double_command(),
                                        "name=b",
                                        "Seed=1",
                                        "-engine",
                                        "cmd=" + double_command(),
                                        "name=c",
                                        "Seed=2",
                                        "--depth",
                                        "1",
                                        "--openings",
                                        "1",
                                        "--quiet"};
  arguments.insert(arguments.end(), more.begin(), more.end());
  return arguments;
}

int count_of(const std::string& text, const std::string& word) {
  int count = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++count;
  return count;
}

TEST(DragonsCommand, BadDragonsAreRefusedBeforeAnyGame) {
  const std::string openings = temp_path("openings.txt");
  ASSERT_TRUE(
      write_text_file(openings,
                      "startpos moves k3k5\n1/2/3/4/cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/"
                      "aaa/aa/a 2 a/c/e 1\n"));
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--dragons", "m1,c11,l12"},
       "--dragons names the dragons of the dragons variant: give --rule Variant=dragons"},
      {{"--rule", "Variant=dragons", "--dragons", "m1,c11"},
       "--dragons: expected 3 holes, one for each player in turn order"},
      {{"--rule", "Variant=dragons", "--dragons", "m1,c11,k9"},
       "--dragons: the dragon of p3 must start on a piece of its home, got 'k9'"},
      {{"--rule", "Variant=dragons", "--openings-file", openings},
       "openings file, line 2: a game of the dragons variant starts from startpos"},
  };
  for (const auto& [more, message] : cases) {
    const ToolRun ran = run_match(three_doubles(more));
    EXPECT_EQ(ran.status, 2) << message << "\n" << ran.err;
    EXPECT_NE(ran.err.find(message), std::string::npos) << ran.err;
  }
  std::filesystem::remove(openings);
}

// Dragons given on the command line are the record's truth; the renderer
// draws them as a player knew them.
TEST(DragonsCommand, GivenDragonsRecordedReplayedAndDrawn) {
  const std::string record = temp_path("given.txt");
  const std::string json = temp_path("given.json");
  for (const auto& path : {record, json}) std::filesystem::remove(path);
  const ToolRun ran = run_match(three_doubles({"--rule", "Variant=dragons", "--dragons",
                                               "m1,c11,l12", "--record", record, "--json", json}));
  ASSERT_EQ(ran.status, 0) << ran.err;
  auto summary = read_json_file(json);
  ASSERT_TRUE(summary.ok()) << summary.error();
  EXPECT_EQ((*summary)["match"]["dragons"], "m1,c11,l12");
  auto games = read_record_file(record);
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 3u);
  for (const auto& game : *games) EXPECT_EQ(game.dragons, "m1 c11 l12");
  const ToolRun replayed = run_match({"--replay", record});
  EXPECT_EQ(replayed.status, 0) << replayed.out;
  EXPECT_NE(replayed.out.find("3 games, 0 with errors"), std::string::npos) << replayed.out;

  // At the start the referee's picture shows three dragons, a player's
  // only its own.
  const auto dragons_drawn = [&](std::vector<std::string> more) {
    std::vector<std::string> arguments = {"--record", record, "--game", "1"};
    arguments.insert(arguments.end(), more.begin(), more.end());
    const ToolRun drawn = run_render(arguments);
    EXPECT_EQ(drawn.status, 0) << drawn.err;
    return drawn.out;
  };
  EXPECT_EQ(count_of(dragons_drawn({"--ply", "0"}), "class=\"dragon\""), 3);
  EXPECT_EQ(count_of(dragons_drawn({"--ply", "0", "--viewer", "2"}), "class=\"dragon\""), 1);
  // After the game every dragon left on the board shows to everyone.
  auto replay = replay_record(games->front());
  ASSERT_TRUE(replay.ok()) << replay.error();
  const Position& last = replay->frames.back().position;
  ASSERT_TRUE(last.is_over());
  EXPECT_EQ(count_of(dragons_drawn({"--viewer", "2"}), "class=\"dragon\""), last.dragons().count());
  // A capture is marked where it took place.
  std::size_t capture = 0;
  for (std::size_t f = 0; f < replay->frames.size() && !capture; ++f)
    if (replay->frames[f].captured != kNoHole) capture = f;
  ASSERT_GT(capture, 0u);
  EXPECT_EQ(count_of(dragons_drawn({"--ply", std::to_string(capture)}), "class=\"capture\""), 1);
  EXPECT_EQ(count_of(dragons_drawn({"--ply", std::to_string(capture - 1)}), "class=\"capture\""),
            0);
  // Only a player of a dragons game has a view of its own; another is a
  // bad command line, like any value out of its range.
  const ToolRun wrong = run_render({"--record", record, "--viewer", "4"});
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(wrong.err.find("--viewer: expected a player from 1 to 3, got 4"), std::string::npos)
      << wrong.err;
  for (const auto& path : {record, json}) std::filesystem::remove(path);
}

}  // namespace
}  // namespace tiaoqi::tools
