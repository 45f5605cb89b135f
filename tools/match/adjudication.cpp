#include "tools/match/adjudication.hpp"

#include <cstdio>

#include "engine/util/text.hpp"
#include "tools/common/record.hpp"

namespace tiaoqi::match {
namespace {

// Bounds that keep a typo from becoming a rule: scores beyond 100000
// centi-steps (1000 steps) are not scores, and no run is longer than a
// game may be.
constexpr long long kMaxScore = 100000;
constexpr int kMaxMoves = 10000;

// Reads Name=Value words into integer fields named by `fields`.
Status read_fields(const std::string& flag, const std::vector<std::string>& words,
                   const std::vector<std::pair<const char*, long long*>>& fields) {
  for (const auto& word : words) {
    auto pair = util::split_name_value(word);
    if (!pair) return fail(flag + ": " + pair.error());
    long long* target = nullptr;
    std::string names;
    for (const auto& [name, field] : fields) {
      names += (names.empty() ? "" : ", ") + std::string(name);
      if (pair->first == name) target = field;
    }
    if (!target)
      return fail(flag + ": expected " + names + ", got " + util::quote_input(pair->first));
    auto value = util::parse_integer(
        pair->second, 0, pair->first == "score" ? kMaxScore : kMaxMoves, flag + " " + pair->first);
    if (!value) return Error{value.error()};
    *target = *value;
  }
  return Done{};
}

std::string steps(long long centi_steps) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(centi_steps) / 100.0);
  return text;
}

}  // namespace

Expected<ResignRule> parse_resign(const std::vector<std::string>& words) {
  ResignRule rule;
  long long moves = rule.moves;
  if (auto read = read_fields("--resign", words, {{"moves", &moves}, {"score", &rule.score}});
      !read)
    return Error{read.error()};
  rule.moves = static_cast<int>(moves);
  if (rule.moves < 1) return fail("--resign: moves must be at least 1, got 0");
  if (rule.score < 1) return fail("--resign: score must be at least 1 centi-step, got 0");
  return rule;
}

Expected<DrawRule> parse_draw(const std::vector<std::string>& words) {
  DrawRule rule;
  long long moves = rule.moves;
  long long after = rule.after;
  if (auto read = read_fields("--draw", words,
                              {{"moves", &moves}, {"score", &rule.score}, {"after", &after}});
      !read)
    return Error{read.error()};
  rule.moves = static_cast<int>(moves);
  rule.after = static_cast<int>(after);
  if (rule.moves < 1) return fail("--draw: moves must be at least 1, got 0");
  return rule;
}

Adjudicator::Adjudicator(const AdjudicationConfig& config, int players)
    : config_(config),
      lost_run_(static_cast<std::size_t>(players), 0),
      won_run_(static_cast<std::size_t>(players), 0),
      level_run_(static_cast<std::size_t>(players), 0) {}

void Adjudicator::record(int player, const SearchInfo& info) {
  const auto p = static_cast<std::size_t>(player);
  if (!info.has_score()) {
    lost_run_[p] = won_run_[p] = level_run_[p] = 0;
    return;
  }
  const long long score = info.adjudication_value();
  const long long resign = config_.resign ? config_.resign->score : 0;
  const long long level = config_.draw ? config_.draw->score : -1;
  lost_run_[p] = config_.resign && score <= -resign ? lost_run_[p] + 1 : 0;
  won_run_[p] = config_.resign && score >= resign ? won_run_[p] + 1 : 0;
  level_run_[p] = config_.draw && score >= -level && score <= level ? level_run_[p] + 1 : 0;
}

bool Adjudicator::resigns(int player) const {
  if (!config_.resign || lost_run_.size() != 2) return false;
  const auto p = static_cast<std::size_t>(player);
  return lost_run_[p] >= config_.resign->moves && won_run_[1 - p] >= config_.resign->moves;
}

bool Adjudicator::draws(int plies) const {
  if (!config_.draw || plies < config_.draw->after) return false;
  for (int run : level_run_)
    if (run < config_.draw->moves) return false;
  return true;
}

std::string Adjudicator::resign_text(int player) const {
  return "adjudicated: p" + std::to_string(player + 1) + " resigned, both engines scoring it at -" +
         steps(config_.resign->score) + " or worse for " +
         util::plural(config_.resign->moves, "move");
}

std::string Adjudicator::draw_text() const {
  return std::string(tools::kDrawAdjudication) + ", every engine scoring within " +
         steps(config_.draw->score) + " of level for " + util::plural(config_.draw->moves, "move");
}

}  // namespace tiaoqi::match
