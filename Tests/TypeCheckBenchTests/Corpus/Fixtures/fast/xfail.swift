// Expected to fail everywhere: the expected error names the wrong type.
// RUN: %target-typecheck-verify-swift
// XFAIL: *

let _: Int = "text" // expected-error {{cannot convert value of type 'String' to specified type 'Double'}}
