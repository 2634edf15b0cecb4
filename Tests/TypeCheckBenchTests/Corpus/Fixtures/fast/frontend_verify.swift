// The frontend form with -verify: the verifier's exit status decides, as with %target-typecheck-verify-swift.
// RUN: %target-swift-frontend %s -typecheck -verify -solver-scope-threshold=100000

let _: Int = "text" // expected-error {{cannot convert value of type 'String' to specified type 'Int'}}
