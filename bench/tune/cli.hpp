#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bench/tune/logistic.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::tune {

// Which weights to fit.
struct FitSelection {
  std::array<bool, kFeatureCount> feature{};
  bool tempo = false;
};

// Every weight but the distance weight, which sets the unit.
FitSelection all_but_distance();

// Feature names as feature_name() spells them, and "tempo", separated by
// commas or given as several words; "all" selects every fittable weight.
Expected<FitSelection> parse_fit_selection(const std::vector<std::string>& words);

// "log" or "mse".
Expected<Loss> parse_loss(std::string_view name);
std::string_view loss_name(Loss loss);

}  // namespace tiaoqi::tune
