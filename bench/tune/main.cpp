// tiaoqi-tune: fits the evaluation's weights to the results of recorded
// games (logistic regression of the result on the evaluation, "Texel
// tuning"; with three or more players, of the first place on the players'
// costs). See docs/match.md, "Tuning the evaluation".
#include <boost/program_options.hpp>
#include <iostream>

#include "bench/tune/cli.hpp"
#include "bench/tune/dataset.hpp"
#include "bench/tune/logistic.hpp"
#include "bench/tune/report.hpp"
#include "engine/util/text.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/json.hpp"
#include "tools/common/text_file.hpp"

namespace po = boost::program_options;
using namespace tiaoqi;
using namespace tiaoqi::tune;

namespace {

constexpr const char* kTool = "tiaoqi-tune";

int error(const std::string& message) { return tools::report_error(kTool, message); }
int usage_error(const std::string& message) { return tools::usage_error(kTool, message); }

po::options_description tune_flags() {
  po::options_description flags(
      "tiaoqi-tune --records games.txt [more.txt ...] [options]\n\n"
      "Fits the weights of engine/eval.hpp to the results of recorded games\n"
      "(tiaoqi-match --record) and prints a line to paste as kEvalWeights. Two\n"
      "players: the side to move's result is sigmoid(evaluation / scale); three\n"
      "to six: each player's chance of first place is a softmax over the players\n"
      "in of -(cost - tempo to move) / scale, as the searches' win shares take it.\n"
      "The records must all have one player count.\n\n"
      "Exit status: 0 fitted; 1 the records give no fit (no positions, or weights\n"
      "without a meaning) or the JSON could not be written; 2 a bad command line,\n"
      "found before anything is fitted: a flag or value that is wrong, a record file\n"
      "that cannot be read or replayed, records of more than one player count, or a\n"
      "--json whose folder does not exist.\n\nOptions");
  tools::add_help_and_version(flags);
  flags.add_options()(
      "records",
      po::value<std::vector<std::string>>()->multitoken()->composing()->value_name("FILE"),
      "game record files of tiaoqi-match")(
      "skip-plies", po::value<int>()->value_name("N")->default_value(0),
      "leave out the positions of each game's first N record lines")(
      "every", po::value<int>()->value_name("K")->default_value(1),
      "then take every K-th position")(
      "features",
      po::value<std::vector<std::string>>()->multitoken()->composing()->value_name("NAMES"),
      "weights to fit (default all): straggler, last_piece, outside_target, in_home, "
      "forward_jumps, tempo; the others stay at kEvalWeights, distance always")(
      "loss", po::value<std::string>()->value_name("LOSS")->default_value("log"),
      "log (cross-entropy against the shares of first place) or mse (squared error "
      "of the side to move's chance)")(
      "iterations", po::value<int>()->value_name("N")->default_value(100), "Newton steps at most")(
      "holdout", po::value<int>()->value_name("K")->default_value(0),
      "leave the games of every K-th opening out of the fit and report the loss on them")(
      "json", po::value<std::string>()->value_name("FILE"),
      "also write the results as JSON to FILE");
  return flags;
}

// What to read and what to fit, from the command line.
Expected<TuneReport> tuning_plan(const po::variables_map& vm) {
  TuneReport report;
  report.records = vm["records"].as<std::vector<std::string>>();
  report.sampling.skip_plies = vm["skip-plies"].as<int>();
  report.sampling.every = vm["every"].as<int>();
  if (report.sampling.skip_plies < 0) return fail("--skip-plies: expected N >= 0");
  if (report.sampling.every < 1) return fail("--every: expected K >= 1");
  if (vm["iterations"].as<int>() < 1) return fail("--iterations: expected a number >= 1");
  report.holdout = vm["holdout"].as<int>();
  if (report.holdout < 0 || report.holdout == 1)
    return fail("--holdout: expected 0 (none) or K >= 2");
  auto loss = parse_loss(vm["loss"].as<std::string>());
  if (!loss) return Error{loss.error()};
  report.loss = *loss;
  report.selection = all_but_distance();
  if (vm.count("features")) {
    auto selection = parse_fit_selection(vm["features"].as<std::vector<std::string>>());
    if (!selection) return Error{selection.error()};
    report.selection = *selection;
  }
  return report;
}

// The given weights held, only the scale fitted.
Expected<FitResult> fit_scale(std::span<const Sample> samples, const RealWeights& weights,
                              Loss loss, int iterations) {
  FitOptions options;
  options.loss = loss;
  options.start = weights;
  options.iterations = iterations;
  return fit(samples, options);
}

// Fits the weights three ways (the current ones, the fitted ones, the
// fitted ones rounded) and measures each on the held-out games.
Status fit_weights(TuneReport& report, const Split& split, int iterations) {
  auto before = fit_scale(split.fit, real_weights(kEvalWeights), report.loss, iterations);
  if (!before) return Error{before.error()};
  report.before = *before;

  FitOptions options;
  options.loss = report.loss;
  options.fit_feature = report.selection.feature;
  options.fit_tempo = report.selection.tempo;
  options.iterations = iterations;
  auto after = fit(split.fit, options);
  if (!after) return Error{after.error()};
  report.after = *after;

  auto rounded =
      fit_scale(split.fit, real_weights(rounded_weights(after->weights)), report.loss, iterations);
  if (!rounded) return Error{rounded.error()};
  report.rounded = *rounded;

  const auto holdout_loss = [&](const FitResult& result) {
    return mean_loss(split.holdout, result.weights, result.scale, report.loss);
  };
  report.holdout_loss.before = holdout_loss(report.before);
  report.holdout_loss.after = holdout_loss(report.after);
  report.holdout_loss.rounded = holdout_loss(report.rounded);
  return Done{};
}

}  // namespace

int main(int argc, char** argv) {
  const po::options_description flags = tune_flags();
  po::positional_options_description positional;
  positional.add("records", -1);
  auto parsed = tools::parse_arguments(argc, argv, flags, &positional);
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  if (!vm.count("records")) {
    std::cout << flags;
    return 2;
  }
  auto plan = tuning_plan(vm);
  if (!plan) return usage_error(plan.error());
  TuneReport& report = *plan;
  if (vm.count("json"))
    if (auto writable = tools::check_writable(vm["json"].as<std::string>(), "--json"); !writable)
      return usage_error(writable.error());

  auto dataset = read_dataset(report.records, report.sampling);
  if (!dataset) return usage_error(dataset.error());
  report.stats = dataset->stats;
  const Split split = split_by_group(dataset->samples, report.holdout);
  report.holdout_positions = static_cast<int>(split.holdout.size());
  auto fitted = fit_weights(report, split, vm["iterations"].as<int>());
  if (!fitted) return error(fitted.error());

  std::cout << format_report(report);
  if (vm.count("json")) {
    const std::string path = vm["json"].as<std::string>();
    if (!tools::write_text_file(path, tools::dump_json(report_json(report)) + "\n"))
      return error("cannot write " + util::quote_input(path, 200));
  }
  return 0;
}
