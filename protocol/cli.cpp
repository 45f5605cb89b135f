#include "protocol/cli.hpp"

#include <unistd.h>

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/perft.hpp"
#include "engine/search/limits.hpp"
#include "engine/util/expected.hpp"
#include "engine/util/text.hpp"
#include "protocol/ccp/dialect.hpp"
#include "protocol/identity.hpp"
#include "protocol/input_loop.hpp"
#include "protocol/options.hpp"
#include "protocol/session.hpp"
#include "protocol/uci/dialect.hpp"

namespace tiaoqi::protocol {
namespace {

namespace po = boost::program_options;

constexpr const char* kUsage =
    "Usage: tiaoqi [options]                  speak the engine protocol on stdin/stdout\n"
    "       tiaoqi [options] bench [depth]    search the built-in positions, print node count\n"
    "       tiaoqi [options] perft <depth> [--fen \"<position string>\"]\n"
    "                                         count move sequences from the start or a position\n";

constexpr const char* kExitStatus =
    "\nExit status: 0 done; 2 a bad command line, found before anything runs: an\n"
    "unknown flag or command, a bad argument, --option or --fen, or a --commands file\n"
    "that cannot be opened (1 when such a file cannot be read once its turn comes).\n";

struct Arguments {
  bool help = false;
  bool version = false;
  std::vector<std::string> commands_files;
  std::vector<std::string> option_presets;
  std::string fen;
  std::string protocol = "uci";
  std::vector<std::string> positional;
};

po::options_description flags() {
  po::options_description description("Options");
  description.add_options()                      //
      ("help,h", "print this help and exit")     //
      ("version", "print the version and exit")  //
      ("commands", po::value<std::vector<std::string>>()->value_name("FILE"),
       "run the protocol lines of FILE first (repeatable)")  //
      ("option", po::value<std::vector<std::string>>()->value_name("NAME=VALUE"),
       "set an engine option first, e.g. --option Players=3 (repeatable)")  //
      ("fen", po::value<std::string>()->value_name("POSITION"),
       "with perft: count from this position string instead of the start")  //
      ("protocol", po::value<std::string>()->value_name("NAME"),
       "uci (the default) or ccp, the rating list's protocol; a first line 'ccp' also "
       "switches");
  return description;
}

// Splits "Move Overhead=50" into setoption's name and value.
bool preset_option(Session& session, const std::string& preset, std::ostream& err) {
  const auto pair = util::split_name_value(preset);
  if (!pair) {
    err << "tiaoqi: --option " << pair.error() << "\n";
    return false;
  }
  const auto& [name, value] = *pair;
  facade::Options options = session.engine().options();
  if (auto applied = apply_option(options, name, value); !applied) {
    err << "tiaoqi: --option " << util::quote_input(preset) << ": " << applied.error() << "\n";
    return false;
  }
  return session.handle_line("setoption name " + name + " value " + value);
}

int usage_error(std::ostream& err, const std::string& message) {
  err << "tiaoqi: " << message << "\n" << kUsage << flags();
  return kExitUsage;
}

// Reads the command line into `arguments`; false (with the message in
// `error`) on a flag boost cannot read.
bool read_arguments(int argc, const char* const* argv, Arguments& arguments, std::string& error) {
  po::options_description all;
  all.add(flags()).add_options()("positional", po::value<std::vector<std::string>>(), "");
  po::positional_options_description positional;
  positional.add("positional", -1);
  try {
    po::variables_map values;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
              values);
    po::notify(values);
    arguments.help = values.count("help") > 0;
    arguments.version = values.count("version") > 0;
    if (values.count("commands"))
      arguments.commands_files = values["commands"].as<std::vector<std::string>>();
    if (values.count("option"))
      arguments.option_presets = values["option"].as<std::vector<std::string>>();
    if (values.count("fen")) arguments.fen = values["fen"].as<std::string>();
    if (values.count("protocol")) arguments.protocol = values["protocol"].as<std::string>();
    if (values.count("positional"))
      arguments.positional = values["positional"].as<std::vector<std::string>>();
  } catch (const po::error& caught) {
    error = caught.what();
    return false;
  }
  return true;
}

// The one-shot command the words name ("bench 5", "perft 3"; empty: none),
// or the reason it cannot run, checked before anything runs.
Expected<std::string> one_shot_command(const std::vector<std::string>& words) {
  if (words.empty()) return std::string{};
  const std::string& command = words[0];
  if (command == "bench") {
    if (words.size() > 2) return fail("bench takes at most one depth");
    if (words.size() == 2) {
      auto depth = util::parse_integer(words[1], 1, search::kMaxDepth, "bench depth");
      if (!depth) return Error{depth.error()};
      return "bench " + words[1];
    }
    return std::string("bench");
  }
  if (command == "perft") {
    if (words.size() != 2) return fail("perft needs exactly one depth");
    auto depth = util::parse_integer(words[1], 1, kMaxPerftDepth, "perft depth");
    if (!depth) return Error{depth.error()};
    return "perft " + words[1];
  }
  return fail("unknown command " + util::quote_input(command));
}

// Applies --protocol, the --option presets and --fen to the session; false
// when one of them fails (the message already on `err`).
bool set_up(Session& session, const Arguments& arguments, std::ostream& err) {
  // CCP starts from the rating list's rules; --option values then apply on
  // top of them.
  if (arguments.protocol == "ccp") ccp::enter(session);
  for (const std::string& preset : arguments.option_presets)
    if (!preset_option(session, preset, err)) return false;
  if (!arguments.option_presets.empty()) {
    // The presets describe the game to play: set its start up now, so that
    // a combination that makes no valid game is a usage error.
    const std::size_t errors = session.output().errors();
    session.handle_line("position startpos");
    if (session.output().errors() != errors) {
      err << "tiaoqi: the --option values make no valid game\n";
      return false;
    }
  }
  if (!arguments.fen.empty()) {
    // Set on the engine itself: the error is the command line's, not a
    // `position` command's.
    facade::PositionRequest request;
    request.position_string = arguments.fen;
    if (auto set = session.engine().set_position(request); !set) {
      err << "tiaoqi: --fen: " << set.error() << "\n";
      return false;
    }
  }
  return true;
}

}  // namespace

