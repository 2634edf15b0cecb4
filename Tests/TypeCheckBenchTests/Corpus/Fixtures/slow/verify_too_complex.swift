// RUN: %target-typecheck-verify-swift -solver-scope-threshold=50
// REQUIRES: tools-release,no_asan

struct A {}; struct B {}; struct C {}
func g(_ x: A) -> B { B() }
func g(_ x: B) -> C { C() }
func g(_ x: C) -> A { A() }
func g(_ x: A) -> C { C() }
func g(_ x: B) -> A { A() }

func test(_ a: A) -> A {
  let y: A = g(g(g(g(g(g(a)))))) // expected-error {{reasonable time}}
  return y
}
