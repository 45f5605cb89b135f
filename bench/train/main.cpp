// tiaoqi-train: fits the learned model of MCTS (a policy and a value,
// engine/search/net/) to self-play data of tiaoqi-selfplay, and writes a
// model file that EvalFile reads and the build embeds (docs/learning.md).
#include <boost/program_options.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "bench/train/dataset.hpp"
#include "bench/train/trainer.hpp"
#include "engine/search/net/embedded.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/json.hpp"
#include "tools/common/text_file.hpp"

namespace po = boost::program_options;
using namespace tiaoqi;
using tools::Json;

namespace {

constexpr const char* kTool = "tiaoqi-train";

po::options_description flags() {
  po::options_description flags(
      "tiaoqi-train --data FILE [FILE ...] --out MODEL [options]\n\n"
      "Fits a policy and a value to the positions of self-play data (tiaoqi-selfplay\n"
      "--collect files), holding out every K-th game, and writes the model file.\n"
      "Prints each epoch's losses (cross-entropy of the policy against the visit\n"
      "shares, of the value against the target shares). One thread: the same data,\n"
      "flags and seed make the same model to the byte.\n\n"
      "Exit status: 0 trained; 1 the model or the report could not be written; 2 a\n"
      "bad command line or data that cannot be read, before any training.\n\nOptions");
  tools::add_help_and_version(flags);
  flags.add_options()(
      "data", po::value<std::vector<std::string>>()->multitoken()->composing()->value_name("FILE"),
      "self-play data files")("out", po::value<std::string>()->value_name("MODEL"),
                              "the model file to write")(
      "init", po::value<std::string>()->value_name("MODEL"),
      "start from this model (the last generation's) instead of random weights")(
      "epochs", po::value<int>()->value_name("N")->default_value(8), "passes over the data")(
      "batch", po::value<int>()->value_name("N")->default_value(256), "samples a step")(
      "learning-rate", po::value<double>()->value_name("X")->default_value(1e-3), "Adam's step")(
      "weight-decay", po::value<double>()->value_name("X")->default_value(1e-4),
      "the weights' decay a step, relative to the learning rate")(
      "hidden", po::value<int>()->value_name("N")->default_value(64),
      "hidden units (a multiple of 8, at most 512)")(
      "value-hidden", po::value<int>()->value_name("N")->default_value(32),
      "the value's hidden units (a multiple of 8, at most 512)")(
      "holdout-every", po::value<int>()->value_name("K")->default_value(10),
      "hold out the games whose number is a multiple of K; 0 holds out none")(
      "search-value-share", po::value<double>()->value_name("X")->default_value(0.5),
      "the value's target: this share of the search's root values, the rest the result")(
      "seed", po::value<std::uint64_t>()->value_name("S")->default_value(1),
      "the seed of the first weights and of the order of the samples")(
      "report", po::value<std::string>()->value_name("FILE"),
      "also write the settings and every epoch's losses as JSON");
  return flags;
}

}  // namespace

