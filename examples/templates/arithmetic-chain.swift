// A chain of mixed Int and Double literals handed to a generic function: the classic exponential case.
// Each literal could be any of the standard library's numeric types and each + one of dozens of overloads; the
// solver tries their combinations until the types line up.
//   bench run --template examples/templates/arithmetic-chain.swift --param N=1...5
func same<T: Equatable>(_ lhs: T, _ rhs: T) {}

let base: Double = 0

func check() {
  same(base, (1 * 2.5){{#repeat N}} + {{i}}{{/repeat}})
}
