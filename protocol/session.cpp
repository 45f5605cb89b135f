#include "protocol/session.hpp"

#include <chrono>

#include "engine/util/text.hpp"
#include "protocol/board_text.hpp"
#include "protocol/ccp/dialect.hpp"
#include "protocol/format.hpp"
#include "protocol/go_command.hpp"
#include "protocol/identity.hpp"
#include "protocol/line_reader.hpp"
#include "protocol/options.hpp"

namespace tiaoqi::protocol {

const std::vector<Session::Command>& Session::commands() {
  static const std::vector<Command> kCommands = {
      {"uci", &Session::uci, false, false},
      {"isready", &Session::isready, false, false},
      {"setoption", &Session::setoption, true, true},
      {"ucinewgame", &Session::ucinewgame, true, false},
      {"position", &Session::position, true, true},
      {"go", &Session::go, true, true},
      {"stop", &Session::stop, false, false},
      {"ponderhit", &Session::ponderhit, false, false},
      {"quit", &Session::quit, false, false},
      {"d", &Session::display, false, false},
      {"perft", &Session::perft, true, true},
      {"eval", &Session::eval, false, false},
      {"legal", &Session::legal, false, false},
      {"status", &Session::status, false, false},
      {"bench", &Session::bench, true, true},
      {"ccp", &Session::ccp, true, false},
  };
  return kCommands;
}

Session::Session(Output::Sink sink, SessionConfig config)
    : config_(config), output_(std::move(sink)), engine_(callbacks()) {}

Session::~Session() { engine_.stop(); }

facade::EngineCallbacks Session::callbacks() {
  facade::EngineCallbacks callbacks;
  callbacks.info = [this](const search::SearchInfo& info) {
    if (!dialect_) {
      output_.line(info_line(info));
    } else if (const std::string line = dialect_->info_line(info); !line.empty()) {
      output_.line(line);
    }
  };
  callbacks.bestmove = [this](const facade::BestMove& best) {
    if (!dialect_) {
      output_.line(bestmove_line(best));
    } else if (const std::string line = dialect_->bestmove_line(best); !line.empty()) {
      output_.line(line);
    }
  };
  callbacks.perft = [this](const facade::PerftReport& report) {
    for (const std::string& line : perft_lines(report)) output_.line(line);
  };
  callbacks.bench_position = [this](const facade::BenchLine& line) {
    output_.line("info string bench position " + std::to_string(line.index) + " (" + line.name +
                 "): nodes " + std::to_string(line.nodes) + ", best " + line.best);
  };
  callbacks.bench = [this](const facade::BenchResult& result) {
    for (const std::string& line : bench_lines(result)) output_.line(line);
  };
  callbacks.idle = [this] {
    { std::lock_guard lock(idle_mutex_); }
    idle_signal_.notify_all();
  };
  return callbacks;
}

bool Session::handle_line(std::string_view line, std::chrono::steady_clock::time_point received) {
  if (quit_) return false;
  line_received_ = received;
  const Args tokens = util::tokenize(line);
  // An empty line is no command; UCI ignores it.
  if (tokens.empty()) return true;

  return dispatch(tokens);
}

bool Session::dispatch(const Args& tokens) {
  // Either table gives the same three facts and a way to run the command.
  std::string_view name;
  bool needs_idle = false;
  bool takes_arguments = false;
  std::function<void(const Args&)> run;
  std::string names;
  if (dialect_) {
    for (const Dialect::Command& candidate : dialect_->commands()) {
      names += (names.empty() ? "" : ", ") + std::string(candidate.name);
      if (candidate.name != tokens[0]) continue;
      name = candidate.name;
      needs_idle = candidate.needs_idle;
      takes_arguments = candidate.takes_arguments;
      run = [this, &candidate](const Args& args) { candidate.handler(*this, args); };
    }
  } else {
    for (const Command& candidate : commands()) {
      names += (names.empty() ? "" : ", ") + std::string(candidate.name);
      if (candidate.name != tokens[0]) continue;
      name = candidate.name;
      needs_idle = candidate.needs_idle;
      takes_arguments = candidate.takes_arguments;
      run = [this, &candidate](const Args& args) { (this->*(candidate.handler))(args); };
    }
  }
  if (!run) {
    output_.error("unknown command " + util::quote_input(tokens[0]) + "; expected one of " + names);
    return true;
  }
  if (!takes_arguments && tokens.size() > 1) {
    output_.error(std::string(name) + " takes no arguments, got " +
                  util::quote_input(util::join(tokens, 1, tokens.size())));
    return true;
  }
  if (needs_idle && !make_idle(name)) return true;
  run(Args(tokens.begin() + 1, tokens.end()));
  return !quit_;
}

void Session::run_own_command(std::string_view name, const Args& args) {
  for (const Command& command : commands())
    if (command.name == name) (this->*(command.handler))(args);
}

void Session::use_dialect(std::unique_ptr<Dialect> dialect) { dialect_ = std::move(dialect); }

void Session::ccp(const Args&) {
  ccp::enter(*this);
  dispatch(Args{"ccp"});
}

void Session::refuse_long_line(std::size_t length) {
  (void)length;
  output_.error("line too long: more than " + std::to_string(kMaxInputLine) +
                " bytes; the line is ignored");
}

bool Session::make_idle(std::string_view command) {
  if (!engine_.busy()) {
    engine_.wait();
    return true;
  }
  if (engine_.waits_for_stop()) {
    output_.error(std::string(command) +
                  ": a search is running until stop (go infinite, go ponder or go without "
                  "limits); send stop first");
    return false;
  }
  wait_for_engine();
  return true;
}

void Session::wait_for_engine() {
  while (engine_.busy()) {
    if (engine_.waits_for_stop() || (interrupt_probe_ && interrupt_probe_())) {
      engine_.stop();
      break;
    }
    std::unique_lock lock(idle_mutex_);
    idle_signal_.wait_for(lock, std::chrono::milliseconds(5));
  }
  engine_.wait();
}

void Session::end_of_input() {
  if (engine_.waits_for_stop()) engine_.stop();
  wait_for_engine();
  engine_.stop();
  quit_ = true;
}

void Session::report(const Status& status) {
  if (!status) output_.error(status.error());
}

void Session::uci(const Args&) {
  output_.line("id name " + engine_name());
  output_.line("id author " + engine_author());
  for (const facade::OptionSpec& spec : facade::option_specs()) output_.line(option_line(spec));
  output_.line("uciok");
}

void Session::isready(const Args&) { output_.line("readyok"); }

void Session::setoption(const Args& args) {
  if (args.empty() || !util::iequals(args[0], "name")) {
    output_.error("setoption: expected 'setoption name <option> [value <value>]', got " +
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
    output_.error("setoption: expected an option name after 'name', got nothing");
    return;
  }
  std::optional<std::string> value;
  if (value_at < args.size()) value = util::join(args, value_at + 1, args.size());
  facade::Options options = engine_.options();
  if (auto applied = apply_option(options, name, value); !applied) {
    output_.error(applied.error());
    return;
  }
  // The engine's refusal (a table it cannot allocate) reads like the others.
  if (auto set = engine_.set_options(options); !set) output_.error("setoption: " + set.error());
}

void Session::ucinewgame(const Args&) { report(engine_.new_game()); }

void Session::position(const Args& args) {
  facade::PositionRequest request;
  std::size_t i = 0;
  if (args.empty()) {
    output_.error("position: expected 'startpos' or 'fen <position string>', got nothing");
    return;
  }
  if (args[0] == "startpos") {
    i = 1;
    if (i < args.size() && args[i] == "dragon") {
      if (i + 1 >= args.size() || args[i + 1] == "moves") {
        output_.error("position: 'dragon' needs the hole of this engine's dragon, got nothing");
        return;
      }
      request.dragon = std::string(args[i + 1]);
      i += 2;
    }
  } else if (args[0] == "fen") {
    i = 1;
    while (i < args.size() && args[i] != "moves") ++i;
    if (i == 1) {
      output_.error("position fen: expected a position string of 4 fields, got nothing");
      return;
    }
    request.position_string = util::join(args, 1, i);
  } else {
    output_.error("position: expected 'startpos' or 'fen <position string>', got " +
                  util::quote_input(args[0]));
    return;
  }
  if (i < args.size()) {
    if (args[i] != "moves") {
      output_.error("position: expected 'moves' after the position, got " +
                    util::quote_input(args[i]));
      return;
    }
    for (++i; i < args.size(); ++i) request.moves.emplace_back(args[i]);
  }
  if (auto set = engine_.set_position(request); !set)
    output_.error("position: " + set.error() + "; the position is unchanged");
}

void Session::go(const Args& args) {
  auto command = parse_go(args, engine_.game().position(), config_.max_perft_depth);
  if (!command) {
    output_.error(command.error());
    return;
  }
  if (auto applied = engine_.apply_rule_options(); !applied)
    output_.error("go: " + applied.error() + "; playing on in the last valid game");
  if (command->perft_depth) {
    start_perft(*command->perft_depth);
    return;
  }
  if (command->choose_player) {
    auto hole = engine_.choose_dragon(*command->choose_player);
    if (!hole) {
      output_.error("go: choose: " + hole.error());
      return;
    }
    output_.line("bestmove " + engine_.game().position().geometry().name(*hole));
    return;
  }
  search::SearchLimits& limits = command->limits;
  limits.received = line_received_;
  if (config_.max_search_nodes) {
    limits.nodes =
        std::min(limits.nodes.value_or(config_.max_search_nodes), config_.max_search_nodes);
    limits.infinite = false;
  }
  report(engine_.go(limits));
}

void Session::stop(const Args&) { engine_.stop(); }

void Session::ponderhit(const Args&) { engine_.ponderhit(); }

void Session::quit(const Args&) {
  engine_.stop();
  quit_ = true;
}

void Session::display(const Args&) {
  for (const std::string& line : describe(engine_)) output_.line(line);
}

void Session::perft(const Args& args) {
  if (args.size() != 1) {
    output_.error("perft: expected 'perft <depth>' with a depth from 1 to " +
                  std::to_string(config_.max_perft_depth) + ", got " +
                  (args.empty() ? std::string("nothing")
                                : util::quote_input(util::join(args, 0, args.size()))));
    return;
  }
  auto depth = util::parse_integer(args[0], 1, config_.max_perft_depth, "perft: the depth");
  if (!depth) {
    output_.error(depth.error());
    return;
  }
  if (auto applied = engine_.apply_rule_options(); !applied)
    output_.error("perft: " + applied.error() + "; counting in the last valid game");
  start_perft(static_cast<int>(*depth));
}

void Session::start_perft(int depth) { report(engine_.perft(depth)); }

void Session::eval(const Args&) {
  const Position& position = engine_.game().position();
  for (const std::string& line : eval_lines(position, engine_.evaluate())) output_.line(line);
}

void Session::legal(const Args&) { output_.line(legal_line(engine_.game().position())); }

void Session::status(const Args&) { output_.line(status_line(engine_.game().position())); }

void Session::bench(const Args& args) {
  if (args.size() > 1) {
    output_.error("bench: expected 'bench [depth]', got " +
                  util::quote_input(util::join(args, 0, args.size())));
    return;
  }
  int depth = std::min(kDefaultBenchDepth, config_.max_bench_depth);
  if (!args.empty()) {
    auto parsed = util::parse_integer(args[0], 1, config_.max_bench_depth, "bench: the depth");
    if (!parsed) {
      output_.error(parsed.error());
      return;
    }
    depth = static_cast<int>(*parsed);
  }
  report(engine_.bench(depth));
}

}  // namespace tiaoqi::protocol
