#include "engine/search/search.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <new>

#include "engine/eval.hpp"
#include "engine/movegen.hpp"
#include "engine/search/alphabeta_search.hpp"
#include "engine/search/greedy.hpp"
#include "engine/search/race.hpp"
#include "engine/search/random.hpp"
#include "engine/search/solitaire.hpp"
#include "engine/search/solitaire_search.hpp"

namespace tiaoqi {

namespace {

constexpr std::size_t kSmallSolverMib = 16;

std::size_t physical_memory_mib() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return SIZE_MAX;
  return static_cast<std::size_t>(pages) / (1024 * 1024 / static_cast<std::size_t>(page_size));
}

}  // namespace

SearchState::SearchState(std::size_t hash_mib)
    : hash_mib_(hash_mib), race_(std::make_unique<RaceSolver>()) {}

SearchState::~SearchState() = default;

search::TranspositionTable& SearchState::table() {
  if (!table_) {
    // Memory taken since Hash was set may leave less: halve until it fits.
    search::TranspositionTable table(1);
    for (std::size_t mib = hash_mib_; mib > 1 && !table.resize(mib); mib /= 2) {
    }
    table_.emplace(std::move(table));
  } else if (solitaire_) {
    solitaire_.reset();
    // Growing back to a size it had cannot fail but for memory taken
    // meanwhile; the small table then stays and still works.
    table_->resize(hash_mib_);
  }
  return *table_;
}

SolitaireSolver& SearchState::solitaire() {
  if (!solitaire_) {
    if (table_) table_->resize(1);
    try {
      solitaire_ = std::make_unique<SolitaireSolver>(hash_mib_);
    } catch (const std::bad_alloc&) {
      // The memory the table gave back is not to be had after all: a small
      // solver still finds crossings.
      solitaire_ = std::make_unique<SolitaireSolver>(kSmallSolverMib);
    }
  }
  return *solitaire_;
}

bool SearchState::resize(std::size_t hash_mib) {
  // More than the machine's memory is refused at once, even before the
  // table is allocated (that waits for the first search).
  if (hash_mib > physical_memory_mib()) return false;
  if (solitaire_) {
    // The solver takes its size when made: make it anew.
    try {
      solitaire_ = std::make_unique<SolitaireSolver>(hash_mib);
    } catch (const std::bad_alloc&) {
      return false;
    }
  } else if (table_ && !table_->resize(hash_mib)) {
    return false;
  }
  hash_mib_ = hash_mib;
  return true;
}

void SearchState::clear() {
  if (table_) table_->clear();
  race_->clear();
  if (solitaire_) solitaire_->clear();
}

SearchAlgorithm resolve_algorithm(SearchAlgorithm requested, int player_count) {
  switch (requested) {
    case SearchAlgorithm::kGreedy:
    case SearchAlgorithm::kRandom:
      return requested;
    default:
      if (player_count == 2) return SearchAlgorithm::kAlphaBeta;
      if (player_count >= 3) return SearchAlgorithm::kParanoid;
      return SearchAlgorithm::kSolitaire;
  }
}

SearchResult run_search(const Position& root, const SearchParams& params,
                        const SearchLimits& limits, SearchControl& control, const InfoSink& info,
                        SearchState& state, const std::vector<std::uint64_t>& game_history) {
  switch (resolve_algorithm(params.algorithm, root.rules().player_count())) {
    case SearchAlgorithm::kRandom:
      return random_search(root, params, limits, control, info);
    case SearchAlgorithm::kAlphaBeta:
      if (auto raced = state.race().search(root, limits, control, info)) return *raced;
      return alphabeta_search(root, params, limits, control, info, state.table(), game_history);
    case SearchAlgorithm::kParanoid:
      return alphabeta_search(root, params, limits, control, info, state.table(), game_history);
    case SearchAlgorithm::kSolitaire:
      return solitaire_search(root, params, limits, control, info, state.solitaire());
    default:
      return greedy_search(root, params, limits, control, info);
  }
}

void root_moves(const Position& root, const SearchLimits& limits, MoveList& moves) {
  moves.clear();
  if (root.is_over()) return;
  MoveList legal;
  generate_moves(root, legal);
  for (const Move& move : legal)
    if (limits.search_moves.empty() ||
        std::find(limits.search_moves.begin(), limits.search_moves.end(), move) !=
            limits.search_moves.end())
      moves.add(move);
}

int score_after_move(const Position& child, int mover) {
  if (child.is_over()) {
    if (child.place_of(mover) != 0) return loss_in(1);
    int sharing = 0;
    for (int p = 0; p < child.rules().player_count(); ++p) sharing += child.place_of(p) == 0;
    // A shared first place is a draw.
    return sharing == 1 ? win_in(1) : 0;
  }
  if (child.is_eliminated(mover)) return loss_in(1);
  return evaluate(child, mover);
}

void report_one_ply(const Position& root, const SearchControl& control, std::uint64_t nodes,
                    int multipv, Move move, int score, const InfoSink& info) {
  if (!info) return;
  SearchInfo line;
  line.root = &root;
  line.depth = 1;
  line.seldepth = 1;
  line.time_ms = control.elapsed_ms();
  line.nodes = nodes;
  line.multipv = multipv;
  line.score = score;
  line.pv = {move};
  info(line);
}

std::uint64_t mix64(std::uint64_t value) {
  value += 0x9e3779b97f4a7c15ULL;
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
  return value ^ (value >> 31);
}

}  // namespace tiaoqi
