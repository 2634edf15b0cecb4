let mixed = 1 + 2.0 * 3 - 4
