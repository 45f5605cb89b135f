#include "bench/tune/logistic.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tiaoqi::tune {
namespace {

// The regression in plain terms: each contender of a sample has a row of
// columns x, its chance is the softmax of theta . x over the sample's
// rows. Column 0 is minus the distance with every held weight folded in
// (relative to the distance weight), so theta[0] is distance weight /
// scale; the other columns are minus the free features and the tempo (1
// for the side to move), each theta = weight / scale.
class Design {
 public:
  Design(std::span<const Sample> samples, const FitOptions& options) : options_(options) {
    for (int f = 0; f < kFeatureCount; ++f)
      if (f != kDistance && options.fit_feature[f]) free_features_.push_back(f);
    columns_ = 1 + static_cast<int>(free_features_.size()) + (options.fit_tempo ? 1 : 0);
    samples_ = static_cast<int>(samples.size());
    first_row_.reserve(samples.size() + 1);
    side_row_.reserve(samples.size());
    groups_.reserve(samples.size());
    for (const Sample& sample : samples) {
      first_row_.push_back(rows());
      side_row_.push_back(rows());
      for (const Contender& contender : sample.in_game()) {
        if (contender.to_move) side_row_.back() = rows();
        append_row(contender);
        shares_.push_back(contender.share);
      }
      groups_.push_back(sample.group);
    }
    first_row_.push_back(rows());
  }

  int columns() const { return columns_; }
  int samples() const { return samples_; }
  int rows() const { return static_cast<int>(shares_.size()); }
  // The rows of sample i are [first_row(i), first_row(i + 1)).
  int first_row(int i) const { return first_row_[i]; }
  // The row of sample i's side to move.
  int side_row(int i) const { return side_row_[i]; }
  const double* row(int r) const { return &values_[static_cast<std::size_t>(r) * columns_]; }
  double share(int r) const { return shares_[r]; }
  int group(int i) const { return groups_[i]; }

  std::vector<double> theta_of(const RealWeights& weights, double scale) const {
    std::vector<double> theta{weights.feature[kDistance] / scale};
    for (int f : free_features_) theta.push_back(weights.feature[f] / scale);
    if (options_.fit_tempo) theta.push_back(weights.tempo / scale);
    return theta;
  }

  // The weights and scale of a theta; held weights keep their start value.
  RealWeights weights_of(const std::vector<double>& theta, double& scale) const {
    RealWeights weights = options_.start;
    scale = weights.feature[kDistance] / theta[0];
    int column = 1;
    for (int f : free_features_) weights.feature[f] = theta[column++] * scale;
    if (options_.fit_tempo) weights.tempo = theta[column] * scale;
    return weights;
  }

  // Standard errors of the weights and the scale from the covariance of
  // theta, through the derivatives of weight = theta[c] * distance weight /
  // theta[0] and scale = distance weight / theta[0].
  RealWeights errors_of(const std::vector<double>& theta, const std::vector<double>& covariance,
                        double& scale_error) const {
    const int n = columns_;
    const double unit = options_.start.feature[kDistance];
    const auto deviation = [&](const std::vector<double>& gradient) {
      double sum = 0;
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) sum += gradient[a] * covariance[a * n + b] * gradient[b];
      return std::sqrt(std::max(sum, 0.0));
    };
    std::vector<double> gradient(n, 0.0);
    gradient[0] = -unit / (theta[0] * theta[0]);
    scale_error = deviation(gradient);
    RealWeights errors;
    for (int c = 1; c < n; ++c) {
      std::fill(gradient.begin(), gradient.end(), 0.0);
      gradient[0] = -unit * theta[c] / (theta[0] * theta[0]);
      gradient[c] = unit / theta[0];
      const double error = deviation(gradient);
      if (c <= static_cast<int>(free_features_.size()))
        errors.feature[free_features_[c - 1]] = error;
      else
        errors.tempo = error;
    }
    return errors;
  }

 private:
  void append_row(const Contender& contender) {
    const RealWeights& start = options_.start;
    const double unit = start.feature[kDistance];
    double anchor = -contender.features[kDistance];
    for (int f = 0; f < kFeatureCount; ++f)
      if (f != kDistance && !options_.fit_feature[f])
        anchor -= start.feature[f] / unit * contender.features[f];
    if (!options_.fit_tempo && contender.to_move) anchor += start.tempo / unit;
    values_.push_back(anchor);
    for (int f : free_features_) values_.push_back(-contender.features[f]);
    if (options_.fit_tempo) values_.push_back(contender.to_move ? 1 : 0);
  }

