// This file has no RUN line.
let value = 1
