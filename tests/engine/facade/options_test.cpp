// The option table's words: every option, the search's parameters
// included, has a label and a one-line help that a GUI can show.
#include "engine/facade/options.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/search/config.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::facade {
namespace {

TEST(OptionWords, EveryOptionHasALabelAndAOneLineHelp) {
  std::set<std::string> labels;
  for (const OptionSpec& spec : option_specs()) {
    const std::string name(spec.name);
    const std::string_view label = spec.words.label;
    const std::string_view help = spec.words.help;
    EXPECT_FALSE(label.empty()) << name;
    EXPECT_LE(label.size(), 40u) << name;
    EXPECT_GE(help.size(), 20u) << name;
    EXPECT_TRUE(help.ends_with('.')) << name << ": " << help;
    EXPECT_EQ(help.find('\n'), std::string_view::npos) << name;
    // `help` writes "label <label> text <help>": a label has no word
    // "text", which would end it early for a reader.
    for (std::string_view word : util::tokenize(label)) EXPECT_NE(word, "text") << name;
    EXPECT_TRUE(labels.insert(std::string(label)).second) << "label '" << label << "' twice";
  }
}

TEST(OptionWords, ParametersBringTheWordsOfTheirOwnTable) {
  for (const search::TunableSpec& tunable : search::tunable_specs()) {
    const OptionSpec* spec = find_option(tunable.name);
    ASSERT_NE(spec, nullptr) << tunable.name;
    EXPECT_EQ(spec->words.label, tunable.words.label);
    EXPECT_EQ(spec->words.help, tunable.words.help);
  }
}

TEST(OptionWords, AnUnknownNameIsRefusedWithTheOptions) {
  const auto found = known_option("Frobnicate");
  ASSERT_FALSE(found);
  EXPECT_TRUE(found.error().starts_with("unknown option 'Frobnicate'; the options are Variant, "))
      << found.error();
  ASSERT_TRUE(known_option("move overhead"));
  EXPECT_EQ((*known_option("move overhead"))->name, "Move Overhead");
}

}  // namespace
}  // namespace tiaoqi::facade
