#include <csignal>
#include <iostream>

#include "protocol/cli.hpp"

int main(int argc, char** argv) {
  // A GUI that closes our output must not kill us mid-line: the failed
  // write tells the session instead, which then stops and ends.
  std::signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);
  return tiaoqi::protocol::run_command_line(argc, argv, std::cin, std::cout, std::cerr);
}
