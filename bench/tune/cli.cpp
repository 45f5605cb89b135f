#include "bench/tune/cli.hpp"

#include "engine/util/text.hpp"

namespace tiaoqi::tune {
namespace {

std::string fittable_names() {
  std::string names;
  for (int f = 0; f < kFeatureCount; ++f)
    if (f != kDistance) names += std::string(feature_name(static_cast<EvalFeature>(f))) + ", ";
  return names + "tempo or all";
}

Expected<bool> select(FitSelection& selection, std::string_view name) {
  if (name == "all") {
    selection = all_but_distance();
    return true;
  }
  if (name == "tempo") {
    selection.tempo = true;
    return true;
  }
  if (name == feature_name(kDistance))
    return fail("distance cannot be fitted: its weight sets the unit of the others");
  for (int f = 0; f < kFeatureCount; ++f)
    if (name == feature_name(static_cast<EvalFeature>(f))) {
      selection.feature[f] = true;
      return true;
    }
  return fail("--features: expected " + fittable_names() + ", got " + util::quote_input(name));
}

}  // namespace

FitSelection all_but_distance() {
  FitSelection selection;
  selection.feature.fill(true);
  selection.feature[kDistance] = false;
  selection.tempo = true;
  return selection;
}

Expected<FitSelection> parse_fit_selection(const std::vector<std::string>& words) {
  FitSelection selection;
  for (const std::string& word : words) {
    for (std::string_view name : util::split(word, ',')) {
      if (name.empty()) continue;
      auto selected = select(selection, name);
      if (!selected) return Error{selected.error()};
    }
  }
  return selection;
}

Expected<Loss> parse_loss(std::string_view name) {
  if (name == "log") return Loss::kLog;
  if (name == "mse") return Loss::kSquared;
  return fail("--loss: expected log or mse, got " + util::quote_input(name));
}

std::string_view loss_name(Loss loss) { return loss == Loss::kLog ? "log" : "mse"; }

}  // namespace tiaoqi::tune
