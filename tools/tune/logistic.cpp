#include "tools/tune/logistic.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tiaoqi::tune {
namespace {

// The regression in plain terms: prediction sigmoid(theta . x) over
// columns x built from a sample. Column 0 is the distance with every held
// weight folded in (relative to the distance weight), so theta[0] is
// distance weight / scale; the other columns are the free features and the
// tempo, each theta = weight / scale.
class Design {
 public:
  Design(std::span<const Sample> samples, const FitOptions& options) : options_(options) {
    for (int f = 0; f < kFeatureCount; ++f)
      if (f != kDistance && options.fit_feature[f]) free_features_.push_back(f);
    columns_ = 1 + static_cast<int>(free_features_.size()) + (options.fit_tempo ? 1 : 0);
    rows_ = static_cast<int>(samples.size());
    values_.reserve(static_cast<std::size_t>(rows_) * columns_);
    labels_.reserve(samples.size());
    for (const Sample& sample : samples) {
      append_row(sample);
      labels_.push_back(sample.label);
      groups_.push_back(sample.group);
    }
  }

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  const double* row(int i) const { return &values_[static_cast<std::size_t>(i) * columns_]; }
  double label(int i) const { return labels_[i]; }
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
  void append_row(const Sample& sample) {
    const RealWeights& start = options_.start;
    const double unit = start.feature[kDistance];
    double anchor = sample.difference[kDistance];
    for (int f = 0; f < kFeatureCount; ++f)
      if (f != kDistance && !options_.fit_feature[f])
        anchor += start.feature[f] / unit * sample.difference[f];
    if (!options_.fit_tempo) anchor += start.tempo / unit * sample.tempo_sign;
    values_.push_back(anchor);
    for (int f : free_features_) values_.push_back(sample.difference[f]);
    if (options_.fit_tempo) values_.push_back(sample.tempo_sign);
  }

  const FitOptions& options_;
  std::vector<int> free_features_;
  int columns_ = 0;
  int rows_ = 0;
  std::vector<double> values_;
  std::vector<double> labels_;
  std::vector<int> groups_;
};

// log(1 + e^x) without overflow.
double softplus(double x) { return std::max(x, 0.0) + std::log1p(std::exp(-std::abs(x))); }

double sample_loss(double logit, double label, Loss loss) {
  if (loss == Loss::kLog) return softplus(logit) - label * logit;
  const double error = sigmoid(logit) - label;
  return error * error;
}

double dot(const double* x, const std::vector<double>& theta) {
  double sum = 0;
  for (std::size_t c = 0; c < theta.size(); ++c) sum += x[c] * theta[c];
  return sum;
}

double design_loss(const Design& design, const std::vector<double>& theta, Loss loss) {
  double sum = 0;
  for (int i = 0; i < design.rows(); ++i)
    sum += sample_loss(dot(design.row(i), theta), design.label(i), loss);
  return sum / design.rows();
}

// One row's first and second derivative of the loss with respect to its
// score x . theta (Gauss-Newton's second derivative for squared error).
std::pair<double, double> row_derivatives(const Design& design, int i,
                                          const std::vector<double>& theta, Loss loss) {
  const double p = sigmoid(dot(design.row(i), theta));
  const double slope = p * (1 - p);
  const double error = p - design.label(i);
  if (loss == Loss::kLog) return {error, slope};
  return {2 * error * slope, 2 * slope * slope};
}

// The mean gradient and the Hessian (Gauss-Newton's for squared error,
// which is positive semi-definite where the exact one need not be).
void derivatives(const Design& design, const std::vector<double>& theta, Loss loss,
                 std::vector<double>& gradient, std::vector<double>& hessian) {
  const int n = design.columns();
  gradient.assign(n, 0.0);
  hessian.assign(static_cast<std::size_t>(n) * n, 0.0);
  for (int i = 0; i < design.rows(); ++i) {
    const double* x = design.row(i);
    const auto [g, h] = row_derivatives(design, i, theta, loss);
    for (int a = 0; a < n; ++a) {
      gradient[a] += g * x[a];
      for (int b = 0; b <= a; ++b) hessian[a * n + b] += h * x[a] * x[b];
    }
  }
  for (int a = 0; a < n; ++a) {
    gradient[a] /= design.rows();
    for (int b = 0; b <= a; ++b) {
      hessian[a * n + b] /= design.rows();
      hessian[b * n + a] = hessian[a * n + b];
    }
  }
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
  for (int i = 0; i < design.rows(); ++i) {
    const double* x = design.row(i);
    const auto [g, h] = row_derivatives(design, i, theta, loss);
    const auto slot = slot_of_group.try_emplace(design.group(i), slot_of_group.size());
    if (slot.second) group_gradients.resize(group_gradients.size() + n, 0.0);
    double* group = &group_gradients[static_cast<std::size_t>(slot.first->second) * n];
    for (int a = 0; a < n; ++a) {
      group[a] += g * x[a];
      for (int b = 0; b < n; ++b) hessian[a * n + b] += h * x[a] * x[b];
    }
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

double score_of(const Sample& sample, const RealWeights& weights) {
  double score = weights.tempo * sample.tempo_sign;
  for (int f = 0; f < kFeatureCount; ++f) score += weights.feature[f] * sample.difference[f];
  return score;
}

double mean_loss(std::span<const Sample> samples, const RealWeights& weights, double scale,
                 Loss loss) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const Sample& sample : samples)
    sum += sample_loss(score_of(sample, weights) / scale, sample.label, loss);
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
                std::to_string(theta[0]) + "); are the labels the results of the side to move?");
  result.weights = design.weights_of(theta, result.scale);
  result.standard_error =
      design.errors_of(theta, covariance(design, theta, options.loss), result.scale_standard_error);
  result.loss = loss;
  return result;
}

}  // namespace tiaoqi::tune
