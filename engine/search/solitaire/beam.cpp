#include "engine/search/solitaire/beam.hpp"

#include <algorithm>
#include <array>

#include "engine/movegen.hpp"

namespace tiaoqi::search::solitaire {
namespace {

// A set of holes with its mirror image, updated together by a move.
struct Mirrored {
  Bits bits = 0, image = 0;

  Mirrored after(Move move, const std::array<Hole, kMaxHoles>& mirror) const {
    return {moved(bits, move), moved(image, Move{mirror[move.from], mirror[move.to]})};
  }
  Bits canonical() const { return std::min(bits, image); }
};

}  // namespace

void Beam::Side::start(const Crossing& crossing_rules, Bits origin, std::size_t expected) {
  crossing = &crossing_rules;
  nodes.clear();
  fringe.clear();
  fringe_index.reset(0);
  index.reset(expected);
  depth = 0;
  insert(origin, -1, Move{});
  layer_begin = 0;
  layer_end = 1;
}

bool Beam::Side::insert(Bits bits, std::int32_t parent, Move move) {
  const Bits key = crossing->canonical(bits);
  const std::uint64_t hash = hash_of(key);
  if (index.find(hash, [&](std::uint32_t node) { return nodes[node].key() == key; }) >= 0)
    return false;
  nodes.push_back(
      Node{low_of(key), high_of(key), parent, move, static_cast<std::uint8_t>(depth), key != bits});
  index.add(hash, static_cast<std::uint32_t>(nodes.size() - 1),
            [&](std::uint32_t node) { return hash_of(nodes[node].key()); });
  return true;
}

void Beam::Side::index_fringe() {
  fringe_index.reset(fringe.size());
  const auto hash_of_child = [&](std::uint32_t c) {
    return hash_of(crossing->canonical(child_bits(fringe[c])));
  };
  for (std::uint32_t c = 0; c < fringe.size(); ++c)
    fringe_index.add(hash_of_child(c), c, hash_of_child);
}

const Beam::Child* Beam::Side::find_in_fringe(Bits key) const {
  const std::int64_t c = fringe_index.find(hash_of(key), [&](std::uint32_t entry) {
    return crossing->canonical(child_bits(fringe[entry])) == key;
  });
  return c >= 0 ? &fringe[c] : nullptr;
}

std::vector<Move> Beam::Side::path_to(std::int32_t node) const {
  std::vector<Move> moves;
  for (; nodes[node].parent >= 0; node = nodes[node].parent) moves.push_back(nodes[node].move);
  std::reverse(moves.begin(), moves.end());
  return moves;
}

std::optional<std::vector<Move>> Beam::run(const Crossing& crossing, const Position& root,
                                           int width, std::uint64_t seed, int best,
                                           Effort& effort) {
  const bool both_ends = crossing.reversible && crossing.pieces == crossing.target.count();
  if (crossing.move_limit > 0) best = std::min(best, crossing.move_limit - root.move_count() + 1);
  const std::size_t expected = static_cast<std::size_t>(width) * 16;
  forward_.forward = true;
  forward_.start(crossing, root.army(crossing.army).raw(), expected);
  backward_.forward = false;
  backward_.start(crossing, crossing.target.raw(), both_ends ? expected : 0);
  if (!both_ends) backward_.layer_end = 0;

  // The sides take turns while a meeting of both would be shorter than
  // `best`; then the forward side goes on alone, still looking for the
  // backward side's states.
  Meeting meeting;
  while (meeting.length == kUnreachable && forward_.layer_begin < forward_.layer_end &&
         forward_.depth + 1 < std::min(best, kMaxDepth)) {
    const bool backward_next = backward_.layer_begin < backward_.layer_end &&
                               backward_.depth < forward_.depth &&
                               forward_.depth + backward_.depth + 1 < best;
    Side& side = backward_next ? backward_ : forward_;
    const Side* other = both_ends ? (backward_next ? &forward_ : &backward_) : nullptr;
    expand(side, other, root.move_count() + forward_.depth, width, seed, meeting, effort);
    if (effort.stopped() || effort.past_limit()) break;
  }
  if (meeting.length >= best) return std::nullopt;
  return join(meeting);
}

void Beam::look_up(const Side& side, const Side* other, std::int32_t parent, Move move, Bits key,
                   Meeting& meeting) const {
  const int length = side.depth + 1;
  if (!other) {
    if (side.crossing->arrived(key) && length < meeting.length)
      meeting = Meeting{length, true, parent, 0, move, Move{}};
    return;
  }
  const std::int64_t node = other->find(key);
  if (node >= 0) {
    const int total = length + other->nodes[node].depth;
    if (total < meeting.length)
      meeting = Meeting{total, side.forward, parent, static_cast<std::int32_t>(node), move, {}};
  }
  if (length + other->depth >= meeting.length) return;
  if (const Child* far = other->find_in_fringe(key))
    meeting = Meeting{length + other->depth, side.forward, parent, far->parent, move, far->move};
}

void Beam::expand(Side& side, const Side* other, int move_count, int width, std::uint64_t seed,
                  Meeting& meeting, Effort& effort) {
  const Crossing& crossing = *side.crossing;
  side.fringe.clear();
  MoveList moves;
  for (std::size_t i = side.layer_begin; i < side.layer_end; ++i) {
    const auto parent = static_cast<std::int32_t>(i);
    const Bits bits = side.actual(parent);
    const Mirrored state{bits, crossing.mirrored(bits)};
    // Ties are broken by the state as seen from its side's origin: for the
    // backward side, turned half round (the start's two sides then match).
    Mirrored seen = state;
    if (!side.forward) {
      seen.bits = Crossing::image(bits, crossing.turn);
      seen.image = crossing.mirrored(seen.bits);
    }
    const int progress = crossing.progress_sum(bits);
    generate_moves(position_of(crossing, bits, move_count), moves);
    if (effort.count(static_cast<std::uint64_t>(moves.size()))) return;
    for (const Move& move : moves) {
      const Mirrored child = state.after(move, crossing.mirror);
      if (side.forward && crossing.lost(child.bits, move_count + 1)) continue;
      look_up(side, other, parent, move, child.canonical(), meeting);
      const Bits tie_key =
          side.forward
              ? child.canonical()
              : seen.after(Move{crossing.turn[move.from], crossing.turn[move.to]}, crossing.mirror)
                    .canonical();
      const std::int64_t tie = static_cast<std::int64_t>((hash_of(tie_key) ^ seed) & 0xffffffff);
      const int child_progress = progress + crossing.gain(move);
      const std::int64_t score = side.forward ? child_progress : -child_progress;
      side.fringe.push_back(Child{(score << 32) | tie, parent, move});
    }
  }
  // The best few times the width go to the de-duplication, best first.
  const auto better = [](const Child& a, const Child& b) { return a.score > b.score; };
  const std::size_t shortlist = std::min(side.fringe.size(), 4 * static_cast<std::size_t>(width));
  std::nth_element(side.fringe.begin(), side.fringe.begin() + shortlist, side.fringe.end(), better);
  std::sort(side.fringe.begin(), side.fringe.begin() + shortlist, better);
  if (other) side.index_fringe();
  ++side.depth;
  side.layer_begin = side.nodes.size();
  int kept = 0;
  for (std::size_t c = 0; c < shortlist && kept < width; ++c)
    kept +=
        side.insert(side.child_bits(side.fringe[c]), side.fringe[c].parent, side.fringe[c].move);
  side.layer_end = side.nodes.size();
}

std::vector<Move> Beam::join(const Meeting& meeting) const {
  const Side& near_side = meeting.on_forward ? forward_ : backward_;
  const Side& far_side = meeting.on_forward ? backward_ : forward_;
  std::vector<Move> near = near_side.path_to(meeting.parent);
  near.push_back(meeting.move);
  const Bits near_end = moved(near_side.actual(meeting.parent), meeting.move);
  // Without a backward side, `other` is its origin: the arrived army.
  std::vector<Move> far = far_side.path_to(meeting.other);
  Bits far_end = far_side.actual(meeting.other);
  if (!meeting.other_move.is_none()) {
    far.push_back(meeting.other_move);
    far_end = moved(far_end, meeting.other_move);
  }
  std::vector<Move> from_root = meeting.on_forward ? near : far;
  std::vector<Move> from_goal = meeting.on_forward ? far : near;
  // The halves meet in mirror images: mirror the half from the (symmetric) goal.
  if (near_end != far_end) {
    const Crossing& crossing = *near_side.crossing;
    for (Move& move : from_goal) move = Move{crossing.mirror[move.from], crossing.mirror[move.to]};
  }
  for (auto move = from_goal.rbegin(); move != from_goal.rend(); ++move)
    from_root.push_back(reversed(*move));
  return from_root;
}

}  // namespace tiaoqi::search::solitaire
