#include "bench/train/trainer.hpp"

#include <algorithm>
#include <cmath>

#include "engine/util/random.hpp"

namespace tiaoqi::train {
namespace {

namespace net = search::net;
using net::kCorners;
using net::kPolicyOutputs;

constexpr double kAdamBeta1 = 0.9;
constexpr double kAdamBeta2 = 0.999;
constexpr double kAdamEpsilon = 1e-8;

// The activations of one sample, kept from the forward pass for the
// backward one.
struct Pass {
  std::vector<float> hidden, middle;
  std::array<float, kCorners> corners{};
  std::array<float, kPolicyOutputs> outputs{};
  std::array<int, kPolicyOutputs> stamp{};
  std::vector<int> touched;
  int current = 0;
};

float dot(const float* a, const float* b, int width) {
  float sum = 0;
  for (int i = 0; i < width; ++i) sum += a[i] * b[i];
  return sum;
}

// Forward pass; returns the sample's two losses. With `gradient`, adds
// the sample's gradient to it.
Losses forward_backward(const net::Model& model, const Sample& sample, Pass& pass,
                        net::Model* gradient) {
  const int width = model.shape().hidden, inner = model.shape().value_hidden;
  pass.hidden.assign(model.b1.begin(), model.b1.end());
  for (std::uint16_t input : sample.active) {
    const float* column = model.w1.data() + static_cast<std::size_t>(input) * width;
    for (int j = 0; j < width; ++j) pass.hidden[j] += column[j];
  }
  for (float& unit : pass.hidden) unit = std::max(unit, 0.0f);
  const float* h = pass.hidden.data();

  // The policy over the moves the search saw.
  ++pass.current;
  pass.touched.clear();
  auto output = [&](int index) {
    if (pass.stamp[index] != pass.current) {
      pass.stamp[index] = pass.current;
      pass.touched.push_back(index);
      pass.outputs[index] =
          model.bp[index] +
          dot(h, model.wp.data() + static_cast<std::size_t>(index) * width, width);
    }
    return pass.outputs[index];
  };
  const std::size_t moves = sample.policy.size();
  std::vector<float> scores(moves);
  for (std::size_t m = 0; m < moves; ++m) scores[m] = output(sample.from[m]) + output(sample.to[m]);
  const float top = *std::max_element(scores.begin(), scores.end());
  double sum = 0;
  for (float s : scores) sum += std::exp(s - top);
  Losses losses;
  losses.samples = 1;
  for (std::size_t m = 0; m < moves; ++m)
    losses.policy -= sample.policy[m] * (scores[m] - top - std::log(sum));

  // The value over the seats still in the game.
  pass.middle.assign(inner, 0.0f);
  for (int k = 0; k < inner; ++k)
    pass.middle[k] = std::max(
        0.0f, model.b2[k] + dot(h, model.w2.data() + static_cast<std::size_t>(k) * width, width));
  for (int c = 0; c < kCorners; ++c)
    pass.corners[c] =
        model.bv[c] +
        dot(pass.middle.data(), model.wv.data() + static_cast<std::size_t>(c) * inner, inner);
  float value_top = -1e30f;
  for (int p = 0; p < sample.players; ++p)
    if (sample.in_game[p]) value_top = std::max(value_top, pass.corners[sample.corner[p]]);
  double value_sum = 0;
  for (int p = 0; p < sample.players; ++p)
    if (sample.in_game[p]) value_sum += std::exp(pass.corners[sample.corner[p]] - value_top);
  const double log_sum = std::log(value_sum);
  for (int p = 0; p < sample.players; ++p)
    if (sample.in_game[p] && sample.value[p] > 0)
      losses.value -= sample.value[p] * (pass.corners[sample.corner[p]] - value_top - log_sum);
  if (!gradient) return losses;

  net::Model& g = *gradient;
  std::vector<float> grad_hidden(width, 0.0f);
  // Policy: d loss / d score = softmax - target, to both of a move's outputs.
  std::array<float, kPolicyOutputs> grad_output{};
  for (std::size_t m = 0; m < moves; ++m) {
    const float grad = static_cast<float>(std::exp(scores[m] - top) / sum) - sample.policy[m];
    grad_output[sample.from[m]] += grad;
    grad_output[sample.to[m]] += grad;
  }
  for (int index : pass.touched) {
    const float grad = grad_output[index];
    const std::size_t row = static_cast<std::size_t>(index) * width;
    g.bp[index] += grad;
    for (int j = 0; j < width; ++j) {
      g.wp[row + j] += grad * h[j];
      grad_hidden[j] += grad * model.wp[row + j];
    }
  }
  // Value.
  std::array<float, kCorners> grad_corner{};
  for (int p = 0; p < sample.players; ++p)
    if (sample.in_game[p])
      grad_corner[sample.corner[p]] +=
          static_cast<float>(std::exp(pass.corners[sample.corner[p]] - value_top) / value_sum) -
          sample.value[p];
  std::vector<float> grad_middle(inner, 0.0f);
  for (int c = 0; c < kCorners; ++c) {
    if (grad_corner[c] == 0) continue;
    const std::size_t row = static_cast<std::size_t>(c) * inner;
    g.bv[c] += grad_corner[c];
    for (int k = 0; k < inner; ++k) {
      g.wv[row + k] += grad_corner[c] * pass.middle[k];
      grad_middle[k] += grad_corner[c] * model.wv[row + k];
    }
  }
  for (int k = 0; k < inner; ++k) {
    if (pass.middle[k] <= 0) continue;
    const std::size_t row = static_cast<std::size_t>(k) * width;
    g.b2[k] += grad_middle[k];
    for (int j = 0; j < width; ++j) {
      g.w2[row + j] += grad_middle[k] * h[j];
      grad_hidden[j] += grad_middle[k] * model.w2[row + j];
    }
  }
  // The hidden layer, through its ReLU, to the active inputs.
  for (int j = 0; j < width; ++j)
    if (h[j] <= 0) grad_hidden[j] = 0;
  for (int j = 0; j < width; ++j) g.b1[j] += grad_hidden[j];
  for (std::uint16_t input : sample.active) {
    float* column = g.w1.data() + static_cast<std::size_t>(input) * width;
    for (int j = 0; j < width; ++j) column[j] += grad_hidden[j];
  }
  return losses;
}

void add(Losses& total, const Losses& one) {
  total.policy += one.policy;
  total.value += one.value;
  total.samples += one.samples;
}

Losses mean(Losses total) {
  if (total.samples == 0) return total;
  total.policy /= static_cast<double>(total.samples);
  total.value /= static_cast<double>(total.samples);
  return total;
}

// Weights drawn uniformly, each layer scaled to its inputs: a hidden unit
// sums about 60 active inputs; the policy starts near uniform.
void initialise(net::Model& model, std::uint64_t seed) {
  util::Random random(seed);
  auto fill = [&random](std::vector<float>& block, double scale) {
    for (float& w : block) w = static_cast<float>((random.unit() * 2 - 1) * scale);
  };
  const double width = model.shape().hidden, inner = model.shape().value_hidden;
  fill(model.w1, std::sqrt(3.0 / 60));
  fill(model.wp, 0.1 * std::sqrt(3.0 / width));
  fill(model.w2, std::sqrt(6.0 / (width + inner)));
  fill(model.wv, std::sqrt(3.0 / inner));
}

}  // namespace

Losses evaluate(const net::Model& model, const std::vector<Sample>& samples,
                const std::vector<std::size_t>& which) {
  Pass pass;
  Losses total;
  for (std::size_t index : which)
    add(total, forward_backward(model, samples[index], pass, nullptr));
  return mean(total);
}

net::Model train_model(const std::vector<Sample>& samples, const TrainSettings& settings,
                       const std::optional<net::Model>& start,
                       const std::function<void(const EpochReport&)>& report) {
  const net::Shape shape{settings.hidden, settings.value_hidden, settings.tables};
  net::Model model = start ? *start : net::Model(shape);
  if (!start) initialise(model, settings.seed);
  net::Model gradient(model.shape()), first_moment(model.shape()), second_moment(model.shape());

  std::vector<std::size_t> training, held_out;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const bool held = settings.holdout_every > 0 &&
                      samples[i].game % static_cast<std::uint64_t>(settings.holdout_every) == 0;
    (held ? held_out : training).push_back(i);
  }
  util::Random random(util::mix64(settings.seed));
  Pass pass;
  long long step = 0;
  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    // Fisher-Yates with the trainer's own generator: the same order on
    // every machine.
    for (std::size_t i = training.size(); i > 1; --i)
      std::swap(training[i - 1],
                training[static_cast<std::size_t>(random.below(static_cast<int>(i)))]);
    Losses seen;
    for (std::size_t at = 0; at < training.size(); at += static_cast<std::size_t>(settings.batch)) {
      const std::size_t end =
          std::min(training.size(), at + static_cast<std::size_t>(settings.batch));
      for (std::vector<float>* block : gradient.blocks())
        std::fill(block->begin(), block->end(), 0.0f);
      for (std::size_t i = at; i < end; ++i)
        add(seen, forward_backward(model, samples[training[i]], pass, &gradient));
      ++step;
      const double scale = 1.0 / static_cast<double>(end - at);
      const double correction1 = 1 - std::pow(kAdamBeta1, static_cast<double>(step));
      const double correction2 = 1 - std::pow(kAdamBeta2, static_cast<double>(step));
      const auto weights = model.blocks();
      const auto grads = gradient.blocks();
      const auto firsts = first_moment.blocks();
      const auto seconds = second_moment.blocks();
      for (std::size_t b = 0; b < weights.size(); ++b) {
        // Biases (the odd blocks) are not decayed.
        const double decay = b % 2 == 0 ? settings.weight_decay : 0.0;
        std::vector<float>& w = *weights[b];
        for (std::size_t i = 0; i < w.size(); ++i) {
          const double g = (*grads[b])[i] * scale;
          float& m = (*firsts[b])[i];
          float& v = (*seconds[b])[i];
          m = static_cast<float>(kAdamBeta1 * m + (1 - kAdamBeta1) * g);
          v = static_cast<float>(kAdamBeta2 * v + (1 - kAdamBeta2) * g * g);
          const double update = (m / correction1) / (std::sqrt(v / correction2) + kAdamEpsilon);
          w[i] = static_cast<float>(w[i] - settings.learning_rate * (update + decay * w[i]));
        }
      }
    }
    EpochReport line;
    line.epoch = epoch;
    line.train = mean(seen);
    line.held_out = evaluate(model, samples, held_out);
    report(line);
  }
  model.refresh_fingerprint();
  return model;
}

}  // namespace tiaoqi::train
