#pragma once

#include <string>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/tune/dataset.hpp"

namespace tiaoqi::tune {

// The samples of record files as the network's trainer (tools/nnue/train)
// reads them: for each sample every seat's inputs in its own frame
// (engine/nnue/accumulators.hpp), whether it is to move, its hand-made
// cost and its share of first place. Binary, little-endian:
//   header: "TQSX", u32 version 1, u32 players, u32 input slots (60)
//   a sample: i32 group (the opening, numbered across the files), then
//   per seat: u8 in the game, u8 to move, u16 0, i32 hand cost (without
//   tempo), f32 share, u8 input[slots] (input indices, 255 = none).
inline constexpr int kExportSlots = 60;

struct ExportStats {
  int games = 0;
  int samples = 0;
};

// Writes the samples of `paths` (one player count, rules the network
// applies to) to `out`; the error names the file and what was wrong.
Expected<ExportStats> export_samples(const std::vector<std::string>& paths,
                                     const SamplingOptions& options, const std::string& out);

}  // namespace tiaoqi::tune
