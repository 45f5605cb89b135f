"""The web page as a person first meets it: where "New game" is, what the
rule options and the seats are called, what an engine card says, whether
the hole names can be read, and that the record grows with the game.

Each test writes a screenshot of what it checks under the artifacts folder
(build/web-tests by default), to be looked at.
"""

import re

from selenium.webdriver.common.by import By

from harness import Browser, engine_answer
from test_page import BROWSER, PageCase

# The colours of the armies' marbles as the board draws them (as
# tiaoqi-render draws them), by the name a person gives them.
MARBLE_COLOURS = {
    "#d7263d": "Red",
    "#f08a24": "Orange",
    "#e8c21a": "Yellow",
    "#2e9e44": "Green",
    "#1f5fbf": "Blue",
    "#8e44ad": "Purple",
}


def setUpModule():
    BROWSER["browser"] = Browser()


def tearDownModule():
    BROWSER.pop("browser").close()


class FirstLookTest(PageCase):
    """The page in front of the real engine, looked at before and during a
    game."""

    def screenshot(self, name):
        self.assertTrue(self.driver.save_screenshot(self.artifact(name)))

    def rect(self, selector):
        return self.browser.js(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {top: r.top, bottom: r.bottom, height: window.innerHeight};",
            selector,
        )

    def test_new_game_is_in_sight_above_the_rules(self):
        self.open_page()
        self.screenshot("first-look-setup.png")
        button = self.rect("#new-game")
        self.assertGreaterEqual(button["top"], 0)
        self.assertLessEqual(
            button["bottom"], button["height"], "New game within the window, unscrolled"
        )
        self.assertLess(button["bottom"], self.rect("#seats")["top"], "New game above the seats")
        self.assertLess(
            button["bottom"], self.rect("#rules-box")["top"], "New game above the rules"
        )
        self.assertTrue(self.driver.find_element(By.ID, "new-game").is_enabled())

    def test_rule_options_have_a_readable_label_and_a_help(self):
        self.open_page()
        # The engine's `help` states each option's label and help; the page
        # has no table of its own.
        table = {}
        for line in engine_answer(self.engine, "help", "quit")[1:]:
            found = re.fullmatch(r"help name (.+?) label (.+?) text (.+)", line)
            self.assertIsNotNone(found, line)
            table[found[1]] = {"label": found[2], "help": found[3]}
        uci_names = [
            re.match(r"option name (.*?) type ", line)[1]
            for line in engine_answer(self.engine, "uci", "quit")
            if line.startswith("option name ")
        ]
        self.assertEqual(list(table), uci_names)
        rules_line = next(
            line for line in engine_answer(self.engine, "d", "quit") if line.startswith("Rules: ")
        )
        rule_names = [entry.split(" ")[0] for entry in rules_line[len("Rules: ") :].split(", ")]
        shown = self.browser.js(
            """
            const inputs = [['Players', document.querySelector('#players')],
                            ['ArmiesPerPlayer', document.querySelector('#armies')],
                            ...[...document.querySelectorAll('#rules [data-option]')].map(n => [n.dataset.option, n])];
            return inputs.map(([name, input]) => {
              const label = input.closest('label');
              const words = [...label.childNodes].filter(n => n !== input && !n.contains(input))
                .map(n => n.textContent).join('').trim();
              return {name, words, title: label.title, inputTitle: input.title};
            });"""
        )
        self.assertEqual(sorted(entry["name"] for entry in shown), sorted(rule_names))
        for entry in shown:
            name = entry["name"]
            self.assertIn(name, table, f"a help row for {name}")
            self.assertEqual(entry["words"], table[name]["label"], name)
            # A label is words, not the option's identifier run together.
            self.assertNotRegex(entry["words"], r"[a-z][A-Z]", name)
            self.assertEqual(entry["title"], table[name]["help"], name)
            self.assertEqual(entry["inputTitle"], table[name]["help"], name)
            self.assertGreater(len(entry["title"]), 10, name)
            self.assertNotIn("\n", entry["title"], name)
        # A seat's engine options read the same answer.
        self.set_seat(2, "engine")
        labels = self.browser.js(
            """
            return [...document.querySelectorAll('#seats .seat[data-player="2"] .engine-options [data-option]')]
              .map(n => [n.dataset.option, n.closest('label').title]);"""
        )
        self.assertGreater(len(labels), 0)
        for name, title in labels:
            self.assertEqual(title, table[name]["help"], name)
        self.driver.find_element(
            By.CSS_SELECTOR, '#seats .seat[data-player="2"] .engine-options summary'
        ).click()
        self.screenshot("first-look-options.png")

    def test_a_refused_number_is_explained_at_its_field(self):
        self.open_page()
        self.set_rule("BoardSize", 3)
        field = self.driver.find_element(By.CSS_SELECTOR, '#rules [data-option="BoardSize"]')
        message = field.find_element(By.XPATH, "ancestor::label").find_element(
            By.CSS_SELECTOR, ".field-error"
        )
        self.assertFalse(message.is_displayed())
        for typed, got in (("7", "'7'"), ("2.5", "'2.5'"), ("abc", "no number")):
            self.set_rule("BoardSize", typed)
            # The last value taken is back in the field, the message says
            # what the field takes and what it got, and the engine keeps it.
            self.assertEqual(field.get_attribute("value"), "3", typed)
            self.assertTrue(message.is_displayed(), typed)
            self.assertEqual(
                message.text, f"Board size takes a whole number from 2 to 4, got {got}; it stays 3."
            )
            self.assertIn("BoardSize 3", self.browser.text("#engine-rules"))
        self.screenshot("first-look-refused-number.png")
        self.set_rule("BoardSize", 2)
        self.assertFalse(message.is_displayed())
        self.assertIn("BoardSize 2", self.browser.text("#engine-rules"))

    def test_a_refused_time_is_explained_at_its_seat(self):
        self.open_page()
        self.set_rule("BoardSize", 2)
        self.set_seat(1, "engine", "clock")
        self.set_seat(2, "engine", "depth", 4)
        clock_row, depth_row = self.seat(1), self.seat(2)
        depth = depth_row.find_element(By.CSS_SELECTOR, ".tc-value")
        message = depth_row.find_element(By.CSS_SELECTOR, ".field-error")
        self.assertFalse(message.is_displayed())
        for typed, got in (("0", "'0'"), ("300", "'300'"), ("2.5", "'2.5'"), ("abc", "no number")):
            self.type_into(depth, typed)
            # The last value taken is back, and the seat says why.
            self.assertEqual(depth.get_attribute("value"), "4", typed)
            self.assertTrue(message.is_displayed(), typed)
            self.assertEqual(
                message.text,
                f"Player 2's time takes a whole number of plies from 1 to 255, got {got};"
                " it stays 4.",
            )
        self.screenshot("first-look-refused-time.png")
        self.type_into(depth, 5)
        self.assertFalse(message.is_displayed())
        # The clock's seconds: above 0 for the base, 0 or more a move.
        base = clock_row.find_element(By.CSS_SELECTOR, ".tc-base")
        inc = clock_row.find_element(By.CSS_SELECTOR, ".tc-inc")
        clock_message = clock_row.find_element(By.CSS_SELECTOR, ".field-error")
        for field, typed, text in (
            (base, "0", "Player 1's clock takes seconds above 0, up to 1000000000, got '0';"),
            (base, "-5", "Player 1's clock takes seconds above 0, up to 1000000000, got '-5';"),
            (
                inc,
                "-1",
                "Player 1's increment takes seconds a move from 0 to 1000000000, got '-1';",
            ),
        ):
            kept = field.get_attribute("value")
            self.type_into(field, typed)
            self.assertEqual(field.get_attribute("value"), kept, typed)
            self.assertEqual(clock_message.text, f"{text} it stays {kept}.")
        self.type_into(base, 90)
        self.type_into(inc, 0.5)
        self.assertFalse(clock_message.is_displayed())
        # The game plays the values taken, not the ones refused.
        self.new_game()
        self.browser.wait(
            lambda d: "> go depth 5" in self.engine_log("player 2"), "player 2's first search"
        )
        self.assertIn("> go p1time 90000 p1inc 500", self.engine_log("player 1"))

    def test_the_board_stays_in_sight_in_a_narrow_window(self):
        try:
            for width in (880, 600):
                self.driver.set_window_size(width, 900)
                self.open_page()
                self.set_seat(2, "engine")
                self.screenshot(f"first-look-{width}px.png")
                board = self.browser.js(
                    "const r = document.querySelector('#board').getBoundingClientRect();"
                    "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
                    "height: window.innerHeight, width: window.innerWidth};"
                )
                # The whole board is in the window, unscrolled, and wider than
                # a third of it.
                self.assertGreaterEqual(board["top"], 0, width)
                self.assertLessEqual(board["bottom"], board["height"], width)
                self.assertLessEqual(board["right"], board["width"], width)
                self.assertGreater(board["right"] - board["left"], board["width"] / 3, width)
        finally:
            self.driver.set_window_size(1400, 1050)

    def test_seats_are_named_by_their_armies_colours(self):
        self.open_page()
        for players, armies in ((3, 1), (2, 2)):
            self.set_rule("Players", players)
            self.set_rule("ArmiesPerPlayer", armies)
            seating = next(
                line
                for line in engine_answer(
                    self.engine,
                    f"setoption name Players value {players}",
                    f"setoption name ArmiesPerPlayer value {armies}",
                    "position startpos",
                    "d",
                    "quit",
                )
                if line.startswith("Seating: ")
            )
            # "Seating: player 1 a c, player 2 d f"
            seats = [list(entry.split(" ")[2]) for entry in seating[len("Seating: ") :].split(", ")]
            self.screenshot(f"first-look-seats-{players}x{armies}.png")
            fills = self.browser.js(
                """
                const fills = {};
                for (const p of document.querySelectorAll('#board .piece'))
                  fills[p.dataset.army] = p.querySelector('circle').getAttribute('fill');
                return fills;"""
            )
            for player, letters in enumerate(seats, 1):
                colours = [MARBLE_COLOURS[fills[letter]] for letter in letters]
                expected = (
                    colours[0]
                    if len(colours) == 1
                    else f"{', '.join(colours[:-1])} and {colours[-1]}"
                )
                self.assertEqual(
                    self.seat(player).find_element(By.CSS_SELECTOR, ".seat-name").text, expected
                )
                # The seat's swatch shows each of its armies' colours.
                swatch = self.browser.js(
                    "return arguments[0].style.background",
                    self.seat(player).find_element(By.CSS_SELECTOR, ".swatch"),
                )
                for letter in letters:
                    self.assertIn(
                        self.browser.js(
                            "const s = document.createElement('span');"
                            "s.style.color = arguments[0]; return s.style.color;",
                            fills[letter],
                        ),
                        swatch,
                    )
        # The status line names the player to move by its colour too.
        self.set_rule("ArmiesPerPlayer", 1)
        self.set_seat(2, "human")
        self.new_game()
        self.assertRegex(self.browser.text("#status"), r"^Move 1: Red to move, human\.$")

    def test_an_engine_card_says_what_its_seat_plays(self):
        self.open_page()
        name, elo = self.engine_levels()[0]
        self.set_rule("Players", 3)
        self.set_seat(1, "human")
        self.set_seat(2, "engine", "movetime", 300)
        self.choose_level(2, name)
        self.set_seat(3, "engine", "depth", 2)
        self.new_game()
        # The cards are drawn once the seats' engines are ready: the human's turn.
        self.wait_for_human_or_end()
        self.screenshot("first-look-cards.png")
        card = '.engine-card[data-player="{}"] {}'.format
        self.assertIn(f"{name} (Elo {elo})", self.browser.text(card(2, "h3")))
        self.assertEqual(
            self.browser.text(card(2, ".plays")),
            "the level limits its own nodes; 300 ms a move at most",
        )
        self.assertNotIn("movetime", self.browser.text(card(2, "")))
        self.assertNotIn("(Elo ", self.browser.text(card(3, "")))
        self.assertEqual(self.browser.text(card(3, ".plays")), "full strength, 2 plies")

    def test_no_piece_hides_a_hole_name(self):
        self.open_page()
        self.driver.find_element(By.ID, "show-names").click()
        # For every hole name: the marbles painted after it (above it) that
        # cover part of it.
        labels = self.browser.js(
            """
            const names = [...document.querySelectorAll('#board text.name')];
            const pieces = [...document.querySelectorAll('#board .piece')];
            return names.map(name => {
              const r = name.getBoundingClientRect();
              const covering = pieces.filter(piece => {
                if (!(name.compareDocumentPosition(piece) & Node.DOCUMENT_POSITION_FOLLOWING)) return false;
                const c = piece.querySelector('circle').getBoundingClientRect();
                const cx = c.left + c.width / 2, cy = c.top + c.height / 2, radius = c.width / 2;
                const dx = Math.max(r.left - cx, 0, cx - r.right), dy = Math.max(r.top - cy, 0, cy - r.bottom);
                return Math.hypot(dx, dy) < radius;
              }).map(piece => piece.dataset.hole);
              return {hole: name.textContent, shown: getComputedStyle(name).display !== 'none' && r.width > 0,
                      covering};
            });"""
        )
        self.screenshot("first-look-names.png")
        holes = int(self.browser.js("return document.querySelector('#board').dataset.holes"))
        self.assertEqual(len(labels), holes)
        self.assertEqual([label["hole"] for label in labels if not label["shown"]], [])
        self.assertEqual(
            [(label["hole"], label["covering"]) for label in labels if label["covering"]], []
        )

    def test_the_record_grows_with_the_game(self):
        self.open_page()
        self.set_rule("BoardSize", 2)
        self.set_seat(1, "human")
        self.set_seat(2, "engine", "depth", 1)
        self.new_game()
        state = self.wait_for_human_or_end()
        self.driver.find_element(By.CSS_SELECTOR, "#record-box summary").click()
        record = self.driver.find_element(By.ID, "record-text")
        at_start = record.get_attribute("value")
        self.click_move(*self.forward_move(state, "c9", 2))
        state = self.wait_for_human_or_end(state["frames"] + 1)
        self.screenshot("first-look-record.png")
        self.assertIn('[Result "*"]', at_start)
        self.assertNotRegex(at_start, r"(?m)^1\. ")
        # Without "Save game": every move played is in the record.
        moves = self.browser.js("return window.tiaoqi.app.game.frames.slice(1).map(f => f.text)")
        self.assertEqual(len(moves), 2)
        written = re.findall(r"(?m)^(\d+)\. p(\d) (\S+) \d+$", record.get_attribute("value"))
        self.assertEqual(written, [("1", "1", moves[0]), ("2", "2", moves[1])])
        # A record of the person's own, typed in to be loaded, stays there
        # while the game goes on; "Save game" shows the game's again.
        record.send_keys(" and my own words")
        own = record.get_attribute("value")
        self.click_move(*self.forward_move(state, "c9", 2))
        self.wait_for_human_or_end(state["frames"] + 1)
        self.assertEqual(record.get_attribute("value"), own)
        self.driver.find_element(By.ID, "save").click()
        self.assertEqual(len(re.findall(r"(?m)^\d+\. p\d ", record.get_attribute("value"))), 4)

    def test_the_engines_rules_line_is_folded_away(self):
        self.open_page()
        rules = self.driver.find_element(By.ID, "engine-rules")
        self.assertFalse(rules.is_displayed())
        self.assertIn("Variant standard, Players 2", rules.get_attribute("textContent"))
        self.driver.find_element(By.CSS_SELECTOR, "#engine-rules-box summary").click()
        self.assertTrue(rules.is_displayed())
