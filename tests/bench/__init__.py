"""The lab's tests and the helpers they share."""
