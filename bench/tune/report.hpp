#pragma once

#include <string>
#include <vector>

#include "bench/tune/cli.hpp"
#include "bench/tune/dataset.hpp"
#include "bench/tune/logistic.hpp"
#include "tools/common/json.hpp"

namespace tiaoqi::tune {

// What a tuning run found, for the terminal and for --json.
struct TuneReport {
  std::vector<std::string> records;
  SamplingOptions sampling;
  DatasetStats stats;
  Loss loss = Loss::kLog;
  FitSelection selection;
  // The starting weights with only the scale fitted.
  FitResult before;
  FitResult after;
  // The fitted weights rounded to integers, the scale fitted again.
  FitResult rounded;
  // Every k-th opening's games left out of the fit (0: none) and the loss
  // of each fit on their positions.
  int holdout = 0;
  int holdout_positions = 0;
  struct {
    double before = 0, after = 0, rounded = 0;
  } holdout_loss;
};

// The line to paste into engine/eval.hpp.
std::string paste_line(const EvalWeights& weights);
// The scale as the searches' win shares take it
// (engine/search/win_shares.hpp), rounded: it goes with the weights of
// paste_line.
std::string scale_paste_line(double scale);

std::string format_report(const TuneReport& report);
tools::Json report_json(const TuneReport& report);

}  // namespace tiaoqi::tune