int main(int argc, char** argv) {
  const po::options_description described = flags();
  auto parsed = tools::parse_arguments(argc, argv, described);
  if (!parsed) return tools::usage_error(kTool, parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto answered = tools::answer_help_or_version(vm, kTool, described, std::cout))
    return *answered;
  if (!vm.count("data") || !vm.count("out"))
    return tools::usage_error(kTool, "--data and --out are required");
  train::TrainSettings settings;
  settings.epochs = vm["epochs"].as<int>();
  settings.batch = vm["batch"].as<int>();
  settings.learning_rate = vm["learning-rate"].as<double>();
  settings.weight_decay = vm["weight-decay"].as<double>();
  settings.hidden = vm["hidden"].as<int>();
  settings.value_hidden = vm["value-hidden"].as<int>();
  settings.holdout_every = vm["holdout-every"].as<int>();
  settings.seed = vm["seed"].as<std::uint64_t>();
  train::DataSettings data_settings;
  data_settings.search_value_share = vm["search-value-share"].as<double>();
  if (settings.epochs < 1 || settings.batch < 1 || settings.holdout_every < 0)
    return tools::usage_error(kTool,
                              "--epochs and --batch expect 1 or more, --holdout-every 0 or more");
  if (!(settings.learning_rate > 0) || !(settings.weight_decay >= 0))
    return tools::usage_error(kTool,
                              "--learning-rate expects more than 0, --weight-decay 0 or more");
  if (!search::net::good_width(settings.hidden) || !search::net::good_width(settings.value_hidden))
    return tools::usage_error(kTool, "--hidden and --value-hidden expect multiples of 8 up to 512");
  if (!(data_settings.search_value_share >= 0 && data_settings.search_value_share <= 1))
    return tools::usage_error(kTool, "--search-value-share expects a number from 0 to 1");
  std::optional<search::net::Model> start;
  if (vm.count("init")) {
    auto model = search::net::read_model_file(vm["init"].as<std::string>());
    if (!model) return tools::usage_error(kTool, "--init: " + model.error());
    start = std::move(*model);
  }

  const auto paths = vm["data"].as<std::vector<std::string>>();
  auto samples = train::read_samples(paths, data_settings);
  if (!samples) return tools::usage_error(kTool, samples.error());
  if (samples->empty()) return tools::usage_error(kTool, "the data holds no position");
  for (const train::Sample& sample : *samples)
    settings.tables |= 1u << search::net::table_index(sample.players);
  if (start) {
    settings.hidden = start->shape().hidden;
    settings.value_hidden = start->shape().value_hidden;
    settings.tables |= start->shape().tables;
    start = [&] {
      search::net::Model widened(
          search::net::Shape{settings.hidden, settings.value_hidden, settings.tables});
      const auto to = widened.blocks();
      const auto from = start->blocks();
      for (std::size_t b = 0; b < to.size(); ++b) *to[b] = *from[b];
      return widened;
    }();
  }
  std::cout << "data: " << samples->size() << " positions from " << paths.size() << " file(s)\n";

  Json report;
  report["data"] = paths;
  report["positions"] = samples->size();
  report["epochs"] = Json::array();
  const search::net::Model model =
      train::train_model(*samples, settings, start, [&](const train::EpochReport& line) {
        char text[200];
        std::snprintf(text, sizeof text,
                      "epoch %d: train policy %.4f value %.4f | held out policy %.4f value %.4f "
                      "(%zu positions)\n",
                      line.epoch, line.train.policy, line.train.value, line.held_out.policy,
                      line.held_out.value, line.held_out.samples);
        std::cout << text << std::flush;
        report["epochs"].push_back({{"epoch", line.epoch},
                                    {"train_policy", line.train.policy},
                                    {"train_value", line.train.value},
                                    {"held_out_policy", line.held_out.policy},
                                    {"held_out_value", line.held_out.value}});
      });
  const std::vector<std::uint8_t> bytes = model.serialize();
  const Status written = tools::replace_text_file(vm["out"].as<std::string>(),
                                                  std::string(bytes.begin(), bytes.end()), "--out");
  if (!written) return tools::report_error(kTool, written.error());
  char fingerprint[17];
  std::snprintf(fingerprint, sizeof fingerprint, "%016llx",
                static_cast<unsigned long long>(model.fingerprint()));
  std::cout << "model: " << vm["out"].as<std::string>() << " (" << bytes.size() << " bytes, "
            << fingerprint << ")\n";
  if (vm.count("report")) {
    report["model"] = fingerprint;
    report["settings"] = {{"hidden", settings.hidden},
                          {"value_hidden", settings.value_hidden},
                          {"epochs", settings.epochs},
                          {"batch", settings.batch},
                          {"learning_rate", settings.learning_rate},
                          {"weight_decay", settings.weight_decay},
                          {"holdout_every", settings.holdout_every},
                          {"search_value_share", data_settings.search_value_share},
                          {"seed", settings.seed}};
    const Status saved = tools::replace_text_file(vm["report"].as<std::string>(),
                                                  tools::dump_json(report) + "\n", "--report");
    if (!saved) return tools::report_error(kTool, saved.error());
  }
  return 0;
}
