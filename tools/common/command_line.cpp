#include "tools/common/command_line.hpp"

namespace tiaoqi::tools {

namespace po = boost::program_options;

Expected<po::variables_map> parse_arguments(int argc, const char* const* argv,
                                            const po::options_description& flags,
                                            const po::positional_options_description* positional) {
  po::variables_map vm;
  try {
    po::command_line_parser parser(argc, argv);
    parser.options(flags).style(po::command_line_style::default_style |
                                po::command_line_style::allow_long_disguise);
    if (positional) parser.positional(*positional);
    po::store(parser.run(), vm);
    po::notify(vm);
  } catch (const std::exception& error) {
    return fail(error.what());
  }
  return vm;
}

}  // namespace tiaoqi::tools
