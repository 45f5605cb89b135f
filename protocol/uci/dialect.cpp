#include "protocol/uci/dialect.hpp"

#include "engine/util/text.hpp"
#include "protocol/ccp/dialect.hpp"
#include "protocol/commands.hpp"
#include "protocol/format.hpp"
#include "protocol/identity.hpp"
#include "protocol/options.hpp"

namespace tiaoqi::protocol::uci {
namespace {

using Args = Dialect::Args;

void handshake(Session& session, const Args&) {
  Output& output = session.output();
  output.line("id name " + engine_name());
  output.line("id author " + engine_author());
  for (const facade::OptionSpec& spec : facade::option_specs()) output.line(option_line(spec));
  output.line("uciok");
  session.fix_protocol();
}

// `help [<option>]`: what each option (or the one named) is, a line each,
// so that a GUI labels and explains its form without a table of its own.
void help(Session& session, const Args& args) {
  Output& output = session.output();
  if (args.empty()) {
    for (const facade::OptionSpec& spec : facade::option_specs()) output.line(help_line(spec));
    return;
  }
  const auto spec = facade::known_option(util::join(args, 0, args.size()));
  if (!spec) {
    output.error("help: " + spec.error());
    return;
  }
  output.line(help_line(**spec));
}

void position(Session& session, const Args& args) {
  Output& output = session.output();
  facade::PositionRequest request;
  std::size_t i = 0;
  if (args.empty()) {
    output.error("position: expected 'startpos' or 'fen <position string>', got nothing");
    return;
  }
  if (args[0] == "startpos") {
    i = 1;
    if (i < args.size() && args[i] == "dragon") {
      if (i + 1 >= args.size() || args[i + 1] == "moves") {
        output.error("position: 'dragon' needs the hole of this engine's dragon, got nothing");
        return;
      }
      request.dragon = std::string(args[i + 1]);
      i += 2;
    }
  } else if (args[0] == "fen") {
    i = 1;
    while (i < args.size() && args[i] != "moves") ++i;
    if (i == 1) {
      output.error("position fen: expected a position string of 4 fields, got nothing");
      return;
    }
    request.position_string = util::join(args, 1, i);
  } else {
    output.error("position: expected 'startpos' or 'fen <position string>', got " +
                 util::quote_input(args[0]));
    return;
  }
  if (i < args.size()) {
    if (args[i] != "moves") {
      output.error("position: expected 'moves' after the position, got " +
                   util::quote_input(args[i]));
      return;
    }
    for (++i; i < args.size(); ++i) request.moves.emplace_back(args[i]);
  }
  if (auto set = session.engine().set_position(request); !set)
    output.error("position: " + set.error() + "; the position is unchanged");
}

// `ccp`: from now on the session speaks CCP, whose handshake answers it.
// After the `uci` handshake a GUI that speaks our protocol has sent it by
// mistake, and switching would strand it (`uci` is no CCP command): it is
// refused then.
void switch_to_ccp(Session& session, const Args&) {
  if (session.protocol_fixed()) {
    session.output().error(
        "ccp: this session speaks the UCI-style protocol since its 'uci'; CCP starts with a "
        "first line 'ccp' or with --protocol ccp");
    return;
  }
  ccp::enter(session);
  session.handle_line("ccp", session.line_received());
}

class UciDialect final : public Dialect {
 public:
  const std::vector<Command>& commands() const override { return commands_; }
  std::string info_line(const search::SearchInfo& info) const override {
    return protocol::info_line(info);
  }
  std::string bestmove_line(const facade::BestMove& best) const override {
    return protocol::bestmove_line(best);
  }

 private:
  const std::vector<Command> commands_ = {
      {"uci", handshake, false, false},
      {"help", help, false, true},
      shared_command("isready"),
      shared_command("setoption"),
      shared_command("ucinewgame"),
      {"position", position, true, true},
      shared_command("go"),
      shared_command("stop"),
      shared_command("ponderhit"),
      shared_command("quit"),
      shared_command("d"),
      shared_command("perft"),
      shared_command("eval"),
      shared_command("legal"),
      shared_command("status"),
      shared_command("levels"),
      shared_command("bench"),
      {"ccp", switch_to_ccp, true, false},
  };
};

}  // namespace

std::unique_ptr<Dialect> make_dialect() { return std::make_unique<UciDialect>(); }

}  // namespace tiaoqi::protocol::uci