  const FitOptions& options_;
  std::vector<int> free_features_;
  int columns_ = 0;
  int samples_ = 0;
  std::vector<double> values_;
  std::vector<double> shares_;
  std::vector<int> first_row_;
  std::vector<int> side_row_;
  std::vector<int> groups_;
};

double dot(const double* x, const std::vector<double>& theta) {
  double sum = 0;
  for (std::size_t c = 0; c < theta.size(); ++c) sum += x[c] * theta[c];
  return sum;
}

// Softmax of `logits` in place; returns log(sum exp(logits)).
double softmax(std::span<double> logits) {
  const double top = *std::max_element(logits.begin(), logits.end());
  double sum = 0;
  for (double& logit : logits) sum += (logit = std::exp(logit - top));
  for (double& chance : logits) chance /= sum;
  return top + std::log(sum);
}

// One sample under theta: each row's logit, then its chance.
struct SampleFit {
  std::array<double, kMaxPlayers> logit{};
  std::array<double, kMaxPlayers> chance{};
  double log_normaliser = 0;
  int begin = 0;
  int rows = 0;
};

SampleFit sample_fit(const Design& design, int i, const std::vector<double>& theta) {
  SampleFit fit;
  fit.begin = design.first_row(i);
  fit.rows = design.first_row(i + 1) - fit.begin;
  for (int k = 0; k < fit.rows; ++k)
    fit.chance[k] = fit.logit[k] = dot(design.row(fit.begin + k), theta);
  fit.log_normaliser = softmax(std::span<double>(fit.chance.data(), fit.rows));
  return fit;
}

double sample_loss(const Design& design, int i, const std::vector<double>& theta, Loss loss) {
  const SampleFit fit = sample_fit(design, i, theta);
  if (loss == Loss::kLog) {
    double sum = 0;
    for (int k = 0; k < fit.rows; ++k)
      sum += design.share(fit.begin + k) * (fit.log_normaliser - fit.logit[k]);
    return sum;
  }
  const int side = design.side_row(i) - fit.begin;
  const double error = fit.chance[side] - design.share(design.side_row(i));
  return error * error;
}

double design_loss(const Design& design, const std::vector<double>& theta, Loss loss) {
  double sum = 0;
  for (int i = 0; i < design.samples(); ++i) sum += sample_loss(design, i, theta, loss);
  return sum / design.samples();
}

// At most the distance, the other features and the tempo.
using Columns = std::array<double, kFeatureCount + 1>;

// Adds one sample's gradient of the loss to `gradient` and its Hessian
// (Gauss-Newton's for squared error, which is positive semi-definite where
// the exact one need not be) to `hessian`, both over theta.
void add_sample_derivatives(const Design& design, int i, const std::vector<double>& theta,
                            Loss loss, double* gradient, double* hessian) {
  const int n = design.columns();
  const SampleFit fit = sample_fit(design, i, theta);
  // The chance-weighted mean row: a row's chance moves with theta along
  // its row less this mean.
  Columns mean{};
  for (int k = 0; k < fit.rows; ++k)
    for (int a = 0; a < n; ++a) mean[a] += fit.chance[k] * design.row(fit.begin + k)[a];
  Columns centred{};
  if (loss == Loss::kLog) {
    // -sum share * log chance, the shares summing to 1: its Hessian is
    // the covariance of the rows under the chances, whatever the shares.
    for (int k = 0; k < fit.rows; ++k) {
      const double* x = design.row(fit.begin + k);
      for (int a = 0; a < n; ++a) centred[a] = x[a] - mean[a];
      for (int a = 0; a < n; ++a) {
        gradient[a] -= design.share(fit.begin + k) * centred[a];
        for (int b = 0; b < n; ++b) hessian[a * n + b] += fit.chance[k] * centred[a] * centred[b];
      }
    }
    return;
  }
  const int side = design.side_row(i);
  const double chance = fit.chance[side - fit.begin];
  const double error = chance - design.share(side);
  for (int a = 0; a < n; ++a) centred[a] = chance * (design.row(side)[a] - mean[a]);
  for (int a = 0; a < n; ++a) {
    gradient[a] += 2 * error * centred[a];
    for (int b = 0; b < n; ++b) hessian[a * n + b] += 2 * centred[a] * centred[b];
  }
}

