"""The standing rating list: its entries, its outside engines, its fit and
its schedule, which bench/list/update drives."""