int run_command_line(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                     std::ostream& err) {
  Arguments arguments;
  if (std::string error; !read_arguments(argc, argv, arguments, error))
    return usage_error(err, error);

  if (arguments.help) {
    out << kUsage << flags() << kExitStatus;
    return kExitOk;
  }
  if (arguments.version) {
    if (!arguments.positional.empty())
      return usage_error(
          err, "--version takes nothing more, got " + util::quote_input(arguments.positional[0]));
    out << engine_name() << "\n";
    return kExitOk;
  }

  // The one-shot commands and their arguments, checked before anything runs.
  const std::vector<std::string>& words = arguments.positional;
  const Expected<std::string> one_shot = one_shot_command(words);
  if (!one_shot) return usage_error(err, one_shot.error());
  if (!arguments.fen.empty() && (words.empty() || words[0] != "perft"))
    return usage_error(err, "--fen goes with the perft command");
  if (arguments.protocol != "uci" && arguments.protocol != "ccp")
    return usage_error(
        err, "--protocol expects uci or ccp, got " + util::quote_input(arguments.protocol));

  for (const std::string& path : arguments.commands_files)
    if (!std::ifstream(path, std::ios::binary)) {
      err << "tiaoqi: cannot open the commands file " << util::quote_input(path, 200) << "\n";
      return kExitUsage;
    }

  // Until the command line's own set-up is done, the session's error lines
  // are command-line errors: they go to standard error, not the protocol.
  bool setting_up = true;
  const Output::Sink protocol_out = stream_sink(out);
  Session session(
      [&](std::string_view line) {
        constexpr std::string_view kError = "info string error: ";
        if (setting_up && line.starts_with(kError)) {
          err << "tiaoqi: " << line.substr(kError.size()) << "\n";
          return true;
        }
        return protocol_out(line);
      },
      uci::make_dialect());
  // A GUI that has closed our output learns nothing more from us, even
  // before a write fails: the engine then stops and exits (docs/protocol.md).
  if (&out == &std::cout)
    session.output().set_reader_probe([] { return descriptor_reader_gone(STDOUT_FILENO); });
  if (!set_up(session, arguments, err)) return kExitUsage;
  setting_up = false;

  for (const std::string& path : arguments.commands_files) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      err << "tiaoqi: cannot open the commands file " << util::quote_input(path, 200) << "\n";
      return kExitFailure;
    }
    if (!run_lines(session, file)) return kExitOk;
  }

  if (one_shot->empty()) {
    // Like UCI engines, say who we are before the first command.
    session.output().line(greeting());
    run_input(session, in, &in == &std::cin);
    return kExitOk;
  }
  session.wait_for_engine();
  session.handle_line(*one_shot);
  session.wait_for_engine();
  return kExitOk;
}

}  // namespace tiaoqi::protocol
