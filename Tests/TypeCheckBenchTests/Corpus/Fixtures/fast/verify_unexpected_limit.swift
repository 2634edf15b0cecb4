// A fast/ test whose threshold is too low for its expression: the verifier reports an unexpected
// "reasonable time" error, so the test fails.
// RUN: %target-typecheck-verify-swift -solver-scope-threshold=5
// REQUIRES: no_asan

struct A {}; struct B {}; struct C {}
func g(_ x: A) -> B { B() }
func g(_ x: B) -> C { C() }
func g(_ x: C) -> A { A() }
func g(_ x: A) -> C { C() }
func g(_ x: B) -> A { A() }

func test(_ a: A) -> A {
  let y: A = g(g(g(g(g(g(a))))))
  return y
}
