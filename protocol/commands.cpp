#include "protocol/commands.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <thread>

#include "engine/util/text.hpp"
#include "protocol/board_text.hpp"
#include "protocol/format.hpp"
#include "protocol/go_command.hpp"
#include "protocol/options.hpp"

namespace tiaoqi::protocol {
namespace {

using Args = Dialect::Args;

void isready(Session& session, const Args&) { session.output().line("readyok"); }

void setoption(Session& session, const Args& args) {
  Output& output = session.output();
  if (args.empty() || !util::iequals(args[0], "name")) {
    output.error("setoption: expected 'setoption name <option> [value <value>]', got " +
                 util::quote_input(util::join(args, 0, args.size())));
    return;
  }
  std::size_t value_at = args.size();
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (util::iequals(args[i], "value")) {
      value_at = i;
      break;
    }
  }
  const std::string name = util::join(args, 1, value_at);
  if (name.empty()) {
    output.error("setoption: expected an option name after 'name', got nothing");
    return;
  }
  std::optional<std::string> value;
  if (value_at < args.size()) value = util::join(args, value_at + 1, args.size());
  facade::Options options = session.engine().options();
  if (auto applied = apply_option(options, name, value); !applied) {
    output.error(applied.error());
    return;
  }
  if (auto set = session.engine().set_options(options); !set) {
    output.error("setoption: " + set.error());
    return;
  }
  // More threads than the machine runs at once only take turns: the
  // searches run one a core, and the GUI is told so.
  const int asked = session.engine().options().engine.threads;
  const int running = facade::running_threads(asked, std::thread::hardware_concurrency());
  if (util::iequals(name, "Threads") && running < asked)
    output.line("info string Threads " + std::to_string(asked) + ": this machine runs " +
                std::to_string(running) + " threads at once, so searches use " +
                std::to_string(running));
}

void ucinewgame(Session& session, const Args&) {
  if (auto cleared = session.engine().new_game(); !cleared)
    session.output().error("ucinewgame: " + cleared.error());
}

// A refused `go` ends as every `go` does, with one bestmove (the dialect's
// answer for no move) after its error: a GUI waits for the bestmove.
void refuse_go(Session& session, const std::string& message) {
  session.output().error(message);
  session.answer_no_move();
}

void go(Session& session, const Args& args) {
  if (!session.make_idle("go")) {
    session.answer_no_move();
    return;
  }
  facade::Engine& engine = session.engine();
  const SessionConfig& config = session.config();
  auto command = parse_go(args, engine.game().position(), config.max_perft_depth);
  if (!command) {
    refuse_go(session, command.error());
    return;
  }
  if (command->perft_depth) {
    start_job(session, "go", "counting in the last valid game",
              [&] { return engine.perft(*command->perft_depth); });
    return;
  }
  if (command->choose_player) {
    auto choice = engine.choose_dragon(*command->choose_player);
    if (!choice) {
      refuse_go(session, "go: choose: " + choice.error());
      return;
    }
    if (choice->rules_refused)
      session.output().error("go: " + *choice->rules_refused + "; choosing in the last valid game");
    session.output().line("bestmove " + engine.game().position().geometry().name(choice->hole));
    return;
  }
  search::SearchLimits& limits = command->limits;
  limits.received = session.line_received();
  if (config.max_search_nodes) {
    limits.nodes =
        std::min(limits.nodes.value_or(config.max_search_nodes), config.max_search_nodes);
    limits.infinite = false;
  }
  if (!start_job(session, "go", "playing on in the last valid game",
                 [&] { return engine.go(limits); }))
    session.answer_no_move();
}

void stop(Session& session, const Args&) { session.engine().stop(); }

void ponderhit(Session& session, const Args&) { session.engine().ponderhit(); }

void quit(Session& session, const Args&) { session.quit(); }

void display(Session& session, const Args&) {
  for (const std::string& line : session.dialect().describe_lines(session.engine()))
    session.output().line(line);
}

void perft(Session& session, const Args& args) {
  Output& output = session.output();
  const int max_depth = session.config().max_perft_depth;
  if (args.size() != 1) {
    output.error("perft: expected 'perft <depth>' with a depth from 1 to " +
                 std::to_string(max_depth) + ", got " +
                 (args.empty() ? std::string("nothing")
                               : util::quote_input(util::join(args, 0, args.size()))));
    return;
  }
  auto depth = util::parse_integer(args[0], 1, max_depth, "perft: the depth");
  if (!depth) {
    output.error(depth.error());
    return;
  }
  start_job(session, "perft", "counting in the last valid game",
            [&] { return session.engine().perft(static_cast<int>(*depth)); });
}

void eval(Session& session, const Args&) {
  const Position& position = session.engine().game().position();
  for (const std::string& line : eval_lines(position, session.engine().evaluate()))
    session.output().line(line);
}

void legal(Session& session, const Args&) {
  session.output().line(legal_line(session.engine().game().position()));
}

void status(Session& session, const Args&) {
  session.output().line(status_line(session.engine().game().position()));
}

void levels(Session& session, const Args&) {
  for (const std::string& line : level_lines()) session.output().line(line);
}

void bench(Session& session, const Args& args) {
  Output& output = session.output();
  const int max_depth = session.config().max_bench_depth;
  if (args.size() > 1) {
    output.error("bench: expected 'bench [depth]', got " +
                 util::quote_input(util::join(args, 0, args.size())));
    return;
  }
  int depth = std::min(kDefaultBenchDepth, max_depth);
  if (!args.empty()) {
    auto parsed = util::parse_integer(args[0], 1, max_depth, "bench: the depth");
    if (!parsed) {
      output.error(parsed.error());
      return;
    }
    depth = static_cast<int>(*parsed);
  }
  if (auto started = session.engine().bench(depth); !started)
    output.error("bench: " + started.error());
}

const std::vector<Dialect::Command>& shared_commands() {
  // name, handler, waits for the engine, takes arguments
  static const std::vector<Dialect::Command> kCommands = {
      {"isready", isready, false, false},
      {"setoption", setoption, true, true},
      {"ucinewgame", ucinewgame, true, false},
      // go waits for the engine itself: refused, it still answers bestmove.
      {"go", go, false, true},
      {"stop", stop, false, false},
      {"ponderhit", ponderhit, false, false},
      {"quit", quit, false, false},
      {"d", display, false, false},
      {"perft", perft, true, true},
      {"eval", eval, false, false},
      {"legal", legal, false, false},
      {"status", status, false, false},
      {"levels", levels, false, false},
      {"bench", bench, true, true},
  };
  return kCommands;
}

}  // namespace

const Dialect::Command& shared_command(std::string_view name) {
  for (const Dialect::Command& command : shared_commands())
    if (command.name == name) return command;
  // Dialects name only commands of the table above.
  std::abort();
}

bool start_job(Session& session, std::string_view command, std::string_view instead,
               const std::function<Expected<facade::JobStart>()>& starter) {
  const Output::Hold hold(session.output());
  const Expected<facade::JobStart> start = starter();
  if (!start) {
    session.output().error(std::string(command) + ": " + start.error());
    return false;
  }
  if (start->rules_refused)
    session.output().error(std::string(command) + ": " + *start->rules_refused + "; " +
                           std::string(instead));
  return true;
}

}  // namespace tiaoqi::protocol