// The mean gradient and Hessian over the samples.
void derivatives(const Design& design, const std::vector<double>& theta, Loss loss,
                 std::vector<double>& gradient, std::vector<double>& hessian) {
  const int n = design.columns();
  gradient.assign(n, 0.0);
  hessian.assign(static_cast<std::size_t>(n) * n, 0.0);
  for (int i = 0; i < design.samples(); ++i)
    add_sample_derivatives(design, i, theta, loss, gradient.data(), hessian.data());
  for (double& value : gradient) value /= design.samples();
  for (double& value : hessian) value /= design.samples();
}

// Solves A x = b by Gaussian elimination with partial pivoting; A is small.
std::vector<double> solve(std::vector<double> a, std::vector<double> b) {
  const int n = static_cast<int>(b.size());
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int r = col + 1; r < n; ++r)
      if (std::abs(a[r * n + col]) > std::abs(a[pivot * n + col])) pivot = r;
    if (pivot != col) {
      for (int c = 0; c < n; ++c) std::swap(a[col * n + c], a[pivot * n + c]);
      std::swap(b[col], b[pivot]);
    }
    const double diagonal = a[col * n + col];
    if (diagonal == 0) continue;
    for (int r = col + 1; r < n; ++r) {
      const double factor = a[r * n + col] / diagonal;
      for (int c = col; c < n; ++c) a[r * n + c] -= factor * a[col * n + c];
      b[r] -= factor * b[col];
    }
  }
  std::vector<double> x(n, 0.0);
  for (int r = n - 1; r >= 0; --r) {
    double sum = b[r];
    for (int c = r + 1; c < n; ++c) sum -= a[r * n + c] * x[c];
    x[r] = a[r * n + r] == 0 ? 0 : sum / a[r * n + r];
  }
  return x;
}

// The sandwich covariance of theta, H^-1 B H^-1 over sums: H the Hessian,
// B the outer products of each group's summed gradient.
std::vector<double> covariance(const Design& design, const std::vector<double>& theta, Loss loss) {
  const int n = design.columns();
  std::vector<double> hessian(static_cast<std::size_t>(n) * n, 0.0);
  // Each group's summed gradient, in slots numbered as groups appear.
  std::unordered_map<int, int> slot_of_group;
  std::vector<double> group_gradients;
  for (int i = 0; i < design.samples(); ++i) {
    const auto slot = slot_of_group.try_emplace(design.group(i), slot_of_group.size());
    if (slot.second) group_gradients.resize(group_gradients.size() + n, 0.0);
    double* group = &group_gradients[static_cast<std::size_t>(slot.first->second) * n];
    add_sample_derivatives(design, i, theta, loss, group, hessian.data());
  }
  std::vector<double> spread(static_cast<std::size_t>(n) * n, 0.0);
  for (std::size_t start = 0; start < group_gradients.size(); start += n) {
    const double* gradient = &group_gradients[start];
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) spread[a * n + b] += gradient[a] * gradient[b];
  }
  // H^-1 column by column, then H^-1 B H^-1.
  std::vector<double> inverse(static_cast<std::size_t>(n) * n, 0.0);
  for (int c = 0; c < n; ++c) {
    std::vector<double> unit(n, 0.0);
    unit[c] = 1;
    const std::vector<double> column = solve(hessian, unit);
    for (int r = 0; r < n; ++r) inverse[r * n + c] = column[r];
  }
  std::vector<double> result(static_cast<std::size_t>(n) * n, 0.0);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      double sum = 0;
      for (int k = 0; k < n; ++k)
        for (int l = 0; l < n; ++l)
          sum += inverse[a * n + k] * spread[k * n + l] * inverse[l * n + b];
      result[a * n + b] = sum;
    }
  return result;
}

}  // namespace

RealWeights real_weights(const EvalWeights& weights) {
  RealWeights real;
  for (int f = 0; f < kFeatureCount; ++f) real.feature[f] = weights.feature[f];
  real.tempo = weights.tempo;
  return real;
}

EvalWeights rounded_weights(const RealWeights& weights) {
  EvalWeights rounded;
  for (int f = 0; f < kFeatureCount; ++f)
    rounded.feature[f] = static_cast<int>(std::lround(weights.feature[f]));
  rounded.tempo = static_cast<int>(std::lround(weights.tempo));
  return rounded;
}

