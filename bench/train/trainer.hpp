#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "bench/train/dataset.hpp"
#include "engine/search/net/model.hpp"

namespace tiaoqi::train {

struct TrainSettings {
  int hidden = 64;
  int value_hidden = 32;
  int epochs = 8;
  int batch = 256;
  double learning_rate = 1e-3;
  // The weights' L2 penalty, per step (decoupled, as AdamW).
  double weight_decay = 1e-4;
  // Every game whose number is a multiple of this is held out; 0: none.
  int holdout_every = 10;
  std::uint64_t seed = 1;
  // The table sizes the model is for (bits of kTableSizes).
  std::uint32_t tables = 0;
};

// Mean losses over a set of samples: the policy's cross-entropy against
// the visit shares, the value's against the target shares.
struct Losses {
  double policy = 0;
  double value = 0;
  std::size_t samples = 0;
};

struct EpochReport {
  int epoch = 0;
  Losses train, held_out;
};

// Fits a model to the samples with Adam, one thread, the samples in an
// order drawn from the seed: the same samples and settings give the same
// model to the byte. `start` continues from a model of the same shape
// (the last generation's); otherwise the weights start from the seed.
// `report` is called after every epoch.
search::net::Model train_model(const std::vector<Sample>& samples, const TrainSettings& settings,
                               const std::optional<search::net::Model>& start,
                               const std::function<void(const EpochReport&)>& report);

// The losses of a model on samples (the held-out ones of `settings`).
Losses evaluate(const search::net::Model& model, const std::vector<Sample>& samples,
                const std::vector<std::size_t>& which);

}  // namespace tiaoqi::train
