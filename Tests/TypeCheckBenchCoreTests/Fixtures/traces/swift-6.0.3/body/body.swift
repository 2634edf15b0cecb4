func f() -> Int {
  let y = [1, 2, 3].map { $0 * 2 }.reduce(0, +)
  let z = 1 + 2.0 * 3 - 4
  if y > 3 { return y + 1 }
  return Int(z)
}
