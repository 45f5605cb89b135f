#include "tools/match/engine_process.hpp"

#include <algorithm>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "protocol/ccp/cells.hpp"

namespace tiaoqi::match {
namespace {

constexpr long long kPipeSlackMs = 20;
// How long a process that closed its output gets to report its exit.
constexpr std::chrono::milliseconds kExitWait{500};

std::string option_list(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// "a", "a and b", "a, b and c".
std::string spoken_list(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return text;
}

}  // namespace

EngineProcess::EngineProcess(EngineSpec spec,
                             std::vector<std::pair<std::string, std::string>> rule_options,
                             long long startup_ms, const std::atomic<bool>* cancel)
    : spec_(std::move(spec)),
      rule_options_(std::move(rule_options)),
      startup_ms_(startup_ms),
      cancel_(cancel) {
  process_.set_cancel_flag(cancel_);
}

Expected<std::string> EngineProcess::wait_for(const std::string& word, long long timeout_ms,
                                              bool skip_other_lines,
                                              std::vector<std::string>* errors) {
  const auto deadline = tools::Clock::now() + std::chrono::milliseconds(timeout_ms);
  std::string line;
  while (true) {
    switch (process_.read_line(line, deadline)) {
      case tools::ChildProcess::ReadStatus::kLine:
        if (first_word(line) == word) return line;
        if (errors) {
          if (auto message = error_message(line)) {
            errors->push_back(*message);
            continue;
          }
        }
        if (skip_other_lines) {
          // Before uciok: the options the engine lists.
          const auto words = util::tokenize(line);
          if (words.size() >= 3 && words[0] == "option" && words[1] == "name") {
            std::size_t end = 2;
            while (end < words.size() && words[end] != "type") ++end;
            listed_options_.push_back(util::join(words, 2, end));
            listed_types_.push_back(end + 1 < words.size() ? std::string(words[end + 1]) : "");
          }
          continue;
        }
        if (!is_protocol_line(line))
          return fail("garbage while waiting for " + word + ": " + util::quote_input(line, 80));
        continue;
      case tools::ChildProcess::ReadStatus::kTimeout:
        return fail("no " + word + " within " + std::to_string(timeout_ms) + " ms");
      case tools::ChildProcess::ReadStatus::kTooLong:
        return fail("a line longer than 64 KiB while waiting for " + word);
      case tools::ChildProcess::ReadStatus::kCancelled:
        cancelled_ = true;
        return fail("cancelled");
      case tools::ChildProcess::ReadStatus::kClosed:
        return fail("the process exited while waiting for " + word + exit_detail());
    }
  }
}

std::string EngineProcess::exit_detail() {
  const auto status = process_.wait_exit(kExitWait);
  std::string text;
  if (status) text += " (exit status " + std::to_string(*status) + ")";
  std::string errors;
  for (const auto& line : process_.transcript())
    if (line.starts_with("! ")) errors += (errors.empty() ? "" : " | ") + line.substr(2);
  if (!errors.empty()) text += "; it wrote: " + engine_words(errors);
  return text;
}

Status EngineProcess::set_option(const std::string& name, const std::string& value,
                                 bool must_be_listed) {
  if (!process_.write_line("setoption name " + name + " value " + value) ||
      !process_.write_line("isready"))
    return fail("the process closed its input" + exit_detail());
  std::vector<std::string> errors;
  auto ready = wait_for("readyok", startup_ms_, false, &errors);
  if (!ready) return fail("setoption " + name + ": " + ready.error());
  if (!errors.empty())
    return fail("it refused " + util::quote_input(name + "=" + value, 80) +
                ", answering: " + engine_words(errors.front()));
  // Engines that ignore an option they do not know must not pass a typo.
  if (must_be_listed && !listed_options_.empty() && !lists_option(listed_options_, name))
    return fail("it has no option " + util::quote_input(name) + "; its options are " +
                engine_words(option_list(listed_options_)));
  return Done{};
}

namespace {

// How long a started process whose input is already closed may take to
// exit and say why, before the runner gives up on it.
constexpr long long kClosedInputWaitMs = 2000;

}  // namespace

Status EngineProcess::start() {
  process_.kill();
  listed_options_.clear();
  listed_types_.clear();
  auto started = process_.start(spec_.command, spec_.directory);
  if (!started) return Error{started.error()};
  ++starts_;
  if (spec_.ccp) {
    // CCP engines answer `ccp` in their own ways (ccpok, id lines); isready
    // then shows that the handshake is done. They play the list's rules,
    // so no rule option is sent.
    const bool written = process_.write_line("ccp") && process_.write_line("isready");
    auto ready = wait_for("readyok",
                          written ? startup_ms_ : std::min(startup_ms_, kClosedInputWaitMs), true);
    if (!ready) return fail("CCP handshake: " + ready.error());
    if (!written) return fail("the process does not read its input");
    for (const auto& [name, value] : spec_.options)
      if (auto set = set_option(name, value, false); !set) return set;
    return Done{};
  }
  // A command that does not start (exit status 127) may be gone before the
  // first line reaches it: then its exit and what it wrote, which the wait
  // reports, say more than the failed write; a process that lives on but
  // closed its input is given a short wait only.
  const bool written = process_.write_line("uci");
  // Engines may greet or print a banner first ("Tiaoqi 0.1.0 by ...").
  auto ok =
      wait_for("uciok", written ? startup_ms_ : std::min(startup_ms_, kClosedInputWaitMs), true);
  if (!ok) return fail("handshake: " + ok.error());
  if (!written) return fail("the process does not read its input");
  auto rules = rule_options_for(rule_options_, listed_options_);
  if (!rules) return Error{rules.error()};
  for (const auto& [name, value] : *rules)
    if (auto set = set_option(name, value, false); !set) return set;
  for (const auto& [name, value] : spec_.options)
    if (auto set = set_option(name, value, true); !set) return set;
  return Done{};
}

Status EngineProcess::ensure_ready(bool new_game) {
  cancelled_ = false;
  if (!process_.started() || process_.exited()) {
    if (auto started = start(); !started) return started;
    new_game = true;
  }
  if (new_game && !spec_.ccp && !process_.write_line("ucinewgame"))
    return fail("the process closed its input");
  if (!process_.write_line("isready")) return fail("the process closed its input");
  std::vector<std::string> errors;
  auto ready = wait_for("readyok", startup_ms_, false, &errors);
  if (!ready) return Error{ready.error()};
  if (!errors.empty()) return fail("it answered ucinewgame with: " + engine_words(errors.front()));
  return Done{};
}

namespace {

// The runner's go for two players in CCP's words: p1time is wtime, and so on.
std::string ccp_go_command(const std::string& go_command) {
  static const std::pair<std::string_view, std::string_view> kWords[] = {
      {"p1time", "wtime"}, {"p2time", "btime"}, {"p1inc", "winc"}, {"p2inc", "binc"}};
  std::string command;
  for (std::string_view word : util::tokenize(go_command)) {
    for (const auto& [ours, theirs] : kWords)
      if (word == ours) word = theirs;
    command += (command.empty() ? "" : " ") + std::string(word);
  }
  return command;
}

// A CCP bestmove (a path of cell ids, 0000 for none) in hole names, as the
// referee reads moves; a path that is no path is garbage.
void ccp_move_to_holes(SearchReply& reply) {
  if (reply.move == "0000") {
    reply.move = "none";
    return;
  }
  auto holes = protocol::ccp::move_of(reply.move);
  if (holes) {
    reply.move = *holes;
    return;
  }
  reply.kind = SearchReply::Kind::kGarbage;
  reply.detail = "bestmove " + holes.error();
}

}  // namespace

SearchReply EngineProcess::search(const std::string& position_command,
                                  const std::string& go_command, long long allowance_ms) {
  SearchReply reply;
  const auto start = tools::Clock::now();
  if (!process_.write_line(position_command) ||
      !process_.write_line(spec_.ccp ? ccp_go_command(go_command) : go_command)) {
    reply.kind = SearchReply::Kind::kCrash;
    reply.detail = "the process closed its input";
    return reply;
  }
  const auto deadline = start + std::chrono::milliseconds(allowance_ms + kPipeSlackMs);
  std::string line;
  while (true) {
    const auto status = process_.read_line(line, deadline);
    reply.millis =
        std::chrono::duration_cast<std::chrono::milliseconds>(tools::Clock::now() - start).count();
    switch (status) {
      case tools::ChildProcess::ReadStatus::kLine: {
        ReplyLine read = read_reply_line(line);
        switch (read.kind) {
          case ReplyLine::Kind::kPass:
            continue;
          case ReplyLine::Kind::kInfo:
            reply.info = read.info;
            continue;
          case ReplyLine::Kind::kMove:
            reply.move = std::move(read.move);
            if (spec_.ccp) ccp_move_to_holes(reply);
            return reply;
          case ReplyLine::Kind::kError:
            reply.kind = SearchReply::Kind::kRefused;
            reply.detail = std::move(read.detail);
            return reply;
          case ReplyLine::Kind::kGarbage:
            reply.kind = SearchReply::Kind::kGarbage;
            reply.detail = std::move(read.detail);
            return reply;
        }
        continue;
      }
      case tools::ChildProcess::ReadStatus::kTimeout:
        reply.kind = SearchReply::Kind::kTimeout;
        reply.detail = "no bestmove within " + std::to_string(allowance_ms) + " ms";
        return reply;
      case tools::ChildProcess::ReadStatus::kTooLong:
        reply.kind = SearchReply::Kind::kGarbage;
        reply.detail = "a line longer than 64 KiB";
        return reply;
      case tools::ChildProcess::ReadStatus::kCancelled:
        reply.kind = SearchReply::Kind::kCancelled;
        return reply;
      case tools::ChildProcess::ReadStatus::kClosed:
        reply.kind = SearchReply::Kind::kCrash;
        reply.detail = "the process exited" + exit_detail();
        return reply;
    }
  }
}

void EngineProcess::quit() { process_.stop("quit", std::chrono::milliseconds(300)); }

std::string EngineProcess::option_type(const std::string& name) const {
  for (std::size_t i = 0; i < listed_options_.size() && i < listed_types_.size(); ++i)
    if (util::iequals(listed_options_[i], name)) return listed_types_[i];
  return {};
}

bool lists_option(const std::vector<std::string>& listed, const std::string& name) {
  return std::any_of(listed.begin(), listed.end(),
                     [&](const std::string& option) { return util::iequals(option, name); });
}

bool changes_rule(const std::string& name, const std::string& value) {
  const facade::OptionSpec* spec = facade::find_option(name);
  return !spec || facade::default_value(*spec) != value;
}

Expected<std::vector<std::pair<std::string, std::string>>> rule_options_for(
    const std::vector<std::pair<std::string, std::string>>& rule_options,
    const std::vector<std::string>& listed) {
  std::vector<std::pair<std::string, std::string>> sent;
  std::vector<std::string> missing;
  for (const auto& [name, value] : rule_options) {
    const bool changed = changes_rule(name, value);
    if (lists_option(listed, name) || (changed && listed.empty()))
      sent.emplace_back(name, value);
    else if (changed)
      missing.push_back(name + "=" + value);
  }
  if (!missing.empty())
    return fail("the match sets the rule option" + std::string(missing.size() > 1 ? "s " : " ") +
                spoken_list(missing) + ", which it does not declare");
  return sent;
}

Expected<std::vector<std::pair<std::string, std::string>>> check_engine(
    const EngineSpec& spec, const std::vector<std::pair<std::string, std::string>>& rule_options,
    long long startup_ms, const std::atomic<bool>* cancel) {
  EngineProcess engine(spec, rule_options, startup_ms, cancel);
  auto ready = engine.ensure_ready(true);
  engine.quit();
  if (!ready)
    return fail("engine " + util::quote_input(spec.name) + " (" +
                util::quote_input(spec.command, 200) + "): " + ready.error());
  std::vector<std::pair<std::string, std::string>> types;
  for (const auto& [name, value] : spec.options) types.emplace_back(name, engine.option_type(name));
  return types;
}

}  // namespace tiaoqi::match
