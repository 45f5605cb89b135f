"""The tests of the match runner and the renderer."""
