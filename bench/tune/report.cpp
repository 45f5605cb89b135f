#include "bench/tune/report.hpp"

#include <cmath>
#include <cstdio>

#include "engine/util/text.hpp"

namespace tiaoqi::tune {
namespace {

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

std::string table_row(const std::string& name, const std::string& before, const std::string& after,
                      const std::string& rounded) {
  std::string line = name;
  line.resize(20, ' ');
  return line + padded(before, 10) + padded(after, 18) + padded(rounded, 10) + "\n";
}

std::string with_error(double value, double error) {
  return fixed(value, 1) + " +- " + fixed(error, 1);
}

bool is_fitted(const TuneReport& report, int feature) {
  return feature != kDistance && report.selection.feature[feature];
}

tools::Json weights_json(const RealWeights& weights) {
  tools::Json json;
  for (int f = 0; f < kFeatureCount; ++f)
    json[std::string(feature_name(static_cast<EvalFeature>(f)))] = weights.feature[f];
  json["tempo"] = weights.tempo;
  return json;
}

tools::Json fit_json(const FitResult& fit) {
  tools::Json json;
  json["weights"] = weights_json(fit.weights);
  json["standard_errors"] = weights_json(fit.standard_error);
  json["scale"] = fit.scale;
  json["scale_standard_error"] = fit.scale_standard_error;
  json["loss"] = fit.loss;
  json["iterations"] = fit.iterations;
  json["converged"] = fit.converged;
  return json;
}

// The model the fit used, in words.
std::string model_text(int players) {
  if (players == 2) return "predicted result = sigmoid(score / scale)";
  return "chance of first place = softmax(-(cost - tempo to move) / scale) over the players in";
}

}  // namespace

std::string scale_paste_line(double scale) {
  return "inline constexpr double kShareScale = " + std::to_string(std::lround(scale)) + ";";
}

std::string paste_line(const EvalWeights& weights) {
  std::string line = "inline constexpr EvalWeights kEvalWeights = {{";
  for (int f = 0; f < kFeatureCount; ++f)
    line += (f ? ", " : "") + std::to_string(weights.feature[f]);
  return line + "}, " + std::to_string(weights.tempo) + "};";
}

std::string format_report(const TuneReport& report) {
  const DatasetStats& stats = report.stats;
  std::string out = util::plural(stats.games, "game") + " of " + std::to_string(stats.players) +
                    " players (" + std::to_string(stats.games_skipped) + " skipped), " +
                    util::plural(stats.positions, "position") + " (skip " +
                    util::plural(report.sampling.skip_plies, "ply", "plies") + ", every " +
                    std::to_string(report.sampling.every) + "), loss " +
                    std::string(loss_name(report.loss)) + "\n";
  if (report.holdout > 0)
    out += "held out: the games of one opening in every " + std::to_string(report.holdout) + ", " +
           util::plural(report.holdout_positions, "position") + "; fitted on " +
           std::to_string(stats.positions - report.holdout_positions) + "\n";
  out += "\n";
  out += table_row("weight", "before", "fitted", "rounded");
  const EvalWeights rounded = rounded_weights(report.rounded.weights);
  for (int f = 0; f < kFeatureCount; ++f) {
    const std::string name(feature_name(static_cast<EvalFeature>(f)));
    const std::string fitted =
        is_fitted(report, f)
            ? with_error(report.after.weights.feature[f], report.after.standard_error.feature[f])
            : "held";
    out += table_row(name, fixed(report.before.weights.feature[f], 0), fitted,
                     std::to_string(rounded.feature[f]));
  }
  out += table_row("tempo", fixed(report.before.weights.tempo, 0),
                   report.selection.tempo
                       ? with_error(report.after.weights.tempo, report.after.standard_error.tempo)
                       : "held",
                   std::to_string(rounded.tempo));
  out += table_row("scale (centi-steps)", fixed(report.before.scale, 1),
                   with_error(report.after.scale, report.after.scale_standard_error),
                   fixed(report.rounded.scale, 1));
  out += table_row("loss", fixed(report.before.loss, 6), fixed(report.after.loss, 6),
                   fixed(report.rounded.loss, 6));
  if (report.holdout > 0)
    out += table_row("held-out loss", fixed(report.holdout_loss.before, 6),
                     fixed(report.holdout_loss.after, 6), fixed(report.holdout_loss.rounded, 6));
  out += "\n" + util::plural(report.after.iterations, "iteration") +
         (report.after.converged ? " (converged)" : " (not converged: raise --iterations)") + "; " +
         model_text(report.stats.players) +
         "\n+- one standard error (the games of an opening count as one draw)\n\n";
  return out + paste_line(rounded) + "\n" + scale_paste_line(report.rounded.scale) + "\n";
}

tools::Json report_json(const TuneReport& report) {
  tools::Json fitted = tools::Json::array();
  for (int f = 0; f < kFeatureCount; ++f)
    if (is_fitted(report, f))
      fitted.push_back(std::string(feature_name(static_cast<EvalFeature>(f))));
  if (report.selection.tempo) fitted.push_back("tempo");

  tools::Json json;
  json["records"] = report.records;
  json["players"] = report.stats.players;
  json["model"] = report.stats.players == 2 ? "logistic" : "softmax";
  json["skip_plies"] = report.sampling.skip_plies;
  json["every"] = report.sampling.every;
  json["games"] = report.stats.games;
  json["games_skipped"] = report.stats.games_skipped;
  json["positions"] = report.stats.positions;
  json["loss"] = std::string(loss_name(report.loss));
  json["fitted"] = std::move(fitted);
  json["before"] = fit_json(report.before);
  json["after"] = fit_json(report.after);
  json["rounded"] = fit_json(report.rounded);
  if (report.holdout > 0)
    json["holdout"] = {{"every", report.holdout},
                       {"positions", report.holdout_positions},
                       {"loss_before", report.holdout_loss.before},
                       {"loss_after", report.holdout_loss.after},
                       {"loss_rounded", report.holdout_loss.rounded}};
  json["paste"] = paste_line(rounded_weights(report.rounded.weights));
  json["paste_scale"] = scale_paste_line(report.rounded.scale);
  return json;
}

}  // namespace tiaoqi::tune