double sigmoid(double x) {
  return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x));
}

double score_of(const Contender& contender, const RealWeights& weights) {
  double score = contender.to_move ? weights.tempo : 0;
  for (int f = 0; f < kFeatureCount; ++f) score -= weights.feature[f] * contender.features[f];
  return score;
}

namespace {

// Each contender's logit (score / scale) and chance; returns the log of the
// softmax's normaliser, so that log chance = logit - it without underflow.
double chances_of(const Sample& sample, const RealWeights& weights, double scale,
                  std::array<double, kMaxPlayers>& logits,
                  std::array<double, kMaxPlayers>& chances) {
  for (int k = 0; k < sample.contender_count; ++k)
    chances[k] = logits[k] = score_of(sample.contenders[k], weights) / scale;
  return softmax(std::span<double>(chances.data(), sample.contender_count));
}

}  // namespace

std::array<double, kMaxPlayers> first_place_chances(const Sample& sample,
                                                    const RealWeights& weights, double scale) {
  std::array<double, kMaxPlayers> logits{}, chances{};
  chances_of(sample, weights, scale, logits, chances);
  return chances;
}

double mean_loss(std::span<const Sample> samples, const RealWeights& weights, double scale,
                 Loss loss) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const Sample& sample : samples) {
    std::array<double, kMaxPlayers> logits{}, chances{};
    const double log_normaliser = chances_of(sample, weights, scale, logits, chances);
    for (int k = 0; k < sample.contender_count; ++k) {
      const Contender& contender = sample.contenders[k];
      if (loss == Loss::kLog)
        sum += contender.share * (log_normaliser - logits[k]);
      else if (contender.to_move)
        sum += (chances[k] - contender.share) * (chances[k] - contender.share);
    }
  }
  return sum / static_cast<double>(samples.size());
}

Expected<FitResult> fit(std::span<const Sample> samples, const FitOptions& options) {
  if (samples.empty()) return fail("no positions to fit on");
  if (options.start.feature[kDistance] <= 0)
    return fail("the distance weight sets the unit and must be positive, not " +
                std::to_string(options.start.feature[kDistance]));
  const Design design(samples, options);

  // Start from the given weights at a scale of four steps, about where
  // self-play fits land; the damping copes with a poor start.
  std::vector<double> theta = design.theta_of(options.start, 4 * options.start.feature[kDistance]);
  double loss = design_loss(design, theta, options.loss);
  double damping = 1e-3;
  FitResult result;
  std::vector<double> gradient, hessian;
  for (int iteration = 0; iteration < options.iterations && !result.converged; ++iteration) {
    result.iterations = iteration + 1;
    derivatives(design, theta, options.loss, gradient, hessian);
    const int n = design.columns();
    // Levenberg-Marquardt: a Newton step, shortened towards gradient
    // descent while it fails to lower the loss.
    while (true) {
      std::vector<double> damped = hessian;
      for (int a = 0; a < n; ++a) damped[a * n + a] += damping * hessian[a * n + a] + 1e-12;
      std::vector<double> minus_gradient(n);
      for (int a = 0; a < n; ++a) minus_gradient[a] = -gradient[a];
      const std::vector<double> step = solve(damped, minus_gradient);
      double expected_gain = 0;
      std::vector<double> next = theta;
      for (int a = 0; a < n; ++a) {
        next[a] += step[a];
        expected_gain -= gradient[a] * step[a];
      }
      const double next_loss = design_loss(design, next, options.loss);
      if (next_loss <= loss) {
        theta = next;
        result.converged = loss - next_loss < 1e-14 && expected_gain < 1e-12;
        loss = next_loss;
        damping = std::max(damping / 4, 1e-9);
        break;
      }
      damping *= 4;
      if (damping > 1e12) {
        // No step lowers the loss: a minimum up to rounding.
        result.converged = true;
        break;
      }
    }
  }
  if (!(theta[0] > 0))
    return fail("the fit gives a lead in distance no value (distance weight / scale = " +
                std::to_string(theta[0]) + "); are the shares of first place the games' results?");
  result.weights = design.weights_of(theta, result.scale);
  result.standard_error =
      design.errors_of(theta, covariance(design, theta, options.loss), result.scale_standard_error);
  result.loss = loss;
  return result;
}

}  // namespace tiaoqi::tune
