let mixed = 1 + 2.0 * 3 - 4 / 5
let light = 1 + 2 * 3 - 4 / 5 + 6
