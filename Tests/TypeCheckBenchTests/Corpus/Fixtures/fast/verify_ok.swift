// RUN: %target-typecheck-verify-swift -solver-scope-threshold=10000
// REQUIRES: tools-release || asserts
// REQUIRES: !objc_interop || OS=macosx

func average(_ values: [Double]) -> Double {
  values.reduce(0, +) / Double(values.count)
}

let _: Int = "text" // expected-error {{cannot convert value of type 'String' to specified type 'Int'}}
